package dev.bench.cli.faults;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.bench;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.completedAndFailedFrom;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.endedWithALoss;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.freePort;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.killAfter;
import static dev.bench.cli.faults.MemcachedPoolMemberKilledTest.onPath;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ycsb run memcached} with the default (blocking) client on one private memcached, killed (SIGKILL) a second
 * into a 4 s run and started again, empty: the workers reconnect and run on (reads then find nothing), and the check
 * still runs (its spymemcached client sat idle through the kill) and finds the records gone: a mismatch, not a
 * check that could not run.
 */
class MemcachedYcsbServerRestartTest {

    private static final int RECORDS = 500;

    @Test
    void theWorkersReconnectAndTheCheckFindsTheRecordsGone(@TempDir Path dir) throws Exception {
        SkipOrFail.unless(onPath("memcached"), "no memcached on PATH (scripts/services.sh installs it)");
        PrivateMemcached server = new PrivateMemcached(freePort());
        try {
            String common = "-P " + Path.of("../examples/ycsb/workloadb").toAbsolutePath() + " -p recordcount=" + RECORDS
                    + " --address 127.0.0.1:" + server.port();
            Process load = bench(dir, "ycsb load memcached " + common + " --results load");
            assertTrue(load.waitFor(60, TimeUnit.SECONDS) && load.exitValue() == 0, "the load: " + Files.readString(dir.resolve("err.txt")));

            Process run = bench(dir, "ycsb run memcached " + common + " -p operationcount=0 -p maxexecutiontime=4"
                    + " -target 500 -threads 2 --report-interval 1 --results run");
            Path csv = dir.resolve("run").resolve("intervals.csv");
            int intervalsAtKill = killAfter(run, csv, 1, server);
            server.restart();
            JsonNode summary = endedWithALoss(run, dir, "the records went with the restart");
            String verdict = summary.path("integrity").path("verdict").asText();
            assertTrue(verdict.startsWith("MISMATCH: 0 of " + RECORDS + " keys present"), verdict);
            long[] after = completedAndFailedFrom(csv, intervalsAtKill + 2);
            assertTrue(after[0] > 0, "the workers reconnected and ran on: " + Arrays.toString(after));
        } finally {
            server.close();
        }
    }
}
