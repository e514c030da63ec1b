package dev.bench.workloads.tpcc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.RunConfig;
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
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * sysbench-tpcc as data: its settings and the factory of its {@code run}, plus the {@code prepare},
 * {@code check} and {@code cleanup} actions, which print their own lines. With no server named, the
 * target is an embedded H2 database in ./bench-tpcc.mv.db (a file, not memory: prepare, run and check
 * are separate processes and must see the same data).
 */
public final class TpccWorkloadType implements WorkloadType<TpccRunSettings> {

    public static final String NAME = "tpcc";
    static final String BANNER = "bench tpcc (sysbench-tpcc, TPC-C)";
    /** DB_CLOSE_ON_EXIT=FALSE: H2's own shutdown hook would close it under a run ended by Ctrl-C; the pool closes it. */
    static final String EMBEDDED_URL = "jdbc:h2:./bench-tpcc;DB_CLOSE_ON_EXIT=FALSE";
    /**
     * New-Order's order lines as single INSERTs, not MariaDB Connector/J's one bulk command (COM_STMT_BULK_EXECUTE): on a
     * Galera cluster a bulk INSERT whose transaction a replicated write aborted answered OK with no transaction open, so the
     * driver skipped the COMMIT and told the client the order committed (docs/galera.md). The user's URL still wins.
     */
    private static final Map<String, String> MARIADB_SETTINGS = Map.of("useBulkStmtsForInserts", "false");
    /** Exit code of an action whose check found a failed condition. */
    private static final int FAILED = 1;

    @Override
    public List<String> opKinds(TpccRunSettings settings) {
        return TpccWorkload.kindNames();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<TpccRunSettings> settingsType() {
        return TpccRunSettings.class;
    }

    @Override
    public TpccRunSettings defaults() {
        return TpccRunSettings.DEFAULTS;
    }

    @Override
    public TpccRunSettings withTargetRate(TpccRunSettings s, double opsPerSec) {
        return new TpccRunSettings(s.tpcc(), s.threads(), s.loadThreads(), s.check(), s.sysbench().withRate(opsPerSec));
    }

    @Override
    public Opener plan(TpccRunSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        settings.validate(names);
        target.urlOrEmbedded(EMBEDDED_URL, names);
        RunConfig config = settings.sysbench().config(run, settings.threads(), run.seed(), names);
        return () -> new TpccBenchmark(open(target, config.threads() + 1), settings.tpcc(), config, settings.check(),
                run.reportIntervalSeconds(), settings.sysbench().percentile());
    }

    /** {@code prepare}: creates the tables, loads them in parallel, adds keys, then checks condition 11. */
    public int prepare(TpccRunSettings settings, TargetSettings target, SettingNames names, PrintWriter out, PrintWriter err) {
        settings.validate(names);
        return oneLine("prepare", () -> {
            TpccSettings tpcc = settings.tpcc();
            try (JdbcTarget t = open(target, settings.loadThreads() + 1)) {
                out.println("Creating tables and loading " + tpcc.scale() + " warehouse(s) x " + tpcc.tables()
                        + " table set(s) into " + t.serverVersion() + " at " + t.maskedUrl());
                out.flush();
                TpccLoader.LoadTimes times = new TpccLoader(t, tpcc, settings.loadThreads(), err).load();
                TpccCheck.Outcome check = TpccCheck.afterLoad(t, tpcc, settings.loadThreads());
                print(out, check, tpcc.tables());
                out.printf("prepare: %,d rows; tables %.1f s, load %.1f s, keys and indexes %.1f s, foreign keys %.1f s;"
                        + " total %.1f s; check 11 %.1f s%n", times.rows(), times.createSeconds(), times.loadSeconds(),
                        times.indexSeconds(), times.foreignKeySeconds(), times.totalSeconds(), check.seconds());
                out.flush();
                return check.passed() ? 0 : FAILED;
            }
        });
    }

    /** {@code check}: consistency conditions 1-10 and 12, PASSED/FAILED per condition and warehouse. */
    public int check(TpccRunSettings settings, TargetSettings target, SettingNames names, PrintWriter out) {
        settings.validate(names);
        return oneLine("check", () -> {
            try (JdbcTarget t = open(target, settings.threads() + 1)) {
                TpccDatabase.requirePrepared(t, settings.tpcc());
                TpccCheck.Outcome outcome = TpccCheck.afterRun(t, settings.tpcc(), settings.threads());
                print(out, outcome, settings.tpcc().tables());
                return outcome.passed() ? 0 : FAILED;
            }
        });
    }

    /** Several clients' transactions, checked once after all of them: TPC-C's consistency conditions. */
    @Override
    public IntegrityCheck checkTogether(TargetSettings target, List<JsonNode> told) throws Exception {
        JsonNode first = told.get(0);
        if (!first.path("check").asBoolean(true)) {
            return IntegrityCheck.notChecked("--no-check");
        }
        TpccSettings shape = new TpccSettings(first.path("scale").asInt(), first.path("tables").asInt(),
                TpccSettings.DEFAULTS.useFk(), TpccSettings.DEFAULTS.isolation());
        try (JdbcTarget t = open(target, 3)) {
            TpccCheck.Outcome outcome = TpccCheck.afterRun(t, shape, 2);
            return IntegrityCheck.of(outcome.passed(), (outcome.verdicts().size() - outcome.failed()) + " of "
                    + outcome.verdicts().size() + " consistency checks (condition x warehouse) passed");
        }
    }

    /** {@code cleanup}: drops the tables of sets 1..tables that bench created, names those it left alone. */
    public int cleanup(TpccRunSettings settings, TargetSettings target, SettingNames names, PrintWriter out) {
        settings.validate(names);
        return oneLine("cleanup", () -> {
            try (JdbcTarget t = open(target, 2)) {
                out.println("Dropping the tpcc tables of " + settings.tpcc().tables() + " table set(s) in " + t.maskedUrl());
                List<String> foreign = TpccDatabase.cleanup(t, settings.tpcc().tables());
                if (!foreign.isEmpty()) {
                    out.println("left untouched (not created by bench): " + String.join(", ", foreign));
                }
                out.flush();
                return 0;
            }
        });
    }

    static JdbcTarget open(TargetSettings target, int connections) {
        return target.openUrlOrEmbedded(connections - 1, EMBEDDED_URL, TpccWorkloadType::driverSettings);
    }

    /** tpcc's properties for the driver a URL selects. */
    static Map<String, String> driverSettings(JdbcDriver driver) {
        return driver == JdbcDriver.MARIADB ? MARIADB_SETTINGS : Map.of();
    }

    /** Prints a check's verdicts as sysbench-tpcc does, one line per condition and warehouse, then a summary. */
    private static void print(PrintWriter out, TpccCheck.Outcome outcome, int tables) {
        int set = 0;
        for (TpccCheck.Verdict v : outcome.verdicts()) {
            if (tables > 1 && v.set() != set) {
                set = v.set();
                out.println("# table set " + set);
            }
            out.println(v.line());
        }
        out.printf("check: %d of %d PASSED, %d FAILED in %.1f s%n", outcome.verdicts().size() - outcome.failed(),
                outcome.verdicts().size(), outcome.failed(), outcome.seconds());
        out.flush();
    }

    /** An action that isn't a run: any failure becomes one line (exit 1). */
    private static int oneLine(String what, Callable<Integer> action) {
        try {
            return action.call();
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException(what + " failed: " + Failures.describe(e), e);
        }
    }
}
