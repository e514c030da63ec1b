package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * sysbench's prepare, fast: tables load in parallel (up to {@code threads} at once, as sysbench's own
 * prepare does), PostgreSQL through COPY, MySQL/MariaDB and H2 through multi-row INSERTs, the secondary
 * index on k built after the data. Prints sysbench's lines, plus progress with rows/s.
 *
 * <p>Threading: {@link #prepare} blocks the caller; loading threads share only the row counter and the
 * (synchronized) output sinks.
 */
public final class OltpLoader {

    /** Rows per multi-row INSERT: big enough to amortise round trips, small enough for any packet limit. */
    static final int ROWS_PER_INSERT = 500;
    static final int INSERTS_PER_COMMIT = 20;
    private static final int COPY_BUFFER = 1 << 18;

    private final JdbcTarget target;
    private final OltpSettings settings;
    private final long seed;
    private final Consumer<String> out;
    private final String mysqlEngine;
    private final AtomicLong loaded = new AtomicLong();

    public record Loaded(long rows, long nanos) {
        public double rowsPerSec() {
            return rows / Math.max(nanos / 1e9, 1e-9);
        }

        /** bench's closing line of a prepare (sysbench prints none). */
        public String summary(int tables) {
            return String.format("Loaded %d rows into %d table(s) in %.2f s (%.0f rows/s)", rows, tables, nanos / 1e9, rowsPerSec());
        }
    }

    private OltpLoader(JdbcTarget target, OltpSettings settings, long seed, Consumer<String> out, String mysqlEngine) {
        this.mysqlEngine = mysqlEngine;
        this.target = target;
        this.settings = settings;
        this.seed = seed;
        this.out = out;
    }

    /**
     * @param out      sysbench's lines and the closing summary (stdout)
     * @param progress one line per {@code progressMs} while loading (stderr)
     */
    public static Loaded prepare(JdbcTarget target, OltpSettings settings, int threads, long seed,
                                 Consumer<String> out, Consumer<String> progress, long progressMs) {
        return prepare(target, settings, "InnoDB", threads, seed, out, progress, progressMs);
    }

    /** @param mysqlEngine the tables' ENGINE on MySQL/MariaDB (sysbench's --mysql-storage-engine) */
    public static Loaded prepare(JdbcTarget target, OltpSettings settings, String mysqlEngine, int threads, long seed,
                                 Consumer<String> out, Consumer<String> progress, long progressMs) {
        try (Connection c = target.connection()) {
            OltpTables.refuseExisting(c, settings);
        } catch (SQLException e) {
            throw new BenchException("prepare failed: " + e.getMessage(), e);
        }
        OltpLoader loader = new OltpLoader(target, settings, seed, synchronizedSink(out), mysqlEngine);
        long start = System.nanoTime();
        loader.loadAll(Math.max(1, Math.min(threads, settings.tables())), synchronizedSink(progress), progressMs, start);
        return new Loaded(loader.loaded.get(), System.nanoTime() - start);
    }

    private void loadAll(int parallel, Consumer<String> progress, long progressMs, long start) {
        ExecutorService pool = Executors.newFixedThreadPool(parallel + 1, r -> {
            Thread t = new Thread(r, "bench-loader");
            t.setDaemon(true);
            return t;
        });
        long total = (long) settings.tables() * settings.tableSize();
        Future<?> reporter = pool.submit(() -> reportProgress(progress, progressMs, start, total));
        try {
            List<Future<?>> tables = new ArrayList<>();
            for (int n = 1; n <= settings.tables(); n++) {
                int number = n;
                tables.add(pool.submit(() -> {
                    loadTable(number);
                    return null;
                }));
            }
            for (Future<?> f : tables) {
                f.get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof BenchException b ? b : new BenchException("prepare failed: " + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("prepare interrupted; run cleanup before preparing again");
        } finally {
            reporter.cancel(true);
            pool.shutdownNow();
        }
    }

    private void reportProgress(Consumer<String> progress, long everyMs, long start, long total) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(everyMs);
                long rows = loaded.get();
                double s = (System.nanoTime() - start) / 1e9;
                progress.accept(String.format("[ %.0fs ] loaded %d of %d rows (%.0f%%), %.0f rows/s",
                        s, rows, total, 100.0 * rows / total, rows / s));
            }
        } catch (InterruptedException done) {
            // loading finished
        }
    }

    private void loadTable(int number) {
        String table = settings.table(number);
        try (Connection c = target.connection()) {
            c.setAutoCommit(true);
            out.accept("Creating table '" + table + "'...");
            new OwnedTables(c).claim(OltpTables.WORKLOAD, List.of(table));
            try (Statement s = c.createStatement()) {
                s.execute(OltpSql.createTable(target.dialect(), table, settings.autoInc(), mysqlEngine));
            }
            new OwnedTables(c).register(OltpTables.WORKLOAD, List.of(table));
            if (settings.tableSize() > 0) { // oltp_insert with --auto-inc off prepares empty tables
                out.accept("Inserting " + settings.tableSize() + " records into '" + table + "'");
                TableRows rows = new TableRows(seed, number, settings.tableSize(), settings.randType());
                if (target.dialect() == Dialect.POSTGRES) {
                    copy(c, table, rows);
                } else {
                    insert(c, table, rows);
                }
            }
            if (settings.createSecondary()) {
                out.accept("Creating a secondary index on '" + table + "'...");
                try (Statement s = c.createStatement()) {
                    s.execute(OltpSql.createSecondaryIndex(table));
                }
            }
        } catch (SQLException e) {
            throw new BenchException("loading '" + table + "' failed: " + e.getMessage(), e);
        }
    }

    private void copy(Connection c, String table, TableRows rows) throws SQLException {
        CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(OltpSql.copyIn(table));
        try {
            byte[] buffer = new byte[COPY_BUFFER];
            int used = 0;
            int pending = 0;
            while (rows.hasNext()) {
                used = rows.writeCopyLine(buffer, used);
                pending++;
                if (used > buffer.length - TableRows.MAX_COPY_LINE) {
                    copy.writeToCopy(buffer, 0, used);
                    loaded.addAndGet(pending);
                    used = 0;
                    pending = 0;
                }
            }
            copy.writeToCopy(buffer, 0, used);
            copy.endCopy();
            loaded.addAndGet(pending);
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
        if (settings.autoInc()) {
            try (Statement s = c.createStatement()) {
                s.execute(OltpSql.advanceSequence(table, rows.size()));
            }
        }
    }

    /**
     * Multi-row INSERTs written out as SQL text: the values are digits and dashes only, so nothing needs
     * escaping, and the driver has no 2,000 parameters per statement to bind and quote.
     */
    private void insert(Connection c, String table, TableRows rows) throws SQLException {
        byte[] line = new byte[TableRows.MAX_COPY_LINE + 16];
        StringBuilder sql = new StringBuilder(ROWS_PER_INSERT * line.length + 64);
        // one commit (one log flush) per INSERTS_PER_COMMIT statements, not per statement
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            for (int statement = 0; rows.hasNext(); statement++) {
                sql.setLength(0);
                sql.append("INSERT INTO ").append(table).append(" (id, k, c, pad) VALUES ");
                int n = 0;
                for (; n < ROWS_PER_INSERT && rows.hasNext(); n++) {
                    int end = rows.writeValuesTuple(line, 0);
                    if (n > 0) {
                        sql.append(',');
                    }
                    sql.append(new String(line, 0, end, StandardCharsets.US_ASCII));
                }
                st.executeUpdate(sql.toString());
                if (statement % INSERTS_PER_COMMIT == INSERTS_PER_COMMIT - 1) {
                    c.commit();
                }
                loaded.addAndGet(n);
            }
        }
        c.commit();
        c.setAutoCommit(true);
    }

    private static Consumer<String> synchronizedSink(Consumer<String> sink) {
        return line -> {
            synchronized (sink) {
                sink.accept(line);
            }
        };
    }
}
