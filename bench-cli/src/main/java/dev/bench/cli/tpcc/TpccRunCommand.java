package dev.bench.cli.tpcc;

import dev.bench.cli.BenchMain;
import dev.bench.cli.RunReporter;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.workloads.tpcc.TpccCheck;
import dev.bench.workloads.tpcc.TpccDatabase;
import dev.bench.workloads.tpcc.TpccIntervalLines;
import dev.bench.workloads.tpcc.TpccReport;
import dev.bench.workloads.tpcc.TpccSettings;
import dev.bench.workloads.tpcc.TpccWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bench tpcc run}: the five transactions for --time seconds, sysbench's report plus tpmC and
 * per-transaction latency, then the consistency check (unless --no-check).
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs New-Order, Payment, Order-Status, Delivery and Stock-Level at 10:10:1:1:1, each one transaction;"
                + " reports as sysbench does, plus tpmC; then checks the consistency conditions.")
public final class TpccRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TpccOptions options;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", description = "Worker threads, one connection each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--time", paramLabel = "S", defaultValue = "10", description = "Seconds to run (default: ${DEFAULT-VALUE}).")
    double timeSeconds;

    @Option(names = "--report-interval", paramLabel = "S", defaultValue = "0", description = "Seconds between sysbench's intermediate lines; 0: none (default: ${DEFAULT-VALUE}).")
    double reportIntervalSeconds;

    @Option(names = "--rate", paramLabel = "TPS", defaultValue = "0", description = "Transactions per second offered open loop (Poisson), queue time inside latency; 0: closed loop (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = {"--trx-level", "--trx_level"}, paramLabel = "RR|RC|SER", defaultValue = "RR", description = "Isolation level (default: ${DEFAULT-VALUE}).")
    String trxLevel;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed for arrivals and keys: same seed, same transactions (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--no-check", description = "Don't check the consistency conditions after the run.")
    boolean noCheck;

    @Option(names = "--results", paramLabel = "DIR", description = "Where to write summary.json, intervals.csv and latency.hlog (default: results/tpcc-<time>); must be new or empty.")
    Path results;

    @Override
    public Integer call() throws Exception {
        TpccSettings settings;
        RunConfig config;
        try {
            settings = options.settings(true, trxLevel);
            config = config();
        } catch (BenchException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try (JdbcTarget target = options.open(threads + 1)) {
            TpccDatabase.requirePrepared(target, settings);
            TpccWorkload workload = new TpccWorkload(target, settings, threads);
            PrintWriter out = spec.commandLine().getOut();
            header(out);
            try (RunReporter reporter = RunReporter.start(spec.commandLine(), "tpcc", results, null)) {
                List<IntervalListener> listeners = new ArrayList<>(reporter.listeners());
                if (reportIntervalSeconds > 0) {
                    listeners.add(new TpccIntervalLines(out, workload.counters(), threads, reportIntervalSeconds));
                }
                RunResult result = Engine.run(workload, config, listeners);
                out.println();
                out.print(TpccReport.render(result, workload.counters()));
                TpccCheck.Outcome check = null;
                if (!noCheck) {
                    out.println();
                    check = TpccCheck.afterRun(target, settings, Math.max(2, Math.min(threads, 4)));
                    CheckPrinter.print(out, check, settings.tables());
                }
                boolean ok = reporter.finish(result, extras(target, workload, result, check, reporter));
                return ok && (check == null || check.passed()) ? 0 : BenchMain.EXIT_FAILED;
            }
        }
    }

    private RunConfig config() {
        if (!(timeSeconds > 0) || Double.isInfinite(timeSeconds)) {
            throw new BenchException("--time must be a number of seconds > 0, got " + timeSeconds);
        }
        if (!(reportIntervalSeconds >= 0) || Double.isInfinite(reportIntervalSeconds)) {
            throw new BenchException("--report-interval must be >= 0 seconds, got " + reportIntervalSeconds);
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new BenchException("--rate must be >= 0 transactions/s, got " + rate);
        }
        double every = reportIntervalSeconds > 0 ? reportIntervalSeconds : 1;
        return RunConfig.builder().threads(threads).targetOpsPerSec(rate).warmup(Duration.ZERO)
                .duration(Duration.ofNanos(Math.round(timeSeconds * 1e9)))
                .reportInterval(Duration.ofNanos(Math.round(every * 1e9))).seed(seed).build();
    }

    private void header(PrintWriter out) {
        out.println("Running the test with following options:");
        out.println("Number of threads: " + threads);
        if (rate > 0) {
            out.println("Target transaction rate: " + rate + "/sec");
        }
        if (reportIntervalSeconds > 0) {
            out.println("Report intermediate results every " + fmt(reportIntervalSeconds) + " second(s)");
        }
        out.println("Initializing random number generator from seed (" + seed + ").");
        out.println();
        out.println("Threads started!");
        out.println();
        out.flush();
    }

    private static String fmt(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
    }

    private Map<String, Object> extras(JdbcTarget target, TpccWorkload workload, RunResult result, TpccCheck.Outcome check,
                                       RunReporter reporter) {
        Map<String, Object> extras = new LinkedHashMap<>();
        extras.put("target", target.serverVersion() + " at " + target.maskedUrl());
        extras.put("options", reporter.options(spec));
        double seconds = result.drainNanos() > 0 ? result.drainNanos() / 1e9 : result.windowNanos() / 1e9;
        extras.put("tpmC", result.kind(TpccWorkload.NEW_ORDER_KIND).accepted() * 60.0 / seconds);
        extras.put("queries", Map.of("read", workload.counters().reads(), "write", workload.counters().writes(),
                "other", workload.counters().others()));
        if (check == null) {
            extras.put("integrity", Map.of("checked", false, "ok", true, "verdict", "not checked (--no-check)"));
        } else {
            extras.put("integrity", Map.of("checked", true, "ok", check.passed(), "verdict",
                    (check.passed() ? "ok: " : "FAILED: ") + (check.verdicts().size() - check.failed()) + " of "
                            + check.verdicts().size() + " consistency checks passed"));
        }
        return extras;
    }
}
