package dev.bench.cli.oltp;

import dev.bench.cli.RunOptions;
import dev.bench.cli.TargetOptions;
import dev.bench.cli.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.workloads.oltp.OltpBenchmark;
import dev.bench.workloads.oltp.OltpSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Runs oltp_read_write transactions (closed loop, or open loop with --rate) through the run template:
 * sysbench's intermediate and final reports on stdout, then the check that every table still holds
 * --table-size rows.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = OltpRunCommand.SysbenchDefaults.class,
        description = "Run transactions for --time seconds (or --events), then check the row counts.")
public final class OltpRunCommand implements Callable<Integer> {

    static final String BANNER = "bench oltp-rw (sysbench 1.0.20 oltp_read_write)";
    /** Without --report-interval sysbench prints no interim lines; progress and results files still get 1 s. */
    private static final Duration QUIET_INTERVAL = Duration.ofSeconds(1);

    /** sysbench's --report-interval default is 0 (no interim lines), not the shared option's 1 s. */
    public static final class SysbenchDefaults implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec arg) {
            return arg instanceof OptionSpec o && o.longestName().equals("--report-interval") ? "0" : null;
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    OltpOptions oltp;

    @Mixin
    SysbenchRunOptions sysbench;

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        OltpSettings settings = WorkloadRun.validated(spec, oltp::settings);
        RunConfig config = WorkloadRun.validated(spec, this::config);
        boolean interim = run.reportIntervalSeconds > 0;
        return WorkloadRun.execute(() -> new OltpBenchmark(OltpTargets.open(target, oltp.threads), settings, config,
                sysbench.percentile, interim, header(config)), run, List.of(), spec, spec);
    }

    RunConfig config() {
        require(sysbench.time >= 0, "--time must be >= 0 seconds, got " + sysbench.time);
        require(sysbench.warmupTime >= 0, "--warmup-time must be >= 0 seconds, got " + sysbench.warmupTime);
        require(sysbench.events >= 0, "--events must be >= 0, got " + sysbench.events);
        require(sysbench.rate >= 0 && !Double.isInfinite(sysbench.rate), "--rate must be >= 0 transactions/s, got " + sysbench.rate);
        require(sysbench.percentile >= 0 && sysbench.percentile <= 100, "--percentile must be 0..100, got " + sysbench.percentile);
        require(sysbench.time > 0 || sysbench.events > 0, "--time 0 needs --events N: with neither the run would never end");
        RunConfig.Builder b = run.applyTo(RunConfig.builder()).threads(oltp.threads).targetOpsPerSec(sysbench.rate)
                .warmup(Duration.ofSeconds(sysbench.warmupTime)).duration(Duration.ofSeconds(sysbench.time)).maxOps(sysbench.events)
                .seed(oltp.seed(run.seed));
        if (run.reportIntervalSeconds == 0) {
            b.reportInterval(QUIET_INTERVAL);
        }
        return b.build();
    }

    /** sysbench's lines before its run, with the seed actually used (sysbench: "from current time"). */
    private String header(RunConfig config) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        out.println(BANNER);
        out.println();
        out.println("Running the test with following options:");
        out.println("Number of threads: " + config.threads());
        if (sysbench.rate > 0) {
            out.println("Target transaction rate: " + formatRate(sysbench.rate) + "/sec");
        }
        if (run.reportIntervalSeconds > 0) {
            out.println("Report intermediate results every " + formatRate(run.reportIntervalSeconds) + " second(s)");
        }
        out.println("Initializing random number generator from seed (" + config.seed() + ").");
        out.println();
        out.println();
        out.println("Initializing worker threads...");
        out.println();
        out.println("Threads started!");
        out.println();
        if (sysbench.warmupTime > 0) {
            out.println("Warming up for " + sysbench.warmupTime + " seconds...");
            out.println();
        }
        out.flush();
        return text.toString();
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
