package dev.bench.cli.tpcc;

import dev.bench.cli.WorkloadRun;
import dev.bench.cli.ExitCodes;
import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.tpcc.TpccCheck;
import dev.bench.workloads.tpcc.TpccLoader;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code bench tpcc prepare}: creates and loads the tables, builds keys, then checks condition 11. */
@Command(name = "prepare", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Creates the tables (refuses if they exist: run cleanup first), loads TPC-C's population in parallel,"
                + " adds keys and indexes (and foreign keys), then checks consistency condition 11.")
public final class TpccPrepareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TpccOptions options;

    @Option(names = {"--use-fk", "--use_fk"}, paramLabel = "0|1", arity = "0..1", fallbackValue = "1", defaultValue = "1",
            description = "Add sysbench-tpcc's foreign keys after loading (default: ${DEFAULT-VALUE}).")
    String useFk;

    @Option(names = "--load-threads", paramLabel = "N", description = "Loader threads and connections (default: 2 per CPU, at least 4).")
    Integer loadThreads;

    @Override
    public Integer call() {
        int threads = loadThreads != null ? loadThreads : Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        TpccSettings settings = WorkloadRun.validated(spec, () -> {
            TpccSettings valid = options.settings(Flags.bool(useFk, "--use-fk"), "RR");
            if (threads < 1) {
                throw new BenchException("--load-threads must be >= 1, got " + threads);
            }
            return valid;
        });
        return Actions.oneLine("prepare", () -> prepare(settings, threads));
    }

    private int prepare(TpccSettings settings, int threads) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (JdbcTarget target = options.open(threads + 1)) {
            out.println("Creating tables and loading " + settings.scale() + " warehouse(s) x " + settings.tables()
                    + " table set(s) into " + target.serverVersion() + " at " + target.maskedUrl());
            out.flush();
            TpccLoader.LoadTimes times = new TpccLoader(target, settings, threads, spec.commandLine().getErr()).load();
            TpccCheck.Outcome check = TpccCheck.afterLoad(target, settings, threads);
            CheckPrinter.print(out, check, settings.tables());
            out.printf("prepare: %,d rows; tables %.1f s, load %.1f s, keys and indexes %.1f s, foreign keys %.1f s;"
                    + " total %.1f s; check 11 %.1f s%n", times.rows(), times.createSeconds(), times.loadSeconds(),
                    times.indexSeconds(), times.foreignKeySeconds(), times.totalSeconds(), check.seconds());
            out.flush();
            return check.passed() ? 0 : ExitCodes.FAILED;
        }
    }
}
