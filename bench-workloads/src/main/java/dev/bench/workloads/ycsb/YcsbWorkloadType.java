package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedAddresses;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * YCSB's core workloads as data: {@code load} (insert the records) and {@code run} (the op mix), on
 * the {@code jdbc} binding (PostgreSQL, MySQL/MariaDB, SQL Server, or embedded H2 in a file when no
 * server is named, so load and run can be separate processes) or {@code memcached}. The target options
 * win over the binding's properties (db.url, db.user, db.passwd; memcached.hosts).
 */
public final class YcsbWorkloadType implements WorkloadType<YcsbSettings> {

    public static final String NAME = "ycsb";
    /** Records per load statement when db.batchsize is unset (YCSB's binding inserts one at a time). */
    public static final int LOAD_BATCH = 100;
    /** Records per COPY when db.batchsize is unset: a statement's overhead spread over about 1 MB of data. */
    public static final int COPY_BATCH = 1000;
    static final String H2_FILE_URL = "jdbc:h2:file:./bench-h2/ycsb;DB_CLOSE_ON_EXIT=FALSE";

    @Override
    public String name() {
        return NAME;
    }

    /** The jdbc binding's read and scan ops (not read-modify-write: its read belongs to its write). */
    @Override
    public boolean readsToReplicas() {
        return true;
    }

    @Override
    public Class<YcsbSettings> settingsType() {
        return YcsbSettings.class;
    }

    @Override
    public YcsbSettings defaults() {
        return YcsbSettings.DEFAULTS;
    }

    @Override
    public YcsbSettings withTargetRate(YcsbSettings settings, double opsPerSec) {
        return settings.withTarget(opsPerSec);
    }

    @Override
    public Opener plan(YcsbSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        YcsbPlan plan = check(settings, target, run, names);
        TargetSettings resolved = resolve(settings, target, names);
        if (settings.binding().equals("memcached") || settings.isLoad()) {
            target.requireReadsToPrimary(names, "ycsb " + (settings.isLoad() ? "load" : "run memcached"));
        } else {
            resolved.replicasUrl(dev.bench.core.jdbc.Dialect.fromUrl(resolved.urlOrEmbedded(H2_FILE_URL, names)), names);
        }
        return new Opener() {
            @Override
            public Benchmark open() {
                return open(null);
            }

            @Override
            public Benchmark open(PrintWriter err) {
                return new YcsbBenchmark(openStore(plan, resolved), plan, err);
            }
        };
    }

    /** Everything checked before anything connects: the flags, the properties, the engine settings. */
    public static YcsbPlan check(YcsbSettings settings, TargetSettings target, RunSettings run, SettingNames names) {
        settings.validate(names);
        PropertyReader p = PropertyReader.of(settings.files(), settings.properties());
        CoreConfig config = CoreConfig.from(p);
        boolean memcached = settings.binding().equals("memcached");
        Require.that(!(memcached && !settings.isLoad() && config.scanProportion() > 0),
                "scanproportion=" + config.scanProportion() + ": the memcached binding has no scans (as in YCSB)");
        if (memcached) {
            memcachedClient(settings);
        }
        int batch = p.integer("db.batchsize", -1);
        String url = target.url() != null ? target.url() : p.string("db.url", "");
        int loadBatch = !memcached && url.startsWith("jdbc:postgresql:") ? COPY_BATCH : LOAD_BATCH;
        int rows = settings.isLoad() ? (batch > 0 ? batch : loadBatch) : 1;
        int threads = settings.threads() != null ? settings.threads() : config.threadCount();
        double rate = settings.target() > 0 ? settings.target() : config.target();
        long maxOps = settings.isLoad() ? (config.insertCount() + rows - 1) / rows : config.operationCount();
        YcsbBounds.check(settings, p, config, rows, threads, rate);
        Require.that(maxOps > 0 || config.maxExecutionSeconds() > 0,
                "operationcount=0 runs until maxexecutiontime: set one of them");
        RunConfig runConfig = run.applyTo(RunConfig.builder(), names).threads(threads)
                .targetOpsPerSec(Require.rate(names.of("target"), rate / rows))
                .duration(Duration.ofSeconds(config.maxExecutionSeconds())).maxOps(maxOps).build();
        int fetchSize = p.integer("jdbc.fetchsize", 0);
        Require.atLeast("jdbc.fetchsize", fetchSize, 0);
        return new YcsbPlan(settings, config, runConfig, rows, fetchSize);
    }

    /** The target options, with the binding's properties where the options say nothing. */
    static TargetSettings resolve(YcsbSettings settings, TargetSettings t, SettingNames names) {
        PropertyReader p = PropertyReader.of(settings.files(), settings.properties());
        if (settings.binding().equals("memcached")) {
            String hosts = t.address() != null ? t.address() : p.string("memcached.hosts", MemcachedAddresses.DEFAULT);
            MemcachedAddresses.parse(t.address() != null ? names.of("address") : "memcached.hosts", hosts);
            return new TargetSettings(null, hosts, null, null, null, t.poolSize(), false);
        }
        String url = t.url() != null ? t.url() : p.string("db.url", null);
        TargetSettings resolved = new TargetSettings(url, t.address(), t.database(),
                t.user() != null ? t.user() : p.string("db.user", null),
                t.password() != null ? t.password() : p.string("db.passwd", null), t.poolSize(), t.container(), t.readsTo(),
                t.replicaUrl());
        resolved.urlOrEmbedded(H2_FILE_URL, names);
        return resolved;
    }

    static YcsbStore openStore(YcsbPlan plan, TargetSettings target) {
        int threads = plan.runConfig().threads();
        if (plan.settings().binding().equals("memcached")) {
            boolean blocking = memcachedClient(plan.settings()).equals("blocking");
            // the blocking client's workers have their own connections: one spymemcached client is for the check
            return new MemcachedStore(MemcachedTarget.open(target.address(), blocking ? 1 : threads), plan.config(), blocking);
        }
        JdbcTarget jdbc = target.openUrlOrEmbedded(threads, H2_FILE_URL);
        YcsbStore store = new JdbcStore(jdbc, target.openReplicasBeside(jdbc, threads), plan.config(), plan.fetchSize());
        if (plan.rowsPerInsert() > store.maxRowsPerInsert(plan.config().fieldCount())) {
            store.close();
            throw new BenchException("db.batchsize " + plan.rowsPerInsert() + " is more rows than one statement takes here; at most "
                    + store.maxRowsPerInsert(plan.config().fieldCount()));
        }
        return store;
    }

    /** {@value MemcachedStore#CLIENT}: which client the memcached binding's workers use. */
    private static String memcachedClient(YcsbSettings settings) {
        return PropertyReader.of(settings.files(), settings.properties())
                .choice(MemcachedStore.CLIENT, MemcachedStore.CLIENTS.get(0), MemcachedStore.CLIENTS);
    }

    /** What {@code cleanup} drops, and where: checked before anything connects. */
    public record CleanupPlan(String table, TargetSettings target) {
    }

    /** @throws dev.bench.core.BenchException for a memcached binding, bad properties or a bad URL */
    public static CleanupPlan checkCleanup(YcsbSettings settings, TargetSettings target, SettingNames names) {
        settings.validate(names);
        Require.that(settings.binding().equals("jdbc"), "cleanup drops the jdbc binding's table; memcached has none");
        String table = CoreConfig.from(PropertyReader.of(settings.files(), settings.properties())).table();
        return new CleanupPlan(table, resolve(settings, target, names));
    }

    /** {@code cleanup}: drops the table if bench created it. */
    public int cleanup(CleanupPlan plan, PrintWriter out) {
        try (JdbcTarget jdbc = plan.target().openUrlOrEmbedded(1, H2_FILE_URL)) {
            JdbcStore.cleanup(jdbc, plan.table());
            out.println("dropped " + plan.table() + " (if it was there) from " + jdbc.maskedUrl());
        } catch (java.sql.SQLException e) {
            throw new BenchException("cleanup failed: " + e.getMessage(), e);
        }
        out.flush();
        return 0;
    }

    @Override
    public List<String> opKinds(YcsbSettings settings) {
        return List.of();
    }
}
