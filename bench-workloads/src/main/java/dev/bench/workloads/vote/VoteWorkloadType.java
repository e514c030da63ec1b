package dev.bench.workloads.vote;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedAddresses;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.util.List;
import java.util.function.Consumer;

/**
 * Noria's vote benchmark as data: its settings (Noria's flags and a backend) and the factory of its
 * benchmark, which opens the backend the settings name against the target.
 */
public final class VoteWorkloadType implements WorkloadType<VoteRunSettings> {

    public static final String NAME = "vote";
    /** A title string ("Article #123456789": ~56 bytes), its array slot and a counter. */
    static final long MEMORY_BYTES_PER_ARTICLE = 80;

    @Override
    public List<String> opKinds(VoteRunSettings settings) {
        return VoteWorkload.KIND_NAMES;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean readsToReplicas() {
        return true;
    }

    @Override
    public Class<VoteRunSettings> settingsType() {
        return VoteRunSettings.class;
    }

    @Override
    public VoteRunSettings defaults() {
        return VoteRunSettings.DEFAULTS;
    }

    @Override
    public VoteRunSettings withTargetRate(VoteRunSettings s, double opsPerSec) {
        return new VoteRunSettings(s.vote(), opsPerSec, s.threads(), s.runtimeSeconds(), s.warmupSeconds(), s.histogram(),
                s.backend());
    }

    @Override
    public Opener plan(VoteRunSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        InputErrors.Collector errors = new InputErrors.Collector(); // every error of the settings at once: vote's, the target's, the run's
        errors.run(() -> settings.validate(names));
        errors.run(() -> checkTarget(settings.backend(), settings.vote().articles(), target, names));
        errors.run(() -> run.applyTo(RunConfig.builder(), names));
        errors.throwIfAny();
        RunConfig config = run.applyTo(RunConfig.builder(), names).threads(settings.threads())
                .targetOpsPerSec(settings.target())
                .warmup(Require.seconds(names.of("warmup"), settings.warmupSeconds()))
                .duration(Require.seconds(names.of("runtime"), settings.runtimeSeconds(), Require.POSITIVE_SECONDS)).build();
        return () -> new VoteBenchmark(openBackend(settings, target), settings.vote(), config, settings.histogram());
    }

    /** The target's checks per backend, before anything connects. */
    private static void checkTarget(VoteBackendSettings backend, long articles, TargetSettings target, SettingNames names) {
        VoteBackendKind kind = backend.kind();
        if (kind.isServer()) {
            target.withOneServerSource(names);
        }
        switch (kind) {
            case POSTGRES -> target.replicasUrl(Dialect.POSTGRES, names);
            case MYSQL -> target.replicasUrl(Dialect.MYSQL, names);
            default -> target.requireReadsToPrimary(names, "vote's " + kind.label() + " backend");
        }
        switch (kind) {
            case H2 -> requireDialect(target, Dialect.H2, kind, names);
            case POSTGRES -> requireDialect(target, Dialect.POSTGRES, kind, names);
            case MYSQL -> requireDialect(target, Dialect.MYSQL, kind, names);
            case MSSQL -> requireDialect(target, Dialect.MSSQL, kind, names);
            case MEMCACHED -> {
                if (target.url() != null || target.database() != null || target.user() != null) {
                    throw new BenchException("memcached takes " + names.of("address") + " host:port[,host:port...], not "
                            + names.of("url") + "/" + names.of("database") + "/" + names.of("user"));
                }
                MemcachedAddresses.parse(names.of("address"), memcachedAddress(target));
            }
            case MEMORY -> requireMemoryFor(articles, names);
            case HYBRID -> {
                MemcachedAddresses.parse(names.of("memcached-address"), backend.memcachedAddress());
                if (target.url() != null) {
                    Dialect.fromUrl(target.url());
                }
            }
            default -> { } // null and memory run in process: no target
        }
    }

    /**
     * The memory backend keeps a title and a counter per article in this JVM, about
     * {@value #MEMORY_BYTES_PER_ARTICLE} bytes each: more than the heap may hold is bad input, not an
     * OutOfMemoryError minutes into priming.
     */
    private static void requireMemoryFor(long articles, SettingNames names) {
        long needed = articles * MEMORY_BYTES_PER_ARTICLE;
        long heap = Runtime.getRuntime().maxMemory();
        Require.that(needed < heap, String.format(java.util.Locale.ROOT, "%s %d needs about %.1f GB in the memory backend;"
                + " this JVM may use %.1f GB: fewer articles, or a larger -Xmx (JAVA_OPTS)", names.of("articles"), articles,
                needed / 1e9, heap / 1e9));
    }

    /** A URL of another server than the backend's would run, and be recorded, under the wrong name. */
    private static void requireDialect(TargetSettings target, Dialect dialect, VoteBackendKind kind, SettingNames names) {
        if (target.url() != null && Dialect.fromUrl(target.url()) != dialect) {
            throw new BenchException(names.of("url") + " names a " + Dialect.fromUrl(target.url()).name().toLowerCase(java.util.Locale.ROOT)
                    + " server, not the " + kind.label() + " backend's: name the backend that URL is for");
        }
    }

    /**
     * Several clients' votes against one database, checked once: its vote rows and counts now against
     * the votes all of them were told of, from the counts read before any of them wrote. SQL backends
     * (and hybrid, whose votes are its SQL tables'); memcached has no check over several clients yet.
     */
    @Override
    public IntegrityCheck checkTogether(TargetSettings target, List<JsonNode> told) throws Exception {
        VoteTold all = VoteTold.together(told);
        Dialect dialect = switch (all.backend()) {
            case "postgres" -> Dialect.POSTGRES;
            case "mysql", "hybrid" -> Dialect.MYSQL;
            case "mssql" -> Dialect.MSSQL;
            default -> null;
        };
        if ("memcached".equals(all.backend())) {
            JsonNode first = told.get(0);
            try (MemcachedVoteBackend cache = new MemcachedVoteBackend(MemcachedTarget.open(memcachedAddress(target), 1),
                    first.path("key_prefix").asText(""), false)) {
                return VoteCheck.of(all.acknowledged(), all.inDoubt(), all.before(), cache.countOf(first.path("articles").asLong()));
            }
        }
        if (dialect == null) {
            return IntegrityCheck.notChecked("no check over several clients for the " + all.backend() + " backend");
        }
        String engine = dialect == Dialect.MYSQL ? VoteBackendSettings.ENGINE : null; // counting reads either engine
        try (JdbcVoteBackend tables = new JdbcVoteBackend(all.backend(), target.openServer(dialect, 1), engine, 1)) {
            return VoteCheck.of(all.acknowledged(), all.inDoubt(), all.before(), tables.count());
        }
    }

    /**
     * Opens the backend the settings name against the target: connects.
     *
     * @throws BenchException the server is unreachable or refused
     */
    public static VoteBackend openBackend(VoteRunSettings settings, TargetSettings target) {
        VoteBackendSettings b = settings.backend();
        int threads = settings.threads();
        int maxBatch = settings.vote().maxBatch();
        return switch (b.kind()) {
            case NULL -> new NullVoteBackend();
            case MEMORY -> new MemoryVoteBackend();
            case H2 -> new JdbcVoteBackend("h2", target.openUrlOrEmbedded(threads, Dialect.H2.embeddedUrl()), null, maxBatch);
            case POSTGRES -> sql("postgres", Dialect.POSTGRES, target, threads, null, maxBatch);
            case MYSQL -> sql("mysql", Dialect.MYSQL, target, threads, b.engine(), maxBatch);
            case MSSQL -> new MssqlVoteBackend(target.openServer(Dialect.MSSQL, threads), maxBatch);
            // workers have blocking clients of their own: spymemcached's prime and check
            case MEMCACHED -> new MemcachedVoteBackend(MemcachedTarget.open(memcachedAddress(target),
                    target.poolSize() != null ? target.poolSize() : 1), b.keyPrefix(), b.fast());
            case HYBRID -> hybrid(settings, target);
        };
    }

    /** A SQL server's backend, with the replicas' read-only pool when reads go to replicas. */
    private static VoteBackend sql(String name, Dialect dialect, TargetSettings target, int threads, String engine, int maxBatch) {
        JdbcTarget primary = target.openServer(dialect, threads);
        try {
            return new JdbcVoteBackend(name, primary, target.openReplicas(dialect, threads), engine, maxBatch);
        } catch (RuntimeException e) {
            primary.close();
            throw e;
        }
    }

    /** Each worker holds two SQL connections: its write session and one for filling misses. */
    private static VoteBackend hybrid(VoteRunSettings settings, TargetSettings target) {
        VoteBackendSettings b = settings.backend();
        TargetSettings sqlTarget = target.poolSize() != null ? target : target.withPoolSize(2 * settings.threads() + 1);
        Dialect dialect = target.url() != null ? Dialect.fromUrl(target.url()) : Dialect.MYSQL;
        JdbcTarget sql = sqlTarget.openServer(dialect, settings.threads());
        try {
            return new HybridVoteBackend(sql, MemcachedTarget.open(b.memcachedAddress(), settings.threads()), b.engine(),
                    settings.vote().maxBatch(), b.keyPrefix(), b.consistentCache());
        } catch (RuntimeException e) {
            sql.close();
            throw e;
        }
    }

    private static String memcachedAddress(TargetSettings target) {
        return target.address() != null ? target.address() : MemcachedAddresses.DEFAULT;
    }
}
