package dev.bench.workloads.tpcc;

import dev.bench.core.jdbc.JdbcTarget;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tpcc check}: runs consistency conditions over every table set, the queries side by side on
 * {@code threads} connections, and gives one verdict per condition and warehouse.
 */
public final class TpccCheck {

    /** One condition on one warehouse of one table set. */
    public record Verdict(int set, int condition, int warehouse, boolean passed) {
        /** sysbench-tpcc's line: {@code Check 3, warehouse: 7 PASSED}. */
        public String line() {
            return "Check " + condition + ", warehouse: " + warehouse + (passed ? " PASSED" : " FAILED");
        }
    }

    /** All verdicts, ordered by set, condition, warehouse. */
    public record Outcome(List<Verdict> verdicts, double seconds) {
        public boolean passed() {
            return verdicts.stream().allMatch(Verdict::passed);
        }

        public long failed() {
            return verdicts.stream().filter(v -> !v.passed()).count();
        }
    }

    private TpccCheck() {
    }

    public static Outcome afterRun(JdbcTarget target, TpccSettings settings, int threads) throws Exception {
        return run(target, settings, ConsistencyConditions.AFTER_RUN, threads);
    }

    public static Outcome afterLoad(JdbcTarget target, TpccSettings settings, int threads) throws Exception {
        return run(target, settings, ConsistencyConditions.AFTER_LOAD, threads);
    }

    static Outcome run(JdbcTarget target, TpccSettings settings, List<Integer> conditions, int threads) throws Exception {
        long start = System.nanoTime();
        List<Verdict> verdicts = Collections.synchronizedList(new ArrayList<>());
        List<ParallelTasks.Task> tasks = new ArrayList<>();
        for (int set = 1; set <= settings.tables(); set++) {
            TpccTables t = new TpccTables(set);
            int s = set;
            for (int condition : conditions) {
                if (condition == 12 && conditions.contains(10)) {
                    continue; // answered by condition 10's query
                }
                tasks.add(() -> verdicts.addAll(check(target, t, s, condition, conditions, settings.scale())));
            }
        }
        new ParallelTasks(threads).run(tasks);
        List<Verdict> ordered = new ArrayList<>(verdicts);
        ordered.sort(Comparator.comparingInt(Verdict::set).thenComparingInt(Verdict::condition)
                .thenComparingInt(Verdict::warehouse));
        return new Outcome(ordered, (System.nanoTime() - start) / 1e9);
    }

    private static List<Verdict> check(JdbcTarget target, TpccTables t, int set, int condition, List<Integer> conditions,
                                       int scale) throws SQLException {
        Map<Integer, Long> violations = new HashMap<>();
        Map<Integer, Long> violations12 = new HashMap<>();
        try (Connection c = target.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(ConsistencyConditions.sql(condition, t))) {
            boolean both = condition == 10 || condition == 12;
            while (rs.next()) {
                int w = rs.getInt(1);
                violations.merge(w, rs.getLong(condition == 12 ? 3 : 2), Long::sum);
                if (both) {
                    violations12.merge(w, rs.getLong(3), Long::sum);
                }
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (int w = 1; w <= scale; w++) {
            verdicts.add(new Verdict(set, condition, w, violations.getOrDefault(w, 0L) == 0));
            if (condition == 10 && conditions.contains(12)) {
                verdicts.add(new Verdict(set, 12, w, violations12.getOrDefault(w, 0L) == 0));
            }
        }
        return verdicts;
    }
}
