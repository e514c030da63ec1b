package dev.bench.workloads.oltp;

import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.DryRunDriver;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.random.KeyDistribution;
import dev.bench.workloads.sysbench.QueryCounters;
import dev.bench.workloads.sysbench.ThreadFairness;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * sysbench oltp_read_write as one op kind, "transaction": each op is one whole event (BEGIN, the
 * selects, updates, delete+insert, COMMIT) run by an {@link OltpSession}. Ignorable errors (deadlock,
 * duplicate key, serialization failure) are retryable: the session rolls back, the engine re-runs the
 * event (fresh values, as in sysbench) and counts the retry, which is sysbench's "ignored errors"; the
 * event's latency includes the failed attempts, as in sysbench.
 *
 * <p>Threading: {@link #openSession} and {@link #classify} from any worker; counters are thread-safe.
 */
public final class OltpWorkload implements Workload {

    static final String KIND = "transaction";
    /** sysbench's default ignored errors for PostgreSQL (deadlock, duplicate key, serialization failure). */
    private static final Set<String> IGNORED_STATES = Set.of("40P01", "23505", "40001");
    /** H2's equivalents: duplicate key, deadlock, lock timeout. */
    private static final Set<String> IGNORED_H2_STATES = Set.of("23505", "40001", "HYT00");
    private static final Set<Integer> IGNORED_MYSQL_CODES = Set.of(1213, 1020, 1205);

    private final JdbcTarget target;
    /** The replicas' read-only pool for the selects, or null: they run on the primary's connection. */
    private final JdbcTarget replicas;
    private final OltpSettings settings;
    private final ScriptSettings script;
    private final KeyDistribution ids;
    private final QueryCounters counters = new QueryCounters();
    private final ThreadFairness fairness;
    private final int threads;
    private final boolean dryRun;
    /** oltp_insert's sysbench.rand.unique(): a counter, permuted, so no two inserts of a run draw the same id. */
    private final AtomicInteger unique = new AtomicInteger((int) System.nanoTime());
    /** bulk_insert: the rows each thread appended (its next id), and the first last-INSERT that failed, or null. */
    private final long[] bulkRows;
    private volatile SQLException bulkFailure;

    public OltpWorkload(JdbcTarget target, OltpSettings settings, int threads) {
        this(target, null, settings, ScriptSettings.READ_WRITE, threads);
    }

    /**
     * @param replicas the replicas' read-only pool for the selects (needs --skip-trx on), or null
     * @param script   the sysbench script whose events run
     */
    public OltpWorkload(JdbcTarget target, JdbcTarget replicas, OltpSettings settings, ScriptSettings script, int threads) {
        this.target = target;
        this.dryRun = DryRunDriver.isDryRun(target);
        this.replicas = replicas;
        this.settings = settings;
        this.script = script;
        this.ids = settings.randType().over(settings.tableSize());
        this.fairness = new ThreadFairness(threads);
        this.threads = threads;
        this.bulkRows = new long[threads];
    }

    @Override
    public List<OpKind> kinds() {
        return List.of(new OpKind(KIND, 1, 1));
    }

    @Override
    public Session openSession(int workerIndex) throws Exception {
        Connection c = target.connection();
        Connection r = null;
        try {
            int writeHost = target.hostOf(c);
            r = replicas == null ? c : replicas.connection();
            int readHost = replicas == null ? writeHost : replicas.hostOf(r);
            return script.script() == OltpScript.BULK_INSERT ? new BulkInsertSession(c, this, workerIndex)
                    : new OltpSession(c, r, this, workerIndex, hasWrites() ? writeHost : readHost);
        } catch (SQLException | RuntimeException e) {
            if (r != null && r != c) {
                r.close();
            }
            c.close();
            throw e;
        }
    }

    /** Whether an event writes: if not, reads on replicas make it read-only as a whole (sysbench's oltp_read_only). */
    private boolean hasWrites() {
        return switch (script.script()) {
            case READ_WRITE, WRITE_ONLY -> settings.indexUpdates() + settings.nonIndexUpdates() + settings.deleteInserts() > 0;
            default -> script.script().writes();
        };
    }

    /** An event spans both pools when its selects go to replicas: it counts as on replicas only if it writes nothing. */
    @Override
    public boolean isReadOnly(OpKind kind) {
        return !hasWrites();
    }

    @Override
    public boolean onReplicas(OpKind kind) {
        return replicas != null && !hasWrites();
    }

    /**
     * sysbench's ignored errors are re-run (RETRYABLE), a lost connection is re-opened, and any other
     * error aborts the run, as in sysbench.
     */
    @Override
    public ErrorKind classify(Exception failure) {
        if (failure instanceof SQLException e && isIgnorable(e)) {
            return ErrorKind.RETRYABLE;
        }
        return SqlErrors.classify(failure) == ErrorKind.CONNECTION ? ErrorKind.CONNECTION : ErrorKind.FATAL;
    }

    /** Whether sysbench ignores this error on this dialect (--mysql-ignore-errors, --pgsql-ignore-errors defaults). */
    boolean isIgnorable(SQLException e) {
        Dialect dialect = target.dialect();
        if (dialect == Dialect.MYSQL) {
            return IGNORED_MYSQL_CODES.contains(e.getErrorCode());
        }
        if (dialect == Dialect.H2 && SqlErrors.isH2DeadlockRace(e)) {
            return true;
        }
        Set<String> states = dialect == Dialect.H2 ? IGNORED_H2_STATES : IGNORED_STATES;
        return e.getSQLState() != null && states.contains(e.getSQLState());
    }

    /** A 32-bit value no other call of this run returns: the counter through a bijection of int (xorshifts, odd multiplies). */
    int uniqueInt() {
        int x = unique.getAndIncrement();
        x ^= x >>> 16;
        x *= 0x45d9f3b;
        x ^= x >>> 16;
        x *= 0x45d9f3b;
        return x ^ (x >>> 16);
    }

    long bulkRowsOf(int worker) {
        return worker < bulkRows.length ? bulkRows[worker] : 0;
    }

    /** Written by worker {@code worker}'s session only; read after the engine joined the workers. */
    void bulkRowAdded(int worker) {
        if (worker < bulkRows.length) {
            bulkRows[worker]++;
        }
    }

    void bulkFailed(SQLException e) {
        if (bulkFailure == null) {
            bulkFailure = e;
        }
    }

    /** The rows bulk_insert's threads appended, all of which their INSERTs should have stored. */
    long bulkRows() {
        return Arrays.stream(bulkRows).sum();
    }

    SQLException bulkFailure() {
        return bulkFailure;
    }

    /** sysbench's --threads: select_random_* split the k range into this many segments. */
    int threads() {
        return threads;
    }

    ScriptSettings script() {
        return script;
    }

    Dialect dialect() {
        return target.dialect();
    }

    KeyDistribution ids() {
        return ids;
    }

    /** --mysql-dry-run: each call succeeded without a server, and counts as sysbench's dry run counts it ("other"). */
    boolean dryRun() {
        return dryRun;
    }

    public QueryCounters counters() {
        return counters;
    }

    public ThreadFairness fairness() {
        return fairness;
    }

    public OltpSettings settings() {
        return settings;
    }
}
