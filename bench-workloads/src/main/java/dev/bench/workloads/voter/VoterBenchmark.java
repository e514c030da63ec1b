package dev.bench.workloads.voter;

import dev.bench.core.BenchException;
import dev.bench.core.Hosts;
import dev.bench.core.RunConfig;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * VoltDB's Voter as the run template's parts: create the tables and Initialize (or, as one of several
 * clients, find them created), one phase of calls, check the database, print erlvolt's and VoltDB's
 * reports. Owns the target and closes it.
 */
public final class VoterBenchmark extends Benchmark {

    /** How much to print, erlvolt's verbosity levels. */
    public enum Verbosity { quiet, nonverbose, verbose, veryverbose }

    /**
     * @param client     the name in erlvolt's lines
     * @param launched   one of several clients: the launcher creates the tables and checks the total
     */
    public record Options(String client, Verbosity verbosity, boolean launched, int clients) {
    }

    private final JdbcTarget target;
    /** Where the Results are read after the run ({@code --reads-to replicas}), or null: on the primary. */
    private final JdbcTarget replicas;
    /** The Results as the replica served them, read right after the check; null when read on the primary. */
    private VoterDatabase.ReplicaResults replicaResults;
    private final VoterDatabase db;
    private final VoterSettings settings;
    private final RunConfig config;
    private final Options options;
    private VoterDatabase.Counts before;
    /** When {@link #before} was read: of several clients, the earliest read is the state before any wrote. */
    private long beforeAtMillis;
    private VoterWorkload workload;
    private Instant started;
    private Instant ended;
    private VoterDatabase.Counts after;
    private VoterCheck check;

    public VoterBenchmark(JdbcTarget target, VoterSettings settings, RunConfig config, Options options) {
        this(target, null, settings, config, options);
    }

    /** @param replicas where the Results are read after the run, or null; closed with this benchmark */
    public VoterBenchmark(JdbcTarget target, JdbcTarget replicas, VoterSettings settings, RunConfig config, Options options) {
        this.target = target;
        this.replicas = replicas;
        this.db = new VoterDatabase(target);
        this.settings = settings;
        this.config = config;
        this.options = options;
    }

    @Override
    public String name() {
        return "voter";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("client", options.client());
        fields.put("target", target.serverVersion() + " at " + target.maskedUrl());
        return fields;
    }

    @Override
    protected void prepare() throws Exception {
        if (options.launched()) {
            db.requireCreated(settings.procedure());
            before = VoterDatabase.Counts.rowsOnly(db.voteRows()); // the launcher checks; no need to scan here
        } else {
            db.create(settings.contestants());
            before = db.counts(settings.maxVotes());
        }
        beforeAtMillis = System.currentTimeMillis();
    }

    @Override
    protected Map<String, Object> told(PhasePlan phase, RunResult result) {
        return VoterTold.of(workload.accepted(), workload.inDoubt(), settings.maxVotes(), before.voteRows(), beforeAtMillis);
    }

    @Override
    protected List<PhasePlan> phases() {
        return List.of(new PhasePlan("run", config));
    }

    @Override
    protected Workload workload(PhasePlan phase) {
        workload = new VoterWorkload(db, settings, config.seed());
        started = Instant.now();
        return workload;
    }

    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        if (options.verbosity().compareTo(Verbosity.verbose) < 0) {
            return List.of();
        }
        return List.of(new ErlvoltLaps(out, options.client(), workload::pending,
                options.verbosity() == Verbosity.veryverbose));
    }

    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception {
        ended = Instant.now();
        workload.close();
        if (options.launched()) {
            after = VoterDatabase.Counts.rowsOnly(db.voteRows());
            check = new VoterCheck(true, "skipped here: " + options.clients() + " clients share the tables; the launcher checks the total");
            return IntegrityCheck.notChecked("one of " + options.clients() + " clients; the launcher checks the total");
        }
        after = db.counts(settings.maxVotes());
        check = VoterCheck.of(workload.accepted(), workload.inDoubt(), settings.maxVotes(), before, after);
        if (replicas != null) {
            replicaResults = VoterDatabase.resultsOn(replicas);
        }
        return new IntegrityCheck(true, check.ok(), check.verdict());
    }

    /**
     * Whether the Results read on a replica counted fewer votes than the client had been told were accepted (on top
     * of the rows before the run): a stale read, the replica behind what was acknowledged before it was asked.
     */
    private boolean staleResults() {
        return replicaResults != null && replicaResults.total() < before.voteRows() + workload.accepted();
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        Map<String, Long> votes = new LinkedHashMap<>();
        votes.put("accepted", workload.accepted());
        votes.put("invalid_contestant", workload.invalid());
        votes.put("over_limit", workload.overLimit());
        votes.put("failed", tally(result).fails());
        votes.put("in_doubt", workload.inDoubt());
        // clients started together (--start-at) share the window: their rates add up
        Figures figures = new Figures().sum("votes", votes).sum("transactions_per_sec", tally(result).perSecond())
                .sum("connections", settings.connections()).same("procedure", settings.procedure());
        if (replicaResults != null) {
            Map<String, Object> read = new LinkedHashMap<>();
            read.put("host", Hosts.name(replicaResults.host()));
            read.put("votes", replicaResults.total());
            read.put("stale_reads", staleResults() ? 1 : 0);
            figures.same("results_on_replica", read);
        }
        return figures;
    }

    private VoterReport.Tally tally(RunResult result) {
        return new VoterReport.Tally(workload.accepted(), workload.invalid(), workload.overLimit(),
                result.kinds().get(0).outcomes().failed(), Math.max(result.drainNanos(), 1));
    }

    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        VoterReport.Tally tally = tally(outcome.result());
        if (check == null) { // the check could not reach the database: neither can the results table
            out.println(VoterReport.overall(options.client(), tally));
            out.println("  check writes ... " + outcome.check().verdict());
            return;
        }
        if (options.verbosity() == Verbosity.quiet) {
            out.println(VoterReport.overall(options.client(), tally));
            if (!check.ok()) {
                out.println("  check writes ... " + check.verdict());
            }
            return;
        }
        List<VoterDatabase.Result> results;
        try {
            results = replicaResults != null ? replicaResults.results() : db.results();
        } catch (SQLException e) {
            throw new BenchException("reading the results failed: " + e.getMessage(), e);
        }
        if (replicaResults != null) {
            out.println("# results read on " + Hosts.name(replicaResults.host()) + ": " + replicaResults.total() + " votes"
                    + (staleResults() ? ", stale: fewer than the " + (before.voteRows() + workload.accepted()) + " told" : ""));
        }
        out.print(VoterReport.voltdb(tally, results, outcome.result()));
        out.println();
        out.print(VoterReport.erlvolt(options.client(), tally, check.verdict(), results, started, ended,
                after.voteRows() - before.voteRows()));
    }

    @Override
    public void close() {
        if (workload != null) {
            workload.close();
        }
        try {
            target.close();
        } finally {
            if (replicas != null) {
                replicas.close();
            }
        }
    }
}
