package dev.bench.cli.tpcc;

import dev.bench.cli.RunOptions;
import dev.bench.cli.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.workloads.tpcc.TpccBenchmark;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code bench tpcc run}: the five transactions for --time seconds, sysbench's report plus tpmC and
 * per-transaction latency, then the consistency check (unless --no-check).
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs New-Order, Payment, Order-Status, Delivery and Stock-Level at 10:10:1:1:1, each one transaction;"
                + " reports as sysbench does, plus tpmC; then checks the consistency conditions.")
public final class TpccRunCommand implements Callable<Integer> {

    /** sysbench's defaults. */
    static final String THREADS = "1";
    static final String TIME_S = "10";
    static final String RATE = "0";
    static final String TRX_LEVEL = "RR";

    @Spec
    CommandSpec spec;

    @Mixin
    TpccOptions options;

    @Option(names = "--threads", paramLabel = "N", defaultValue = THREADS, description = "Worker threads, one connection each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--time", paramLabel = "S", defaultValue = TIME_S, description = "Seconds to run (default: ${DEFAULT-VALUE}).")
    double timeSeconds;

    @Option(names = "--warmup-time", paramLabel = "S", defaultValue = "0", description = "Run this many seconds first, left out of every figure, tpmC included (sysbench 1.1's option): the JVM compiles its hot code then (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = "--rate", paramLabel = "TPS", defaultValue = RATE, description = "Transactions/s offered open loop (Poisson), queue time inside latency; 0: closed loop (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = {"--trx-level", "--trx_level"}, paramLabel = "RR|RC|SER", defaultValue = TRX_LEVEL, description = "Isolation level (default: ${DEFAULT-VALUE}).")
    String trxLevel;

    @Option(names = "--no-check", description = "Don't check the consistency conditions after the run.")
    boolean noCheck;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        TpccSettings settings = WorkloadRun.validated(spec, () -> options.settings(true, trxLevel));
        RunConfig config = WorkloadRun.validated(spec, this::config);
        double sysbenchInterval = sysbenchReportInterval();
        return WorkloadRun.execute(() -> new TpccBenchmark(options.open(threads + 1), settings, config, !noCheck,
                sysbenchInterval), run, List.of(), spec, spec);
    }

    /**
     * sysbench prints intermediate lines only when asked: --report-interval given, and not 0. The
     * engine's own progress on stderr keeps its interval (1 s when sysbench's is 0 or not given).
     */
    private double sysbenchReportInterval() {
        return spec.commandLine().getParseResult().hasMatchedOption("--report-interval") ? run.reportIntervalSeconds : 0;
    }

    private RunConfig config() {
        if (!(timeSeconds > 0) || Double.isInfinite(timeSeconds)) {
            throw new BenchException("--time must be a number of seconds > 0, got " + timeSeconds);
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new BenchException("--rate must be >= 0 transactions/s, got " + rate);
        }
        RunOptions.seconds(run.reportIntervalSeconds, "--report-interval");
        RunConfig.Builder builder = run.applyTo(RunConfig.builder());
        if (run.reportIntervalSeconds == 0) {
            builder.reportInterval(Duration.ofSeconds(RunConfig.DEFAULT_REPORT_INTERVAL_S));
        }
        return builder.threads(threads).targetOpsPerSec(rate).warmup(RunOptions.seconds(warmupSeconds, "--warmup-time"))
                .duration(RunOptions.seconds(timeSeconds, "--time")).build();
    }
}
