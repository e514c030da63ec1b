package dev.bench.cli.tpcc;

import dev.bench.cli.workload.SubcommandChoice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bench tpcc prepare|run|check|cleanup}: sysbench-tpcc, following the TPC-C standard where it deviates. */
@Command(name = "tpcc", mixinStandardHelpOptions = true,
        description = {"TPC-C as sysbench-tpcc runs it (and CloudSuite's data-serving with it): nine tables per set,"
                + " five transactions at the standard mix, closed loop with --threads or open loop with --rate.",
                "Actions: prepare (create and load), run (then check), check (consistency conditions), cleanup (drop the tool's tables)."},
        subcommands = {TpccPrepareCommand.class, TpccRunCommand.class, TpccCheckCommand.class, TpccCleanupCommand.class})
@SubcommandChoice(key = "step", otherwise = "run")
public final class TpccCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name an action: bench tpcc prepare|run|check|cleanup");
    }
}
