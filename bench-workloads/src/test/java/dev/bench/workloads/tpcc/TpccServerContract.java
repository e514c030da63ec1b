package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.ServerSessions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole tpcc life cycle against one real server, at scale {@link #scale()}: load,
 * condition 11, a run whose connections the server kills twice, conditions 1-10 and 12, a deliberately
 * broken row that the check must catch, cleanup. One test, because loading is the slow part.
 */
abstract class TpccServerContract {

    TpccSettings settings;
    JdbcTarget target;

    abstract String url();

    /** Warehouses: 2 where remote warehouses should be exercised, 1 where loading is slow. */
    abstract int scale();

    /** Ends every other session of this database, as a server restart would. */
    void killOtherSessions(Connection c) throws SQLException {
        ServerSessions.killOthers(c);
    }

    @BeforeEach
    void open() throws SQLException {
        settings = new TpccSettings(scale(), 1, true, TpccSettings.isolation("--trx-level", "RR"));
        target = JdbcTarget.open(url(), null, null, 6);
        TpccDatabase.cleanup(target, 1);
    }

    @AfterEach
    void close() throws SQLException {
        TpccDatabase.cleanup(target, 1);
        target.close();
    }

    @Test
    void loadRunCheckAndCleanup() throws Exception {
        StringWriter progress = new StringWriter();
        TpccLoader.LoadTimes times = new TpccLoader(target, settings, 4, new PrintWriter(progress)).load();
        assertEquals(TpccPopulation.ITEMS + scale() * (1 + 10 + 100_000 + 60_000 + 30_000 + 9_000) + count("order_line1"),
                times.rows(), "rows loaded");
        assertTrue(progress.toString().contains("rows/s"), progress.toString());
        assertTrue(TpccCheck.afterLoad(target, settings, 2).passed(), "condition 11 right after loading");
        BenchException again = assertThrows(BenchException.class,
                () -> new TpccLoader(target, settings, 4, new PrintWriter(new StringWriter())).load());
        assertTrue(again.getMessage().contains("run 'bench tpcc cleanup' first"), again.getMessage());

        long ordersBefore = count("orders1");
        TpccWorkload workload = new TpccWorkload(target, settings, 4);
        RunResult result = runWhileKilling(workload);
        KindStats newOrder = result.kind(TpccWorkload.NEW_ORDER_KIND);
        assertTrue(newOrder.accepted() > 0, "new orders committed");
        long reconnects = result.kinds().stream().mapToLong(k -> k.outcomes().reconnects()).sum();
        assertTrue(reconnects >= 2, "reconnects " + reconnects);
        long newOrders = count("orders1") - ordersBefore;
        assertTrue(newOrders >= newOrder.accepted() && newOrders <= newOrder.accepted() + reconnects,
                "committed New-Orders " + newOrder.accepted() + " (+ at most one in doubt per reconnect), new order rows " + newOrders);
        assertTrue(workload.counters().snapshot().read() > 0 && workload.counters().snapshot().write() > 0);

        TpccCheck.Outcome check = TpccCheck.afterRun(target, settings, 2);
        assertEquals(11 * scale(), check.verdicts().size());
        assertTrue(check.passed(), () -> failures(check).toString());

        execute("UPDATE warehouse1 SET w_ytd = w_ytd + 1 WHERE w_id = " + scale());
        TpccCheck.Outcome broken = TpccCheck.afterRun(target, settings, 2);
        assertEquals(Set.of("Check 1, warehouse: " + scale() + " FAILED", "Check 8, warehouse: " + scale() + " FAILED"),
                failures(broken));

        TpccDatabase.cleanup(target, 1);
        BenchException missing = assertThrows(BenchException.class, () -> TpccDatabase.requirePrepared(target, settings));
        assertTrue(missing.getMessage().startsWith("tables missing, run prepare first"), missing.getMessage());
    }

    private RunResult runWhileKilling(TpccWorkload workload) throws Exception {
        RunConfig config = RunConfig.builder().threads(4).warmup(Duration.ZERO).duration(Duration.ofSeconds(4)).build();
        Thread killer = new Thread(() -> {
            try (Connection c = target.connection()) {
                for (int round = 0; round < 2; round++) {
                    Thread.sleep(1200);
                    killOtherSessions(c);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        killer.start();
        RunResult result = Engine.run(workload, config, List.of());
        killer.join();
        assertTrue(result.completedAsPlanned(), result.stopReason());
        return result;
    }

    private static Set<String> failures(TpccCheck.Outcome outcome) {
        return outcome.verdicts().stream().filter(v -> !v.passed()).map(TpccCheck.Verdict::line).collect(Collectors.toSet());
    }

    long count(String table) throws SQLException {
        try (Connection c = target.connection(); Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
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
