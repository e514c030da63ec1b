package dev.bench.cli.tpcc;

import dev.bench.cli.WorkloadRun;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.tpcc.TpccDatabase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
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
        WorkloadRun.validated(spec, () -> options.settings(true, "RR"));
        PrintWriter out = spec.commandLine().getOut();
        return Actions.oneLine("cleanup", () -> {
            try (JdbcTarget target = options.open(2)) {
                out.println("Dropping the tpcc tables of " + options.tables + " table set(s) in " + target.maskedUrl());
                List<String> foreign = TpccDatabase.cleanup(target, options.tables);
                if (!foreign.isEmpty()) {
                    out.println("left untouched (not created by bench): " + String.join(", ", foreign));
                }
                out.flush();
                return 0;
            }
        });
    }
}
