package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.OwnedTables;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * pgbench's {@code -i}: its steps d (drop), t (create), g (client-side generate), G (server-side
 * generate), v (vacuum), p (primary keys), f (foreign keys), with its messages on stderr. Tables are
 * created and dropped only through {@link OwnedTables}: tables pgbench made are used by a run but never
 * dropped or emptied here.
 */
final class PgbenchInit {

    static final String WORKLOAD = "pgbench";
    /** Drop order: what references comes first. */
    static final List<String> TABLES = List.of("pgbench_history", "pgbench_tellers", "pgbench_accounts", "pgbench_branches");
    private static final int ACCOUNTS_PER_BRANCH = 100_000;
    private static final int TELLERS_PER_BRANCH = 10;
    private static final int INSERT_ROWS = 1000;
    private static final int PROGRESS_ROWS = 100_000;

    private final Connection c;
    private final Dialect dialect;
    private final boolean mariadb;
    private final PgbenchSettings s;
    private final Consumer<String> err;

    PgbenchInit(Connection c, Dialect dialect, PgbenchSettings settings, Consumer<String> err) throws SQLException {
        this.c = c;
        this.dialect = dialect;
        this.mariadb = c.getMetaData().getDatabaseProductVersion().toLowerCase(Locale.ROOT).contains("mariadb");
        this.s = settings;
        this.err = err;
    }

    /** Runs the steps; returns pgbench's closing line ("done in 1.23 s (drop tables 0.01 s, ...)."). */
    String run() throws SQLException {
        c.setAutoCommit(true);
        String steps = s.effectiveInitSteps();
        List<String> timings = new ArrayList<>();
        long start = System.nanoTime();
        for (char step : steps.toCharArray()) {
            long t0 = System.nanoTime();
            String label = switch (step) {
                case 'd' -> drop();
                case 't' -> create();
                case 'g' -> generate(false);
                case 'G' -> generate(true);
                case 'v' -> vacuum();
                case 'p' -> primaryKeys();
                case 'f' -> foreignKeys();
                default -> throw new BenchException("unrecognized initialization step \"" + step + "\"");
            };
            timings.add(label + " " + seconds(System.nanoTime() - t0) + " s");
        }
        return "done in " + seconds(System.nanoTime() - start) + " s (" + String.join(", ", timings) + ").";
    }

    private String drop() throws SQLException {
        err.accept("dropping old tables...");
        new OwnedTables(c).dropOwnedOrRefuse(TABLES);
        return "drop tables";
    }

    private String create() throws SQLException {
        err.accept("creating tables...");
        OwnedTables owned = new OwnedTables(c);
        owned.dropOwnedOrRefuse(List.of()); // creates the registry
        for (String t : TABLES) {
            if (owned.exists(t)) {
                throw new BenchException("table '" + t + "' already exists; initialize with step d (drop) first"
                        + (owned.isOwned(t) ? "" : " -- it was not created by bench, so bench will not drop it"));
            }
        }
        owned.claim(WORKLOAD, TABLES);
        String aidType = s.scale() >= 20_000 ? "bigint" : "int";
        exec(createTable("pgbench_history", "tid int, bid int, aid " + aidType + ", delta int, mtime timestamp, filler char(22)", false));
        exec(createTable("pgbench_tellers", "tid int not null, bid int, tbalance int, filler char(84)", true));
        Partitioning parts = s.partitioning();
        if (parts.partitioned() && dialect != Dialect.POSTGRES) {
            throw new BenchException("--partitions needs PostgreSQL's declarative partitioning; " + dialect.name().toLowerCase(Locale.ROOT)
                    + " is not partitioned by bench pgbench");
        }
        // a partitioned table takes its fill factor on its partitions, as pgbench does
        exec(createTable("pgbench_accounts", "aid " + aidType + " not null, bid int, abalance int, filler char(84)", !parts.partitioned(),
                parts.partitioned() ? parts.clause() : ""));
        if (parts.partitioned()) {
            err.accept("creating " + parts.count() + " partitions...");
        }
        for (int p = 1; p <= parts.count(); p++) {
            exec(parts.createPartition(p, (long) s.scale() * ACCOUNTS_PER_BRANCH, s.fillfactor(), s.unloggedTables()));
        }
        exec(createTable("pgbench_branches", "bid int not null, bbalance int, filler char(88)", true));
        owned.register(WORKLOAD, TABLES);
        return "create tables";
    }

    private String createTable(String name, String columns, boolean fill) {
        return createTable(name, columns, fill, "");
    }

    /** @param partitioning pgbench_accounts' partition clause, or "" */
    private String createTable(String name, String columns, boolean fill, String partitioning) {
        if (dialect == Dialect.POSTGRES) {
            return "create " + (s.unloggedTables() ? "unlogged " : "") + "table " + name + " (" + columns + ")" + partitioning
                    + (fill && s.fillfactor() != PgbenchSettings.FILLFACTOR ? " with (fillfactor=" + s.fillfactor() + ")" : "")
                    + s.tablespaces().tableClause();
        }
        return "create table " + name + " (" + columns + ")";
    }

    private String generate(boolean serverSide) throws SQLException {
        err.accept("generating data (" + (serverSide ? "server" : "client") + "-side)...");
        OwnedTables owned = new OwnedTables(c);
        for (String t : TABLES) {
            if (!owned.isOwned(t)) {
                throw new BenchException("table '" + t + "' is missing or was not created by bench: "
                        + "initialize with steps d and t first (bench empties only its own tables)");
            }
            exec("delete from " + t);
        }
        long branches = s.scale();
        if (serverSide) {
            exec("insert into pgbench_branches(bid, bbalance) select n, 0 from " + series(branches));
            exec("insert into pgbench_tellers(tid, bid, tbalance) select n, (n - 1) " + div() + " " + TELLERS_PER_BRANCH
                    + " + 1, 0 from " + series(branches * TELLERS_PER_BRANCH));
            exec("insert into pgbench_accounts(aid, bid, abalance, filler) select n, (n - 1) " + div() + " " + ACCOUNTS_PER_BRANCH
                    + " + 1, 0, '' from " + series(branches * ACCOUNTS_PER_BRANCH));
            return "server-side generate";
        }
        insertRows("pgbench_branches(bid, bbalance)", branches, n -> n + ", 0");
        insertRows("pgbench_tellers(tid, bid, tbalance)", branches * TELLERS_PER_BRANCH,
                n -> n + ", " + ((n - 1) / TELLERS_PER_BRANCH + 1) + ", 0");
        long accounts = branches * ACCOUNTS_PER_BRANCH;
        long start = System.nanoTime();
        if (dialect == Dialect.POSTGRES) {
            copyAccounts(accounts, start);
        } else {
            insertRows("pgbench_accounts(aid, bid, abalance, filler)", accounts,
                    n -> n + ", " + ((n - 1) / ACCOUNTS_PER_BRANCH + 1) + ", 0, ''", start);
        }
        return "client-side generate";
    }

    /** Integer division: MySQL's {@code /} gives a decimal, which an int column would round. */
    private String div() {
        return dialect == Dialect.MYSQL ? "div" : "/";
    }

    /** n = 1..count as a table-valued expression of the dialect. */
    private String series(long count) {
        return switch (dialect) {
            case POSTGRES -> "generate_series(1, " + count + ") as g(n)";
            case H2 -> "(select x as n from system_range(1, " + count + ")) g";
            case MYSQL -> {
                if (!mariadb) {
                    throw new BenchException("initialization step G needs generate_series or MariaDB's seq_1_to_N; "
                            + "MySQL has neither: use step g");
                }
                yield "(select seq as n from seq_1_to_" + count + ") g";
            }
            default -> throw new BenchException("initialization step G is not supported on " + dialect + ": use step g");
        };
    }

    private void copyAccounts(long accounts, long start) throws SQLException {
        CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn("copy pgbench_accounts from stdin");
        try {
            StringBuilder buf = new StringBuilder(1 << 16);
            for (long aid = 1; aid <= accounts; aid++) {
                buf.append(aid).append('\t').append((aid - 1) / ACCOUNTS_PER_BRANCH + 1).append("\t0\t\n");
                if (buf.length() > 60_000 || aid == accounts) {
                    byte[] bytes = buf.toString().getBytes(StandardCharsets.US_ASCII);
                    copy.writeToCopy(bytes, 0, bytes.length);
                    buf.setLength(0);
                }
                progress(aid, accounts, start);
            }
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }

    private void insertRows(String table, long count, java.util.function.LongFunction<String> row) throws SQLException {
        insertRows(table, count, row, -1);
    }

    private void insertRows(String table, long count, java.util.function.LongFunction<String> row, long progressStart)
            throws SQLException {
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            StringBuilder sql = new StringBuilder();
            for (long n = 1; n <= count; n++) {
                sql.append(sql.length() == 0 ? "insert into " + table + " values (" : ", (").append(row.apply(n)).append(')');
                if (n % INSERT_ROWS == 0 || n == count) {
                    st.executeUpdate(sql.toString());
                    sql.setLength(0);
                }
                if (progressStart >= 0) {
                    progress(n, count, progressStart);
                }
            }
            c.commit();
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** pgbench's progress line: every 100000 rows, or with -q every 5 s. */
    private long lastQuietLine;

    private void progress(long done, long total, long start) {
        long now = System.nanoTime();
        if (s.quiet()) {
            if (now - lastQuietLine < 5_000_000_000L && done != total) {
                return;
            }
            lastQuietLine = now;
        } else if (done % PROGRESS_ROWS != 0 && done != total) {
            return;
        }
        double elapsed = (now - start) / 1e9;
        double remaining = done == 0 ? 0 : elapsed * (total - done) / done;
        err.accept(String.format(Locale.ROOT, "%d of %d tuples (%d%%) done (elapsed %.2f s, remaining %.2f s)",
                done, total, done * 100 / total, elapsed, remaining));
    }

    private String vacuum() throws SQLException {
        err.accept("vacuuming...");
        for (String t : List.of("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history")) {
            switch (dialect) {
                case POSTGRES -> exec("vacuum analyze " + t);
                case MYSQL -> exec("analyze table " + t);
                case H2 -> exec("analyze table " + t);
                default -> {
                }
            }
        }
        return "vacuum";
    }

    private String primaryKeys() throws SQLException {
        err.accept("creating primary keys...");
        String where = s.tablespaces().indexClause();
        exec("alter table pgbench_branches add primary key (bid)" + where);
        exec("alter table pgbench_tellers add primary key (tid)" + where);
        exec("alter table pgbench_accounts add primary key (aid)" + where);
        return "primary keys";
    }

    private String foreignKeys() throws SQLException {
        err.accept("creating foreign keys...");
        exec("alter table pgbench_tellers add constraint pgbench_tellers_bid_fkey foreign key (bid) references pgbench_branches (bid)");
        exec("alter table pgbench_accounts add constraint pgbench_accounts_bid_fkey foreign key (bid) references pgbench_branches (bid)");
        exec("alter table pgbench_history add constraint pgbench_history_bid_fkey foreign key (bid) references pgbench_branches (bid)");
        exec("alter table pgbench_history add constraint pgbench_history_tid_fkey foreign key (tid) references pgbench_tellers (tid)");
        exec("alter table pgbench_history add constraint pgbench_history_aid_fkey foreign key (aid) references pgbench_accounts (aid)");
        return "foreign keys";
    }

    private void exec(String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e9);
    }
}
