package dev.bench.cli.vote;

import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.core.memcached.MemcachedAddresses;
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
 * The vote backends on SQL Server and memcached: {@code mssql}, {@code memcached}, {@code hybrid}
 * (Noria's names). Each takes the shared {@link TargetOptions}, {@code --container} included.
 */
final class VoteServerBackendCommands {

    private VoteServerBackendCommands() {
    }

    @Command(name = "mssql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "SQL Server: counts in an indexed view (WITH SCHEMABINDING, read WITH (NOEXPAND)), as Noria's mssql.")
    static final class Mssql implements Callable<Integer>, WorkloadCommand {
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
            return VoteBackendSettings.of(VoteBackendKind.MSSQL);
        }
    }

    @Command(name = "memcached", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"memcached: titles and counters under Noria's keys; one multi-get per read batch.",
                    "--address takes several servers, one pool with keys spread by Ketama hashing; --pool-size is the"
                            + " number of spymemcached clients (one I/O thread each; default: --threads)."})
    static final class Memcached implements Callable<Integer>, WorkloadCommand {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;
        @Option(names = "--fast", description = "Reads fetch only the counts, not the titles (Noria's --fast).")
        boolean fast;
        @Option(names = "--key-prefix", defaultValue = "", description = "Put before Noria's keys, to keep runs sharing a memcached apart.")
        String keyPrefix;

        @Override
        public Integer call() {
            return vote.run(spec, backend(), target.settings());
        }

        @Override
        public WorkloadRequest<?> request() {
            return vote.request(spec, backend(), target.settings());
        }

        private VoteBackendSettings backend() {
            return new VoteBackendSettings(VoteBackendKind.MEMCACHED, VoteBackendSettings.ENGINE, fast, keyPrefix,
                    MemcachedAddresses.DEFAULT, false);
        }
    }

    @Command(name = "hybrid", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"SQL with a memcached look-aside cache, as Noria's hybrid: MySQL/MariaDB by default, PostgreSQL via --url.",
                    "--url/--address name the SQL server, --memcached-address the cache; --container starts MySQL 8.4 and memcached 1.6."})
    static final class Hybrid implements Callable<Integer>, WorkloadCommand {
        @ParentCommand VoteCommand vote;
        @Spec CommandSpec spec;
        @Mixin TargetOptions target;
        @Option(names = "--memcached-address", paramLabel = "HOST:PORT[,...]", defaultValue = MemcachedAddresses.DEFAULT,
                description = "memcached server(s) (default: ${DEFAULT-VALUE}).")
        String memcachedAddress;
        @Option(names = "--engine", defaultValue = VoteBackendSettings.ENGINE, description = "MySQL storage engine: InnoDB (default) or MEMORY.")
        String engine;
        @Option(names = "--key-prefix", defaultValue = "", description = "Put before Noria's keys, to keep runs sharing a memcached apart.")
        String keyPrefix;
        @Option(names = "--consistent-cache", description = "Not in Noria: guard fills with per-article generations, so no"
                + " read can cache a count a write has raised meanwhile (Noria's fill can; the check then counts stale"
                + " entries). Reads fetch twice the keys.")
        boolean consistentCache;

        @Override
        public Integer call() {
            return vote.run(spec, backend(), target.settings());
        }

        @Override
        public WorkloadRequest<?> request() {
            return vote.request(spec, backend(), target.settings());
        }

        private VoteBackendSettings backend() {
            return new VoteBackendSettings(VoteBackendKind.HYBRID, engine, false, keyPrefix, memcachedAddress, consistentCache);
        }
    }
}
