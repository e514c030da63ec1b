package dev.bench.cli.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.BenchMain;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every workload x every fault, for real: the client is a child JVM in a network namespace of its own,
 * its servers are the test's own (so restarting or freezing them disturbs nothing else), reached over
 * a veth through relays. Each run either goes on through the fault with the check exact (ops in doubt
 * counted), or ends by itself in bounded time with one line and its results written. The table of
 * outcomes goes to {@code target/fault-matrix.md}.
 *
 * <p>Needs root (network namespaces) and the servers' Debian packages, as CI has; three labs run at once, three rows
 * each, about as long as one another: vote, tpcc and voter on PostgreSQL; vote's three on MariaDB; and tao on
 * PostgreSQL, vote on memcached and oltp-rw on MariaDB, each striking its own server.
 */
class FaultMatrixTest {

    private static final int RUN_SECONDS = 6;
    /** Above the 5 s partition's stall (plus TCP's retransmission backoff), so that fault is survived. */
    private static final int MAX_LAG_SECONDS = 8;
    /** From the fault to the client's exit: the run's end plus max lag, the abort grace and the check's connect bound, with room. */
    private static final long BOUND_SECONDS = 75;

    /** One workload on one lab's servers: how to prepare it, how to run it, which server its faults strike. */
    record Row(String name, int lab, Function<FaultLab, String> prepare, Function<FaultLab, String> run,
               Function<FaultLab, PrivateServer> server, Set<Fault> losesData) {
    }

    private static final String VOTE = "vote --target 300 --write-every 5 --runtime " + RUN_SECONDS
            + " --warmup 0 -a 2000 --max-lag " + MAX_LAG_SECONDS + " --results r";

    static final List<Row> ROWS = List.of(
            new Row("vote postgres", 0, lab -> null, lab -> VOTE + " postgres --url " + lab.postgresUrl(),
                    lab -> lab.postgres, Set.of()),
            new Row("tpcc (PostgreSQL)", 0, lab -> "tpcc prepare --scale 1 --url " + lab.postgresLocalUrl(),
                    lab -> "tpcc run --scale 1 --threads 2 --time " + RUN_SECONDS + " --report-interval 1 --max-lag "
                            + MAX_LAG_SECONDS + " --url " + lab.postgresUrl() + " --results r",
                    lab -> lab.postgres, Set.of()),
            new Row("voter (PostgreSQL)", 0, lab -> null,
                    lab -> "voter --calls " + 300 * RUN_SECONDS + " --burst-size 4 --target 300 --max-lag "
                            + MAX_LAG_SECONDS + " --url " + lab.postgresUrl() + " --results r",
                    lab -> lab.postgres, Set.of()),
            new Row("tao (PostgreSQL)", 2, lab -> null,
                    lab -> "tao -load -n 500 -load-threads 2 -run -E 2,0," + RUN_SECONDS + " --target 300 --max-lag "
                            + MAX_LAG_SECONDS + " --url " + lab.postgresUrl() + " --results r",
                    lab -> lab.postgres, Set.of()),
            new Row("vote mysql (MariaDB, Connector/J)", 1, lab -> null,
                    lab -> VOTE + " mysql --url " + lab.mariadbUrl("mysql"), lab -> lab.mariadb, Set.of()),
            new Row("vote hybrid (MariaDB + memcached)", 1, lab -> null,
                    lab -> VOTE + " hybrid --url " + lab.mariadbUrl("mysql") + " --memcached-address " + lab.memcachedAddress(),
                    lab -> lab.mariadb, Set.of()),
            new Row("vote hybrid --consistent-cache", 1, lab -> null,
                    lab -> VOTE + " hybrid --consistent-cache --url " + lab.mariadbUrl("mysql") + " --memcached-address "
                            + lab.memcachedAddress(), lab -> lab.mariadb, Set.of()),
            new Row("vote memcached", 2, lab -> null, lab -> VOTE + " memcached --address " + lab.memcachedAddress(),
                    lab -> lab.memcached, Set.of(Fault.SERVER_RESTART)),
            new Row("oltp-rw (MariaDB, jdbc:mariadb)", 2,
                    lab -> "oltp-rw prepare --tables 1 --table-size 2000 --url " + lab.mariadbLocalUrl("mariadb"),
                    lab -> "oltp-rw run --tables 1 --table-size 2000 --threads 2 --rate 100 --time " + RUN_SECONDS
                            + " --report-interval 1 --max-lag " + MAX_LAG_SECONDS + " --url " + lab.mariadbUrl("mariadb") + " --results r",
                    lab -> lab.mariadb, Set.of()));

    @BeforeAll
    static void lab() {
        requireLab();
    }

    /**
     * Root (network namespaces) and the servers' Debian packages, as scripts/services.sh installs them: the test is
     * skipped without them, or fails under BENCH_REQUIRE_SERVICES ({@link SkipOrFail}).
     */
    static void requireLab() {
        SkipOrFail.unless(NetworkNamespace.available(), "no network namespaces: needs root and ip (iproute2)");
        SkipOrFail.unless(Files.isExecutable(Path.of("/usr/sbin/mariadbd")),
                "no /usr/sbin/mariadbd (scripts/services.sh installs mariadb-server)");
        SkipOrFail.unless(Files.isDirectory(Path.of("/usr/lib/postgresql")),
                "no PostgreSQL in /usr/lib/postgresql (scripts/services.sh installs it)");
        SkipOrFail.unless(onPath("memcached"), "no memcached on PATH (scripts/services.sh installs it)");
    }

    private static boolean onPath(String tool) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }

    @Test
    void everyWorkloadSurvivesOrEndsInBoundedTimeUnderEveryFault(@TempDir Path dir) throws Exception {
        ExecutorService labs = Executors.newFixedThreadPool(3);
        List<Future<List<FaultCell>>> futures = new ArrayList<>();
        futures.add(labs.submit(() -> runLab(0, new FaultLab(150, true, false, false), dir.resolve("lab0"))));
        futures.add(labs.submit(() -> runLab(1, new FaultLab(170, false, true, true), dir.resolve("lab1"))));
        futures.add(labs.submit(() -> runLab(2, new FaultLab(190, true, true, true), dir.resolve("lab2"))));
        List<FaultCell> cells = new ArrayList<>();
        for (Future<List<FaultCell>> f : futures) {
            cells.addAll(f.get(30, TimeUnit.MINUTES));
        }
        labs.shutdown();
        // the table in ROWS' order, whichever lab ran a row (stable: each row's faults stay in their order)
        List<String> rowOrder = ROWS.stream().map(Row::name).toList();
        cells.sort(Comparator.comparingInt(c -> rowOrder.indexOf(c.workload())));
        String table = "| workload | fault | outcome | check | fault to exit | last stderr line |\n|---|---|---|---|---|---|\n"
                + cells.stream().map(FaultCell::tableRow).collect(Collectors.joining("\n")) + "\n";
        Files.writeString(Path.of("target", "fault-matrix.md"), table);
        System.out.println(table);
        List<FaultCell> failed = cells.stream().filter(c -> !c.passed()).toList();
        assertTrue(failed.isEmpty(), failed.size() + " of " + cells.size() + " cells failed:\n"
                + failed.stream().map(FaultCell::tableRow).collect(Collectors.joining("\n")));
    }

    private static List<FaultCell> runLab(int lab, FaultLab servers, Path dir) throws Exception {
        try (servers) {
            List<FaultCell> cells = new ArrayList<>();
            for (Row row : ROWS) {
                if (row.lab() != lab) {
                    continue;
                }
                String prepare = row.prepare().apply(servers);
                if (prepare != null) {
                    Path where = Files.createDirectories(dir.resolve("prepare"));
                    Process p = bench(where, List.of(), prepare);
                    assertTrue(p.waitFor(180, TimeUnit.SECONDS) && p.exitValue() == 0,
                            row.name() + ": prepare failed: " + Files.readString(where.resolve("err.txt")));
                }
                for (Fault fault : Fault.values()) {
                    Path cellDir = Files.createDirectories(dir.resolve(row.name().replaceAll("[^A-Za-z0-9-]+", "_") + "-" + fault));
                    cells.add(runCell(row, fault, servers, cellDir));
                }
            }
            return cells;
        }
    }

    private static FaultCell runCell(Row row, Fault fault, FaultLab lab, Path dir) throws Exception {
        Process client = bench(dir, lab.network.inside(List.of()), row.run().apply(lab));
        Path results = dir.resolve("r");
        if (!awaitMeasuring(client, results)) {
            return cell(row, fault, client, dir, 0, "the run ended or never started measuring before the fault");
        }
        long faultAt = System.nanoTime();
        try {
            strike(fault, row.server().apply(lab), lab);
            boolean ended = client.waitFor(BOUND_SECONDS, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - faultAt) / 1e9;
            if (!ended) {
                client.destroyForcibly().waitFor();
                return cell(row, fault, client, dir, seconds, "HANG: still running " + BOUND_SECONDS + " s after the fault");
            }
            return cell(row, fault, client, dir, seconds, null);
        } finally {
            if (fault == Fault.PARTITION_PERMANENT) {
                lab.network.healForNextRun();
            }
        }
    }

    private static void strike(Fault fault, PrivateServer server, FaultLab lab) throws InterruptedException {
        switch (fault) {
            case SERVER_RESTART -> server.restart();
            case SERVER_STOPPED_2S -> {
                List<Long> pids = server.pids();
                Shell.signal("STOP", pids);
                try {
                    Thread.sleep(2000);
                } finally {
                    Shell.signal("CONT", pids);
                }
            }
            case PARTITION_5S -> {
                lab.network.partition();
                try {
                    Thread.sleep(5000);
                } finally {
                    lab.network.heal();
                }
            }
            case PARTITION_PERMANENT -> lab.network.partition();
            case SESSIONS_KILLED -> {
                if (server instanceof PrivateMemcached) {
                    lab.resetMemcachedConnections();
                } else {
                    server.killSessions();
                }
            }
            default -> throw new IllegalArgumentException(fault.toString());
        }
    }

    /** Waits until the run has written its first measured interval: the fault then strikes a run in progress. */
    private static boolean awaitMeasuring(Process client, Path results) throws Exception {
        for (int i = 0; i < 1200 && client.isAlive(); i++) {
            if (Files.isDirectory(results)) {
                try (Stream<Path> files = Files.walk(results)) {
                    boolean measuring = files.filter(p -> p.getFileName().toString().equals("intervals.csv"))
                            .anyMatch(FaultMatrixTest::hasMeasuredInterval);
                    if (measuring) {
                        return true;
                    }
                }
            }
            Thread.sleep(100);
        }
        return false;
    }

    private static boolean hasMeasuredInterval(Path csv) {
        try {
            return Files.readAllLines(csv).stream().skip(1).anyMatch(line -> !line.startsWith("-"));
        } catch (IOException e) {
            return false;
        }
    }

    /** The cell's outcome, and what is wrong with it (null: as specified). */
    private static FaultCell cell(Row row, Fault fault, Process client, Path dir, double seconds, String problem)
            throws IOException {
        boolean ended = !client.isAlive();
        int exit = ended ? client.exitValue() : -1;
        String err = Files.readString(dir.resolve("err.txt"));
        List<String> errLines = err.lines().filter(l -> !l.startsWith("[")).toList();
        String last = errLines.isEmpty() ? null : errLines.get(errLines.size() - 1);
        JsonNode integrity = summaryIntegrity(dir.resolve("r"));
        String verdict = integrity == null ? null : integrity.path("verdict").asText();
        boolean ok = integrity != null && integrity.path("ok").asBoolean();
        if (problem == null) {
            problem = judge(row, fault, exit, ok, verdict, err, last);
        }
        if (problem == null && verdict != null) {
            List<String> broken = ResultsInvariants.broken(dir.resolve("r"));
            problem = broken.isEmpty() ? null : "bench verify: " + broken.get(0);
        }
        return new FaultCell(row.name(), fault, ended, exit, seconds, verdict, last, problem);
    }

    private static String judge(Row row, Fault fault, int exit, boolean ok, String verdict, String err, String last) {
        if (err.contains("\tat ") || err.contains("Exception in thread")) {
            return "a stack trace on stderr";
        }
        if (verdict == null) {
            return "no summary.json";
        }
        if (!fault.survivable()) {
            if (exit != 1 || ok) {
                return "expected exit 1 and an unconfirmed check, got exit " + exit;
            }
            return last != null && last.startsWith("bench: ") ? null : "expected one 'bench: ' line last on stderr";
        }
        if (row.losesData().contains(fault)) {
            return exit == 1 && verdict.startsWith("MISMATCH") ? null : "the data was lost: expected a MISMATCH, exit 1";
        }
        return exit == 0 && ok ? null : "expected the run to go on (exit 0, check ok), got exit " + exit;
    }

    private static JsonNode summaryIntegrity(Path results) throws IOException {
        Path summary = results.resolve("summary.json");
        return Files.exists(summary) ? new ObjectMapper().readTree(summary.toFile()).get("integrity") : null;
    }

    /** This build's bench in a child JVM (inside the namespace when {@code prefix} says so), working in {@code dir}. */
    private static Process bench(Path dir, List<String> prefix, String args) throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(Arrays.asList(args.split(" ")));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
    }
}
