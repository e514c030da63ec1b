package dev.bench.cli.oltp;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.oltp.OltpRunSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** Drops sbtest1..N, but only those bench created; says which it left alone. */
@Command(name = "cleanup", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Drop sbtest1..N that bench created (others are left alone, and named).")
public final class OltpCleanupCommand implements Callable<Integer> {

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
        return Workloads.OLTP_RW.cleanup(settings, target.settings(), FlagNames.of(spec), spec.commandLine().getOut());
    }
}
