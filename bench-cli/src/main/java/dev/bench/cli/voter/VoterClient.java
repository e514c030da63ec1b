package dev.bench.cli.voter;

import dev.bench.cli.BenchMain;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.results.ConsoleProgress;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.workloads.voter.ErlvoltLaps;
import dev.bench.workloads.voter.VoterCheck;
import dev.bench.workloads.voter.VoterDatabase;
import dev.bench.workloads.voter.VoterReport;
import dev.bench.workloads.voter.VoterSettings;
import dev.bench.workloads.voter.VoterWorkload;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One voter client: creates the tables (unless it is one of several clients, whose launcher did),
 * runs the calls, prints erlvolt's and VoltDB's reports, checks the database, writes the results.
 */
final class VoterClient {

    static final String H2_URL = "jdbc:h2:mem:voter;DB_CLOSE_DELAY=-1";
    /** A run bounded by calls still needs an end time; this one is never the reason a run ends. */
    private static final Duration NO_TIME_BOUND = Duration.ofDays(1);
    private static final int MAX_DEFAULT_CONNECTIONS = 16;

    private final VoterCommand o;
    private final VoterPlan plan;
    private final PrintWriter out;

    VoterClient(VoterCommand options, VoterPlan plan) {
        this.o = options;
        this.plan = plan;
        this.out = options.spec.commandLine().getOut();
    }

    static String url(VoterCommand o) {
        return o.jdbc.url != null ? o.jdbc.url : H2_URL;
    }

    /** Connections: --pool-size, else one per worker (managed: per slot) up to 16. */
    static VoterSettings settings(VoterCommand o, VoterPlan plan) {
        int wanted = plan.managed() != null ? Math.min(plan.managed().slots(), plan.workers()) : plan.workers();
        int connections = o.jdbc.poolSize != null ? o.jdbc.poolSize : Math.min(wanted, MAX_DEFAULT_CONNECTIONS);
        return new VoterSettings(o.contestants, o.maxVotes, o.uniform, o.procedure, connections, plan.managed());
    }

    static JdbcTarget open(VoterCommand o, VoterSettings settings) {
        String url = url(o);
        if (o.procedure && Dialect.fromUrl(url) != Dialect.POSTGRES && Dialect.fromUrl(url) != Dialect.MYSQL) {
            throw new ParameterException(o.spec.commandLine(), "--procedure needs PostgreSQL or MySQL/MariaDB (--url)");
        }
        String password = o.jdbc.password == null || o.jdbc.password.isEmpty() ? null : o.jdbc.password;
        return JdbcTarget.open(url, o.jdbc.user, password, settings.connections() + 1);
    }

    int run() {
        VoterSettings settings;
        RunConfig config;
        try {
            settings = settings(o, plan);
            config = runConfig();
        } catch (BenchException e) {
            throw new ParameterException(o.spec.commandLine(), e.getMessage());
        }
        try (JdbcTarget target = open(o, settings)) {
            VoterDatabase db = new VoterDatabase(target);
            boolean launched = o.clientId != null;
            if (launched) {
                db.requireCreated(o.procedure);
            } else {
                db.create(o.contestants);
            }
            VoterDatabase.Counts before = db.counts(o.maxVotes);
            try (ResultsDirectory results = ResultsDirectory.create(o.engine.results, "voter");
                 VoterWorkload workload = new VoterWorkload(db, settings, o.engine.seed)) {
                List<IntervalListener> listeners = listeners(results, workload);
                waitForStart();
                Instant started = Instant.now();
                RunResult result = Engine.run(workload, config, listeners);
                Instant ended = Instant.now();
                VoterDatabase.Counts after = db.counts(o.maxVotes);
                VoterCheck check = launched
                        ? new VoterCheck(true, "skipped: " + o.clients + " clients share the tables; the launcher checks the total")
                        : VoterCheck.of(workload.accepted(), workload.inDoubt(), o.maxVotes, before, after);
                VoterReport.Tally tally = new VoterReport.Tally(workload.accepted(), workload.invalid(),
                        workload.overLimit(), result.kinds().get(0).outcomes().failed(), Math.max(result.drainNanos(), 1));
                print(tally, check, db.results(), result, started, ended, after.voteRows() - before.voteRows());
                results.writeSummary(result, summary(target, settings, workload, tally, check));
                if (!result.completedAsPlanned()) {
                    out.println("# " + result.stopReason());
                }
                out.println("# results: " + results.path());
                out.flush();
                return result.completedAsPlanned() && check.ok() ? 0 : BenchMain.EXIT_FAILED;
            }
        } catch (SQLException e) {
            throw new BenchException("voter: " + e.getMessage(), e);
        } catch (java.io.IOException e) {
            throw new BenchException("cannot write results: " + e.getMessage(), e);
        }
    }

    private RunConfig runConfig() {
        RunConfig.Builder b = RunConfig.builder().threads(plan.workers()).warmup(Duration.ZERO)
                .reportInterval(Duration.ofMillis(o.dumpIntervalMs)).seed(o.engine.seed + 1_000_003L * clientIndex())
                .maxLag(Duration.ofMillis(Math.round(o.engine.maxLagSeconds * 1000)));
        if (plan.targetOps() > 0) {
            double seconds = plan.calls() / plan.targetOps();
            return b.targetOpsPerSec(plan.targetOps()).arrivals(o.engine.arrivals)
                    .duration(Duration.ofNanos(Math.round(seconds * 1e9))).build();
        }
        return b.bursts(plan.bursts()).duration(NO_TIME_BOUND).build();
    }

    private int clientIndex() {
        return o.clientId != null ? o.clientId : 0;
    }

    private List<IntervalListener> listeners(ResultsDirectory results, VoterWorkload workload) {
        List<IntervalListener> listeners = new ArrayList<>(results.listeners());
        if (o.verbosity.compareTo(VoterCommand.Verbosity.verbose) >= 0) {
            listeners.add(new ErlvoltLaps(out, plan.client(), workload::pending));
        }
        if (o.verbosity == VoterCommand.Verbosity.veryverbose) {
            listeners.add(new ConsoleProgress(o.spec.commandLine().getErr(), System.console() != null));
        }
        return listeners;
    }

    /** Several clients start together: each waits, connections open, for the launcher's start time. */
    private void waitForStart() {
        if (o.startAtEpochMillis == null) {
            return;
        }
        try {
            long wait = o.startAtEpochMillis - System.currentTimeMillis();
            if (wait > 0) {
                Thread.sleep(wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void print(VoterReport.Tally tally, VoterCheck check, List<VoterDatabase.Result> results, RunResult result,
                       Instant started, Instant ended, long newVotes) {
        if (o.verbosity == VoterCommand.Verbosity.quiet) {
            out.println(VoterReport.overall(plan.client(), tally));
            if (!check.ok()) {
                out.println("  check writes ... " + check.verdict());
            }
            return;
        }
        out.print(VoterReport.voltdb(tally, results, result));
        out.println();
        out.print(VoterReport.erlvolt(plan.client(), tally, check.verdict(), results, started, ended, newVotes));
    }

    private Map<String, Object> summary(JdbcTarget target, VoterSettings settings, VoterWorkload workload,
                                        VoterReport.Tally tally, VoterCheck check) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("workload", "voter");
        s.put("client", plan.client());
        s.put("target", target.serverVersion() + " at " + target.maskedUrl());
        s.put("options", Map.of("calls", plan.calls(), "rhythm", plan.rhythm().name(), "workers", plan.workers(),
                "mode", plan.managed() == null ? "direct" : "managed", "connections", settings.connections(),
                "procedure", settings.procedure(), "max_votes", settings.maxVotes(), "contestants", settings.contestants()));
        s.put("votes", Map.of("accepted", workload.accepted(), "invalid_contestant", workload.invalid(),
                "over_limit", workload.overLimit(), "failed", tally.fails(), "in_doubt", workload.inDoubt()));
        s.put("transactions_per_sec", tally.perSecond());
        s.put("integrity", Map.of("ok", check.ok(), "verdict", check.verdict()));
        return s;
    }
}
