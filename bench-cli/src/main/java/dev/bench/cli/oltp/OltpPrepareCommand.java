package dev.bench.cli.oltp;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.core.RunConfig;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.oltp.OltpRunSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** Creates and loads the sbtest tables (refuses if they exist: cleanup first). */
@Command(name = "prepare", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Create sbtest1..N and load --table-size rows each, --threads tables at once (PostgreSQL: COPY).")
public final class OltpPrepareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OltpOptions oltp;

    @Mixin
    TargetOptions target;

    @Override
    public Integer call() {
        ContainerRun.refuseSetupAlone(spec, target.container != null, "oltp-rw run");
        OltpRunSettings settings = oltp.tableSettings(spec);
        return Workloads.OLTP_RW.prepare(settings, target.settings(), RunConfig.DEFAULT_SEED, FlagNames.of(spec),
                spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
