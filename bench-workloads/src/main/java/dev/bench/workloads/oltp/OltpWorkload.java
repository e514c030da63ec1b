package dev.bench.workloads.oltp;

import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.random.KeyDistribution;
import dev.bench.workloads.sysbench.QueryCounters;
import dev.bench.workloads.sysbench.ThreadFairness;

import java.util.List;

/**
 * sysbench oltp_read_write as one op kind, "transaction": each op is one whole event (BEGIN, the
 * selects, updates, delete+insert, COMMIT) run by an {@link OltpSession}. Ignorable errors (deadlock,
 * duplicate key, serialization failure) never reach the engine: the session rolls back and re-runs the
 * event with fresh values, so its latency includes the failed attempt, as in sysbench.
 *
 * <p>Threading: {@link #openSession} and {@link #classify} from any worker; counters are thread-safe.
 */
public final class OltpWorkload implements Workload {

    static final String KIND = "transaction";

    private final JdbcTarget target;
    private final OltpSettings settings;
    private final KeyDistribution ids;
    private final QueryCounters counters = new QueryCounters();
    private final ThreadFairness fairness;

    public OltpWorkload(JdbcTarget target, OltpSettings settings, int threads) {
        this.target = target;
        this.settings = settings;
        this.ids = settings.randType().over(settings.tableSize());
        this.fairness = new ThreadFairness(threads);
    }

    @Override
    public List<OpKind> kinds() {
        return List.of(new OpKind(KIND, 1, 1));
    }

    @Override
    public Session openSession(int workerIndex) throws Exception {
        return new OltpSession(target.connection(), target.dialect(), settings, ids, counters, fairness, workerIndex);
    }

    /** A lost connection is re-opened; any other error that escaped the session aborts the run (sysbench). */
    @Override
    public ErrorKind classify(Exception failure) {
        return SqlErrors.classify(failure) == ErrorKind.CONNECTION ? ErrorKind.CONNECTION : ErrorKind.FATAL;
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
