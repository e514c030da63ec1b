package dev.bench.cli.oltp;

import dev.bench.cli.BenchMain;
import dev.bench.cli.JdbcOptions;
import dev.bench.cli.RunReporter;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.workloads.oltp.OltpRw;
import dev.bench.workloads.oltp.OltpSettings;
import dev.bench.workloads.oltp.OltpTables;
import dev.bench.workloads.oltp.OltpWorkload;
import dev.bench.workloads.oltp.SysbenchProgress;
import dev.bench.workloads.oltp.SysbenchReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Runs oltp_read_write transactions (closed loop, or open loop with --rate), prints sysbench's
 * intermediate and final reports on stdout, then checks every table still holds --table-size rows.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run transactions for --time seconds (or --events), then check the row counts.")
public final class OltpRunCommand implements Callable<Integer> {

    static final String BANNER = "bench oltp-rw (sysbench 1.0.20 oltp_read_write)";
    /** Without --report-interval sysbench prints no intermediate lines; the results files still get 1 s intervals. */
    private static final Duration QUIET_INTERVAL = Duration.ofSeconds(1);

    @Spec
    CommandSpec spec;

    @Mixin
    OltpOptions oltp;

    @Mixin
    SysbenchRunOptions run;

    @Mixin
    JdbcOptions target;

    @Override
    public Integer call() {
        OltpSettings settings;
        RunConfig config;
        long seed = oltp.seed();
        try {
            settings = oltp.settings();
            config = config(seed);
        } catch (BenchException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        try (JdbcTarget t = OltpTargets.open(target, oltp.threads)) {
            OltpTables.requirePrepared(t, settings);
            return run(t, settings, config, seed, out);
        }
    }

    private int run(JdbcTarget t, OltpSettings settings, RunConfig config, long seed, PrintWriter out) {
        try (RunReporter reporter = RunReporter.start(spec.commandLine(), "oltp-rw", run.results, null)) {
            header(out, seed);
            OltpRw.Outcome outcome = OltpRw.run(t, settings, config, w -> listeners(reporter, w, out));
            out.print(SysbenchReport.finalReport(outcome.result(), outcome.queries(), outcome.fairness(), run.percentile));
            out.println("# integrity: " + outcome.check().verdict());
            Map<String, Object> extras = new LinkedHashMap<>();
            extras.put("target", t.maskedUrl());
            extras.put("server", t.serverVersion());
            extras.put("options", reporter.options(spec));
            extras.put("rand_seed", seed);
            extras.put("queries", Map.of("read", outcome.queries().read(), "write", outcome.queries().write(),
                    "other", outcome.queries().other(), "ignored_errors", outcome.queries().ignoredErrors()));
            extras.put("integrity", Map.of("checked", true, "ok", outcome.check().ok(), "verdict", outcome.check().verdict()));
            boolean ok = reporter.finish(outcome.result(), extras) && outcome.check().ok();
            return ok ? 0 : BenchMain.EXIT_FAILED;
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException(e.getMessage(), e);
        }
    }

    private RunConfig config(long seed) {
        require(run.time >= 0, "--time must be >= 0 seconds, got " + run.time);
        require(run.events >= 0, "--events must be >= 0, got " + run.events);
        require(run.rate >= 0 && !Double.isInfinite(run.rate), "--rate must be >= 0 transactions/s, got " + run.rate);
        require(run.reportInterval >= 0, "--report-interval must be >= 0 seconds, got " + run.reportInterval);
        require(run.percentile >= 0 && run.percentile <= 100, "--percentile must be 0..100, got " + run.percentile);
        require(run.time > 0 || run.events > 0, "--time 0 needs --events N: without either the run would never end");
        require(run.events == 0, "--events is not built yet: use --time");
        return RunConfig.builder().threads(oltp.threads).targetOpsPerSec(run.rate).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(run.time))
                .reportInterval(run.reportInterval > 0 ? Duration.ofSeconds(run.reportInterval) : QUIET_INTERVAL)
                .maxLag(Duration.ofMillis(Math.round(run.maxLagSeconds * 1000))).seed(seed).build();
    }

    private List<IntervalListener> listeners(RunReporter reporter, OltpWorkload workload, PrintWriter out) {
        List<IntervalListener> all = new ArrayList<>(reporter.listeners());
        if (run.reportInterval > 0) {
            all.add(new SysbenchProgress(out, workload.counters(), oltp.threads, run.percentile, run.rate > 0));
        }
        return all;
    }

    private void header(PrintWriter out, long seed) {
        out.println(BANNER);
        out.println();
        out.println("Running the test with following options:");
        out.println("Number of threads: " + oltp.threads);
        if (run.rate > 0) {
            out.println("Target transaction rate: " + formatRate(run.rate) + "/sec");
        }
        if (run.reportInterval > 0) {
            out.println("Report intermediate results every " + run.reportInterval + " second(s)");
        }
        out.println("Initializing random number generator from seed (" + seed + ").");
        out.println();
        out.println();
        out.println("Initializing worker threads...");
        out.println();
        out.println("Threads started!");
        out.println();
        out.flush();
    }

    private static String formatRate(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new BenchException(message);
        }
    }
}
