package dev.bench.cli.vote;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.vote.VoteBackendSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * One vote backend as a subcommand ({@code vote ... mysql --address}, Noria's shape): it maps its flags
 * onto the backend's settings and the target; the run is {@link VoteCommand}'s.
 */
abstract class VoteBackendCommand implements Callable<Integer>, WorkloadCommand {

    @ParentCommand VoteCommand vote;
    @Spec CommandSpec spec;

    /** The backend as this subcommand's flags say. */
    abstract VoteBackendSettings backend();

    /** What the backend runs against: nothing of its own, unless a subclass says so. */
    TargetSettings targetSettings() {
        return TargetSettings.NONE;
    }

    /** --container's value, or null without it. */
    String container() {
        return null;
    }

    @Override
    public final Integer call() {
        return vote.run(spec, backend(), targetSettings(), container());
    }

    @Override
    public final ContainerRun.Plan containerPlan() {
        TargetSettings target = targetSettings();
        return target.container() ? vote.containerPlan(spec, backend(), target, container()) : null;
    }

    @Override
    public final WorkloadRequest<?> request() {
        return vote.request(spec, backend(), targetSettings());
    }

    /** A backend on a server: the shared {@link TargetOptions}, {@code --container} included. */
    abstract static class OnServer extends VoteBackendCommand {

        @Mixin TargetOptions target;

        @Override
        final TargetSettings targetSettings() {
            return target.settings();
        }

        @Override
        final String container() {
            return target.container;
        }
    }
}
