package dev.bench.cli.ycsb;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.ycsb.YcsbSettings;
import dev.bench.workloads.ycsb.YcsbWorkloadType;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code bench ycsb load|run BINDING -P FILE [-p key=value ...] [-threads N] [-target N] [-s]}: YCSB's
 * core workloads with its command line, property names and report layout; {@code cleanup} drops the
 * table bench created.
 */
@Command(name = "ycsb", mixinStandardHelpOptions = true,
        description = {"YCSB's core workloads (A-F: examples/ycsb/workloada ...): 'load' inserts recordcount records, "
                + "'run' runs operationcount ops of the read/update/insert/scan/read-modify-write mix.",
                "Bindings: jdbc (PostgreSQL, MySQL/MariaDB, SQL Server; embedded H2 without a URL) and memcached."},
        subcommands = {YcsbCommand.Load.class, YcsbCommand.Run.class, YcsbCommand.Cleanup.class})
public final class YcsbCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a phase: load, run or cleanup");
    }

    /** load and run: the same options, one phase each. */
    abstract static class Phase implements Callable<Integer>, WorkloadCommand {
        private final String phase;
        @Spec CommandSpec spec;
        @Mixin YcsbOptions ycsb;
        @Mixin TargetOptions target;
        @Mixin RunOptions run;

        Phase(String phase) {
            this.phase = phase;
        }

        @Override
        public Integer call() {
            return runRequest(spec);
        }

        @Override
        public WorkloadRequest<YcsbSettings> request() {
            return YcsbCommand.request(spec, ycsb, target, run, phase);
        }

        /**
         * On a fresh server (jdbc: postgres by default; memcached for its binding), 'run' loads first, its
         * results beside the run's ({@code DIR-load} for {@code --results DIR}, else a directory of its own).
         */
        @Override
        public ContainerRun.Plan containerPlan() {
            boolean memcached = "memcached".equals(ycsb.binding);
            Kind kind = memcached ? target.containerKind(Kind.MEMCACHED, EnumSet.of(Kind.MEMCACHED)) : target.sqlContainer();
            if (kind == null) {
                return null;
            }
            if (phase.equals(YcsbSettings.LOAD)) {
                return ContainerRun.plan(kind, request(), ContainerRun.Setup.NONE);
            }
            Path results = run.settings().results();
            WorkloadRequest<YcsbSettings> load = YcsbCommand.request(spec, ycsb, target, run, YcsbSettings.LOAD)
                    .withResults(results == null ? null : Path.of(results + "-load"));
            ContainerRun.plan(kind, load, ContainerRun.Setup.NONE); // its checks too, before anything starts
            return ContainerRun.plan(kind, request(), (server, echoed) -> load.withTarget(server).execute(echoed));
        }
    }

    @Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Create the table when missing and insert records insertstart .. insertstart+insertcount, "
                    + "db.batchsize (default 100) a statement (PostgreSQL: COPY); then check the row count.")
    static final class Load extends Phase {
        Load() {
            super(YcsbSettings.LOAD);
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Run operationcount ops (or until maxexecutiontime), then check the rows and verified reads."
                    + " With --container: on a fresh server, loaded first.")
    static final class Run extends Phase {
        Run() {
            super(YcsbSettings.RUN);
        }
    }

    @Command(name = "cleanup", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Drop the table (usertable, or the table property) if bench created it.")
    static final class Cleanup implements Callable<Integer> {
        @Spec CommandSpec spec;
        @Mixin YcsbOptions ycsb;
        @Mixin TargetOptions target;

        @Override
        public Integer call() {
            ContainerRun.refuseSetupAlone(spec, target.container != null, "ycsb run");
            YcsbWorkloadType.CleanupPlan plan = WorkloadRun.validated(spec,
                    () -> YcsbWorkloadType.checkCleanup(ycsb.settings(YcsbSettings.RUN), target.settings(), FlagNames.of(spec)));
            return Workloads.YCSB.cleanup(plan, spec.commandLine().getOut());
        }
    }

    static WorkloadRequest<YcsbSettings> request(CommandSpec spec, YcsbOptions ycsb, TargetOptions target, RunOptions run,
                                                 String phase) {
        return new WorkloadRequest<>(Workloads.YCSB, ycsb.settings(phase), target.settings(), run.settings(), List.of(spec));
    }
}
