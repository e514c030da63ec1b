package dev.bench.workloads.tpcc;

import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.Session;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.random.SplitMix64;
import dev.bench.workloads.sysbench.QueryCounters;
import dev.bench.workloads.sysbench.ThreadFairness;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;

/**
 * One worker's connection: runs each op as one transaction at the run's isolation level, with the
 * statements prepared once per table set, and counts statements for the sysbench report.
 *
 * <p>Threading: one worker thread at a time, as every {@link Session}.
 */
final class TpccSession implements Session {

    private final Connection connection;
    private final TpccWorkload workload;
    private final int worker;
    private final PreparedStatement[][] statements;
    final int scale;
    private final QueryCounters counters;
    private final ThreadFairness fairness;
    /** Whether the engine measures this op: warmup ops stay out of the statement counts, as out of its own. */
    private boolean measured;
    /** Scratch space for by-name customer lookups: at most 3000 customers share a last name in a district. */
    final int[] customerIds = new int[TpccPopulation.CUSTOMERS];
    private int set;

    TpccSession(Connection connection, TpccWorkload workload, int worker) throws SQLException {
        this.connection = connection;
        this.workload = workload;
        this.worker = worker;
        this.scale = workload.settings().scale();
        this.counters = workload.counters();
        this.fairness = workload.fairness();
        this.statements = new PreparedStatement[workload.settings().tables() + 1][];
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(workload.settings().isolation());
    }

    @Override
    public void execute(Batch batch) throws Exception {
        measured = batch.isMeasured(0);
        SplitMix64 r = batch.random(0);
        set = TpccRandom.uniform(r, 1, workload.settings().tables());
        int w = TpccRandom.uniform(r, 1, scale);
        other(); // BEGIN
        try {
            boolean committed = switch (batch.kind()) {
                case TpccWorkload.NEW_ORDER -> NewOrder.run(this, r, w);
                case TpccWorkload.PAYMENT -> Payment.run(this, r, w);
                case TpccWorkload.ORDER_STATUS -> OrderStatus.run(this, r, w);
                case TpccWorkload.DELIVERY -> Delivery.run(this, r, w);
                default -> StockLevel.run(this, r, w);
            };
            if (committed) {
                commit(batch.kind());
            } else {
                connection.rollback();
                batch.reject(0);
            }
            other();
        } catch (Exception e) {
            rollbackQuietly();
            throw lostConnection(e) ? new SQLRecoverableException("connection lost: " + e.getMessage(), "08006", e) : e;
        }
        fairness.completed(worker, batch);
    }

    /**
     * Commits, and counts a new order or payment: acknowledged when the commit returned, in doubt when it failed
     * other than by a rollback the server reported (a serialization failure): the connection broke with the
     * commit sent, so it may have happened.
     */
    private void commit(int kind) throws SQLException {
        TpccWrites writes = workload.writes();
        try {
            connection.commit();
        } catch (SQLException e) {
            if (workload.classify(e) != ErrorKind.RETRYABLE) {
                if (kind == TpccWorkload.NEW_ORDER) {
                    writes.newOrdersInDoubt.increment();
                } else if (kind == TpccWorkload.PAYMENT) {
                    writes.paymentsInDoubt.increment();
                }
            }
            throw e;
        }
        if (kind == TpccWorkload.NEW_ORDER) {
            writes.newOrders.increment();
        } else if (kind == TpccWorkload.PAYMENT) {
            writes.payments.increment();
        }
    }

    /**
     * Whether a failure the rules call fatal came from a dead connection. Connector/J, when the server
     * kills a connection during a batch, reports "statement closed" (S1009) instead of the link failure.
     */
    private boolean lostConnection(Exception e) {
        if (workload.classify(e) != ErrorKind.FATAL) {
            return false;
        }
        try {
            return !connection.isValid(2);
        } catch (SQLException invalid) {
            return true;
        }
    }

    private void rollbackQuietly() {
        try {
            connection.rollback();
            other();
        } catch (SQLException ignored) {
            // the original failure is what the engine must classify; a broken connection is replaced
        }
    }

    private void read() {
        if (measured) {
            counters.add(1, 0, 0);
        }
    }

    private void wrote(long rows) {
        if (measured) {
            counters.add(0, rows > 0 ? 1 : 0, rows > 0 ? 0 : 1); // a change that hit no row is "other", as in sysbench
        }
    }

    private void other() {
        if (measured) {
            counters.add(0, 0, 1);
        }
    }

    /** The statement for this op's table set, prepared on first use. */
    PreparedStatement ps(TpccSql which) throws SQLException {
        PreparedStatement[] forSet = statements[set];
        if (forSet == null) {
            forSet = statements[set] = new PreparedStatement[TpccSql.values().length];
        }
        PreparedStatement ps = forSet[which.ordinal()];
        if (ps == null) {
            ps = forSet[which.ordinal()] = connection.prepareStatement(which.sql(new TpccTables(set)));
        }
        return ps;
    }

    /** Binds int parameters 1..n and runs the query; the caller closes the result set. */
    ResultSet query(TpccSql which, int... params) throws SQLException {
        PreparedStatement ps = ps(which);
        for (int i = 0; i < params.length; i++) {
            ps.setInt(i + 1, params[i]);
        }
        read();
        return ps.executeQuery();
    }

    /** Runs an update whose parameters the caller bound; counts it. */
    int update(PreparedStatement ps) throws SQLException {
        int rows = ps.executeUpdate();
        wrote(rows);
        return rows;
    }

    void executeBatch(PreparedStatement ps) throws SQLException {
        int[] counts;
        try {
            counts = ps.executeBatch();
        } catch (AssertionError e) {
            // pgjdbc asserts that the connection is open after a batch; with -ea a killed connection
            // surfaces as this error instead of its SQLException. It is a lost connection all the same.
            throw new SQLRecoverableException("connection lost during a batch: " + e.getMessage(), "08006", e);
        }
        for (int rows : counts) {
            wrote(rows == PreparedStatement.SUCCESS_NO_INFO ? 1 : rows);
        }
    }

    /** Finds a customer by last name: the one at position ceil(n/2) ordered by first name (clause 2.5.2.2). */
    int customerByName(int w, int d, String lastName) throws SQLException {
        PreparedStatement ps = ps(TpccSql.CUSTOMER_BY_NAME);
        ps.setInt(1, w);
        ps.setInt(2, d);
        ps.setString(3, lastName);
        read();
        int n = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                customerIds[n++] = rs.getInt(1);
            }
        }
        if (n == 0) {
            throw new IllegalStateException("no customer named " + lastName + " in warehouse " + w + " district " + d
                    + ": the tables do not hold TPC-C's population");
        }
        return customerIds[(n - 1) / 2];
    }

    /** A warehouse other than w, uniform; w itself when there is only one. */
    int otherWarehouse(SplitMix64 r, int w) {
        if (scale == 1) {
            return w;
        }
        int other = TpccRandom.uniform(r, 1, scale - 1);
        return other >= w ? other + 1 : other;
    }

    @Override
    public void abort() {
        JdbcTarget.abort(connection);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
