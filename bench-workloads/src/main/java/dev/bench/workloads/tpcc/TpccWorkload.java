package dev.bench.workloads.tpcc;

import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;

import dev.bench.workloads.sysbench.QueryCounters;
import dev.bench.workloads.sysbench.ThreadFairness;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * TPC-C's five transactions at the standard mix (10/10/1/1/1 of 23: clause 5.2.3's minimums for the
 * three small ones, as sysbench-tpcc), each op one transaction on a uniformly drawn table set and
 * home warehouse, no think time. Deadlocks and serialization failures are retried by the engine; the
 * 1% of New-Orders that roll back on purpose are expected rejections.
 *
 * <p>Threading: sessions are per worker; {@link #counters()} is safe from any thread.
 */
public final class TpccWorkload implements Workload {

    static final int NEW_ORDER = 0;
    static final int PAYMENT = 1;
    static final int ORDER_STATUS = 2;
    static final int DELIVERY = 3;
    static final int STOCK_LEVEL = 4;

    public static final String NEW_ORDER_KIND = "new-order";
    /** The new-order kind's index in {@link #kinds()}: bench-jmh's TpccNewOrder runs only it. */
    public static final int NEW_ORDER_INDEX = NEW_ORDER;

    private static final List<OpKind> KINDS = List.of(new OpKind(NEW_ORDER_KIND, 10, 1), new OpKind("payment", 10, 1),
            new OpKind("order-status", 1, 1), new OpKind("delivery", 1, 1), new OpKind("stock-level", 1, 1));

    static List<String> kindNames() {
        return KINDS.stream().map(OpKind::name).toList();
    }

    private static final String H2_CONCURRENT_UPDATE = "90131";

    private final JdbcTarget target;
    private final TpccSettings settings;
    private final QueryCounters counters = new QueryCounters();
    private final TpccWrites writes = new TpccWrites();
    private final ThreadFairness fairness;

    public TpccWorkload(JdbcTarget target, TpccSettings settings, int workers) {
        this.target = target;
        this.settings = settings;
        this.fairness = new ThreadFairness(workers);
    }

    @Override
    public List<OpKind> kinds() {
        return KINDS;
    }

    TpccSettings settings() {
        return settings;
    }

    /** New orders and payments committed and in doubt, for the after-run check. */
    TpccWrites writes() {
        return writes;
    }

    public QueryCounters counters() {
        return counters;
    }

    public ThreadFairness fairness() {
        return fairness;
    }

    @Override
    public Session openSession(int workerIndex) throws SQLException {
        Connection c = target.connection();
        try {
            return new TpccSession(c, this, workerIndex);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** SqlErrors' rules, plus H2's "concurrent update" (90131), its form of a serialization failure. */
    @Override
    public ErrorKind classify(Exception failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && H2_CONCURRENT_UPDATE.equals(sql.getSQLState())) {
                return ErrorKind.RETRYABLE;
            }
        }
        return SqlErrors.classify(failure);
    }
}
