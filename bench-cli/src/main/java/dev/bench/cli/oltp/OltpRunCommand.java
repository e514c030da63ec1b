package dev.bench.cli.oltp;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.cli.sysbench.SysbenchRunOptions;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.oltp.OltpRunSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * Runs oltp_read_write transactions (closed loop, or open loop with --rate) through the run template:
 * sysbench's intermediate and final reports on stdout, then the check that every table still holds
 * --table-size rows.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = SysbenchRunOptions.Defaults.class,
        description = "Run transactions for --time seconds (or --events), then check the row counts."
                + " With --container: on a fresh server, the tables prepared first.")
public final class OltpRunCommand implements Callable<Integer>, WorkloadCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    OltpOptions oltp;

    @Mixin
    SysbenchRunOptions sysbench;

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        return runRequest(spec);
    }

    /** On a fresh server the tables don't exist: prepare them first, as 'oltp-rw prepare' would. */
    @Override
    public ContainerRun.Plan containerPlan() {
        Kind kind = target.sqlContainer();
        if (kind == null) {
            return null;
        }
        WorkloadRequest<OltpRunSettings> r = request();
        return ContainerRun.plan(kind, r, (server, echoed) -> Workloads.OLTP_RW.prepare(r.settings(), server, r.run().seed(),
                FlagNames.of(spec), spec.commandLine().getOut(), spec.commandLine().getErr()));
    }

    @Override
    public WorkloadRequest<OltpRunSettings> request() {
        OltpRunSettings settings = WorkloadRun.validated(spec, () -> oltp.settings(sysbench.settings()));
        return new WorkloadRequest<>(Workloads.OLTP_RW, settings, target.settings(), run.settings(), List.of(spec));
    }
}
