package dev.bench.cli.vote;

import dev.bench.core.memcached.MemcachedAddresses;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.vote.VoteBackendKind;
import dev.bench.workloads.vote.VoteBackendSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The eight vote backends as {@link VoteBackendCommand}s, under Noria's names. */
final class VoteBackendCommands {

    private VoteBackendCommands() {
    }

    @Command(name = "null", mixinStandardHelpOptions = true, description = "No-op backend: the harness's own ceiling.")
    static final class Null extends VoteBackendCommand {
        @Override
        VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.NULL);
        }
    }

    @Command(name = "memory", mixinStandardHelpOptions = true,
            description = "In-process materialized view of article vote counts (stand-in for Noria's localsoup).")
    static final class Memory extends VoteBackendCommand {
        @Override
        VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.MEMORY);
        }
    }

    @Command(name = "h2", mixinStandardHelpOptions = true, description = "Embedded H2 (the default backend).")
    static final class H2 extends VoteBackendCommand {
        @Option(names = "--url", paramLabel = "JDBC_URL", description = "H2 JDBC URL (default: in memory).")
        String url;

        @Override
        TargetSettings targetSettings() {
            return TargetSettings.url(url);
        }

        @Override
        VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.H2);
        }
    }

    @Command(name = "postgres", mixinStandardHelpOptions = true, sortOptions = false,
            description = "PostgreSQL (and its wire-compatible kin): counts pre-computed in a table.")
    static final class Postgres extends VoteBackendCommand.OnServer {
        @Override
        VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.POSTGRES);
        }
    }

    @Command(name = "mysql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "MySQL or MariaDB: counts pre-computed in a table, as Noria's mysql client.")
    static final class Mysql extends VoteBackendCommand.OnServer {
        @Option(names = "--engine", defaultValue = VoteBackendSettings.ENGINE,
                description = "Storage engine: InnoDB (transactional, default) or MEMORY (Noria's schema; no atomic vote+count).")
        String engine;

        @Override
        VoteBackendSettings backend() {
            VoteBackendSettings defaults = VoteBackendSettings.of(VoteBackendKind.MYSQL);
            return new VoteBackendSettings(VoteBackendKind.MYSQL, engine, defaults.fast(), defaults.keyPrefix(),
                    defaults.memcachedAddress(), false);
        }
    }

    @Command(name = "mssql", mixinStandardHelpOptions = true, sortOptions = false,
            description = "SQL Server: counts in an indexed view (WITH SCHEMABINDING, read WITH (NOEXPAND)), as Noria's mssql.")
    static final class Mssql extends VoteBackendCommand.OnServer {
        @Override
        VoteBackendSettings backend() {
            return VoteBackendSettings.of(VoteBackendKind.MSSQL);
        }
    }

    @Command(name = "memcached", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"memcached: titles and counters under Noria's keys; one multi-get per read batch.",
                    "--address takes several servers, one pool with keys spread by Ketama hashing; each worker has its own"
                            + " blocking connections, and --pool-size spymemcached clients (default 1) prime and check."})
    static final class Memcached extends VoteBackendCommand.OnServer {
        @Option(names = "--fast", description = "Reads fetch only the counts, not the titles (Noria's --fast).")
        boolean fast;
        @Option(names = "--key-prefix", defaultValue = "", description = "Put before Noria's keys, to keep runs sharing a memcached apart.")
        String keyPrefix;

        @Override
        VoteBackendSettings backend() {
            return new VoteBackendSettings(VoteBackendKind.MEMCACHED, VoteBackendSettings.ENGINE, fast, keyPrefix,
                    MemcachedAddresses.DEFAULT, false);
        }
    }

    @Command(name = "hybrid", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"SQL with a memcached look-aside cache, as Noria's hybrid: MySQL/MariaDB by default, PostgreSQL via --url.",
                    "--url/--address name the SQL server, --memcached-address the cache; --container starts MySQL 8.4 and memcached 1.6."})
    static final class Hybrid extends VoteBackendCommand.OnServer {
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
        VoteBackendSettings backend() {
            return new VoteBackendSettings(VoteBackendKind.HYBRID, engine, false, keyPrefix, memcachedAddress, consistentCache);
        }
    }
}
