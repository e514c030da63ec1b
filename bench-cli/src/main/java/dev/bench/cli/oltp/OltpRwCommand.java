package dev.bench.cli.oltp;

import dev.bench.cli.workload.SubcommandChoice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code bench oltp-rw prepare|run|cleanup [options]}: sysbench 1.0.20's oltp_read_write, with its
 * option names, defaults and report layouts.
 */
@Command(name = "oltp-rw", mixinStandardHelpOptions = true,
        description = {"sysbench oltp_read_write: sbtest tables of id, k, c, pad; each transaction 10 point selects, "
                + "4 range selects, 2 updates, a delete and an insert (14 reads, 4 writes, 2 other).",
                "Target: --url (PostgreSQL, MySQL/MariaDB, H2); embedded H2 when none is named."},
        subcommands = {OltpPrepareCommand.class, OltpRunCommand.class, OltpCleanupCommand.class})
@SubcommandChoice(key = "step", otherwise = "run")
public final class OltpRwCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a step: prepare, run or cleanup");
    }
}
