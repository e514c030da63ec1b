package dev.bench.cli.pgbench;

import dev.bench.core.Caller;
import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.Secrets;
import dev.bench.core.results.BuildInfo;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.pgbench.BuiltinScripts;
import dev.bench.workloads.pgbench.ClientAbort;
import dev.bench.workloads.pgbench.PgbenchSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bench pgbench [options] [dbname]}: pgbench 15's command line and scripts on any JDBC database
 * (PostgreSQL, MySQL/MariaDB, H2 when none is named). {@code -i} initializes; otherwise it runs
 * through the run template. Options this version does not do are refused with one line.
 *
 * <p>Exit codes are pgbench's, not the rest of bench's: 1 for bad options and scripts (and a failed
 * connection), 2 when a client aborted. Where it connects: {@link LibpqParameters}.
 */
@Command(name = "pgbench", sortOptions = false,
        description = {"pgbench's options and script language (PostgreSQL 15) on every JDBC database, open loop with -R,"
                + " latency from the intended start, and the after-run balance check.",
                "Target: --url, or -h/-p/-U and DBNAME for PostgreSQL; embedded H2 when none is named."})
public final class PgbenchCommand implements Callable<Integer>, WorkloadCommand {

    /** The pgbench whose options and scripts this speaks. */
    static final String PGBENCH_VERSION = "15";
    /** pgbench exits 1 for an option or script error, where bench exits 2. */
    static final int EXIT_BAD_INPUT = 1;
    /** pgbench exits 2 when a client aborted. */
    static final int EXIT_ABORTED = 2;
    /** A script's syntax error, {@code FILE:LINE: ...}: pgbench prints the command's line (and a caret) after it. */
    private static final java.util.regex.Pattern SCRIPT_ERROR = java.util.regex.Pattern.compile("[^\\n]+:\\d+: ");

    @Spec
    CommandSpec spec;

    /** Not picocli's usage help: pgbench's sections ({@link PgbenchHelp}). */
    @Option(names = {"-?", "--help"}, description = "Show this help and exit.")
    boolean help;

    @Option(names = {"-V", "--version"}, description = "Output version information (the pgbench this speaks, and bench's), then exit.")
    boolean version;

    /** pgbench's own options, declared here so that they come before the target's and the run's. */
    @Mixin
    PgbenchOptions options;

    /** Unknown options and extra arguments: refused in call() with pgbench's exit code, not picocli's. */
    @Unmatched
    List<String> unmatched = new ArrayList<>();

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;

    /** The server libpq's rules named, or null (--url, or the embedded default). */
    private LibpqParameters libpq;

    @Override
    public Integer call() {
        if (help) {
            spec.commandLine().getOut().print(PgbenchHelp.text(spec));
            spec.commandLine().getOut().flush();
            return 0;
        }
        if (version) {
            spec.commandLine().getOut().println("pgbench (PostgreSQL) " + PGBENCH_VERSION + " (bench pgbench, bench "
                    + BuildInfo.current().version() + ")");
            spec.commandLine().getOut().flush();
            return 0;
        }
        if (options.builtins.contains("list")) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("Available builtin scripts:");
            for (String name : List.of(BuiltinScripts.TPCB_LIKE, BuiltinScripts.SIMPLE_UPDATE, BuiltinScripts.SELECT_ONLY)) {
                err.printf("%13s: %s%n", name, BuiltinScripts.title(name));
            }
            err.println();
            err.flush();
            return 0;
        }
        if (options.showScript != null) {
            String text = WorkloadRun.validated(spec, () -> BuiltinScripts.text(options.showScript));
            spec.commandLine().getErr().print(text);
            spec.commandLine().getErr().flush();
            return 0;
        }
        try {
            if (options.initialize) {
                ContainerRun.refuseSetupAlone(spec, target.container != null, "pgbench");
                PgbenchSettings s = WorkloadRun.validated(spec, this::settings);
                TargetSettings t = WorkloadRun.validated(spec, this::targetSettings);
                WorkloadRun.validated(spec, () -> {
                    Workloads.PGBENCH.checkInitialize(s, t, FlagNames.of(spec));
                    return s;
                });
                return Workloads.PGBENCH.initialize(s, t, FlagNames.of(spec), spec.commandLine().getErr());
            }
            ContainerRun.Plan plan = containerPlan();
            return plan == null ? runAndReport(request(), Map.of()) : ContainerRun.execute(spec, plan, this::runAndReport);
        } catch (ParameterException e) {
            return error(e.getMessage(), true, EXIT_BAD_INPUT);
        } catch (BenchException e) {
            if (ClientAbort.in(e)) {
                return error(e.getMessage(), false, EXIT_ABORTED);
            }
            throw LibpqConnectionError.reworded(libpq, e);
        }
    }

    /** The run, through the template as every workload's; after its report, pgbench's exit 2 if a client aborted. */
    private int runAndReport(WorkloadRequest<?> r, Map<String, Object> echoed) {
        PgbenchSettings settings = (PgbenchSettings) r.settings();
        if (settings.randomSeed() != null) {
            spec.commandLine().getErr().println("pgbench: setting random seed to " + Long.toUnsignedString(settings.randomSeed()));
        }
        AbortWatch watch = new AbortWatch();
        PrintWriter err = spec.commandLine().getErr();
        spec.commandLine().setErr(EngineProgressFilter.around(err));
        int code;
        try {
            code = WorkloadRun.execute(watch, settings, r.target(), r.run(), echoed, spec, spec);
        } finally {
            spec.commandLine().getErr().flush();
            spec.commandLine().setErr(err);
        }
        if (watch.anyClientAborted()) {
            return error("Run was aborted; the above results are incomplete.", false, EXIT_ABORTED);
        }
        return watch.processedNone() ? 0 : code;
    }

    /**
     * The error on stderr, one line as bench's errors are, but for pgbench's own lines that follow its
     * message (a script error's command and the caret under the error); pgbench's exit code (see the class comment).
     */
    private int error(String message, boolean usage, int exitCode) {
        PrintWriter err = spec.commandLine().getErr();
        String text = message != null && SCRIPT_ERROR.matcher(message).lookingAt() ? message : Failures.firstLine(message);
        err.println("bench: " + Secrets.mask(text));
        if (usage) {
            err.println("Try '" + spec.qualifiedName() + " --help' for more information.");
        }
        err.flush();
        return exitCode;
    }

    @Override
    public WorkloadRequest<PgbenchSettings> request() {
        PgbenchSettings settings = WorkloadRun.validated(spec, this::settings);
        TargetSettings t = WorkloadRun.validated(spec, this::targetSettings);
        return new WorkloadRequest<>(Workloads.PGBENCH, settings, t, run.settings(), List.of(spec));
    }

    /** On a fresh server: -i first (with this run's -s and the other -i options), then the run. */
    @Override
    public ContainerRun.Plan containerPlan() {
        Kind kind = target.sqlContainer();
        if (kind == null) {
            return null;
        }
        WorkloadRequest<PgbenchSettings> r = request();
        return ContainerRun.plan(kind, r, (server, echoed) -> Workloads.PGBENCH.initialize(r.settings(), server, FlagNames.of(spec),
                spec.commandLine().getErr()));
    }

    private PgbenchSettings settings() {
        PgbenchSettings settings = options.settings(unmatched);
        PgbenchModes.check(spec, options.initialize);
        return settings;
    }

    /**
     * The shared target (--url, --address), else the PostgreSQL server libpq would connect to from
     * -h/-p/-U/DBNAME and the PG* environment ({@link LibpqParameters}), else the embedded default.
     */
    private TargetSettings targetSettings() {
        TargetSettings t = target.settings();
        boolean pgStyle = options.host != null || options.port != null || options.dbName != null;
        if (t.container()) {
            if (pgStyle) {
                throw new BenchException("--container starts its own server: drop -h/-p/DBNAME, or drop --container");
            }
            return t;
        }
        if (pgStyle && t.url() != null) {
            throw new BenchException("give either --url or -h/-p/DBNAME, not both");
        }
        String user = options.username != null ? options.username : t.user();
        if (t.url() == null && t.address() == null && t.database() == null) {
            LibpqParameters.Given given = new LibpqParameters.Given(options.host, options.port, options.username, options.dbName);
            libpq = LibpqParameters.resolve(given, this::warn);
        }
        if (libpq == null) {
            String password = t.password() != null ? t.password() : Caller.getenv("PGPASSWORD");
            return new TargetSettings(t.url(), t.address(), t.database(), user, password, t.poolSize(), t.container(), t.readsTo(),
                    t.replicaUrl());
        }
        Secrets.remember(libpq.password()); // from the password file: never printed either
        String password = t.password() != null ? t.password() : libpq.password();
        return new TargetSettings(libpq.jdbcUrl(), null, null, libpq.user(), password, t.poolSize(), t.container(), t.readsTo(),
                t.replicaUrl());
    }

    private void warn(String warning) {
        spec.commandLine().getErr().println("WARNING: " + warning);
        spec.commandLine().getErr().flush();
    }
}
