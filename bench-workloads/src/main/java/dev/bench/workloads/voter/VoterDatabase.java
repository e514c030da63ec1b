package dev.bench.workloads.voter;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates and inspects the Voter tables on one database: the schema, VoltDB's {@code Initialize} and
 * {@code Results}, the vote routine, and the counts the after-run check needs. Like tables, the routine
 * is only ever dropped or re-created when the tool's registry says the tool created it.
 */
public final class VoterDatabase {

    /** The routine's entry in the owned-tables registry (no table can have this name). */
    static final String ROUTINE_KEY = VoterSql.ROUTINE_NAME + "()";

    static final List<String> NAMES = List.of("Edwina Burnam", "Tabatha Gehling", "Kelly Clauss", "Jessie Alloway",
            "Alana Bregman", "Jessie Eichman", "Allie Rogalski", "Nita Coster", "Kurt Walser", "Ericka Dieter",
            "Loraine Nygren", "Tania Mattioli");

    private final JdbcTarget target;
    private final VoterSql sql;

    public VoterDatabase(JdbcTarget target) {
        this.target = target;
        this.sql = VoterSql.forDialect(target.dialect());
    }

    public JdbcTarget target() {
        return target;
    }

    VoterSql sql() {
        return sql;
    }

    public boolean hasRoutine() {
        return sql.routine() != null;
    }

    /** Drops the tool's own tables and routine from an earlier run, creates them afresh, runs Initialize. */
    public void create(int contestants) throws SQLException {
        try (Connection c = target.connection()) {
            OwnedTables owned = new OwnedTables(c);
            boolean routineThere = routineExists(c);
            if (routineThere && !isRegistered(c, owned)) {
                throw new BenchException("a routine named " + VoterSql.ROUTINE_NAME + " already exists and was not"
                        + " created by bench; it was left untouched. Use another database or drop it yourself");
            }
            List<String> ours = new ArrayList<>(VoterSql.TABLES);
            ours.add(ROUTINE_KEY);
            owned.dropOwnedOrRefuse(ours);
            List<String> toCreate = new ArrayList<>(VoterSql.TABLES);
            if (sql.routine() != null) {
                toCreate.add(ROUTINE_KEY);
            }
            owned.claim("voter", toCreate);
            try (Statement s = c.createStatement()) {
                if (routineThere) {
                    s.execute((target.dialect() == Dialect.POSTGRES ? "DROP FUNCTION " : "DROP PROCEDURE ")
                            + VoterSql.ROUTINE_NAME);
                }
                for (String ddl : sql.ddl()) {
                    s.execute(ddl);
                }
            }
            owned.register("voter", VoterSql.TABLES);
            if (sql.routine() != null) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql.routine());
                }
                owned.register("voter", List.of(ROUTINE_KEY));
            }
            initialize(c, contestants);
        }
    }

    /** For a client of a multi-client run: the tables (and routine, if asked for) must be there already. */
    public void requireCreated(boolean routine) throws SQLException {
        try (Connection c = target.connection()) {
            new OwnedTables(c).requireExisting(VoterSql.TABLES, "the launching process creates them");
            if (routine && !routineExists(c)) {
                throw new BenchException("routine " + VoterSql.ROUTINE_NAME + " does not exist; the launching process creates it");
            }
        }
    }

    /**
     * VoltDB's Initialize: if there are contestants already, leaves everything as it is and returns their
     * count; else inserts contestants 1..n and the area-code table and returns n.
     */
    static long initialize(Connection c, int contestants) throws SQLException {
        long existing = queryLong(c, VoterSql.COUNT_CONTESTANTS);
        if (existing > 0) {
            return existing;
        }
        if (contestants < 1 || contestants > NAMES.size()) {
            throw new BenchException("--contestants must be 1.." + NAMES.size() + ", got " + contestants);
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (PreparedStatement contestant = c.prepareStatement(VoterSql.INSERT_CONTESTANT);
             PreparedStatement area = c.prepareStatement(VoterSql.INSERT_AREA_CODE)) {
            for (int i = 0; i < contestants; i++) {
                contestant.setInt(1, i + 1);
                contestant.setString(2, NAMES.get(i));
                contestant.addBatch();
            }
            contestant.executeBatch();
            for (int i = 0; i < AreaCodes.size(); i++) {
                area.setShort(1, AreaCodes.code(i));
                area.setString(2, AreaCodes.state(i));
                area.addBatch();
            }
            area.executeBatch();
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
        return contestants;
    }

    /** What the database holds now, for the after-run check. */
    public Counts counts(int maxVotes) throws SQLException {
        try (Connection c = target.connection()) {
            long rows = queryLong(c, VoterSql.COUNT_VOTES);
            long phoneCounts = queryLong(c, VoterSql.SUM_PHONE_COUNTS);
            long resultsTotal = results(c).stream().mapToLong(Result::votes).sum();
            long overLimit;
            try (PreparedStatement ps = c.prepareStatement(VoterSql.PHONES_OVER_LIMIT)) {
                ps.setInt(1, maxVotes);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    overLimit = rs.getLong(1);
                }
            }
            return new Counts(rows, phoneCounts, resultsTotal, overLimit);
        }
    }

    /** VoltDB's Results: per contestant, most votes first. */
    public List<Result> results() throws SQLException {
        try (Connection c = target.connection()) {
            return results(c);
        }
    }

    /**
     * Results read on a replica ({@code --reads-to replicas}), with the host ({@code Hosts}) that served them.
     *
     * @param replicas the replicas' read-only pool
     */
    public static ReplicaResults resultsOn(JdbcTarget replicas) throws SQLException {
        try (Connection c = replicas.connection()) {
            return new ReplicaResults(results(c), replicas.hostOf(c));
        }
    }

    /** VoltDB's Results as a replica served them, and its host number ({@code Hosts}). */
    public record ReplicaResults(List<Result> results, int host) {

        public long total() {
            return results.stream().mapToLong(Result::votes).sum();
        }
    }

    private static List<Result> results(Connection c) throws SQLException {
        List<Result> results = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(VoterSql.RESULTS)) {
            while (rs.next()) {
                results.add(new Result(rs.getString(1), rs.getInt(2), rs.getLong(3)));
            }
        }
        return results;
    }

    public long voteRows() throws SQLException {
        try (Connection c = target.connection()) {
            return queryLong(c, VoterSql.COUNT_VOTES);
        }
    }

    private boolean routineExists(Connection c) throws SQLException {
        String query = switch (target.dialect()) {
            case POSTGRES -> "SELECT COUNT(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
                    + " WHERE p.proname = '" + VoterSql.ROUTINE_NAME + "' AND n.nspname = current_schema()";
            case MYSQL -> "SELECT COUNT(*) FROM information_schema.routines WHERE routine_schema = DATABASE()"
                    + " AND routine_name = '" + VoterSql.ROUTINE_NAME + "'";
            default -> null;
        };
        return query != null && queryLong(c, query) > 0;
    }

    private static boolean isRegistered(Connection c, OwnedTables owned) throws SQLException {
        if (!owned.exists(OwnedTables.REGISTRY)) {
            return false;
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + OwnedTables.REGISTRY + " WHERE table_name = ?")) {
            ps.setString(1, ROUTINE_KEY);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) > 0;
            }
        }
    }

    static long queryLong(Connection c, String query) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** One row of VoltDB's Results. */
    public record Result(String name, int number, long votes) {
    }

    /**
     * @param voteRows      rows in votes
     * @param phoneCounts   sum of the per-phone counts
     * @param resultsTotal  sum of Results' per-contestant totals
     * @param phonesOverLimit phones with more than maxVotes rows
     */
    public record Counts(long voteRows, long phoneCounts, long resultsTotal, long phonesOverLimit) {

        /** Just the row count, for the "database: +N new votes" line of a client that doesn't check. */
        public static Counts rowsOnly(long voteRows) {
            return new Counts(voteRows, 0, 0, 0);
        }
    }
}
