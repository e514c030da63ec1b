package dev.bench.cli.vote;

import dev.bench.cli.RunOptions;
import dev.bench.cli.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.results.HlogWriter;
import dev.bench.workloads.vote.VoteBackend;
import dev.bench.workloads.vote.VoteBenchmark;
import dev.bench.workloads.vote.VoteSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code bench vote [workload flags] [backend [backend flags]]}: Noria's vote benchmark, with Noria's
 * flags and defaults. With no backend named, runs on embedded H2.
 */
@Command(name = "vote", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Noria's vote benchmark: articles with vote counts, 'title and votes for these ids' "
                + "reads and 'one vote each' writes, offered open loop at --target ops/s.",
                "Backend: null, memory, h2 (default), postgres, mysql, mssql, memcached, hybrid. 'bench vote <backend> --help' shows its flags."},
        subcommands = {VoteBackendCommands.Null.class, VoteBackendCommands.Memory.class, VoteBackendCommands.H2.class,
                VoteBackendCommands.Postgres.class, VoteBackendCommands.Mysql.class, VoteServerBackendCommands.Mssql.class,
                VoteServerBackendCommands.Memcached.class, VoteServerBackendCommands.Hybrid.class})
public final class VoteCommand implements Callable<Integer> {

    // Noria's defaults (noria-benchmarks vote), in one place.
    static final String NORIA_TARGET = "1000000";
    static final String NORIA_WRITE_EVERY = "19";
    static final String NORIA_THREADS = "4";
    static final String NORIA_ARTICLES = "100000";
    static final String NORIA_RUNTIME_S = "30";
    static final String NORIA_WARMUP_S = "10";
    static final String NORIA_ZIPF = "1.08";
    static final String MAX_BATCH = "128";

    enum Distribution { uniform, skewed }

    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "N", defaultValue = NORIA_TARGET, description = "Offered load in ops/s, open loop (default: ${DEFAULT-VALUE}).")
    double target;

    @Option(names = "--write-every", paramLabel = "N", defaultValue = NORIA_WRITE_EVERY, description = "One op in N is a write; 20 gives a 95/5 mix (default: ${DEFAULT-VALUE}).")
    int writeEvery;

    @Option(names = "--threads", paramLabel = "N", defaultValue = NORIA_THREADS, description = "Client workers, one connection each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = {"-a", "--articles"}, paramLabel = "N", defaultValue = NORIA_ARTICLES, description = "Articles to prime (default: ${DEFAULT-VALUE}).")
    long articles;

    @Option(names = {"-r", "--runtime"}, defaultValue = NORIA_RUNTIME_S, paramLabel = "S", description = "Seconds of measured load (default: ${DEFAULT-VALUE}).")
    double runtimeSeconds;

    @Option(names = "--warmup", defaultValue = NORIA_WARMUP_S, paramLabel = "S", description = "Seconds of load before measuring (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = {"-d", "--distribution"}, paramLabel = "uniform|skewed", defaultValue = "uniform", description = "Key distribution: uniform or skewed (Zipf, id 1 hottest) (default: ${DEFAULT-VALUE}).")
    Distribution distribution;

    @Option(names = "--zipf", paramLabel = "EXP", defaultValue = NORIA_ZIPF, description = "Zipf exponent for -d skewed (default: ${DEFAULT-VALUE}, Noria osdi18).")
    double zipfExponent;

    @Option(names = "--max-batch", paramLabel = "N", defaultValue = MAX_BATCH, description = "Most ops of one kind sent as one backend call (default: ${DEFAULT-VALUE}).")
    int maxBatch;

    @Option(names = "--histogram", paramLabel = "FILE", description = "Also write the HdrHistogram interval log here.")
    Path histogram;

    @Option(names = "--no-prime", description = "Don't create and fill the tables; use what is there.")
    boolean noPrime;

    @Mixin
    RunOptions run;

    /** No backend named: the embedded default. */
    @Override
    public Integer call() {
        return run(spec, () -> VoteBackendCommands.H2.openEmbedded(this));
    }

    /** Opens a backend; separate from running so bad flags are reported before any connection is made. */
    interface BackendOpener {
        VoteBackend open();
    }

    int run(CommandSpec backendSpec, BackendOpener opener) {
        VoteSettings settings = WorkloadRun.validated(spec, () -> new VoteSettings(articles, writeEvery,
                distribution == Distribution.skewed, zipfExponent, maxBatch, !noPrime));
        RunConfig config = WorkloadRun.validated(spec, this::config);
        HlogWriter copy = histogramCopy();
        try {
            return WorkloadRun.execute(() -> new VoteBenchmark(opener.open(), settings, config), run,
                    copy == null ? List.of() : List.of(copy), spec, spec, backendSpec);
        } finally {
            if (copy != null) {
                copy.close();
            }
        }
    }

    private RunConfig config() {
        if (!(target > 0)) {
            throw new BenchException("--target must be > 0 ops/s, got " + target);
        }
        return run.applyTo(RunConfig.builder()).threads(threads).targetOpsPerSec(target)
                .warmup(RunOptions.seconds(warmupSeconds, "--warmup"))
                .duration(RunOptions.seconds(runtimeSeconds, "--runtime")).build();
    }

    private HlogWriter histogramCopy() {
        if (histogram == null) {
            return null;
        }
        try {
            return new HlogWriter(histogram);
        } catch (FileNotFoundException e) {
            throw new BenchException("cannot write --histogram " + histogram + ": " + e.getMessage(), e);
        }
    }

    int threads() {
        return threads;
    }

    int maxBatch() {
        return maxBatch;
    }
}
