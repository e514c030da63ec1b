package dev.bench.cli.tpcc;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import dev.bench.workloads.tpcc.TpccRunSettings;
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
        ContainerRun.refuseSetupAlone(spec, options.target.container != null, "tpcc run");
        TpccRunSettings settings = WorkloadRun.validated(spec, () -> new TpccRunSettings(
                options.settings(true, TpccSettings.TRX_LEVEL), threads != null ? threads : TpccRunSettings.CHECK_THREADS,
                TpccRunSettings.LOAD_THREADS, true,
                SysbenchRunSettings.DEFAULTS).validate(FlagNames.of(spec)));
        return Workloads.TPCC.check(settings, options.target.settings(), FlagNames.of(spec), spec.commandLine().getOut());
    }
}
