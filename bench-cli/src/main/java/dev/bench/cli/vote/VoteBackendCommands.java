package dev.bench.cli.vote;

import dev.bench.cli.TargetOptions;
import dev.bench.cli.WorkloadRun;
import dev.bench.cli.container.ContainerBackend;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.core.jdbc.Dialect;
import dev.bench.workloads.vote.VoteBackend;
import dev.bench.workloads.vote.VoteBackends;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * The vote backends as subcommands, Noria's shape ({@code vote ... mysql --address}). Each takes the
 * shared {@link TargetOptions} and says only how to open its backend; the run is {@link VoteCommand}'s.
 */
final class VoteBackendCommands {

    private VoteBackendCommands() {
    }

    @Command(name = "null", mixinStandardHelpOptions = true, description = "No-op backend: the harness's own ceiling.")
    static final class Null implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            return vote.run(spec, VoteBackends::nullBackend);
        }
    }

    @Command(name = "memory", mixinStandardHelpOptions = true,
            description = "In-process materialized view of article vote counts (stand-in for Noria's localsoup).")
    static final class Memory implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            return vote.run(spec, VoteBackends::memory);
        }
    }

    @Command(name = "h2", mixinStandardHelpOptions = true, description = "Embedded H2 (the default backend).")
    static final class H2 implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Option(names = "--url", paramLabel = "JDBC_URL", description = "H2 JDBC URL (default: in memory, "
                + "jdbc:h2:mem:bench).")
        String url;

        @Override
        public Integer call() {
            return vote.run(spec, () -> open(vote, url != null ? url : Dialect.H2.embeddedUrl()));
        }

        static VoteBackend openEmbedded(VoteCommand vote) {
            return open(vote, Dialect.H2.embeddedUrl());
        }

        private static VoteBackend open(VoteCommand vote, String url) {
            TargetOptions target = new TargetOptions();
            target.url = url;
            return VoteBackends.jdbc("h2", target.openUrlOrEmbedded(vote.threads()), null, vote.maxBatch());
        }
    }

    @Command(name = "postgres", mixinStandardHelpOptions = true, sortOptions = false,
            description = "PostgreSQL (and its wire-compatible kin): counts pre-computed in a table.")
    static final class Postgres implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;

        @Override
        public Integer call() {
            WorkloadRun.validated(spec, target::withOneServerSource);
            return vote.run(spec, () -> target.container
                    ? ContainerBackend.start(List.of(Kind.POSTGRES), servers -> VoteBackends.jdbc("postgres",
                            servers.get(0).openJdbc(target.poolSize(vote.threads())), null, vote.maxBatch()))
                    : VoteBackends.jdbc("postgres", target.openServer(Dialect.POSTGRES, vote.threads()), null, vote.maxBatch()));
        }
    }

    @Command(name = "mysql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "MySQL or MariaDB: counts pre-computed in a table, as Noria's mysql client.")
    static final class Mysql implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;
        @Option(names = "--engine", defaultValue = "InnoDB",
                description = "Storage engine: InnoDB (transactional, default) or MEMORY (Noria's schema; no atomic vote+count).")
        String engine;

        @Override
        public Integer call() {
            WorkloadRun.validated(spec, target::withOneServerSource);
            return vote.run(spec, () -> target.container
                    ? ContainerBackend.start(List.of(Kind.MYSQL), servers -> VoteBackends.jdbc("mysql",
                            servers.get(0).openJdbc(target.poolSize(vote.threads())), engine, vote.maxBatch()))
                    : VoteBackends.jdbc("mysql", target.openServer(Dialect.MYSQL, vote.threads()), engine, vote.maxBatch()));
        }
    }
}
