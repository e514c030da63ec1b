package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.RunContext;
import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import dev.bench.workloads.sysbench.ThreadFairness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What oltp-rw must do on every SQL target; one subclass per server. */
abstract class OltpContract {

    static final int ROWS = 2000;

    JdbcTarget target;
    final List<String> lines = new ArrayList<>();
    @TempDir
    Path results;
    private int runs;

    /** What one run through the template left: the phase, the statement counts, fairness, and stdout. */
    record Outcome(PhaseOutcome phase, QueryCounts queries, ThreadFairness fairness, String out) {
        RunResult result() {
            return phase.result();
        }
    }

    /** Runs through the run template, as the command does (the target stays open for the test). */
    Outcome run(OltpSettings s, RunConfig config) {
        return run(s, config, List.of());
    }

    Outcome run(OltpSettings s, RunConfig config, List<IntervalListener> listeners) {
        OltpRunSettings settings = new OltpRunSettings(s, config.threads(), 0, SysbenchRunSettings.DEFAULTS); // percentile 95
        OltpBenchmark benchmark = new OltpBenchmark(target, null, settings, config, config.reportInterval().toNanos() / 1e9);
        StringWriter out = new StringWriter();
        RunContext context = new RunContext(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), false,
                results.resolve("run" + runs++), Map.of(), listeners);
        PhaseOutcome phase = BenchmarkRun.run(benchmark, context).last();
        OltpWorkload w = benchmark.workload();
        return new Outcome(phase, w.counters().snapshot(), w.fairness(), out.toString());
    }

    abstract String url();

    @BeforeEach
    void open() {
        target = JdbcTarget.open(url(), null, null, 6);
        OltpTables.cleanup(target, settings(3, RandType.UNIFORM), lines::add);
        lines.clear();
    }

    @AfterEach
    void close() {
        if (target != null) {
            OltpTables.cleanup(target, settings(3, RandType.UNIFORM), lines::add);
            target.close();
        }
    }

    static OltpSettings settings(int tables, RandType rand) {
        return new OltpSettings(tables, ROWS, 100, 10, 1, 1, 1, 1, 1, 1, 1, true, false, true, true, rand);
    }

    static RunConfig closedLoop(int threads, long millis) {
        return RunConfig.builder().threads(threads).warmup(Duration.ZERO).duration(Duration.ofMillis(millis))
                .reportInterval(Duration.ofMillis(500)).build();
    }

    @Test
    void prepareLoadsSysbenchsSchemaAndData() throws Exception {
        OltpLoader.Loaded loaded = OltpLoader.prepare(target, settings(2, RandType.SPECIAL), 2, 7, lines::add, l -> { }, 1000);
        assertEquals(2L * ROWS, loaded.rows());
        assertTrue(lines.contains("Inserting " + ROWS + " records into 'sbtest2'"), lines.toString());
        assertTrue(lines.contains("Creating a secondary index on 'sbtest1'..."), lines.toString());
        try (Connection c = target.connection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*), MIN(id), MAX(id), MIN(k), MAX(k) FROM sbtest1")) {
                rs.next();
                assertEquals(ROWS, rs.getLong(1));
                assertEquals(1, rs.getLong(2));
                assertEquals(ROWS, rs.getLong(3));
                assertTrue(rs.getLong(4) >= 1 && rs.getLong(5) <= ROWS);
            }
            try (ResultSet rs = s.executeQuery("SELECT c, pad FROM sbtest2 WHERE id = 17")) {
                rs.next();
                assertTrue(rs.getString(1).trim().matches("(\\d{11}-){9}\\d{11}"), rs.getString(1));
                assertTrue(rs.getString(2).trim().matches("(\\d{11}-){4}\\d{11}"), rs.getString(2));
            }
        }
    }

    @Test
    void oneThreadCountsTwentyStatementsPerTransaction() {
        OltpSettings s = settings(2, RandType.UNIFORM);
        OltpLoader.prepare(target, s, 2, 7, lines::add, l -> { }, 1000);
        // sysbench's --time 0 --events 40
        Outcome outcome = run(s, RunConfig.builder().threads(1).duration(Duration.ZERO).maxOps(40).build());
        assertEquals(40, outcome.result().completedTotal());
        // alone, nothing conflicts: every delete finds its row and every update its id
        assertEquals(new QueryCounts(14 * 40, 4 * 40, 2 * 40), outcome.queries());
        assertTrue(outcome.phase().check().ok(), outcome.phase().check().verdict());
        assertEquals(40, (long) outcome.fairness().events()[0]);
        assertTrue(outcome.out().contains("    transactions:                        40     ("), outcome.out());
        assertTrue(outcome.out().contains("        read:                            560\n"), outcome.out());
        assertTrue(outcome.out().contains("# integrity: ok: all 2 table(s) hold 2000 rows"), outcome.out());
    }

    @Test
    void contendedRunKeepsEveryTableAtTableSize() {
        // special: three ids in four fall on the middle 20 of 2000, so workers collide and errors are ignored
        OltpSettings s = settings(1, RandType.SPECIAL);
        OltpLoader.prepare(target, s, 1, 7, lines::add, l -> { }, 1000);
        Outcome outcome = run(s, closedLoop(4, 1500));
        RunResult result = outcome.result();
        assertTrue(result.completedAsPlanned(), result.stopReason());
        assertTrue(outcome.phase().check().ok(), outcome.phase().check().verdict());
        QueryCounts q = outcome.queries();
        assertTrue(q.read() >= 14 * result.completedTotal(), q.toString());
        assertEquals(0, result.kinds().get(0).outcomes().failed());
    }

    @Test
    void prepareRefusesExistingTablesAndRunRefusesMissingOnes() throws Exception {
        OltpSettings two = settings(2, RandType.UNIFORM);
        BenchException missing = assertThrows(BenchException.class,
                () -> run(two, closedLoop(1, 100)));
        assertTrue(missing.getMessage().contains("tables missing") && missing.getMessage().contains("run prepare first"),
                missing.getMessage());
        OltpLoader.prepare(target, two, 2, 7, lines::add, l -> { }, 1000);
        BenchException again = assertThrows(BenchException.class,
                () -> OltpLoader.prepare(target, two, 2, 7, lines::add, l -> { }, 1000));
        assertTrue(again.getMessage().contains("cleanup"), again.getMessage());
        BenchException size = assertThrows(BenchException.class,
                () -> run(two.withTables(2, ROWS * 2), closedLoop(1, 100)));
        assertTrue(size.getMessage().contains("--table-size"), size.getMessage());
    }

    @Test
    void cleanupDropsOnlyTheToolsOwnTables() throws Exception {
        OltpLoader.prepare(target, settings(1, RandType.UNIFORM), 1, 7, lines::add, l -> { }, 1000);
        execute("CREATE TABLE sbtest2 (id INTEGER)");
        try {
            BenchException foreign = assertThrows(BenchException.class,
                    () -> OltpLoader.prepare(target, settings(3, RandType.UNIFORM), 1, 7, lines::add, l -> { }, 1000));
            assertTrue(foreign.getMessage().contains("sbtest1") || foreign.getMessage().contains("sbtest2"), foreign.getMessage());
            lines.clear();
            OltpTables.cleanup(target, settings(2, RandType.UNIFORM), lines::add);
            assertEquals(List.of("Dropping table 'sbtest1'...", "Left table 'sbtest2' alone: it was not created by bench"), lines);
            try (Connection c = target.connection()) {
                assertTrue(new dev.bench.core.jdbc.OwnedTables(c).exists("sbtest2"));
                assertTrue(!new dev.bench.core.jdbc.OwnedTables(c).exists("sbtest1"));
            }
        } finally {
            execute("DROP TABLE sbtest2");
        }
    }

    void assertARunSurvivesKilledSessions(SqlAction killOthers) throws Exception {
        OltpSettings s = settings(2, RandType.UNIFORM);
        OltpLoader.prepare(target, s, 2, 7, lines::add, l -> { }, 1000);
        // The rounds count from the engine's start, not the test's: under load the run's own setup outlasted
        // a fixed 600 ms and the kill ended it ("setting up phase run failed"), not a session of the run.
        CountDownLatch started = new CountDownLatch(1);
        Thread killer = new Thread(() -> {
            try (Connection c = target.connection()) {
                if (!started.await(60, TimeUnit.SECONDS)) {
                    return;
                }
                for (int round = 0; round < 3; round++) {
                    Thread.sleep(500);
                    killOthers.run(c);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        killer.start();
        Outcome outcome = run(s, closedLoop(2, 2500), List.of(new IntervalListener() {
            @Override
            public void onStart(RunInfo info) {
                started.countDown();
            }

            @Override
            public void onInterval(IntervalSnapshot interval) {
            }
        }));
        started.countDown();
        killer.join();
        long reconnects = outcome.result().kinds().get(0).outcomes().reconnects();
        assertTrue(reconnects >= 2, "reconnects " + reconnects);
        assertTrue(outcome.result().completedAsPlanned(), outcome.result().stopReason());
        assertTrue(outcome.phase().check().ok(), outcome.phase().check().verdict());
    }

    interface SqlAction {
        void run(Connection c) throws SQLException;
    }

    void execute(String sql) throws SQLException {
        try (Connection c = target.connection(); Statement s = c.createStatement()) {
            s.execute(sql);
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
    }
}
