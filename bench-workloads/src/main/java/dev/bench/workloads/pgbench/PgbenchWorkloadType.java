package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcDriver;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.io.PrintWriter;
import java.io.Writer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * pgbench as data: its settings and the factory of its run, plus {@code -i}, which prints pgbench's
 * lines itself. Scripts are read and parsed in {@link #plan}, so a script error exits 2 before anything
 * connects.
 *
 * <p>Where it connects: the server the target's URL names, or an embedded H2 file database when none
 * is named (it outlives the process: initialize, then run). Query modes map onto the drivers: simple is
 * pgJDBC's simple query protocol with values in the text, extended sends unnamed statements with
 * parameters, prepared makes server-side prepared statements (pgJDBC from the first execution,
 * MySQL/MariaDB's server prepares).
 */
public final class PgbenchWorkloadType implements WorkloadType<PgbenchSettings> {

    public static final String NAME = "pgbench";
    static final String H2_FILE_URL = "jdbc:h2:file:./bench-h2/pgbench;DB_CLOSE_ON_EXIT=FALSE";

    @Override
    public String name() {
        return NAME;
    }

    /** The transactions of read-only scripts ({@link Script#readOnly}); scripts that write stay on the primary. */
    @Override
    public boolean readsToReplicas() {
        return true;
    }

    @Override
    public Class<PgbenchSettings> settingsType() {
        return PgbenchSettings.class;
    }

    @Override
    public PgbenchSettings defaults() {
        return PgbenchSettings.DEFAULTS;
    }

    @Override
    public PgbenchSettings withTargetRate(PgbenchSettings s, double opsPerSec) {
        return s.toBuilder().rate(opsPerSec).build();
    }

    @Override
    public Opener plan(PgbenchSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        settings.validate(names);
        if (settings.initialize()) {
            throw new BenchException(names.of("initialize") + " initializes and does not run: use the pgbench command's -i");
        }
        List<Script> scripts = Scripts.load(settings.builtins(), settings.files());
        Dialect dialect = testedDialect(target.urlOrEmbedded(H2_FILE_URL, names));
        checkPipelines(scripts, settings.protocol(), dialect);
        checkReadsToReplicas(settings, scripts, target, dialect, names);
        long seed = settings.randomSeed() != null ? settings.randomSeed() : run.seed();
        // A schedule (a scenario's phases) sets the run's length, as -T does; not pgbench's default -t 10.
        // --warmup needs either (checked here, where the schedule is known)
        boolean scheduled = run.hasSchedule();
        Require.that(!scheduled || settings.transactions() == 0, names.of("transactions") + " counts each client's transactions and "
                + names.of("schedule") + " sets the run's length: give one");
        Require.that(settings.warmupSeconds() == 0 || settings.time() > 0 || scheduled, names.of("warmup") + " needs a duration ("
                + names.of("time") + "): with a number of transactions every one counts");
        // the report's -T and -R under a schedule: its length and mean rate, read from the schedule itself (not back from the config)
        PgbenchSettings s = !scheduled ? settings : settings.toBuilder()
                .time((int) Math.ceil(Math.round((run.schedule() != null ? run.schedule().seconds() : run.workers().seconds()) * 1e9) / 1e9))
                .rate(run.schedule() != null ? run.schedule().meanRate() : settings.rate()).build();
        RunConfig config = run.applyTo(RunConfig.builder(), names).threads(settings.client())
                .targetOpsPerSec(settings.rate())
                .duration(settings.time() > 0 ? Duration.ofSeconds(settings.time()) : Duration.ZERO)
                .warmup(Duration.ofNanos(Math.round(settings.warmupSeconds() * 1e9)))
                .opsPerWorker(scheduled ? 0 : settings.transactionsPerClient()).seed(seed).build();
        return new Opener() {
            /** With no run's stderr to print on: -P, --verbose-errors and the vacuum's lines are dropped. */
            @Override
            public Benchmark open() throws Exception {
                return open(new PrintWriter(Writer.nullWriter()));
            }

            /** pgbench's live lines (-P, --verbose-errors, debug(), the vacuum's) go to {@code err}. */
            @Override
            public Benchmark open(PrintWriter err) throws Exception {
                long t0 = System.nanoTime();
                JdbcTarget t = PgbenchWorkloadType.open(target, s);
                List<Connection> clients;
                JdbcTarget replicas;
                try {
                    // pgbench's initial connection time: until every client holds its own connection (-C: none held)
                    clients = s.connect() ? List.of() : t.newConnections(s.client());
                } catch (RuntimeException e) {
                    t.close();
                    throw e;
                }
                try {
                    replicas = target.openReplicas(t.dialect(), 0);
                } catch (RuntimeException e) {
                    JdbcTarget.closeQuietly(clients);
                    t.close();
                    throw e;
                }
                double connectionMs = (System.nanoTime() - t0) / 1e6;
                return new PgbenchBenchmark(t, replicas, clients, s, scripts, config, seed, connectionMs, err);
            }
        };
    }

    /**
     * {@code -i}: the initialization steps, with pgbench's lines on {@code err}.
     *
     * @throws BenchException bad input (before connecting) or a failed step
     */
    public int initialize(PgbenchSettings settings, TargetSettings target, SettingNames names, PrintWriter err) {
        checkInitialize(settings, target, names);
        try (JdbcTarget t = open(target, settings); Connection c = t.connection()) {
            String done = new PgbenchInit(c, t.dialect(), settings, line -> {
                err.println(line);
                err.flush();
            }).run();
            err.println(done);
            err.flush();
        } catch (SQLException e) {
            throw new BenchException("initialization failed: " + e.getMessage(), e);
        }
        return 0;
    }

    /** -i's checks before anything connects. @throws BenchException bad input */
    public void checkInitialize(PgbenchSettings settings, TargetSettings target, SettingNames names) {
        settings.validate(names);
        Dialect dialect = testedDialect(target.urlOrEmbedded(H2_FILE_URL, names));
        Require.that(!settings.tablespaces().given() || dialect == Dialect.POSTGRES, names.of("tablespace") + " and "
                + names.of("index-tablespace") + " are PostgreSQL's; bench pgbench makes no tablespaces on "
                + dialect.name().toLowerCase(Locale.ROOT));
    }

    /**
     * pgbench pipelines in the extended and prepared modes only; here on PostgreSQL only, where pgjdbc sends
     * a pipeline's statements with one Sync (the MySQL drivers and H2 have no such path).
     */
    private static void checkPipelines(List<Script> scripts, String protocol, Dialect dialect) {
        for (Script script : scripts) {
            for (Command c : script.commands()) {
                if (c instanceof Command.Sql sql && !protocol.equals("simple")) {
                    for (Command.Query q : sql.queries()) {
                        // pgbench's MAX_ARGS: the statement and its parameters
                        Require.that(q.parameters().size() < ScriptParser.MAX_ARGS, "statement has too many arguments (maximum is "
                                + (ScriptParser.MAX_ARGS - 1) + "): " + q.text());
                    }
                }
                if (c instanceof Command.Pipeline p && p.step() == Command.PipelineStep.START) {
                    String at = script.name() + ":" + p.line() + ": \\startpipeline: ";
                    Require.that(!protocol.equals("simple"), at + "cannot use pipeline mode with the simple query protocol");
                    Require.that(dialect == Dialect.POSTGRES, at + "pipelines run on PostgreSQL only (pgjdbc sends their statements"
                            + " with one Sync; the MySQL drivers and H2 have no pipeline)");
                }
            }
        }
    }

    /**
     * --reads-to replicas where it can apply: a read-only script to send there, and each client's connections held for
     * the run (-C opens one per transaction, on the primary).
     */
    private static void checkReadsToReplicas(PgbenchSettings settings, List<Script> scripts, TargetSettings target, Dialect dialect,
                                             SettingNames names) {
        if (target.readsTo() != TargetSettings.ReadsTo.REPLICAS) {
            return;
        }
        Require.that(!settings.connect(), names.of("reads-to") + " replicas: " + names.of("connect")
                + " opens each transaction's connection on the primary; drop one of them");
        Require.that(scripts.stream().anyMatch(Script::readOnly), names.of("reads-to") + " replicas: none of the scripts is read-only"
                + " (each has a statement other than SELECT, or a pipeline), so none goes to replicas; drop " + names.of("reads-to"));
        target.replicasUrl(dialect, names);
    }

    /** The URL's dialect; SQL Server has no server here to test against: refused rather than run untested. */
    private static Dialect testedDialect(String url) {
        Dialect dialect = JdbcDriver.fromUrl(url).dialect();
        if (dialect == Dialect.MSSQL) {
            throw new BenchException("bench pgbench does not support SQL Server yet: use PostgreSQL, MySQL/MariaDB or H2");
        }
        return dialect;
    }

    /**
     * The pool serves -i, the vacuum and the check: one connection (0 workers), unless --pool-size says
     * otherwise. Each client has a physical connection of its own, as in pgbench ({@link JdbcTarget#newConnections}).
     */
    private static JdbcTarget open(TargetSettings target, PgbenchSettings s) {
        return target.openUrlOrEmbedded(0, H2_FILE_URL, driver -> driverSettings(driver, s.protocol()));
    }

    static Map<String, String> driverSettings(JdbcDriver driver, String protocol) {
        boolean prepared = protocol.equals("prepared");
        return switch (driver) {
            case PGJDBC -> Map.of("stringtype", "unspecified", switch (protocol) {
                case "simple" -> "preferQueryMode";
                default -> "prepareThreshold";
            }, switch (protocol) {
                case "simple" -> "simple";
                case "extended" -> "0";
                default -> "1";
            });
            case CONNECTOR_J -> Map.of("useServerPrepStmts", Boolean.toString(prepared), "cachePrepStmts", "true");
            case MARIADB -> Map.of("useServerPrepStmts", Boolean.toString(prepared));
            default -> Map.of();
        };
    }
}
