package dev.bench.cli.vote;

import dev.bench.cli.BenchMain;
import dev.bench.cli.EngineOptions;
import dev.bench.cli.RunReporter;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.workloads.vote.NoriaReport;
import dev.bench.workloads.vote.VoteBackend;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import dev.bench.workloads.vote.VoteBenchmark;
import dev.bench.workloads.vote.VoteSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bench vote [workload flags] [backend [backend flags]]}: Noria's vote benchmark, with Noria's
 * flags. With no backend named, runs on embedded H2.
 */
@Command(name = "vote", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Noria's vote benchmark: articles with vote counts, 'title and votes for these ids' "
                + "reads and 'one vote each' writes, offered open loop at --target ops/s.",
                "Backend: null, memory, h2 (default), postgres, mysql. 'bench vote <backend> --help' shows its flags."},
        subcommands = {VoteBackendCommands.Null.class, VoteBackendCommands.Memory.class, VoteBackendCommands.H2.class,
                VoteBackendCommands.Postgres.class, VoteBackendCommands.Mysql.class})
public final class VoteCommand implements Callable<Integer> {

    enum Distribution { uniform, skewed }

    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "N", defaultValue = "1000000", description = "Offered load in ops/s, open loop (default: ${DEFAULT-VALUE}).")
    double target;

    @Option(names = "--write-every", paramLabel = "N", defaultValue = "19", description = "One op in N is a write; 20 gives a 95/5 mix (default: ${DEFAULT-VALUE}).")
    int writeEvery;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "4", description = "Client workers, one connection each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = {"-a", "--articles"}, paramLabel = "N", defaultValue = "100000", description = "Articles to prime (default: ${DEFAULT-VALUE}).")
    long articles;

    @Option(names = {"-r", "--runtime"}, defaultValue = "30", paramLabel = "S", description = "Seconds of measured load (default: ${DEFAULT-VALUE}).")
    double runtimeSeconds;

    @Option(names = "--warmup", defaultValue = "10", paramLabel = "S", description = "Seconds of load before measuring (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = {"-d", "--distribution"}, paramLabel = "uniform|skewed", defaultValue = "uniform", description = "Key distribution: uniform or skewed (Zipf, id 1 hottest) (default: ${DEFAULT-VALUE}).")
    Distribution distribution;

    @Option(names = "--zipf", paramLabel = "EXP", defaultValue = "1.08", description = "Zipf exponent for -d skewed (default: ${DEFAULT-VALUE}, Noria osdi18).")
    double zipfExponent;

    @Option(names = "--max-batch", paramLabel = "N", defaultValue = "128", description = "Most ops of one kind sent as one backend call (default: ${DEFAULT-VALUE}).")
    int maxBatch;

    @Option(names = "--histogram", paramLabel = "FILE", description = "Also write the HdrHistogram interval log here.")
    Path histogram;

    @Option(names = "--no-prime", description = "Don't create and fill the tables; use what is there.")
    boolean noPrime;

    @Mixin
    EngineOptions engine;

    /** No backend named: the embedded default. */
    @Override
    public Integer call() {
        return run(spec, () -> VoteBackendCommands.H2.open(this, VoteBackendCommands.H2.DEFAULT_URL));
    }

    /** Opens a backend; separate from running so bad flags are reported before any connection is made. */
    interface BackendOpener {
        VoteBackend open();
    }

    int run(CommandSpec backendSpec, BackendOpener opener) {
        VoteSettings settings;
        RunConfig config;
        try {
            if (!(target > 0)) {
                throw new BenchException("--target must be > 0 ops/s, got " + target);
            }
            settings = new VoteSettings(articles, writeEvery, distribution == Distribution.skewed, zipfExponent,
                    maxBatch, !noPrime);
            config = RunConfig.builder().threads(threads).targetOpsPerSec(target).arrivals(engine.arrivals)
                    .warmup(seconds(warmupSeconds, "--warmup")).duration(seconds(runtimeSeconds, "--runtime"))
                    .reportInterval(seconds(engine.reportIntervalSeconds, "--report-interval"))
                    .maxLag(seconds(engine.maxLagSeconds, "--max-lag")).seed(engine.seed).build();
        } catch (BenchException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try (VoteBackend backend = opener.open()) {
            VoteCounts before = VoteBenchmark.prepare(backend, settings);
            try (RunReporter reporter = RunReporter.start(spec.commandLine(), "vote", engine.results, histogram)) {
                VoteBenchmark.Outcome outcome = VoteBenchmark.run(backend, settings, config, reporter.listeners(), before);
                Map<String, Object> extras = new LinkedHashMap<>();
                extras.put("backend", backend.name());
                extras.put("target", backend.describe());
                extras.put("options", reporter.options(spec, backendSpec));
                extras.put("acknowledged_votes", outcome.acknowledgedVotes());
                extras.put("integrity", Map.of("checked", outcome.check().checked(), "ok", outcome.check().ok(),
                        "verdict", outcome.check().verdict()));
                reporter.out().print(NoriaReport.render(outcome.result()));
                reporter.out().println("# integrity: " + outcome.check().verdict());
                boolean ok = reporter.finish(outcome.result(), extras) && outcome.check().ok();
                return ok ? 0 : BenchMain.EXIT_FAILED;
            }
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException(e.getMessage(), e);
        }
    }

    private static Duration seconds(double s, String option) {
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new BenchException(option + " must be a number of seconds >= 0, got " + s);
        }
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}
