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
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code bench tpcc cleanup}: drops the tables of sets 1..--tables that bench created, nothing else. */
@Command(name = "cleanup", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Drops the tpcc tables of sets 1..--tables that bench created (its registry says which);"
                + " same-named tables of someone else's are left alone.")
public final class TpccCleanupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TpccOptions options;

    @Override
    public Integer call() {
        ContainerRun.refuseSetupAlone(spec, options.target.container != null, "tpcc run");
        TpccRunSettings settings = WorkloadRun.validated(spec, () -> new TpccRunSettings(
                options.settings(true, TpccSettings.TRX_LEVEL), TpccRunSettings.THREADS, TpccRunSettings.LOAD_THREADS,
                true, SysbenchRunSettings.DEFAULTS).validate(FlagNames.of(spec)));
        return Workloads.TPCC.cleanup(settings, options.target.settings(), FlagNames.of(spec), spec.commandLine().getOut());
    }
}
