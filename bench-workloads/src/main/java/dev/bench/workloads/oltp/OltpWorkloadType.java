package dev.bench.workloads.oltp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcDriver;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.results.BuildInfo;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * sysbench oltp_read_write as data: its settings and the factory of its {@code run}, plus its
 * {@code prepare} and {@code cleanup} steps, which print sysbench's lines themselves.
 *
 * <p>Where it connects: the server the target's URL names, or, when none is named, an embedded H2 file
 * database, which (unlike the shared in-memory default) outlives one process: prepare, then run. On
 * MySQL and MariaDB, statements are prepared on the server, as sysbench's default
 * {@code --db-ps-mode=auto} does (both drivers would otherwise send each execution as text for the
 * server to parse again).
 */
public final class OltpWorkloadType implements WorkloadType<OltpRunSettings> {

    public static final String NAME = OltpTables.WORKLOAD;
    static final String BANNER = "bench oltp-rw (sysbench 1.0.20 oltp_read_write)";
    /** bench sysbench's first line: sysbench's "sysbench 1.0.20 (...)", the parenthesis saying it is bench. */
    public static final String SYSBENCH_BANNER_PREFIX = "sysbench 1.0.20 (bench sysbench, bench ";
    /** DB_CLOSE_ON_EXIT=FALSE: H2's own shutdown hook would close it under a run ended by Ctrl-C; the pool closes it. */
    static final String H2_FILE_URL = "jdbc:h2:file:./bench-h2/sbtest;DB_CLOSE_ON_EXIT=FALSE";
    /**
     * Server-side prepares (sysbench's ps mode); the rest trims Connector/J's per-statement work, safe here
     * because the tables don't change shape during a run (+4 % tps on MariaDB in three 30 s pairs).
     */
    private static final Map<String, String> CONNECTOR_J_SETTINGS = Map.of("useServerPrepStmts", "true",
            "cacheResultSetMetadata", "true", "useLocalTransactionState", "true", "maintainTimeStats", "false");
    private static final Map<String, String> MARIADB_SETTINGS = Map.of("useServerPrepStmts", "true");
    /** Milliseconds between the loader's progress lines on stderr. */
    private static final int LOAD_PROGRESS_MS = 1000;

    @Override
    public List<String> opKinds(OltpRunSettings settings) {
        return List.of(OltpWorkload.KIND);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The point and range selects, with --skip-trx on (in a transaction they belong to it, on the primary). */
    @Override
    public boolean readsToReplicas() {
        return true;
    }

    @Override
    public Class<OltpRunSettings> settingsType() {
        return OltpRunSettings.class;
    }

    @Override
    public OltpRunSettings defaults() {
        return OltpRunSettings.DEFAULTS;
    }

    @Override
    public OltpRunSettings withTargetRate(OltpRunSettings s, double opsPerSec) {
        return s.withRate(opsPerSec);
    }

    @Override
    public Opener plan(OltpRunSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        settings.validate(names);
        String url = target.urlOrEmbedded(H2_FILE_URL, names);
        if (target.readsTo() == TargetSettings.ReadsTo.REPLICAS && settings.script().script().inTransaction(settings.oltp())) {
            throw new BenchException(names.of("reads-to") + " replicas: oltp-rw's selects run inside its transactions, on the"
                    + " primary; add " + names.of("skip-trx") + " on (each statement its own transaction) to send them to replicas");
        }
        target.replicasUrl(Dialect.fromUrl(url), names);
        RunConfig config = settings.sysbench().config(run, settings.threads(), settings.seed(run.seed()), names);
        return () -> {
            JdbcTarget primary = open(target, config.threads());
            return new OltpBenchmark(primary, target.openReplicasBeside(primary, config.threads()), settings, config,
                    run.reportIntervalSeconds());
        };
    }

    /**
     * {@code prepare}: creates sbtest1..N and loads them, {@code threads} tables at once.
     *
     * @throws dev.bench.core.BenchException bad input (before connecting) or a failed load
     */
    public int prepare(OltpRunSettings settings, TargetSettings target, long runSeed, SettingNames names,
                       PrintWriter out, PrintWriter err) {
        settings.validate(names);
        try (JdbcTarget t = open(target, settings.threads())) {
            out.println(banner(settings));
            out.println();
            if (settings.script().script() == OltpScript.BULK_INSERT) {
                OltpTables.createBulkInsertTables(t, settings.oltp(), out::println);
                out.flush();
                return 0;
            }
            Consumer<String> progress = settings.sysbenchForm() ? line -> { } : line -> {
                err.println(line);
                err.flush();
            };
            OltpLoader.Loaded loaded = OltpLoader.prepare(t, tablesToPrepare(settings), settings.script().mysqlStorageEngine(),
                    settings.threads(), settings.seed(runSeed), line -> {
                        out.println(line);
                        out.flush();
                    }, progress, LOAD_PROGRESS_MS);
            if (!settings.sysbenchForm()) {
                out.println(loaded.summary(settings.oltp().tables()));
            }
        }
        return 0;
    }

    /**
     * sysbench's {@code prewarm} (oltp_common.lua's, MySQL only): per table ANALYZE TABLE, then reads of
     * the primary key and of k, so the next run starts on a warm buffer pool.
     *
     * @throws BenchException on any other server, as sysbench's assertion
     */
    public int prewarm(OltpRunSettings settings, TargetSettings target, SettingNames names, PrintWriter out) {
        settings.validate(names);
        try (JdbcTarget t = open(target, 1)) {
            if (t.dialect() != Dialect.MYSQL) {
                throw new BenchException("oltp_common.lua: prewarm is currently MySQL only");
            }
            out.println(banner(settings));
            out.println();
            OltpTables.prewarm(t, settings.oltp(), out::println);
        }
        out.flush();
        return 0;
    }

    /** {@code cleanup}: drops the sbtest tables bench created, names those it left alone. */
    public int cleanup(OltpRunSettings settings, TargetSettings target, SettingNames names, PrintWriter out) {
        settings.validate(names);
        try (JdbcTarget t = open(target, 1)) {
            out.println(banner(settings));
            out.println();
            OltpTables.cleanup(t, settings.oltp(), out::println);
        }
        out.flush();
        return 0;
    }

    /** Several clients' transactions, checked once after all of them: every table still holds its rows. */
    @Override
    public IntegrityCheck checkTogether(TargetSettings target, List<JsonNode> told) throws Exception {
        OltpSettings tables = OltpSettings.DEFAULTS.withTables(told.get(0).path("tables").asInt(), told.get(0).path("table_size").asInt());
        try (JdbcTarget t = open(target, 1)) {
            OltpCheck check = new OltpCheck(tables.tableSize(), OltpTables.countRows(t, tables));
            return IntegrityCheck.of(check.ok(), check.detail());
        }
    }

    /** sysbench's first line names its version; bench sysbench's says it is bench. */
    static String banner(OltpRunSettings settings) {
        return settings.sysbenchForm() ? SYSBENCH_BANNER_PREFIX + BuildInfo.current().version() + ")" : BANNER;
    }

    /** oltp_insert with --auto-inc off prepares empty tables: ids it loaded could collide with the run's random ones. */
    private static OltpSettings tablesToPrepare(OltpRunSettings settings) {
        OltpSettings tables = settings.oltp();
        boolean empty = settings.script().script() == OltpScript.INSERT && !tables.autoInc();
        return empty ? tables.withTables(tables.tables(), 0) : tables;
    }

    static JdbcTarget open(TargetSettings target, int threads) {
        return target.openUrlOrEmbedded(threads, H2_FILE_URL, OltpWorkloadType::driverSettings);
    }

    /** oltp-rw's properties for the driver a URL selects (the user's URL wins); public for bench-jmh's driver comparison. */
    public static Map<String, String> driverSettings(JdbcDriver driver) {
        return switch (driver) {
            case CONNECTOR_J -> CONNECTOR_J_SETTINGS;
            case MARIADB -> MARIADB_SETTINGS;
            default -> Map.of();
        };
    }
}
