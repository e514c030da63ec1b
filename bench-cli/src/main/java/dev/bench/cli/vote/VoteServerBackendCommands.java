package dev.bench.cli.vote;

import dev.bench.cli.JdbcOptions;
import dev.bench.cli.container.ContainerBackend;
import dev.bench.cli.container.ServerContainer;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedAddresses;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.workloads.vote.VoteBackends;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** The vote backends on memcached and SQL Server: {@code memcached}, {@code hybrid}, {@code mssql}. */
final class VoteServerBackendCommands {

    static final String MEMCACHED_DEFAULT = "127.0.0.1:11211";

    private VoteServerBackendCommands() {
    }

    @Command(name = "memcached", mixinStandardHelpOptions = true, sortOptions = false,
            description = "memcached: titles and counters under Noria's keys; one multi-get per read batch.")
    static final class Memcached implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Option(names = "--address", paramLabel = "HOST:PORT[,HOST:PORT...]", defaultValue = MEMCACHED_DEFAULT,
                description = "memcached server(s); several are one pool, keys spread by Ketama hashing (default: ${DEFAULT-VALUE}).")
        String address;
        @Option(names = "--fast", description = "Reads fetch only the counts, not the titles (Noria's --fast).")
        boolean fast;
        @Option(names = "--pool-size", paramLabel = "N", description = "spymemcached clients, one I/O thread each (default: --threads).")
        Integer clients;
        @Option(names = "--key-prefix", defaultValue = "", description = "Put before Noria's keys, to keep runs sharing a memcached apart.")
        String keyPrefix;
        @Option(names = "--container", description = "Start memcached 1.6 with Testcontainers for this run (needs Docker).")
        boolean container;

        @Override
        public Integer call() {
            requireAddresses(spec, address);
            int n = clients != null ? clients : vote.threads;
            if (container) {
                return vote.run(spec, () -> ContainerBackend.start(List.of(Kind.MEMCACHED), servers ->
                        VoteBackends.memcached(MemcachedTarget.open(servers.get(0).memcachedAddress(), n), keyPrefix, fast)));
            }
            return vote.run(spec, () -> VoteBackends.memcached(MemcachedTarget.open(address, n), keyPrefix, fast));
        }
    }

    @Command(name = "hybrid", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"SQL (MySQL/MariaDB by default, or PostgreSQL via --url) with a memcached look-aside cache, as Noria's hybrid.",
                    "--address/--url name the SQL server, --memcached-address the cache."})
    static final class Hybrid implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin JdbcOptions jdbc;
        @Option(names = "--memcached-address", paramLabel = "HOST:PORT[,HOST:PORT...]", defaultValue = MEMCACHED_DEFAULT,
                description = "memcached server(s) (default: ${DEFAULT-VALUE}).")
        String memcachedAddress;
        @Option(names = "--engine", defaultValue = "InnoDB", description = "MySQL storage engine: InnoDB (default) or MEMORY.")
        String engine;
        @Option(names = "--key-prefix", defaultValue = "", description = "Put before Noria's keys, to keep runs sharing a memcached apart.")
        String keyPrefix;
        @Option(names = "--container", description = "Start MySQL 8.4 and memcached 1.6 with Testcontainers for this run (needs Docker).")
        boolean container;

        @Override
        public Integer call() {
            requireAddresses(spec, memcachedAddress);
            // each worker holds two SQL connections: its write session and one for filling misses
            int pool = jdbc.poolSize != null ? jdbc.poolSize : 2 * vote.threads + 1;
            if (container) {
                return vote.run(spec, () -> ContainerBackend.start(List.of(Kind.MYSQL, Kind.MEMCACHED), servers -> {
                    ServerContainer sql = servers.get(0);
                    return VoteBackends.hybrid(JdbcTarget.open(sql.jdbcUrl(), sql.user(), sql.password(), pool),
                            MemcachedTarget.open(servers.get(1).memcachedAddress(), vote.threads), engine, vote.maxBatch, keyPrefix);
                }));
            }
            return vote.run(spec, () -> {
                JdbcTarget sql = JdbcTarget.open(jdbc.resolveUrl("jdbc:mysql", "127.0.0.1:3306"), jdbc.user,
                        emptyToNull(jdbc.password), pool);
                try {
                    return VoteBackends.hybrid(sql, MemcachedTarget.open(memcachedAddress, vote.threads), engine,
                            vote.maxBatch, keyPrefix);
                } catch (RuntimeException e) {
                    sql.close();
                    throw e;
                }
            });
        }
    }

    @Command(name = "mssql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "SQL Server: counts in an indexed view (WITH SCHEMABINDING, read WITH (NOEXPAND)), as Noria's mssql.")
    static final class Mssql implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin JdbcOptions jdbc;
        @Option(names = "--container", description = "Start SQL Server 2022 with Testcontainers for this run (needs Docker).")
        boolean container;

        @Override
        public Integer call() {
            int pool = jdbc.poolSize != null ? jdbc.poolSize : vote.threads + 1;
            if (container) {
                return vote.run(spec, () -> ContainerBackend.start(List.of(Kind.MSSQL), servers -> {
                    ServerContainer sql = servers.get(0);
                    return VoteBackends.mssql(JdbcTarget.open(sql.jdbcUrl(), sql.user(), sql.password(), pool), vote.maxBatch);
                }));
            }
            String url = jdbc.url != null ? jdbc.url : "jdbc:sqlserver://" + (jdbc.address != null ? jdbc.address : "127.0.0.1:1433")
                    + ";databaseName=" + jdbc.database + ";encrypt=false";
            return vote.run(spec, () -> VoteBackends.mssql(JdbcTarget.open(url, jdbc.user, emptyToNull(jdbc.password), pool),
                    vote.maxBatch));
        }
    }

    /** A malformed address is bad input (exit 2), found before anything is started. */
    private static void requireAddresses(CommandSpec spec, String addresses) {
        try {
            MemcachedAddresses.parse(addresses);
        } catch (BenchException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
