package dev.bench.cli.workload;

import picocli.CommandLine.Model.CommandSpec;

/**
 * A command that runs one workload: what it maps its flags onto, so that other commands ({@code sweep})
 * can run the same workload at other rates without parsing a command line again.
 */
public interface WorkloadCommand {

    /**
     * The workload, its settings and target as this command's flags say.
     *
     * @throws picocli.CommandLine.ParameterException bad input (exit 2)
     */
    WorkloadRequest<?> request();

    /**
     * With --container: the servers to start and how the request runs on them (a sweep starts them once);
     * null without it.
     *
     * @throws picocli.CommandLine.ParameterException bad input (exit 2)
     */
    default ContainerRun.Plan containerPlan() {
        return null;
    }

    /** Runs the request, on the servers --container starts when given. */
    default int runRequest(CommandSpec spec) {
        ContainerRun.Plan plan = containerPlan();
        return plan != null ? ContainerRun.execute(spec, plan) : request().execute();
    }
}
