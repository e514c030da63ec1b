package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

/**
 * Noria's {@code mssql} client: votes are rows, counts an indexed view ({@link MssqlVoteSql}) that
 * SQL Server keeps up to date on every insert. A write is one multi-row insert (one statement, so
 * atomic on its own); a read goes through the view's clustered index.
 *
 * <p>Not run on the machines this was written on (no SQL Server package, no Docker engine): its SQL
 * and session set-up are unit-tested, and {@code MssqlVoteServerTest} runs it where a server exists.
 */
final class MssqlVoteBackend implements VoteBackend {

    private static final List<String> OWNED = List.of(MssqlVoteSql.VIEW, "art", "vt");

    private final JdbcTarget target;
    private final int maxBatch;

    MssqlVoteBackend(JdbcTarget target, int maxBatch) {
        if (target.dialect() != Dialect.MSSQL) {
            throw new BenchException("the mssql backend needs a jdbc:sqlserver: URL, got " + target.maskedUrl());
        }
        this.target = target;
        this.maxBatch = maxBatch;
    }

    @Override
    public String name() {
        return "mssql";
    }

    @Override
    public String describe() {
        return target.serverVersion() + " at " + target.maskedUrl();
    }

    @Override
    public void prime(long articles) throws SQLException {
        try (Connection c = sessionConnection()) {
            OwnedTables owned = new OwnedTables(c);
            for (String name : OWNED) {
                if (owned.exists(name) && !owned.isOwned(name)) {
                    throw new BenchException("table or view '" + name + "' already exists and was not created by bench;"
                            + " it was left untouched. Use another database (--database or --url) or drop it yourself");
                }
            }
            if (owned.exists(MssqlVoteSql.VIEW)) {
                execute(c, MssqlVoteSql.DROP_VIEW); // bound to art and vt: it goes first
            }
            owned.dropOwnedOrRefuse(OWNED);
            owned.claim("vote", MssqlVoteSql.TABLES);
            execute(c, MssqlVoteSql.DDL.get(0));
            execute(c, MssqlVoteSql.DDL.get(1));
            owned.register("vote", MssqlVoteSql.TABLES);
            insertArticles(c, articles);
            execute(c, MssqlVoteSql.PRIME_VOTES);
            // built once over the filled tables rather than maintained row by row while priming
            owned.claim("vote", List.of(MssqlVoteSql.VIEW));
            execute(c, MssqlVoteSql.DDL.get(2));
            owned.register("vote", List.of(MssqlVoteSql.VIEW));
            execute(c, MssqlVoteSql.DDL.get(3));
        }
    }

    private static void insertArticles(Connection c, long articles) throws SQLException {
        int chunk = MssqlVoteSql.MAX_VALUES_ROWS;
        try (PreparedStatement full = c.prepareStatement(MssqlVoteSql.insertArticles(chunk))) {
            for (long first = 1; first <= articles; first += chunk) {
                int rows = (int) Math.min(chunk, articles - first + 1);
                if (rows == chunk) {
                    bindArticles(full, first, rows).executeUpdate();
                } else {
                    try (PreparedStatement tail = c.prepareStatement(MssqlVoteSql.insertArticles(rows))) {
                        bindArticles(tail, first, rows).executeUpdate();
                    }
                }
            }
        }
    }

    private static PreparedStatement bindArticles(PreparedStatement ps, long first, int rows) throws SQLException {
        for (int i = 0; i < rows; i++) {
            ps.setLong(2 * i + 1, first + i);
            ps.setString(2 * i + 2, MemcachedVoteKeys.title(first + i));
        }
        return ps;
    }

    @Override
    public void requirePrimed(long articles) throws SQLException {
        try (Connection c = sessionConnection()) {
            new OwnedTables(c).requireExisting(OWNED, "run once without --no-prime to create and fill them");
            long have = queryLong(c, MssqlVoteSql.MAX_ARTICLE);
            if (have < articles) {
                throw new BenchException("table art holds articles up to id " + have + ", fewer than --articles "
                        + articles + "; prime again or lower --articles");
            }
        }
    }

    @Override
    public Optional<VoteCounts> count() throws SQLException {
        try (Connection c = sessionConnection()) {
            return Optional.of(new VoteCounts(queryLong(c, MssqlVoteSql.COUNT_VOTES), queryLong(c, MssqlVoteSql.SUM_COUNTS)));
        }
    }

    @Override
    public VoteSession openSession() throws SQLException {
        return new MssqlVoteSession(sessionConnection(), maxBatch);
    }

    /** A pooled connection with the session options indexed views require. */
    private Connection sessionConnection() throws SQLException {
        Connection c = target.connection();
        try {
            execute(c, MssqlVoteSql.SESSION_OPTIONS);
            return c;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long queryLong(Connection c, String query) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void close() {
        target.close();
    }
}
