package dev.bench.workloads.tao;

import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.RunContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Load, run and check against one SQL server, for real; each server subclasses it. */
@Timeout(120)
abstract class TaoServerContract {

    static final long EDGES = 3000;

    abstract String url();

    JdbcTarget open(int threads) {
        return JdbcTarget.open(url(), null, null, threads + 1);
    }

    @Test
    void loadWritesOneEdgeAndTwoObjectsPerEdgeAndReadsThemBack() throws Exception {
        try (JdbcTarget t = open(3)) {
            TaoLoader.Outcome outcome = TaoBenchmark.load(t, TaoConfig.read("A", w -> { }), EDGES, 3, 100, 7,
                    new PrintWriter(new StringWriter()));
            assertEquals(EDGES, outcome.edges());
            assertEquals(0, outcome.failedBatches());
            try (Connection c = t.connection()) {
                TaoSchema.init(c, TaoSql.forDialect(t.dialect()));
                assertEquals(EDGES, TaoSchema.count(c, TaoSql.COUNT_EDGES));
                assertEquals(2 * EDGES, TaoSchema.count(c, TaoSql.COUNT_OBJECTS));
                assertEquals(0, violations(c), "a fresh load breaks no guard");
            }
            EdgePool pool = EdgePool.read(t, TaoSql.forDialect(t.dialect()), 4);
            assertEquals(EDGES, pool.size(), "keyset pages read every key once");
        }
    }

    @Test
    void experimentsRunAsPhasesAndTheDatabaseAgrees(@TempDir Path results) {
        try (JdbcTarget t = open(2)) {
            TaoBenchmark.load(t, TaoConfig.read("A", w -> { }), EDGES, 2, 256, 7, new PrintWriter(new StringWriter()));
        }
        List<Experiment> experiments = List.of(new Experiment(4, 0, 2), new Experiment(16, 1, 2));
        List<RunConfig> configs = experiments.stream().map(e -> RunConfig.builder().threads(e.threads())
                .warmup(Duration.ofSeconds(e.warmupSeconds())).duration(Duration.ofSeconds(e.seconds())).build()).toList();
        StringWriter out = new StringWriter();
        RunContext context = new RunContext(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), false,
                results.resolve("r"), Map.of(), List.of());
        BenchmarkRun.Report report;
        try (TaoBenchmark tao = new TaoBenchmark(this::open, TaoConfig.read("A", w -> { }), experiments, configs,
                Duration.ofMillis(100), 2)) {
            report = BenchmarkRun.run(tao, context);
        }
        assertEquals(0, report.exitCode(), out.toString());
        assertEquals(2, report.outcomes().size());
        for (PhaseOutcome o : report.outcomes()) {
            assertTrue(o.check().ok(), o.check().verdict());
            assertTrue(o.result().completedTotal() > 20, "completed " + o.result().completedTotal());
            assertEquals(0, o.result().kinds().stream().mapToLong(k -> k.outcomes().failed()).sum());
        }
        String text = out.toString();
        assertTrue(text.contains("Experiment description: 4 threads, 0 seconds (warmup), 2 seconds (experiment)\n"), text);
        assertTrue(text.contains("Experiment description: 16 threads, 1 seconds (warmup), 2 seconds (experiment)\n"), text);
        assertTrue(text.lines().filter(l -> l.startsWith("Check: ok: edges ")).count() == 2, text);
        assertTrue(text.lines().anyMatch(l -> l.matches("\\d+ operations; .*\\[READ: Count=\\d+ .*\\[WRITE: Count=\\d+ .*")), text);
    }

    @Test
    void guardedInsertsRefuseIncompatibleEdgesAndTheCheckFindsViolations() throws Exception {
        try (JdbcTarget t = open(1)) {
            TaoSql sql = TaoSql.forDialect(t.dialect());
            TaoSchema.recreate(t, sql);
            try (Connection c = t.connection()) {
                TaoSchema.init(c, sql);
                long a = 1;
                long b = 2;
                assertEquals(1, guardedAdd(c, sql, a, b, EdgeType.UNIQUE));
                assertEquals(0, guardedAdd(c, sql, a, 3, EdgeType.OTHER), "a unique edge is the only one from its id1");
                assertEquals(0, guardedAdd(c, sql, b, a, EdgeType.BIDIRECTIONAL), "a unique edge is not bidirectional");
                assertEquals(0, guardedAdd(c, sql, a, b, EdgeType.UNIQUE), "the same key twice");
                assertEquals(1, guardedAdd(c, sql, 4, 5, EdgeType.OTHER));
                assertEquals(1, guardedAdd(c, sql, 4, 6, EdgeType.BIDIRECTIONAL));
                assertEquals(0, guardedAdd(c, sql, 4, 5, EdgeType.BIDIRECTIONAL), "other and bidirectional on one pair");
                assertEquals(0, violations(c));
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO edges (id1, id2, type, timestamp, value) VALUES (2, 1, 3, 1, 'x')");
                }
                assertTrue(violations(c) > 0, "an 'other' edge against a unique one, inserted unguarded");
            }
        }
    }

    private static int guardedAdd(Connection c, TaoSql sql, long id1, long id2, EdgeType type) throws Exception {
        try (PreparedStatement ps = c.prepareStatement(sql.edgeAdd(type))) {
            ps.setLong(1, id1);
            ps.setLong(2, id2);
            ps.setLong(3, type.ordinal());
            ps.setLong(4, 1);
            ps.setString(5, "v");
            boolean[] order = TaoSql.guardOrder(type);
            for (int i = 0; i < order.length; i++) {
                ps.setLong(6 + i, order[i] ? id1 : id2);
            }
            return ps.executeUpdate();
        }
    }

    private static long violations(Connection c) throws Exception {
        long sum = 0;
        for (String q : TaoSql.GUARD_VIOLATIONS) {
            sum += TaoSchema.count(c, q);
        }
        return sum;
    }
}
