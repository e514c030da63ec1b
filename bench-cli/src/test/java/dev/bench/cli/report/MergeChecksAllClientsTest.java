package dev.bench.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.BenchMain;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.LocalMemcached;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two client JVMs of one run write one real database at once (--clients 2 --client-id I --start-at T).
 * Neither checks alone (the other's writes are in the same tables); {@code bench merge} given the URL
 * checks once what both were told, and combines each workload figure by its declared rule: counts and
 * shared-window rates summed, ratios recomputed, worst cases kept.
 */
class MergeChecksAllClientsTest {

    /**
     * How far ahead of launch each try puts the start time: two client JVMs start and connect in 1 to 3 s on a busy
     * 2-core machine; a retry waits 8 s, the lead every run once waited, and the last 16 s.
     */
    private static final List<Long> LEADS_MILLIS = List.of(4500L, 8000L, 16_000L);
    /** Both must be waiting this long before the start: room to kill them before it (the notice needs 1 s to go). */
    private static final long READY_MARGIN_MILLIS = 1200;

    @Test
    void voteOnPostgresChecksBothClientsAtOnceAndCatchesALostRow(@TempDir Path tmp) throws Exception {
        String url = TestServers.postgresUrl();
        String vote = "vote --target 400 --write-every 5 --warmup 0 -a 1000 --threads 2";
        assertEquals(0, CliRunner.run((vote + " --runtime 0.5 --results " + tmp.resolve("prime") + " postgres --url " + url)
                .split(" ")).exitCode(), "priming run");
        List<Path> clients = twoClients(tmp, vote + " --runtime 3 --no-prime", "postgres --url " + url);
        List<JsonNode> summaries = clients.stream().map(d -> ResultsJson.read(d.resolve("summary.json"))).toList();
        for (JsonNode s : summaries) {
            assertTrue(s.path("integrity").path("verdict").asText().contains("bench merge"), "deferred: " + s.path("integrity"));
            assertTrue(s.path("told").path("acknowledged").asLong() > 0);
        }

        JsonNode merged = merge(tmp.resolve("merged"), clients, 0, "--url", url);
        assertEquals(sum(summaries, "acknowledged_votes"), merged.path("acknowledged_votes").asLong());
        String verdict = merged.path("integrity").path("verdict").asText();
        assertTrue(verdict.startsWith("ok: votes acknowledged " + sum(summaries, "acknowledged_votes")), verdict);
        assertTrue(verdict.endsWith("(once over 2 clients)"), verdict);

        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("DELETE FROM vt WHERE ctid = (SELECT ctid FROM vt LIMIT 1)");
        }
        JsonNode lost = merge(tmp.resolve("merged-after-a-delete"), clients, 1, "--url", url);
        assertTrue(lost.path("integrity").path("verdict").asText().startsWith("MISMATCH"), lost.path("integrity").toString());
    }

    @Test
    void hybridOnMariaDbSumsCountsAndRecomputesTheHitRate(@TempDir Path tmp) throws Exception {
        String url = TestServers.mysqlUrl();
        String cache = memcachedAddress();
        String vote = "vote --target 400 --write-every 5 --warmup 0 -a 1000 --threads 2";
        String backend = "hybrid --url " + url + " --memcached-address " + cache;
        assertEquals(0, CliRunner.run((vote + " --runtime 0.5 --results " + tmp.resolve("prime") + " " + backend).split(" "))
                .exitCode(), "priming run");
        List<Path> clients = twoClients(tmp, vote + " --runtime 3 --no-prime", backend);
        List<JsonNode> s = clients.stream().map(d -> ResultsJson.read(d.resolve("summary.json"))).toList();

        JsonNode merged = merge(tmp.resolve("merged"), clients, 0, "--url", url);
        long hits = sum(s, "cache_hits");
        long misses = sum(s, "cache_misses");
        assertEquals(hits, merged.path("cache_hits").asLong());
        assertEquals(misses, merged.path("cache_misses").asLong());
        assertEquals(Math.round(10_000.0 * hits / (hits + misses)) / 10_000.0, merged.path("cache_hit_rate").asDouble(), 1e-9,
                "recomputed from the summed counts, not client 0's");
        assertEquals(Math.max(s.get(0).path("cache_stale_entries_at_check").asLong(), s.get(1).path("cache_stale_entries_at_check").asLong()),
                merged.path("cache_stale_entries_at_check").asLong());
        assertTrue(merged.path("integrity").path("ok").asBoolean(), merged.path("integrity").toString());
    }

    @Test
    void voteOnMemcachedChecksTheCountersOnceOverBothClients(@TempDir Path tmp) throws Exception {
        String address = memcachedAddress();
        String vote = "vote --target 400 --write-every 5 --warmup 0 -a 1000 --threads 2";
        String backend = "memcached --address " + address + " --key-prefix merge" + ProcessHandle.current().pid() + "_";
        assertEquals(0, CliRunner.run((vote + " --runtime 0.5 --results " + tmp.resolve("prime") + " " + backend).split(" "))
                .exitCode(), "priming run");
        List<Path> clients = twoClients(tmp, vote + " --runtime 3 --no-prime", backend);
        List<JsonNode> s = clients.stream().map(d -> ResultsJson.read(d.resolve("summary.json"))).toList();

        JsonNode merged = merge(tmp.resolve("merged"), clients, 0, "--address", address);
        String verdict = merged.path("integrity").path("verdict").asText();
        assertTrue(verdict.startsWith("ok: votes acknowledged " + sum(s, "acknowledged_votes")), verdict);
        assertTrue(verdict.endsWith("(once over 2 clients)"), verdict);
    }

    @Test
    void tpccOnPostgresAddsTpmCAndQueriesAndChecksOnce(@TempDir Path tmp) throws Exception {
        String url = TestServers.postgresUrl();
        assertEquals(0, CliRunner.run("tpcc", "cleanup", "--url", url).exitCode());
        CliRunner prepare = CliRunner.run("tpcc", "prepare", "--scale", "1", "--url", url);
        assertEquals(0, prepare.exitCode(), prepare.err());
        List<Path> clients = twoClients(tmp, "tpcc run --scale 1 --threads 2 --time 3", "--url " + url);
        List<JsonNode> s = clients.stream().map(d -> ResultsJson.read(d.resolve("summary.json"))).toList();

        JsonNode merged = merge(tmp.resolve("merged"), clients, 0, "--url", url);
        assertEquals(s.get(0).path("tpmC").asDouble() + s.get(1).path("tpmC").asDouble(), merged.path("tpmC").asDouble(), 1e-6);
        for (String q : List.of("read", "write", "other")) {
            assertEquals(s.get(0).path("queries").path(q).asLong() + s.get(1).path("queries").path(q).asLong(),
                    merged.path("queries").path(q).asLong(), q);
        }
        assertTrue(merged.path("integrity").path("verdict").asText().contains("consistency checks"), merged.path("integrity").toString());
        assertTrue(merged.path("integrity").path("ok").asBoolean(), merged.path("integrity").toString());
        assertEquals(0, CliRunner.run("tpcc", "cleanup", "--url", url).exitCode());
    }

    @Test
    void oltpRwAndTaoOnMariaDbCheckOnceAndAddTheirCounts(@TempDir Path tmp) throws Exception {
        String url = TestServers.mariadbDriverUrl();
        CliRunner.run("oltp-rw", "cleanup", "--url", url, "--tables", "1");
        assertEquals(0, CliRunner.run("oltp-rw", "prepare", "--url", url, "--tables", "1", "--table-size", "2000").exitCode());
        List<Path> oltp = twoClients(tmp.resolve("oltp"), "oltp-rw run --tables 1 --table-size 2000 --threads 2 --rate 100 --time 3",
                "--url " + url);
        List<JsonNode> s = oltp.stream().map(d -> ResultsJson.read(d.resolve("summary.json"))).toList();
        JsonNode merged = merge(tmp.resolve("oltp-merged"), oltp, 0, "--url", url);
        assertEquals(s.get(0).path("queries").path("write").asLong() + s.get(1).path("queries").path("write").asLong(),
                merged.path("queries").path("write").asLong());
        assertTrue(merged.path("integrity").path("verdict").asText().startsWith("ok: all 1 table(s) hold 2000 rows"),
                merged.path("integrity").toString());
        assertEquals(0, CliRunner.run("oltp-rw", "cleanup", "--url", url, "--tables", "1").exitCode());

        CliRunner load = CliRunner.run("tao", "load", "-n", "500", "-load-threads", "2", "--url", url);
        assertEquals(0, load.exitCode(), load.err());
        List<Path> tao = twoClients(tmp.resolve("tao"), "tao run -E 2,0,3 --target 300", "--url " + url);
        List<JsonNode> t = tao.stream().map(d -> ResultsJson.read(d.resolve("summary.json"))).toList();
        JsonNode taoMerged = merge(tmp.resolve("tao-merged"), tao, 0, "--url", url);
        assertEquals(sum(t, "edges_added"), taoMerged.path("edges_added").asLong());
        assertEquals(t.get(0).path("experiment").asText(), taoMerged.path("experiment").asText(), "the same everywhere");
        long told = t.stream().mapToLong(x -> x.path("told").path("edges_added").asLong() - x.path("told").path("edges_deleted").asLong()).sum();
        assertTrue(taoMerged.path("integrity").path("verdict").asText().contains(String.format("= %+d", told)),
                "the check compared the rows with both clients' edges: " + taoMerged.path("integrity"));
        assertTrue(taoMerged.path("integrity").path("ok").asBoolean(), taoMerged.path("integrity").toString());
    }

    @Test
    void voterLauncherCountsTheVotesInDoubtOfAllClients(@TempDir Path tmp) {
        CliRunner r = CliRunner.run("voter", "--calls", "2000", "--burst-size", "4", "--clients", "2", "--start-delay", "10",
                "--url", TestServers.postgresUrl(), "--results", tmp.resolve("r").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode merged = ResultsJson.read(tmp.resolve("r").resolve("merged").resolve("summary.json"));
        JsonNode c0 = ResultsJson.read(tmp.resolve("r").resolve("client-0").resolve("summary.json"));
        JsonNode c1 = ResultsJson.read(tmp.resolve("r").resolve("client-1").resolve("summary.json"));
        assertEquals(c0.path("votes").path("accepted").asLong() + c1.path("votes").path("accepted").asLong(),
                merged.path("votes").path("accepted").asLong());
        assertEquals(c0.path("transactions_per_sec").asDouble() + c1.path("transactions_per_sec").asDouble(),
                merged.path("transactions_per_sec").asDouble(), 1e-6);
        assertTrue(r.out().contains("check writes ... ok"), r.out());
    }

    /**
     * Runs the command as client 0 and 1 of 2 in two JVMs with one start time; their results directories.
     * The start time is a few seconds ahead, as much as two JVMs need to start and connect: once both say they
     * are waiting for it (the engine's notice, after its own check that the time is still ahead), the run is
     * theirs. If either is not waiting by {@link #READY_MARGIN_MILLIS} before it, both are killed before it
     * comes, so neither has run an op, and they start again with the next, longer lead.
     */
    static List<Path> twoClients(Path tmp, String command, String tail) throws Exception {
        Files.createDirectories(tmp);
        for (long lead : LEADS_MILLIS) {
            Instant startAt = Instant.now().plusMillis(lead);
            List<Process> processes = new ArrayList<>();
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Path dir = tmp.resolve("client-" + i);
                deleteTree(dir);
                dirs.add(dir);
                processes.add(startClient(tmp, i, command, tail, startAt));
            }
            if (bothWaitingOrEnded(tmp, processes, startAt.minusMillis(READY_MARGIN_MILLIS))) {
                awaitExitZero(tmp, processes);
                return dirs;
            }
            for (Process p : processes) {
                p.destroyForcibly().waitFor();
            }
            System.out.println("two clients: not both waiting " + READY_MARGIN_MILLIS + " ms before a start " + lead
                    + " ms ahead; killed before it, again");
        }
        throw new AssertionError("the clients were not both waiting " + READY_MARGIN_MILLIS + " ms before a start "
                + LEADS_MILLIS.get(LEADS_MILLIS.size() - 1) + " ms ahead: " + Files.readString(tmp.resolve("client-0.err"))
                + Files.readString(tmp.resolve("client-1.err")));
    }

    private static Process startClient(Path tmp, int i, String command, String tail, Instant startAt) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(Arrays.asList(command.split(" ")));
        cmd.addAll(List.of("--clients", "2", "--client-id", String.valueOf(i), "--start-at", startAt.toString(),
                "--results", tmp.resolve("client-" + i).toString()));
        cmd.addAll(Arrays.asList(tail.split(" ")));
        return new ProcessBuilder(cmd).redirectOutput(tmp.resolve("client-" + i + ".out").toFile())
                .redirectError(tmp.resolve("client-" + i + ".err").toFile()).start();
    }

    /** True once each client is waiting for the start (or has ended: its exit code tells why); false at the deadline. */
    private static boolean bothWaitingOrEnded(Path tmp, List<Process> processes, Instant deadline) throws Exception {
        long launched = System.nanoTime();
        double[] readySeconds = new double[2];
        while (Instant.now().isBefore(deadline)) {
            for (int i = 0; i < 2; i++) {
                if (readySeconds[i] == 0 && (!processes.get(i).isAlive()
                        || Files.readString(tmp.resolve("client-" + i + ".err")).contains("bench: waiting until "))) {
                    readySeconds[i] = (System.nanoTime() - launched) / 1e9;
                }
            }
            if (readySeconds[0] > 0 && readySeconds[1] > 0) {
                System.out.printf(Locale.ROOT, "two clients waiting for their start %.1f s and %.1f s after launch%n",
                        readySeconds[0], readySeconds[1]);
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    private static void awaitExitZero(Path tmp, List<Process> processes) throws Exception {
        for (int i = 0; i < 2; i++) {
            Process p = processes.get(i);
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                processes.forEach(Process::destroyForcibly);
                throw new AssertionError("client " + i + " did not finish in 90 s");
            }
            assertEquals(0, p.exitValue(), "client " + i + ": " + Files.readString(tmp.resolve("client-" + i + ".err")));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    static JsonNode merge(Path out, List<Path> clients, int exit, String... target) {
        List<String> args = new ArrayList<>(List.of("merge", "--results", out.toString()));
        args.addAll(List.of(target));
        clients.forEach(c -> args.add(c.toString()));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(exit, r.exitCode(), r.out() + r.err());
        ResultsInvariants.assertHold(out, clients.toArray(Path[]::new));
        return ResultsJson.read(out.resolve("summary.json"));
    }

    private static long sum(List<JsonNode> summaries, String field) {
        return summaries.stream().mapToLong(s -> s.path(field).asLong()).sum();
    }

    private static String memcachedAddress() throws IOException {
        String address = System.getenv("BENCH_MEMCACHED");
        return address != null ? address : "127.0.0.1:" + LocalMemcached.start().port();
    }
}
