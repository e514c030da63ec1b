package dev.bench.cli.replicas;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.CliRunner;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One workload as {@link WorkloadFailoverTest} runs it through a failover: how its tables are made ready on the
 * pair, the run (about 4 s at a few hundred ops/s, so the failover 2 s in falls mid-run), and the acknowledged
 * writes lost counted by the test itself: SQL row counts on the surviving primary against summary.json's told.
 */
enum FailoverWorkload {

    TAO("tao") {
        @Override
        List<String> prepare(String url) {
            return List.of("tao -load -n 2000 -load-threads 2 --url " + url);
        }

        @Override
        List<String> run(String url, Path results) {
            return List.of("tao", "-run", "-E", "4,0,4", "--target", "400", "--url", url, "--results", results.toString());
        }

        /** The check's rule: a kind whose shortfall is within its writes in doubt counts none. */
        @Override
        long lostBySql(Connection c, JsonNode told) throws SQLException {
            JsonNode before = told.path("before");
            long edges = told.path("edges_added").asLong() - told.path("edges_deleted").asLong()
                    - (count(c, "edges") - before.path("edges").asLong());
            long objects = told.path("objects_added").asLong() - told.path("objects_deleted").asLong()
                    - (count(c, "objects") - before.path("objects").asLong());
            return (edges > told.path("edges_in_doubt").asLong() ? edges : 0)
                    + (objects > told.path("objects_in_doubt").asLong() ? objects : 0);
        }
    },
    VOTER("voter") {
        @Override
        List<String> run(String url, Path results) {
            return List.of("voter", "--target", "400", "--calls", "1600", "--burst-size", "8", "--url", url,
                    "--results", results.toString());
        }

        @Override
        long lostBySql(Connection c, JsonNode told) throws SQLException {
            long gained = count(c, "votes") - told.path("before").path("vote_rows").asLong();
            return Math.max(0, told.path("accepted").asLong() - gained);
        }
    },
    OLTP_RW("oltp-rw") {
        @Override
        List<String> prepare(String url) {
            return List.of("oltp-rw cleanup --url " + url, "oltp-rw prepare --table-size 2000 --url " + url);
        }

        @Override
        List<String> run(String url, Path results) {
            return List.of("oltp-rw", "run", "--table-size", "2000", "--time", "4", "--threads", "4", "--rate", "200",
                    "--url", url, "--results", results.toString());
        }

        /** Each transaction deletes and inserts one id: rows per table never change, lost or not (not countable). */
        @Override
        long lostBySql(Connection c, JsonNode told) {
            throw new UnsupportedOperationException("oltp-rw's tables don't show a lost transaction");
        }
    },
    TPCC("tpcc") {
        @Override
        List<String> prepare(String url) {
            return List.of("tpcc cleanup --url " + url, "tpcc prepare --scale 1 --url " + url);
        }

        @Override
        List<String> run(String url, Path results) {
            return List.of("tpcc", "run", "--scale", "1", "--time", "4", "--threads", "4", "--rate", "200", "--url", url,
                    "--results", results.toString());
        }

        @Override
        long lostBySql(Connection c, JsonNode told) throws SQLException {
            JsonNode before = told.path("before");
            long orders = told.path("new_orders").asLong() - (count(c, "orders1") - before.path("orders").asLong());
            long payments = told.path("payments").asLong() - (count(c, "history1") - before.path("history").asLong());
            return Math.max(0, orders) + Math.max(0, payments);
        }
    },
    YCSB("ycsb") {
        /** Every run inserts the same record numbers from recordcount on: a fresh table each time. */
        @Override
        List<String> prepare(String url) {
            return List.of("ycsb cleanup jdbc --url " + url, "ycsb load jdbc -P " + WORKLOADD + " -p recordcount=2000 -threads 2 --url " + url);
        }

        @Override
        boolean prepareEachRun() {
            return true;
        }

        @Override
        List<String> run(String url, Path results) {
            return List.of("ycsb", "run", "jdbc", "-P", WORKLOADD.toString(), "-p", "recordcount=2000", "-p", "insertproportion=0.5",
                    "-p", "readproportion=0.5", "-p", "operationcount=0", "-p", "maxexecutiontime=4", "-target", "400",
                    "-threads", "4", "--url", url, "--results", results.toString());
        }

        /** The check looks each acknowledged insert up by key; the count of rows must come to the same. */
        @Override
        long lostBySql(Connection c, JsonNode told) throws SQLException {
            long gained = count(c, "usertable") - told.path("rows_before").asLong();
            return Math.max(0, told.path("inserts_acknowledged").asLong() + told.path("inserts_in_doubt_found").asLong() - gained);
        }
    };

    private static final Path WORKLOADD = Paths.get("..", "examples", "ycsb", "workloadd").toAbsolutePath().normalize();

    final String command;

    FailoverWorkload(String command) {
        this.command = command;
    }

    /** Commands that make the tables ready on the pair's primary (none: the run creates them). */
    List<String> prepare(String url) {
        return List.of();
    }

    /** Whether {@link #prepare} must run before every run, not once. */
    boolean prepareEachRun() {
        return false;
    }

    abstract List<String> run(String url, Path results);

    /** Acknowledged writes gone from the surviving primary, counted by SQL against what the client was told. */
    abstract long lostBySql(Connection c, JsonNode told) throws SQLException;

    long lostBySql(String url, JsonNode told) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return lostBySql(c, told);
        }
    }

    void prepareOn(String url) {
        for (String line : prepare(url)) {
            List<String> args = new ArrayList<>(List.of(line.split(" ")));
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            if (!line.contains(" cleanup ")) {
                assertEquals(0, r.exitCode(), line + "\n" + r.out() + r.err());
            }
        }
    }

    static long count(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
