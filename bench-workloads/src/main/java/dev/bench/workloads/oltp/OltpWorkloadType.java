package dev.bench.workloads.oltp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcDriver;
import dev.bench.core.jdbc.JdbcTarget;
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
        return new OltpRunSettings(s.oltp(), s.threads(), s.randSeed(), s.sysbench().withRate(opsPerSec));
    }

    @Override
    public Opener plan(OltpRunSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        settings.validate(names);
        String url = target.urlOrEmbedded(H2_FILE_URL, names);
        if (target.readsTo() == TargetSettings.ReadsTo.REPLICAS && !settings.oltp().skipTrx()) {
            throw new BenchException(names.of("reads-to") + " replicas: oltp-rw's selects run inside its transactions, on the"
                    + " primary; add " + names.of("skip-trx") + " on (each statement its own transaction) to send them to replicas");
        }
        target.replicasUrl(Dialect.fromUrl(url), names);
        RunConfig config = settings.sysbench().config(run, settings.threads(), settings.seed(run.seed()), names);
        return () -> {
            JdbcTarget primary = open(target, config.threads());
            return new OltpBenchmark(primary, target.openReplicasBeside(primary, config.threads()), settings.oltp(), config,
                    settings.sysbench().percentile(), run.reportIntervalSeconds());
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
            out.println(BANNER);
            out.println();
            OltpLoader.prepare(t, settings.oltp(), settings.threads(), settings.seed(runSeed), line -> {
                out.println(line);
                out.flush();
            }, line -> {
                err.println(line);
                err.flush();
            }, LOAD_PROGRESS_MS);
        }
        return 0;
    }

    /** {@code cleanup}: drops the sbtest tables bench created, names those it left alone. */
    public int cleanup(OltpRunSettings settings, TargetSettings target, SettingNames names, PrintWriter out) {
        settings.validate(names);
        try (JdbcTarget t = open(target, 1)) {
            out.println(BANNER);
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
