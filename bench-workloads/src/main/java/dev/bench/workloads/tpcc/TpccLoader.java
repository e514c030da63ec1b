package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code tpcc prepare}: creates the tables (refusing if any exists), loads the population in parallel
 * across tables and warehouses through each server's fastest path, then builds keys and indexes, then
 * foreign keys, each step in parallel too. Prints a progress line with rows/s.
 *
 * <p>Threading: {@link #load} runs on the caller's thread and uses {@code threads} loader threads,
 * each with its own connection from the target's pool (which must hold at least that many).
 */
public final class TpccLoader {

    /** Loaded rows per warehouse (order lines: 10 on average per order) and for the item table. */
    static final long ROWS_PER_WAREHOUSE = 1 + 10 + 100_000 + 30_000 * 2 + 30_000 + 9_000 + 300_000;

    private static final int MYSQL_ROWS_PER_INSERT = 500;

    private final JdbcTarget target;
    private final TpccSettings settings;
    private final PrintWriter progress;
    private final int threads;
    private final LongAdder rows = new LongAdder();
    private final LocalDateTime now = LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS);

    public TpccLoader(JdbcTarget target, TpccSettings settings, int threads, PrintWriter progress) {
        this.target = target;
        this.settings = settings;
        this.threads = threads;
        this.progress = progress;
    }

    /** What a prepare did, for the closing lines. */
    public record LoadTimes(long rows, double createSeconds, double loadSeconds, double indexSeconds,
                            double foreignKeySeconds) {
        public double totalSeconds() {
            return createSeconds + loadSeconds + indexSeconds + foreignKeySeconds;
        }
    }

    public LoadTimes load() throws Exception {
        long begin = System.nanoTime();
        createTables();
        long start = System.nanoTime();
        try (LoadProgress meter = new LoadProgress(progress, rows, expectedRows())) {
            new ParallelTasks(threads).run(dataTasks());
        }
        long loaded = System.nanoTime();
        progress.printf("loaded %,d rows in %.1f s (%,.0f rows/s)%n", rows.sum(), (loaded - start) / 1e9,
                rows.sum() / ((loaded - start) / 1e9));
        progress.flush();
        new ParallelTasks(ddlThreads()).run(ddlTasks(TpccSchema::indexes,
                target.dialect() == Dialect.POSTGRES ? "SET maintenance_work_mem = '256MB'" : null));
        analyze();
        long indexed = System.nanoTime();
        progress.printf("primary keys and indexes built in %.1f s%n", (indexed - loaded) / 1e9);
        long keyed = indexed;
        if (settings.useFk()) {
            new ParallelTasks(ddlThreads()).run(ddlTasks(TpccSchema::foreignKeys, foreignKeySetting()));
            keyed = System.nanoTime();
            progress.printf("foreign keys added in %.1f s%n", (keyed - indexed) / 1e9);
        }
        progress.flush();
        return new LoadTimes(rows.sum(), (start - begin) / 1e9, (loaded - start) / 1e9, (indexed - loaded) / 1e9,
                (keyed - indexed) / 1e9);
    }

    /**
     * PostgreSQL validates a new foreign key with one anti-join over the referencing table: with the
     * default 4 MB of work_mem, the join over 3 million order lines spills to disk. MySQL adds foreign
     * keys in place only without checking existing rows (else it copies the table); the loader's rows
     * refer correctly by construction.
     */
    private String foreignKeySetting() {
        return switch (target.dialect()) {
            case POSTGRES -> "SET work_mem = '256MB'";
            case MYSQL -> "SET foreign_key_checks = 0";
            default -> null;
        };
    }

    /** H2 serialises DDL on its schema lock and times out waiting for it: one statement at a time there. */
    private int ddlThreads() {
        return target.dialect() == Dialect.H2 ? 1 : threads;
    }

    private long expectedRows() {
        return settings.tables() * (TpccPopulation.ITEMS + settings.scale() * ROWS_PER_WAREHOUSE);
    }

    private void createTables() throws SQLException {
        List<String> all = TpccTables.all(settings.tables());
        try (Connection c = target.connection()) {
            OwnedTables owned = new OwnedTables(c);
            Set<String> existing = TpccDatabase.existingTables(c);
            for (String table : all) {
                if (existing.contains(table) && owned.isOwned(table)) {
                    throw new BenchException("table '" + table + "' already exists (created by an earlier prepare);"
                            + " run 'bench tpcc cleanup' first");
                }
            }
            // refuses same-named tables of someone else's (and makes sure the registry exists)
            owned.dropOwnedOrRefuse(all.stream().filter(existing::contains).toList());
            owned.claim("tpcc", all);
            try (Statement s = c.createStatement()) {
                for (int set = 1; set <= settings.tables(); set++) {
                    for (String ddl : new TpccSchema(target.dialect(), new TpccTables(set)).createTables()) {
                        s.execute(ddl);
                    }
                }
            }
            owned.register("tpcc", all);
        }
    }

    /** Big parts first, so the last tasks to finish are short ones. */
    private List<ParallelTasks.Task> dataTasks() {
        List<ParallelTasks.Task> tasks = new ArrayList<>();
        for (int set = 1; set <= settings.tables(); set++) {
            TpccTables t = new TpccTables(set);
            for (int w = 1; w <= settings.scale(); w++) {
                int wh = w;
                tasks.add(() -> {
                    int[][] lineCounts = TpccPopulation.lineCounts(wh);
                    try (RowSink s = sink(t.orderLine(), 10)) {
                        TpccPopulation.orderLines(s, wh, lineCounts);
                    }
                    try (RowSink s = sink(t.orders(), 8)) {
                        TpccPopulation.orders(s, wh, lineCounts);
                    }
                });
                tasks.add(() -> {
                    try (RowSink s = sink(t.stock(), 17)) {
                        TpccPopulation.stock(s, wh);
                    }
                });
                tasks.add(() -> {
                    try (RowSink s = sink(t.customer(), 21)) {
                        TpccPopulation.customers(s, wh);
                    }
                });
            }
            tasks.add(() -> {
                try (RowSink s = sink(t.item(), 5)) {
                    TpccPopulation.items(s);
                }
            });
            for (int w = 1; w <= settings.scale(); w++) {
                int wh = w;
                tasks.add(() -> {
                    try (RowSink s = sink(t.history(), 8)) {
                        TpccPopulation.history(s, wh);
                    }
                    try (RowSink s = sink(t.newOrders(), 3)) {
                        TpccPopulation.newOrders(s, wh);
                    }
                    try (RowSink s = sink(t.warehouse(), 9)) {
                        TpccPopulation.warehouse(s, wh);
                    }
                    try (RowSink s = sink(t.district(), 11)) {
                        TpccPopulation.districts(s, wh);
                    }
                });
            }
        }
        return tasks;
    }

    private RowSink sink(String table, int columns) throws SQLException {
        Connection c = target.connection();
        try {
            return switch (target.dialect()) {
                case POSTGRES -> new CopySink(c, table, now.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")), rows);
                case MYSQL -> new InsertSink(c, table, columns, MYSQL_ROWS_PER_INSERT, Timestamp.valueOf(now), rows);
                default -> new InsertSink(c, table, columns, 1, Timestamp.valueOf(now), rows);
            };
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private interface DdlStep {
        List<String> of(TpccSchema schema);
    }

    /** One task per statement: the server builds independent indexes side by side. */
    private List<ParallelTasks.Task> ddlTasks(DdlStep step, String sessionSetting) {
        List<ParallelTasks.Task> tasks = new ArrayList<>();
        for (int set = 1; set <= settings.tables(); set++) {
            for (String ddl : step.of(new TpccSchema(target.dialect(), new TpccTables(set)))) {
                tasks.add(() -> {
                    try (Connection c = target.connection(); Statement s = c.createStatement()) {
                        if (sessionSetting != null) {
                            s.execute(sessionSetting);
                        }
                        s.execute(ddl);
                        if (!c.getAutoCommit()) {
                            c.commit();
                        }
                    }
                });
            }
        }
        return tasks;
    }

    /** Fresh statistics, so the first run's plans use the indexes just built. */
    private void analyze() throws SQLException {
        if (target.dialect() != Dialect.POSTGRES) {
            return;
        }
        try (Connection c = target.connection(); Statement s = c.createStatement()) {
            for (int set = 1; set <= settings.tables(); set++) {
                s.execute("ANALYZE " + String.join(", ", new TpccTables(set).names()));
            }
        }
    }
}
