package dev.bench.cli.workload;

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
}
