package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;
import dev.bench.core.jdbc.ReplicaCatchUp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * Vote counts pre-computed in a SQL table (Noria's {@code mysql} client), for H2, PostgreSQL and
 * MySQL/MariaDB. Reads are one IN-list query; a write batch inserts its vote rows and raises the
 * counts in one transaction. With a replicas pool ({@code --reads-to replicas}) each session reads on a
 * read-only connection of its own from it and writes on the primary's.
 */
final class JdbcVoteBackend implements VoteBackend {

    private static final int PRIME_ROWS_PER_STATEMENT = 1000;

    private final String name;
    private final JdbcTarget target;
    /** The replicas' read-only pool, or null when reads go to the primary. */
    private final JdbcTarget replicas;
    private final VoteSql sql;
    private final int maxBatch;

    JdbcVoteBackend(String name, JdbcTarget target, String mysqlEngine, int maxBatch) {
        this(name, target, null, mysqlEngine, maxBatch);
    }

    /** @param replicas the replicas' read-only pool, or null; closed with this backend */
    JdbcVoteBackend(String name, JdbcTarget target, JdbcTarget replicas, String mysqlEngine, int maxBatch) {
        this.name = name;
        this.target = target;
        this.replicas = replicas;
        this.sql = VoteSql.forDialect(target.dialect(), mysqlEngine);
        this.maxBatch = maxBatch;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String describe() {
        return target.serverVersion() + " at " + target.maskedUrl() + (replicas == null ? "" : ", reads at " + replicas.maskedUrl());
    }

    @Override
    public boolean readsFromReplicas() {
        return replicas != null;
    }

    @Override
    public long[] countsByArticle(long articles) throws SQLException {
        long[] counts = new long[Math.toIntExact(articles + 1)];
        try (Connection c = target.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, votes FROM art WHERE id <= " + articles)) {
            while (rs.next()) {
                counts[(int) rs.getLong(1)] = rs.getLong(2);
            }
        }
        return counts;
    }

    @Override
    public void prime(long articles) throws SQLException {
        try (Connection c = target.connection()) {
            OwnedTables owned = new OwnedTables(c);
            owned.dropOwnedOrRefuse(VoteSql.TABLES);
            owned.claim("vote", VoteSql.TABLES);
            try (Statement s = c.createStatement()) {
                for (String ddl : sql.ddl()) {
                    s.execute(ddl);
                }
            }
            owned.register("vote", VoteSql.TABLES);
            insertArticles(c, articles);
        }
        ReplicaCatchUp.await(target, replicas, ReplicaCatchUp.TIMEOUT_MILLIS);
    }

    private static void insertArticles(Connection c, long articles) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (PreparedStatement full = c.prepareStatement(VoteSql.insertArticles(PRIME_ROWS_PER_STATEMENT))) {
            for (long first = 1; first <= articles; first += PRIME_ROWS_PER_STATEMENT) {
                int rows = (int) Math.min(PRIME_ROWS_PER_STATEMENT, articles - first + 1);
                if (rows == PRIME_ROWS_PER_STATEMENT) {
                    bindArticles(full, first, rows).executeUpdate();
                } else {
                    try (PreparedStatement tail = c.prepareStatement(VoteSql.insertArticles(rows))) {
                        bindArticles(tail, first, rows).executeUpdate();
                    }
                }
                c.commit();
            }
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static PreparedStatement bindArticles(PreparedStatement ps, long first, int rows) throws SQLException {
        for (int i = 0; i < rows; i++) {
            ps.setLong(2 * i + 1, first + i);
            ps.setString(2 * i + 2, "Article #" + (first + i));
        }
        return ps;
    }

    @Override
    public void requirePrimed(long articles) throws SQLException {
        try (Connection c = target.connection()) {
            new OwnedTables(c).requireExisting(VoteSql.TABLES, "run once without --no-prime to create and fill them");
            long have = queryLong(c, VoteSql.MAX_ARTICLE);
            if (have < articles) {
                throw new dev.bench.core.BenchException("table art holds articles up to id " + have
                        + ", fewer than --articles " + articles + "; prime again or lower --articles");
            }
        }
        ReplicaCatchUp.await(target, replicas, ReplicaCatchUp.TIMEOUT_MILLIS);
    }

    @Override
    public Optional<VoteCounts> count() throws SQLException {
        try (Connection c = target.connection()) {
            return Optional.of(new VoteCounts(queryLong(c, VoteSql.COUNT_VOTES), queryLong(c, VoteSql.SUM_COUNTS)));
        }
    }

    private static long queryLong(Connection c, String query) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public VoteSession openSession() throws SQLException {
        Connection c = open(target);
        try {
            int writeHost = target.hostOf(c);
            if (replicas == null) {
                return new JdbcVoteSession(c, c, writeHost, writeHost, maxBatch);
            }
            Connection r = open(replicas);
            try {
                return new JdbcVoteSession(c, r, writeHost, replicas.hostOf(r), maxBatch);
            } catch (SQLException | RuntimeException e) {
                r.close();
                throw e;
            }
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private Connection open(JdbcTarget pool) throws SQLException {
        Connection c = pool.connection();
        try {
            if (sql.sessionInit() != null) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql.sessionInit());
                }
            }
            return c;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            target.close();
        } finally {
            if (replicas != null) {
                replicas.close();
            }
        }
    }

    /**
     * One worker's connection with its statements prepared lazily, one per batch size (read sizes
     * rounded up to a power of two: {@link PaddedReads}); reads on a connection of their own when they
     * go to replicas.
     */
    private static final class JdbcVoteSession implements VoteSession {
        private final Connection connection;
        /** The same as {@link #connection} unless reads go to replicas. */
        private final Connection readConnection;
        private final int writeHost;
        private final int readHost;
        private final PaddedReads reads;
        private final PreparedStatement[] inserts;
        private final PreparedStatement[] updates;
        private final VoteTally tally;

        JdbcVoteSession(Connection connection, Connection readConnection, int writeHost, int readHost, int maxBatch) {
            this.connection = connection;
            this.readConnection = readConnection;
            this.writeHost = writeHost;
            this.readHost = readHost;
            this.reads = new PaddedReads(readConnection, maxBatch, VoteSql::read);
            this.inserts = new PreparedStatement[maxBatch + 1];
            this.updates = new PreparedStatement[maxBatch + 1];
            this.tally = new VoteTally(maxBatch);
        }

        @Override
        public void read(long[] ids, int n) throws SQLException {
            reads.read(ids, 0, n);
        }

        @Override
        public void readCounts(long[] ids, int n, long[] votes) throws SQLException {
            reads.readCounts(ids, n, votes);
        }

        @Override
        public int readHost() {
            return readHost;
        }

        @Override
        public int writeHost() {
            return writeHost;
        }

        @Override
        public void write(long[] ids, int n) throws SQLException {
            int d = tally.tally(ids, n);
            connection.setAutoCommit(false);
            try {
                PreparedStatement insert = inserts[n];
                if (insert == null) {
                    insert = inserts[n] = connection.prepareStatement(VoteSql.insertVotes(n));
                }
                for (int i = 0; i < n; i++) {
                    insert.setLong(i + 1, ids[i]);
                }
                insert.executeUpdate();
                PreparedStatement update = updates[d];
                if (update == null) {
                    update = updates[d] = connection.prepareStatement(VoteSql.addVotes(d));
                }
                for (int i = 0; i < d; i++) {
                    update.setLong(2 * i + 1, tally.article(i));
                    update.setLong(2 * i + 2, tally.votes(i));
                    update.setLong(2 * d + i + 1, tally.article(i));
                }
                update.executeUpdate();
                connection.commit();
                connection.setAutoCommit(true);
            } catch (SQLException | RuntimeException e) {
                abandonTransaction();
                throw e;
            }
        }

        private void abandonTransaction() {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException ignored) {
                // the original failure is the one worth reporting; a broken connection is replaced
            }
        }

        @Override
        public void abort() {
            JdbcTarget.abort(connection);
            if (readConnection != connection) {
                JdbcTarget.abort(readConnection);
            }
        }

        @Override
        public void close() throws SQLException {
            try {
                connection.close(); // closes its statements and returns it to the pool
            } finally {
                if (readConnection != connection) {
                    readConnection.close();
                }
            }
        }
    }
}
