package dev.bench.workloads.tao;

import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;

import java.sql.Connection;
import java.util.List;

/**
 * TAOBench's run phase for one experiment: 13 op kinds (five reads, six writes, read and write
 * transactions) weighted as the config says, on edges from the {@link EdgePool}.
 *
 * <p>Threading: sessions are per worker; counters are safe from any thread.
 */
final class TaoWorkload implements Workload {

    private final JdbcTarget target;
    /** The replicas' read-only pool for reads and read transactions ({@code --reads-to replicas}), or null. */
    private final JdbcTarget replicas;
    private final TaoSql sql;
    private final TaoConfig config;
    private final EdgePool pool;
    private final TaoCounters counters = new TaoCounters();
    /** Kept only when reads go to replicas. */
    private final TaoStaleReads stale;
    private final Window window = new Window();
    /**
     * Mixed into the low bits of every fresh key: the seed makes a run's requests repeatable, but the
     * next run with the same seed must not draw the keys this one added (its adds would all be refused).
     */
    private final long keySalt = System.nanoTime() ^ System.currentTimeMillis() * 0x9E3779B97F4A7C15L;

    TaoWorkload(JdbcTarget target, JdbcTarget replicas, TaoSql sql, TaoConfig config, EdgePool pool) {
        this.target = target;
        this.replicas = replicas;
        this.stale = replicas == null ? null : new TaoStaleReads(pool);
        this.sql = sql;
        this.config = config;
        this.pool = pool;
    }

    @Override
    public List<OpKind> kinds() {
        return config.kinds();
    }

    @Override
    public Session openSession(int workerIndex) throws Exception {
        Connection c = target.connection();
        Connection r = null;
        try {
            int writeHost = target.hostOf(c);
            r = replicas == null ? c : replicas.connection();
            int readHost = replicas == null ? writeHost : replicas.hostOf(r);
            return new TaoSession(new TaoSession.Connections(c, r, writeHost, readHost), sql, config, pool, counters, stale,
                    window, keySalt);
        } catch (Exception e) {
            if (r != null && r != c) {
                r.close();
            }
            c.close();
            throw e;
        }
    }

    /** The single reads and read transactions: they write nothing. */
    @Override
    public boolean isReadOnly(OpKind kind) {
        return TaoOp.byConfigName(kind.name()).readsOnly();
    }

    @Override
    public boolean onReplicas(OpKind kind) {
        return replicas != null && isReadOnly(kind);
    }

    /** Point reads older than an acknowledged update ({@link TaoStaleReads}); -1 when reads go to the primary. */
    @Override
    public long staleReads(int host) {
        return stale == null ? -1 : stale.count(host);
    }

    @Override
    public ErrorKind classify(Exception failure) {
        return SqlErrors.classify(failure);
    }

    TaoCounters counters() {
        return counters;
    }

    /** Learns where the measured window starts, so misses in warmup aren't counted. */
    IntervalListener windowListener() {
        return window;
    }

    Window window() {
        return window;
    }

    /**
     * The start of the measured window on the {@link System#nanoTime()} scale, from the wall-clock time
     * the engine announces before its workers start.
     */
    static final class Window implements IntervalListener {
        private volatile long startNanos = Long.MIN_VALUE;
        private volatile long endNanos;

        long startNanos() {
            return startNanos;
        }

        /** What the experiment took on the clock, warmup included: it may end early (a stop, Ctrl-C). */
        double totalSeconds(int warmupSeconds) {
            return warmupSeconds + (endNanos - startNanos) / 1e9;
        }

        @Override
        public void onStart(RunInfo info) {
            startNanos = System.nanoTime() + (info.startEpochMillis() - System.currentTimeMillis()) * 1_000_000;
        }

        @Override
        public void onInterval(IntervalSnapshot interval) {
        }

        @Override
        public void onEnd(RunResult result) {
            endNanos = System.nanoTime();
        }
    }
}
