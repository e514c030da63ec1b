package dev.bench.cli.oltp;

import dev.bench.cli.WorkloadRun;
import dev.bench.cli.TargetOptions;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.oltp.OltpSettings;
import dev.bench.workloads.oltp.OltpTables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
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
        OltpSettings settings = WorkloadRun.validated(spec, oltp::settings);
        PrintWriter out = spec.commandLine().getOut();
        try (JdbcTarget t = OltpTargets.open(target, 1)) {
            out.println(OltpRunCommand.BANNER);
            out.println();
            OltpTables.cleanup(t, settings, out::println);
        }
        out.flush();
        return 0;
    }
}
