package dev.bench.cli.vote;

import dev.bench.cli.TargetOptions;
import dev.bench.cli.WorkloadRun;
import dev.bench.cli.container.ContainerBackend;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedAddresses;
import dev.bench.core.memcached.MemcachedTarget;
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
 * The vote backends on SQL Server and memcached: {@code mssql}, {@code memcached}, {@code hybrid}
 * (Noria's names). Each takes the shared {@link TargetOptions}, {@code --container} included.
 */
final class VoteServerBackendCommands {

    private VoteServerBackendCommands() {
    }

    @Command(name = "mssql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "SQL Server: counts in an indexed view (WITH SCHEMABINDING, read WITH (NOEXPAND)), as Noria's mssql.")
    static final class Mssql implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;

        @Override
        public Integer call() {
            WorkloadRun.validated(spec, target::withOneServerSource);
            return vote.run(spec, () -> target.container
                    ? ContainerBackend.start(List.of(Kind.MSSQL), servers ->
                            VoteBackends.mssql(servers.get(0).openJdbc(target.poolSize(vote.threads())), vote.maxBatch()))
                    : VoteBackends.mssql(target.openServer(Dialect.MSSQL, vote.threads()), vote.maxBatch()));
        }
    }

    @Command(name = "memcached", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"memcached: titles and counters under Noria's keys; one multi-get per read batch.",
                    "--address takes several servers, one pool with keys spread by Ketama hashing; --pool-size is the"
                            + " number of spymemcached clients (one I/O thread each; default: --threads)."})
    static final class Memcached implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;
        @Option(names = "--fast", description = "Reads fetch only the counts, not the titles (Noria's --fast).")
        boolean fast;
        @Option(names = "--key-prefix", defaultValue = "", description = "Put before Noria's keys, to keep runs sharing a memcached apart.")
        String keyPrefix;

        @Override
        public Integer call() {
            WorkloadRun.validated(spec, () -> {
                if (target.url != null || target.database != null || target.user != null) {
                    throw new BenchException("memcached takes --address host:port[,host:port...], not --url/--database/--user");
                }
                return MemcachedAddresses.parse(address(target));
            });
            WorkloadRun.validated(spec, target::withOneServerSource);
            int clients = target.poolSize != null ? target.poolSize : vote.threads();
            return vote.run(spec, () -> target.container
                    ? ContainerBackend.start(List.of(Kind.MEMCACHED), servers -> VoteBackends.memcached(
                            MemcachedTarget.open(servers.get(0).memcachedAddress(), clients), keyPrefix, fast))
                    : VoteBackends.memcached(MemcachedTarget.open(address(target), clients), keyPrefix, fast));
        }
    }

    @Command(name = "hybrid", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"SQL with a memcached look-aside cache, as Noria's hybrid: MySQL/MariaDB by default, PostgreSQL via --url.",
                    "--url/--address name the SQL server, --memcached-address the cache; --container starts MySQL 8.4 and memcached 1.6."})
    static final class Hybrid implements Callable<Integer> {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;
        @Option(names = "--memcached-address", paramLabel = "HOST:PORT[,...]", defaultValue = MemcachedAddresses.DEFAULT,
                description = "memcached server(s) (default: ${DEFAULT-VALUE}).")
        String memcachedAddress;
        @Option(names = "--engine", defaultValue = "InnoDB", description = "MySQL storage engine: InnoDB (default) or MEMORY.")
        String engine;
        @Option(names = "--key-prefix", defaultValue = "", description = "Put before Noria's keys, to keep runs sharing a memcached apart.")
        String keyPrefix;

        @Override
        public Integer call() {
            WorkloadRun.validated(spec, () -> MemcachedAddresses.parse(memcachedAddress));
            WorkloadRun.validated(spec, target::withOneServerSource);
            // each worker holds two SQL connections: its write session and one for filling misses
            int pool = target.poolSize != null ? target.poolSize : 2 * vote.threads() + 1;
            if (target.container) {
                return vote.run(spec, () -> ContainerBackend.start(List.of(Kind.MYSQL, Kind.MEMCACHED), servers ->
                        open(servers.get(0).openJdbc(pool), servers.get(1).memcachedAddress())));
            }
            target.poolSize = pool; // hybrid's own default, as above
            Dialect dialect = target.url != null ? Dialect.fromUrl(target.url) : Dialect.MYSQL;
            return vote.run(spec, () -> open(target.openServer(dialect, vote.threads()), memcachedAddress));
        }

        private VoteBackend open(JdbcTarget sql, String cacheAddress) {
            try {
                return VoteBackends.hybrid(sql, MemcachedTarget.open(cacheAddress, vote.threads()), engine, vote.maxBatch(), keyPrefix);
            } catch (RuntimeException e) {
                sql.close();
                throw e;
            }
        }
    }

    private static String address(TargetOptions target) {
        return target.address != null ? target.address : MemcachedAddresses.DEFAULT;
    }
}
