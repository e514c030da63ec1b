package dev.bench.workloads.pgbench;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.RunContext;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.Workloads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * How the pgbench contract runs bench pgbench in-process: its settings as the CLI would build them, initialize,
 * run, plain SQL; every test starts from freshly initialized tables and drops them after.
 */
abstract class PgbenchHarness {

    @TempDir
    Path dir;
    private int runs;

    abstract String url();

    /** Initialization steps this server takes (G needs a series generator). */
    String initSteps() {
        return "dtgvpf";
    }

    record Outcome(PhaseOutcome phase, String out) {
    }

    static PgbenchSettings settings(List<String> builtins, List<String> files, int clients, int perClient,
                                    String protocol, String check, Map<String, String> define) {
        return settings(builtins, files, clients, perClient, protocol, check, define, 1);
    }

    static PgbenchSettings settings(List<String> builtins, List<String> files, int clients, int perClient,
                                    String protocol, String check, Map<String, String> define, int maxTries) {
        return new PgbenchSettings(false, PgbenchSettings.INIT_STEPS, 1, 100, true, false, false, Partitioning.NONE, Tablespaces.NONE,
                builtins, files, clients,
                1, 0, perClient, 0, 0, protocol, define, 0, true, false, false, 7L, check, maxTries, false, ErrorReports.NONE,
                TransactionLogSettings.NONE, 0, List.of(), false);
    }

    /** {@code base} with -C and the error reports set. */
    static PgbenchSettings with(PgbenchSettings base, boolean connect, ErrorReports reports) {
        return copy(base, base.jobs(), base.rate(), base.latencyLimitMs(), connect, reports, base.transactionLog());
    }

    /** {@code base} on {@code jobs} threads with -l's settings. */
    static PgbenchSettings withLog(PgbenchSettings base, int jobs, TransactionLogSettings log) {
        return copy(base, jobs, base.rate(), base.latencyLimitMs(), base.connect(), base.errorReports(), log);
    }

    /** {@code base} at -R {@code rate} with -L {@code latencyLimitMs}. */
    static PgbenchSettings withRate(PgbenchSettings base, double rate, double latencyLimitMs) {
        return copy(base, base.jobs(), rate, latencyLimitMs, base.connect(), base.errorReports(), base.transactionLog());
    }

    /** {@code base} for -T {@code seconds} at -R {@code rate} after {@code warmupSeconds} of --warmup, with -l to {@code prefix}. */
    static PgbenchSettings withWarmup(PgbenchSettings base, int seconds, double rate, double warmupSeconds, String prefix) {
        return new PgbenchSettings(base.initialize(), base.initSteps(), base.scale(), base.fillfactor(),
                base.quiet(), base.foreignKeys(), base.unloggedTables(), base.partitioning(), base.tablespaces(), base.builtins(), base.files(),
                base.client(), base.jobs(), seconds, 0, rate, base.latencyLimitMs(), base.protocol(),
                base.define(), base.progress(), base.reportPerCommand(), base.noVacuum(), base.vacuumAll(), base.randomSeed(),
                base.check(), base.maxTries(), base.connect(), base.errorReports(), new TransactionLogSettings(true, 1.0, 0, prefix),
                warmupSeconds, base.refused(), base.scaleGiven());
    }

    private static PgbenchSettings copy(PgbenchSettings base, int jobs, double rate, double latencyLimitMs, boolean connect,
                                        ErrorReports reports, TransactionLogSettings log) {
        return new PgbenchSettings(base.initialize(), base.initSteps(), base.scale(), base.fillfactor(),
                base.quiet(), base.foreignKeys(), base.unloggedTables(), base.partitioning(), base.tablespaces(), base.builtins(), base.files(),
                base.client(), jobs, base.time(), base.transactions(), rate, latencyLimitMs, base.protocol(),
                base.define(), base.progress(), base.reportPerCommand(), base.noVacuum(), base.vacuumAll(), base.randomSeed(),
                base.check(), base.maxTries(), connect, reports, log, base.warmupSeconds(), base.refused(), base.scaleGiven());
    }

    void initialize(String steps) {
        initialize(steps, 100, Partitioning.NONE);
    }

    void initialize(String steps, int fillfactor, Partitioning partitioning) {
        initialize(steps, fillfactor, partitioning, Tablespaces.NONE);
    }

    void initialize(String steps, int fillfactor, Partitioning partitioning, Tablespaces tablespaces) {
        PgbenchSettings s = new PgbenchSettings(true, steps, 1, fillfactor, true, false, false, partitioning, tablespaces, List.of(), List.of(),
                1, 1, 0, 0, 0, 0, "simple", Map.of(), 0, false, false, false, null, null, 1, false, ErrorReports.NONE,
                TransactionLogSettings.NONE, 0, List.of(), false);
        Workloads.PGBENCH.initialize(s, TargetSettings.url(url()), SettingNames.FLAGS, new PrintWriter(new StringWriter()));
    }

    Outcome run(PgbenchSettings s) throws Exception {
        StringWriter out = new StringWriter();
        try (Benchmark b = Workloads.PGBENCH.plan(s, TargetSettings.url(url()), RunSettings.DEFAULTS, SettingNames.FLAGS,
                w -> { }).open()) {
            RunContext context = new RunContext(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), false,
                    dir.resolve("run" + runs++), Map.of(), List.of());
            return new Outcome(BenchmarkRun.run(b, context).last(), out.toString());
        }
    }

    void sql(String statement) throws Exception {
        try (JdbcTarget t = JdbcTarget.open(url(), null, null, 1); Connection c = t.connection(); Statement st = c.createStatement()) {
            c.setAutoCommit(true);
            st.execute(statement);
        }
    }

    @BeforeEach
    void fresh() {
        initialize(initSteps());
    }

    @AfterEach
    void dropOwn() {
        initialize("d");
    }
}
