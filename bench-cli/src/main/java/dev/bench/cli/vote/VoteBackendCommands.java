package dev.bench.cli.vote;

import dev.bench.cli.JdbcOptions;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.vote.VoteBackend;
import dev.bench.workloads.vote.VoteBackends;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** The vote backends as subcommands, each with its own flags (Noria's shape: {@code vote ... mysql --address}). */
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
        static final String DEFAULT_URL = "jdbc:h2:mem:bench-vote;DB_CLOSE_DELAY=-1";

        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Option(names = "--url", defaultValue = DEFAULT_URL, description = "H2 JDBC URL (default: ${DEFAULT-VALUE}).")
        String url;

        @Override
        public Integer call() {
            return vote.run(spec, () -> open(vote, url));
        }

        static VoteBackend open(VoteCommand vote, String url) {
            return VoteBackends.jdbc("h2", JdbcTarget.open(url, null, null, vote.threads + 1), null, vote.maxBatch);
        }
    }

    @Command(name = "postgres", mixinStandardHelpOptions = true, sortOptions = false,
            description = "PostgreSQL (and its wire-compatible kin): counts pre-computed in a table.")
    static final class Postgres implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin JdbcOptions jdbc;

        @Override
        public Integer call() {
            return vote.run(spec, () -> VoteBackends.jdbc("postgres",
                    jdbc.open("jdbc:postgresql", "127.0.0.1:5432", vote.threads), null, vote.maxBatch));
        }
    }

    @Command(name = "mysql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "MySQL or MariaDB: counts pre-computed in a table, as Noria's mysql client.")
    static final class Mysql implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin JdbcOptions jdbc;
        @Option(names = "--engine", defaultValue = "InnoDB",
                description = "Storage engine: InnoDB (transactional, default) or MEMORY (Noria's schema; no atomic vote+count).")
        String engine;

        @Override
        public Integer call() {
            return vote.run(spec, () -> VoteBackends.jdbc("mysql",
                    jdbc.open("jdbc:mysql", "127.0.0.1:3306", vote.threads), engine, vote.maxBatch));
        }
    }
}
