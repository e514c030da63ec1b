package dev.bench.cli.faults;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.bench;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.completedAndFailedFrom;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.endedWithALoss;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.freePort;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.iterable;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.killAfter;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.onPath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ycsb run memcached} on a pool of three private memcached servers, one killed (SIGKILL) a second into a 3 s
 * run: the run goes on with the other two (ops on the dead one fail on their own), each op counts against its key's
 * server, and the check counts the records lost with the dead one as lost acknowledged writes, naming it. The test
 * counts them again itself: the records loaded less the items the survivors hold ({@code stats}' curr_items; workload
 * A only reads and replaces, so no run adds or drops an item on a live server).
 */
class MemcachedPoolYcsbMemberKilledTest {

    private static final int RECORDS = 2000;
    private static final Pattern LOST = Pattern.compile("lost (\\d+) acknowledged writes: the records on 127\\.0\\.0\\.1:(\\d+) \\((\\d+)\\), down");

    @Test
    void theRunGoesOnAndTheRecordsLostWithTheServerAreCounted(@TempDir Path dir) throws Exception {
        SkipOrFail.unless(onPath("memcached"), "no memcached on PATH (scripts/services.sh installs it)");
        List<PrivateMemcached> pool = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                pool.add(new PrivateMemcached(freePort()));
            }
            List<String> servers = pool.stream().map(m -> "127.0.0.1:" + m.port()).toList();
            String common = "-P " + Path.of("../examples/ycsb/workloada").toAbsolutePath() + " -p recordcount=" + RECORDS
                    + " --address " + String.join(",", servers);
            Process load = bench(dir, "ycsb load memcached " + common + " --results load");
            assertTrue(load.waitFor(60, TimeUnit.SECONDS) && load.exitValue() == 0, "the load: " + Files.readString(dir.resolve("err.txt")));

            Process run = bench(dir, "ycsb run memcached " + common + " -p operationcount=0 -p maxexecutiontime=3"
                    + " -target 1000 -threads 2 --report-interval 1 --results run");
            Path csv = dir.resolve("run").resolve("intervals.csv");
            PrivateMemcached killed = pool.get(1);
            int intervalsAtKill = killAfter(run, csv, 1, killed);
            JsonNode summary = endedWithALoss(run, dir, "lost records are a mismatch");
            String verdict = summary.path("integrity").path("verdict").asText();
            Matcher lost = LOST.matcher(verdict);
            assertTrue(lost.find(), verdict);
            assertEquals(killed.port(), Integer.parseInt(lost.group(2)), verdict);
            long held = items(pool.get(0).port()) + items(pool.get(2).port());
            assertEquals(RECORDS - held, Long.parseLong(lost.group(1)), verdict);
            assertTrue(RECORDS - held > RECORDS / 10, "the killed server held some of the records: " + (RECORDS - held));
            assertEquals(RECORDS - held, summary.path("records_on_down_servers").path("127.0.0.1:" + killed.port()).asLong(),
                    summary.path("records_on_down_servers").toString());

            // each op counted against its key's server: all three served, and the killed one's ops after the kill failed
            JsonNode hosts = summary.path("hosts");
            assertEquals(servers.stream().sorted().toList(), iterable(hosts.fieldNames()).stream().sorted().toList(), hosts.toString());
            JsonNode dead = hosts.path("127.0.0.1:" + killed.port()).path("ops");
            assertTrue(dead.path("read").path("failed").asLong() + dead.path("update").path("failed").asLong() > 0, hosts.toString());
            long[] after = completedAndFailedFrom(csv, intervalsAtKill + 1);
            assertTrue(after[0] > 0 && after[1] > 0, "after the kill, ops went on and those needing it failed: " + Arrays.toString(after));
            ResultsInvariants.assertHold(dir.resolve("run"));
        } finally {
            pool.forEach(PrivateMemcached::close);
        }
    }

    /** The items a server holds: its {@code stats} curr_items, over memcached's text protocol. */
    private static long items(int port) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(5000);
            s.getOutputStream().write("stats\r\n".getBytes(StandardCharsets.US_ASCII));
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
            long items = -1;
            for (String line = in.readLine(); !line.equals("END"); line = in.readLine()) {
                if (line.startsWith("STAT curr_items ")) {
                    items = Long.parseLong(line.substring("STAT curr_items ".length()).trim());
                }
            }
            return items;
        }
    }
}
