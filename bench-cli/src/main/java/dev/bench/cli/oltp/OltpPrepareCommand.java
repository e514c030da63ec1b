package dev.bench.cli.oltp;

import dev.bench.cli.WorkloadRun;
import dev.bench.cli.TargetOptions;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.oltp.OltpLoader;
import dev.bench.workloads.oltp.OltpSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
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
        OltpSettings settings = WorkloadRun.validated(spec, () -> {
            OltpSettings valid = oltp.settings();
            if (oltp.threads < 1) {
                throw new BenchException("--threads must be >= 1, got " + oltp.threads);
            }
            return valid;
        });
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (JdbcTarget t = OltpTargets.open(target, oltp.threads)) {
            out.println(OltpRunCommand.BANNER);
            out.println();
            OltpLoader.prepare(t, settings, oltp.threads, oltp.seed(RunConfig.DEFAULT_SEED), line -> {
                out.println(line);
                out.flush();
            }, line -> {
                err.println(line);
                err.flush();
            }, 1000);
        }
        return 0;
    }
}
