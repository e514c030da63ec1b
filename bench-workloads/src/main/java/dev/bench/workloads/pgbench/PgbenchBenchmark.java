package dev.bench.workloads.pgbench;

import dev.bench.core.Caller;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.ReplicaCatchUp;
import dev.bench.core.jdbc.OwnedTables;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * A pgbench run as the run template's parts: find the scale (pgbench_branches' rows when a builtin runs),
 * vacuum and empty the history as pgbench does (only tables bench created), one phase, then pgbench's
 * invariant or the user's --check, and pgbench's report. Owns the target and closes it.
 */
final class PgbenchBenchmark extends Benchmark implements ClientAborts {

    private final JdbcTarget target;
    /** The replicas for the read-only scripts (--reads-to replicas), or null. */
    private final JdbcTarget replicas;
    /** The clients' own connections, opened before the run; each session takes one ({@link PgbenchWorkload}). */
    private final Deque<Connection> clients;
    private final PgbenchSettings s;
    private final List<Script> scripts;
    private final RunConfig config;
    private final long seed;
    private final double connectionMs;
    private final PrintWriter err;
    private int scale;
    /** pgbench_accounts' partitions as found before the run (PostgreSQL), for the report. */
    private Partitioning partitioning = Partitioning.NONE;
    /** -l's files while the run writes them; null without -l or once closed. */
    private TransactionLog log;
    private Balances before;
    private PgbenchWorkload workload;
    private PgbenchCounters counters;
    /** The run's outcome, once reported. */
    private volatile PhaseOutcome outcome;

    /** @param replicas the replicas for the read-only scripts, or null; closed with this benchmark */
    PgbenchBenchmark(JdbcTarget target, JdbcTarget replicas, List<Connection> clients, PgbenchSettings settings, List<Script> scripts,
                     RunConfig config, long seed, double connectionMs, PrintWriter err) {
        this.target = target;
        this.replicas = replicas;
        this.clients = new ConcurrentLinkedDeque<>(clients);
        this.s = settings;
        this.scripts = scripts;
        this.config = config;
        this.seed = seed;
        this.connectionMs = connectionMs;
        this.err = err;
    }

    @Override
    public String name() {
        return PgbenchInit.WORKLOAD;
    }

    @Override
    public Map<String, Object> describe() {
        return target.summaryFields();
    }

    @Override
    protected void prepare() throws Exception {
        scale = s.scale();
        try (Connection c = target.connection()) {
            c.setAutoCommit(true);
            if (usesTables()) {
                OwnedTables owned = new OwnedTables(c);
                for (String t : PgbenchInit.TABLES) {
                    if (!owned.exists(t)) {
                        throw new BenchException("table '" + t + "' does not exist in " + target.maskedUrl()
                                + "; Perhaps you need to do initialization (\"bench pgbench -i\")");
                    }
                }
                scale = (int) single(c, "select count(*) from pgbench_branches");
                if (scale == 0) {
                    throw new BenchException("pgbench_branches is empty; Perhaps you need to do initialization (\"bench pgbench -i\")");
                }
                if (s.scaleGiven()) {
                    err.println("pgbench: warning: scale option ignored, using count from pgbench_branches table (" + scale + ")");
                }
                partitioning = partitioning(c);
                if (!s.noVacuum()) {
                    vacuum(c, owned);
                }
                before = Balances.read(c);
            }
        }
        ReplicaCatchUp.await(target, replicas, ReplicaCatchUp.TIMEOUT_MILLIS); // an -i a moment ago may not be there yet
    }

    /** How pgbench_accounts is partitioned, read from PostgreSQL's catalog as pgbench does; none elsewhere. */
    private Partitioning partitioning(Connection c) throws SQLException {
        if (target.dialect() != Dialect.POSTGRES) {
            return Partitioning.NONE;
        }
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select p.partstrat, (select count(*) from pg_inherits i where i.inhparent = c.oid)"
                     + " from pg_class c left join pg_partitioned_table p on p.partrelid = c.oid"
                     + " where c.oid = 'pgbench_accounts'::regclass")) {
            if (!rs.next() || rs.getString(1) == null) {
                return Partitioning.NONE;
            }
            return new Partitioning(rs.getInt(2), switch (rs.getString(1)) {
                case "r" -> "range";
                case "h" -> "hash";
                default -> "list";
            });
        }
    }

    /** pgbench's pre-run vacuum: branches, tellers (and accounts with -v), and an emptied history; bench's own tables only. */
    private void vacuum(Connection c, OwnedTables owned) throws SQLException {
        if (!owned.isOwned("pgbench_history")) {
            err.println("pgbench_history was not created by bench: left as it is (not vacuumed or emptied)");
            return;
        }
        err.print("starting vacuum...");
        if (target.dialect() == Dialect.POSTGRES) {
            exec(c, "vacuum pgbench_branches");
            exec(c, "vacuum pgbench_tellers");
            if (s.vacuumAll()) {
                exec(c, "vacuum pgbench_accounts");
            }
            exec(c, "truncate pgbench_history");
        } else {
            exec(c, "delete from pgbench_history");
        }
        err.println("end.");
        err.flush();
    }

    private boolean usesTables() {
        return scripts.stream().anyMatch(Script::builtin);
    }

    private boolean userScripts() {
        return scripts.stream().anyMatch(x -> !x.builtin());
    }

    @Override
    protected List<PhasePlan> phases() {
        return List.of(new PhasePlan("run", config));
    }

    @Override
    protected Workload workload(PhasePlan phase) {
        Map<String, Value> initial = new HashMap<>();
        initial.put("scale", Value.of(scale));
        initial.put("random_seed", Value.of(seed));
        // pgbench's draws from --random-seed: one generator per client, then the hash functions' default seed
        PgPrng.Seeds seeds = PgPrng.derive(seed, Math.max(1, s.client()));
        PgPrng[] clientRandom = seeds.clients();
        initial.put(Function.DEFAULT_SEED, Value.of(seeds.defaultSeed()));
        counters = new PgbenchCounters(scripts.size(), err, s.errorReports().verboseErrors(), s.errorReports().debug());
        TransactionLogSettings l = s.transactionLog();
        log = l.enabled() ? new TransactionLog(l, Caller.workingDirectory(), Caller.pid(), s.client(), s.jobs(), s.rate() > 0,
                s.maxTries() != 1, s.errorReports().failuresDetailed()) : null;
        long latencyLimitNanos = (long) (s.latencyLimitMs() * 1e6);
        Retries retries = new Retries(s.maxTries(), latencyLimitNanos, s.time() * 1_000_000_000L);
        workload = new PgbenchWorkload(target, replicas, clients, scripts, s.protocol(), retries, s.connect(),
                s.rate() > 0 ? latencyLimitNanos : 0, initial, s.define(), counters, log, clientRandom);
        return workload;
    }

    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        List<IntervalListener> listeners = new ArrayList<>();
        if (s.progress() > 0) {
            listeners.add(new PgbenchProgress(err, s.progress(), s.rate() > 0));
        }
        if (s.warmupSeconds() == 0) {
            listeners.add(new ColdStartHint(err, s.rate() > 0));
        }
        return listeners;
    }

    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception {
        try (Connection c = target.connection()) {
            c.setAutoCommit(true);
            return new PgbenchChecks(scripts, counters, s.check()).check(c, userScripts() ? null : before, userScripts());
        }
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        Map<String, Long> committed = new LinkedHashMap<>();
        for (int i = 0; i < scripts.size(); i++) {
            committed.put(workload.kindNames().get(i), counters.committedOf(i));
        }
        return new Figures().same("scale", scale).sum("committed", committed);
    }

    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        this.outcome = outcome;
        closeLog(); // every client has ended: the last intervals are complete
        long[][] nanos = new long[scripts.size()][];
        long[][] counts = new long[scripts.size()][];
        long[][] failures = new long[scripts.size()][];
        for (int i = 0; i < scripts.size(); i++) {
            nanos[i] = new long[scripts.get(i).commands().size()];
            counts[i] = new long[nanos[i].length];
            failures[i] = new long[nanos[i].length];
        }
        for (ClientSession cs : counters.sessions()) {
            for (int i = 0; i < nanos.length; i++) {
                for (int c = 0; c < nanos[i].length; c++) {
                    nanos[i][c] += cs.stats().nanos()[i][c];
                    counts[i][c] += cs.stats().counts()[i][c];
                    failures[i][c] += cs.stats().failures()[i][c];
                }
            }
        }
        out.print(new PgbenchReport(s, scripts, scale, partitioning, connectionMs).format(outcome.result(),
                new PgbenchReport.Commands(nanos, counts, failures), counters));
        out.println("# integrity: " + outcome.check().verdict());
    }

    @Override
    public boolean processedNone() {
        PhaseOutcome o = outcome;
        return o != null && o.result().completedAsPlanned() && o.result().completedTotal() == 0 && o.check().ok();
    }

    @Override
    public boolean anyClientAborted() {
        return counters != null && counters.anyClientAborted();
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private void closeLog() {
        if (log != null) {
            TransactionLog l = log;
            log = null;
            l.close();
        }
    }

    @Override
    public void close() {
        try {
            closeLog();
        } finally {
            JdbcTarget.closeQuietly(clients); // any no session took
            try {
                target.close();
            } finally {
                if (replicas != null) {
                    replicas.close();
                }
            }
        }
    }
}
