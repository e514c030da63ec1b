package dev.bench.cli.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.BenchMain;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * vote on a pool of three memcached servers, one killed (SIGKILL) mid-run: the run goes on with the other
 * two (ops needing the dead one fail on their own), and the check counts the votes lost with it. The test
 * counts them again itself, reading the live servers over memcached's text protocol: lost = acknowledged
 * - what the survivors hold, and the counters missing are exactly the keys neither survivor has, all
 * named under the killed server.
 */
class MemcachedPoolMemberKilledTest {

    private static final int ARTICLES = 3000;
    private static final Pattern LOST = Pattern.compile("lost (\\d+) acknowledged writes");

    @Test
    void theRunGoesOnAndTheVotesLostWithTheServerAreCounted(@TempDir Path dir) throws Exception {
        SkipOrFail.unless(onPath("memcached"), "no memcached on PATH (scripts/services.sh installs it)");
        List<PrivateMemcached> pool = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                pool.add(new PrivateMemcached(freePort()));
            }
            String addresses = String.join(",", pool.stream().map(m -> "127.0.0.1:" + m.port()).toList());
            Process run = bench(dir, "vote --target 1000 --runtime 6 --warmup 0 -a " + ARTICLES + " --write-every 2"
                    + " --report-interval 1 --results run memcached --address " + addresses);
            Path csv = dir.resolve("run").resolve("intervals.csv");
            PrivateMemcached killed = pool.get(1);
            int intervalsAtKill = killAfter(run, csv, 2, killed);
            JsonNode summary = endedWithALoss(run, dir, "lost votes are a mismatch");
            String verdict = summary.path("integrity").path("verdict").asText();
            Matcher lost = LOST.matcher(verdict);
            assertTrue(lost.find(), verdict);

            long survivors = 0;
            long missing = 0;
            for (PrivateMemcached live : List.of(pool.get(0), pool.get(2))) {
                Map<String, Long> counters = counters(live.port());
                survivors += counters.values().stream().mapToLong(Long::longValue).sum();
                missing += counters.size();
            }
            missing = ARTICLES - missing;
            JsonNode told = summary.path("told");
            long added = survivors - told.path("before").path("count_sum").asLong();
            assertEquals(told.path("acknowledged").asLong() - added, Long.parseLong(lost.group(1)), verdict);
            assertTrue(missing > ARTICLES / 10, "the killed server held some of the counters: " + missing);
            JsonNode byServer = summary.path("counters_missing_by_server");
            assertEquals(List.of("127.0.0.1:" + killed.port()), iterable(byServer.fieldNames()), byServer.toString());
            assertEquals(missing, byServer.path("127.0.0.1:" + killed.port()).asLong(), byServer.toString());

            // each op counted against its counter's server: all three served, and the killed one's ops after the kill failed
            JsonNode hosts = summary.path("hosts");
            assertEquals(pool.stream().map(m -> "127.0.0.1:" + m.port()).sorted().toList(),
                    iterable(hosts.fieldNames()).stream().sorted().toList(), hosts.toString());
            assertTrue(hosts.path("127.0.0.1:" + killed.port()).path("ops").path("write").path("failed").asLong() > 0, hosts.toString());
            long[] after = completedAndFailedFrom(csv, intervalsAtKill + 1);
            assertTrue(after[0] > 0 && after[1] > 0, "after the kill, ops went on and those needing it failed: " + Arrays.toString(after));
            ResultsInvariants.assertHold(dir.resolve("run"));
        } finally {
            pool.forEach(PrivateMemcached::close);
        }
    }

    static List<String> iterable(java.util.Iterator<String> names) {
        List<String> all = new ArrayList<>();
        names.forEachRemaining(all::add);
        return all;
    }

    /** The vote counters a server holds, by key: every article's counter key, asked over the text protocol. */
    private static Map<String, Long> counters(int port) throws IOException {
        Map<String, Long> found = new HashMap<>();
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
            for (int from = 1; from <= ARTICLES; from += 100) {
                StringBuilder get = new StringBuilder("get");
                for (int id = from; id < from + 100 && id <= ARTICLES; id++) {
                    get.append(" article_").append(id).append("_vc");
                }
                out.write(get.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
                out.flush();
                for (String line = in.readLine(); !line.equals("END"); line = in.readLine()) {
                    String key = line.split(" ")[1]; // VALUE <key> <flags> <bytes>
                    found.put(key, Long.parseLong(in.readLine().trim()));
                }
            }
        }
        return found;
    }

    /** Completed and failed ops of the measured intervals from line {@code first} (1-based after the header) on. */
    static long[] completedAndFailedFrom(Path csv, int first) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int completed = header.indexOf("completed");
        int failed = header.indexOf("failed");
        long[] sums = new long[2];
        for (String line : lines.subList(Math.min(first, lines.size()), lines.size())) {
            String[] cells = line.split(",", -1);
            sums[0] += Long.parseLong(cells[completed]);
            sums[1] += Long.parseLong(cells[failed]);
        }
        return sums;
    }

    /** Kills {@code member} once the run has written {@code intervals} intervals; the intervals written by then. */
    static int killAfter(Process run, Path csv, int intervals, PrivateMemcached member) throws Exception {
        assertTrue(awaitIntervals(run, csv, intervals), "the run measures before the kill");
        member.pids().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        return Files.readAllLines(csv).size() - 1;
    }

    /** The run ended by itself with exit 1 (a mismatch) and no stack trace; its summary. */
    static JsonNode endedWithALoss(Process run, Path dir, String why) throws Exception {
        assertTrue(run.waitFor(60, TimeUnit.SECONDS), "the run ends by itself");
        String err = Files.readString(dir.resolve("err.txt"));
        assertTrue(!err.contains("\tat ") && !err.contains("Exception"), "no stack trace: " + err);
        assertEquals(1, run.exitValue(), why + ": " + err);
        return new ObjectMapper().readTree(dir.resolve("run").resolve("summary.json").toFile());
    }

    static boolean awaitIntervals(Process client, Path csv, int intervals) throws Exception {
        for (int i = 0; i < 1200 && client.isAlive(); i++) {
            if (Files.exists(csv) && Files.readAllLines(csv).size() > intervals) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    static boolean onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, program)));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** This build's bench in a child JVM working in {@code dir}, its output in out.txt and err.txt. */
    static Process bench(Path dir, String args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(Stream.of(args.split(" ")).toList());
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
    }
}
