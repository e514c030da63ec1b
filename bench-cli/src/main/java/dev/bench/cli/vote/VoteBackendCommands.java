package dev.bench.cli.vote;

import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.vote.VoteBackendKind;
import dev.bench.workloads.vote.VoteBackendSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * The vote backends as subcommands, Noria's shape ({@code vote ... mysql --address}). Each maps its
 * flags onto the backend's settings and the target; the run is {@link VoteCommand}'s.
 */
final class VoteBackendCommands {

    private VoteBackendCommands() {
    }

    @Command(name = "null", mixinStandardHelpOptions = true, description = "No-op backend: the harness's own ceiling.")
    static final class Null implements Callable<Integer>, WorkloadCommand {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            return vote.run(spec, backend(), TargetSettings.NONE);
        }

        @Override
        public WorkloadRequest<?> request() {
            return vote.request(spec, backend(), TargetSettings.NONE);
        }

        private VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.NULL);
        }
    }

    @Command(name = "memory", mixinStandardHelpOptions = true,
            description = "In-process materialized view of article vote counts (stand-in for Noria's localsoup).")
    static final class Memory implements Callable<Integer>, WorkloadCommand {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            return vote.run(spec, backend(), TargetSettings.NONE);
        }

        @Override
        public WorkloadRequest<?> request() {
            return vote.request(spec, backend(), TargetSettings.NONE);
        }

        private VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.MEMORY);
        }
    }

    @Command(name = "h2", mixinStandardHelpOptions = true, description = "Embedded H2 (the default backend).")
    static final class H2 implements Callable<Integer>, WorkloadCommand {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Option(names = "--url", paramLabel = "JDBC_URL", description = "H2 JDBC URL (default: in memory).")
        String url;

        @Override
        public Integer call() {
            return vote.run(spec, backend(), TargetSettings.url(url));
        }

        @Override
        public WorkloadRequest<?> request() {
            return vote.request(spec, backend(), TargetSettings.url(url));
        }

        private VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.H2);
        }
    }

    @Command(name = "postgres", mixinStandardHelpOptions = true, sortOptions = false,
            description = "PostgreSQL (and its wire-compatible kin): counts pre-computed in a table.")
    static final class Postgres implements Callable<Integer>, WorkloadCommand {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;

        @Override
        public Integer call() {
            return vote.run(spec, backend(), target.settings());
        }

        @Override
        public WorkloadRequest<?> request() {
            return vote.request(spec, backend(), target.settings());
        }

        private VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.POSTGRES);
        }
    }

    @Command(name = "mysql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "MySQL or MariaDB: counts pre-computed in a table, as Noria's mysql client.")
    static final class Mysql implements Callable<Integer>, WorkloadCommand {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;
        @Option(names = "--engine", defaultValue = VoteBackendSettings.ENGINE,
                description = "Storage engine: InnoDB (transactional, default) or MEMORY (Noria's schema; no atomic vote+count).")
        String engine;

        @Override
        public Integer call() {
            return vote.run(spec, backend(), target.settings());
        }

        @Override
        public WorkloadRequest<?> request() {
            return vote.request(spec, backend(), target.settings());
        }

        private VoteBackendSettings backend() {
            VoteBackendSettings defaults = VoteBackendSettings.of(VoteBackendKind.MYSQL);
            return new VoteBackendSettings(VoteBackendKind.MYSQL, engine, defaults.fast(), defaults.keyPrefix(),
                    defaults.memcachedAddress(), false);
        }
    }
}
