package dev.bench.cli.tpcc;

import dev.bench.cli.WorkloadRun;
import dev.bench.cli.ExitCodes;
import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.tpcc.TpccCheck;
import dev.bench.workloads.tpcc.TpccDatabase;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code bench tpcc check}: consistency conditions 1-10 and 12, PASSED/FAILED per condition and warehouse. */
@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Checks TPC-C's consistency conditions 1-10 and 12 (clause 3.3.2) with set-based SQL;"
                + " prints PASSED or FAILED per condition and warehouse. Exit 1 if any failed.")
public final class TpccCheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TpccOptions options;

    @Option(names = "--threads", paramLabel = "N", description = "Queries run side by side (default: CPUs, 2 to 4).")
    Integer threads;

    @Override
    public Integer call() {
        int n = threads != null ? threads : Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
        TpccSettings settings = WorkloadRun.validated(spec, () -> {
            TpccSettings valid = options.settings(true, "RR");
            if (n < 1) {
                throw new BenchException("--threads must be >= 1, got " + n);
            }
            return valid;
        });
        return Actions.oneLine("check", () -> {
            try (JdbcTarget target = options.open(n + 1)) {
                TpccDatabase.requirePrepared(target, settings);
                TpccCheck.Outcome outcome = TpccCheck.afterRun(target, settings, n);
                CheckPrinter.print(spec.commandLine().getOut(), outcome, settings.tables());
                return outcome.passed() ? ExitCodes.OK : ExitCodes.FAILED;
            }
        });
    }
}
