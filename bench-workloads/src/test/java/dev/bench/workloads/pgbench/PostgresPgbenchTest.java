package dev.bench.workloads.pgbench;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.testing.SkipOrFail;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real PostgreSQL (local server or container): COPY loading, untyped text parameters, and side by side
 * with PostgreSQL's own pgbench where it is installed: tables either tool initialized run in the other.
 */
class PostgresPgbenchTest extends PgbenchContract {

    /** Debian's server package ships pgbench here; the newest version installed. */
    private static final Path PGBENCH = installedPgbench();

    private static Path installedPgbench() {
        try (var versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(v -> v.resolve("bin/pgbench")).filter(Files::isExecutable)
                    .max(java.util.Comparator.comparing(p -> Integer.parseInt(p.getParent().getParent().getFileName().toString())))
                    .orElse(Path.of("/usr/lib/postgresql/15/bin/pgbench"));
        } catch (java.io.IOException | NumberFormatException none) {
            return Path.of("/usr/lib/postgresql/15/bin/pgbench");
        }
    }

    /** PostgreSQL's own pgbench, which services.sh's postgresql package brings: skipped, or failed under BENCH_REQUIRE_SERVICES. */
    private static void requirePgbench() {
        SkipOrFail.unless(Files.isExecutable(PGBENCH), PGBENCH + " is not installed (scripts/services.sh installs postgresql)");
    }

    @Override
    String url() {
        return TestServers.postgresUrl();
    }

    /** libpq takes the JDBC URL's host, port, database, user and password as a connection URI. */
    private String conninfo() {
        return url().replaceFirst("^jdbc:", "");
    }

    private void pgbench(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(PGBENCH.toString()));
        command.addAll(List.of(args));
        command.add(conninfo());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "pgbench finished");
        assertEquals(0, p.exitValue(), output);
    }

    /**
     * A pipeline's statements up to each sync go out together, so the server runs them in one implicit
     * transaction (one txid), as libpq's pipeline mode makes it; each statement keeps the values its
     * variables had when the client reached it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"extended", "prepared"})
    void aPipelineSendsItsStatementsTogetherUpToEachSync(String mode) throws Exception {
        sql("drop table if exists pipeline_txids");
        sql("create table pipeline_txids (client int, x int, txid bigint)");
        try {
            assertCheckHolds("pipeline.sql", """
                    \\set x 1
                    \\startpipeline
                    INSERT INTO pipeline_txids VALUES (:client_id, :x, txid_current());
                    \\set x 2
                    INSERT INTO pipeline_txids VALUES (:client_id, :x, txid_current());
                    \\syncpipeline
                    INSERT INTO pipeline_txids VALUES (:client_id, 3, txid_current());
                    \\endpipeline
                    """, 2, 5, mode, "select count(*) = 30"
                    + " and count(distinct txid) = 20"
                    + " and count(distinct txid) filter (where x < 3) = 10"
                    + " and count(*) filter (where x = 2) = 10 from pipeline_txids");
        } finally {
            sql("drop table pipeline_txids");
        }
    }

    /** BEGIN and END inside or outside a pipeline: JDBC's transaction follows the server's, so each END commits. */
    @Test
    void transactionsMayOpenAndCloseAcrossAPipeline() throws Exception {
        assertCheckHolds("pipeline-tx.sql", """
                BEGIN;
                \\startpipeline
                UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = 1;
                \\endpipeline
                END;
                \\startpipeline
                BEGIN;
                UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = 1;
                \\endpipeline
                END;
                """, 1, 5, "prepared", "select bbalance = 10 from pgbench_branches where bid = 1");
    }

    /** BEGIN with options sets them on the transaction JDBC opens, and END commits it. */
    @Test
    void beginWithAnIsolationLevelRunsAtThatLevel() throws Exception {
        assertCheckHolds("iso.sql", """
                BEGIN ISOLATION LEVEL REPEATABLE READ;
                SELECT current_setting('transaction_isolation') = 'repeatable read' AS iso_ok \\gset
                \\if :iso_ok
                UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = 1;
                \\endif
                END;
                """, 1, 5, "extended", "select bbalance = 5 from pgbench_branches where bid = 1");
    }

    /** Runs {@code script} (written to {@code file}) on {@code clients} clients, each {@code perClient} times; --check must hold. */
    private void assertCheckHolds(String file, String script, int clients, int perClient, String mode, String check) throws Exception {
        Path path = dir.resolve(file);
        Files.writeString(path, script);
        Outcome o = run(settings(List.of(), List.of(path.toString()), clients, perClient, mode, check, Map.of()));
        assertTrue(o.phase().check().ok(), o.phase().check().verdict() + "\n" + o.out());
    }

    @Test
    void tablesPgbenchInitializedRunHereWithTheCheck() throws Exception {
        requirePgbench();
        initialize("d");
        try {
            pgbench("-i", "-s", "1", "-q");
            Outcome o = run(settings(List.of("tpcb-like"), List.of(), 2, 50, "extended", null, Map.of()));
            assertTrue(o.phase().check().verdict().startsWith("ok: history +100 rows for 100 committed"),
                    o.phase().check().verdict());
        } finally {
            sql("drop table if exists pgbench_history, pgbench_tellers, pgbench_accounts, pgbench_branches");
        }
    }

    /**
     * Clients that update one row in REPEATABLE READ after a pause collide: PostgreSQL fails the later
     * ones with serialization failures (40001), and --failures-detailed counts every failed transaction
     * as one; the check still holds on what committed.
     */
    @Test
    void failuresDetailedCountsSerializationFailures() throws Exception {
        Path script = dir.resolve("collide.sql");
        Files.writeString(script, """
                BEGIN ISOLATION LEVEL REPEATABLE READ;
                SELECT abalance FROM pgbench_accounts WHERE aid = 1;
                \\sleep 5 ms
                UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = 1;
                END;
                """);
        sql("update pgbench_accounts set abalance = 0 where aid = 1");
        PgbenchSettings base = settings(List.of(), List.of(script.toString()), 4, 25, "prepared", null, Map.of());
        Outcome o = run(with(base, false, new ErrorReports(true, false)));

        long failed = o.phase().result().kinds().get(0).outcomes().failed();
        long committed = o.phase().result().completedTotal();
        assertTrue(failed > 0, "colliding clients failed some: " + o.out());
        assertEquals(100, committed + failed);
        assertTrue(o.out().contains(String.format(java.util.Locale.ROOT, "number of serialization failures: %d (%.3f%%)%n",
                failed, 100.0 * failed / 100)), o.out());
        assertTrue(o.out().contains("number of deadlock failures: 0 (0.000%)"), o.out());
        try (JdbcTarget t = JdbcTarget.open(url(), null, null, 1); Connection c = t.connection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select abalance from pgbench_accounts where aid = 1")) {
            assertTrue(rs.next());
            assertEquals(committed, rs.getLong(1), "every committed transaction added one, no failed one did");
        }
    }

    /** -C opens a server session per transaction: PostgreSQL's own count of sessions grows by at least that many. */
    @Test
    void connectEachTransactionOpensThatManySessions() throws Exception {
        long before = sessions();
        Outcome o = run(with(settings(List.of("select-only"), List.of(), 2, 20, "extended", null, Map.of()), true, ErrorReports.NONE));
        assertEquals(40, o.phase().result().completedTotal());
        long opened = sessions() - before;
        assertTrue(opened >= 40 && opened < 60, "sessions opened during the run: " + opened);
    }

    /** Sessions established in this database so far (pg_stat_database, PostgreSQL 14+; the stats lag up to 0.5 s). */
    private long sessions() throws Exception {
        Thread.sleep(600);
        try (JdbcTarget t = JdbcTarget.open(url(), null, null, 1); Connection c = t.connection(); Statement st = c.createStatement()) {
            st.execute("select pg_stat_clear_snapshot()");
            try (ResultSet rs = st.executeQuery("select sessions from pg_stat_database where datname = current_database()")) {
                assertTrue(rs.next());
                return rs.getLong(1);
            }
        }
    }

    /** --partitions: the same partitions as pgbench 15 makes (key, bounds, fill factor), run and named in the report. */
    @ParameterizedTest
    @ValueSource(strings = {"range", "hash"})
    void partitionsAreThoseOfPgbenchAndTheReportNamesThem(String method) throws Exception {
        requirePgbench();
        initialize("d");
        List<String> theirs;
        try {
            pgbench("-i", "-s", "1", "-q", "-F", "90", "--partitions", "3", "--partition-method", method);
            theirs = partitions();
        } finally {
            sql("drop table if exists pgbench_history, pgbench_tellers, pgbench_accounts, pgbench_branches");
        }
        initialize(PgbenchSettings.INIT_STEPS, 90, new Partitioning(3, method));

        assertEquals(4, theirs.size(), "pgbench made the key and 3 partitions: " + theirs);
        assertEquals(theirs, partitions());
        Outcome o = run(settings(List.of("tpcb-like"), List.of(), 2, 20, "prepared", null, Map.of()));
        assertTrue(o.phase().check().ok(), o.phase().check().verdict());
        assertTrue(o.out().contains("scaling factor: 1\npartition method: " + method + "\npartitions: 3\nquery mode: prepared"), o.out());
    }

    /**
     * --tablespace and --index-tablespace put the tables (partitions included) and the primary keys where
     * pgbench 15 puts them. bench_ts is made by scripts/services.sh (only a superuser makes a tablespace).
     */
    @ParameterizedTest
    @ValueSource(strings = {"--tablespace", "--index-tablespace"})
    void tablespacesAreThoseOfPgbench(String option) throws Exception {
        requirePgbench();
        SkipOrFail.unless(hasTablespace("bench_ts"), "no tablespace bench_ts (scripts/services.sh makes it)");
        initialize("d");
        List<String> theirs;
        try {
            pgbench("-i", "-s", "1", "-q", "--partitions", "2", option, "bench_ts");
            theirs = placements();
        } finally {
            sql("drop table if exists pgbench_history, pgbench_tellers, pgbench_accounts, pgbench_branches");
        }
        Tablespaces where = option.equals("--tablespace") ? new Tablespaces("bench_ts", null) : new Tablespaces(null, "bench_ts");
        initialize(PgbenchSettings.INIT_STEPS, 100, new Partitioning(2, null), where);

        assertTrue(theirs.stream().anyMatch(row -> row.endsWith(" bench_ts")), "pgbench used bench_ts: " + theirs);
        assertEquals(theirs, placements());
        Outcome o = run(settings(List.of("tpcb-like"), List.of(), 2, 20, "prepared", null, Map.of()));
        assertTrue(o.phase().check().ok(), o.phase().check().verdict());
    }

    private boolean hasTablespace(String name) throws Exception {
        try (JdbcTarget t = JdbcTarget.open(url(), null, null, 1); Connection c = t.connection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select count(*) from pg_tablespace where spcname = '" + name + "'")) {
            rs.next();
            return rs.getInt(1) == 1;
        }
    }

    /** Each pgbench relation (tables, partitions, indexes) and its tablespace. */
    private List<String> placements() throws Exception {
        return rows("select c.relname || ' ' || c.relkind::text || ' ' || coalesce(s.spcname, 'default')"
                + " from pg_class c left join pg_tablespace s on s.oid = c.reltablespace"
                + " where c.relname like 'pgbench\\_%' and c.relkind in ('r', 'p', 'i', 'I')"
                + " and c.relnamespace = current_schema()::regnamespace order by c.relname");
    }

    /** pgbench_accounts' partition key, then each partition's name, bounds and options. */
    private List<String> partitions() throws Exception {
        return rows("select pg_get_partkeydef('pgbench_accounts'::regclass) union all"
                + " (select c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid) || ' ' || coalesce(c.reloptions::text, '')"
                + " from pg_inherits i join pg_class c on c.oid = i.inhrelid"
                + " where i.inhparent = 'pgbench_accounts'::regclass order by c.relname)");
    }

    /** The query's one text column, row by row. */
    private List<String> rows(String query) throws Exception {
        List<String> rows = new java.util.ArrayList<>();
        try (JdbcTarget t = JdbcTarget.open(url(), null, null, 1); Connection c = t.connection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(query)) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }

    @Test
    void tablesInitializedHereRunInPgbenchAndKeepTheInvariant() throws Exception {
        requirePgbench();
        pgbench("-n", "-c", "2", "-t", "50", "-M", "prepared");
        try (JdbcTarget t = JdbcTarget.open(url(), null, null, 1); Connection c = t.connection()) {
            Balances b = Balances.read(c);
            assertEquals(100, b.historyRows());
            assertEquals(b.historyDelta(), b.accounts());
            assertEquals(b.accounts(), b.tellers());
            assertEquals(b.accounts(), b.branches());
        }
    }
}
