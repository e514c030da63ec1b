package dev.bench.cli.pgbench;

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
import dev.bench.workloads.pgbench.ErrorReports;
import dev.bench.workloads.pgbench.Partitioning;
import dev.bench.workloads.pgbench.PgbenchSettings;
import dev.bench.workloads.pgbench.Tablespaces;
import dev.bench.workloads.pgbench.TransactionLogSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
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
    @Option(names = "--help", description = "Show this help and exit.")
    boolean help;

    @Option(names = {"-V", "--version"}, description = "Output version information (the pgbench this speaks, and bench's), then exit.")
    boolean version;

    @Option(names = {"-i", "--initialize"}, description = "Invoke initialization mode.")
    boolean initialize;

    @Option(names = {"-I", "--init-steps"}, paramLabel = "[dtgGvpf]+", defaultValue = PgbenchSettings.INIT_STEPS,
            description = "Run selected initialization steps (default: ${DEFAULT-VALUE}).")
    String initSteps;

    @Option(names = {"-s", "--scale"}, paramLabel = "NUM", description = "Scaling factor (default: " + PgbenchSettings.SCALE + ").")
    String scale;

    @Option(names = {"-F", "--fillfactor"}, paramLabel = "NUM", description = "Table fill factor (default: " + PgbenchSettings.FILLFACTOR + ").")
    String fillfactor;

    @Option(names = {"-q", "--quiet"}, description = "Quiet logging (one message each 5 seconds).")
    boolean quiet;

    @Option(names = "--foreign-keys", description = "Create foreign key constraints between tables.")
    boolean foreignKeys;

    @Option(names = "--unlogged-tables", description = "Create tables as unlogged tables (PostgreSQL).")
    boolean unlogged;

    @Option(names = {"-b", "--builtin"}, paramLabel = "NAME[@W]", description = "Add builtin script NAME weighted at W (default: 1); "
            + BuiltinScripts.TPCB_LIKE + ", " + BuiltinScripts.SIMPLE_UPDATE + ", " + BuiltinScripts.SELECT_ONLY + ", or a unique prefix.")
    List<String> builtins = new ArrayList<>();

    @Option(names = {"-f", "--file"}, paramLabel = "FILENAME[@W]", description = "Add script FILENAME weighted at W (default: 1).")
    List<String> files = new ArrayList<>();

    @Option(names = {"-N", "--skip-some-updates"}, description = "Skip updates of pgbench_tellers and pgbench_branches (same as -b simple-update).")
    boolean[] skipSomeUpdates = {}; // arrays: pgbench adds the builtin once for each -N/-S

    @Option(names = {"-S", "--select-only"}, description = "Perform SELECT-only transactions (same as -b select-only).")
    boolean[] selectOnly = {};

    @Option(names = PgbenchSettings.PROGRESS_TIMESTAMP, description = "Use Unix epoch timestamps for progress (refused: not done yet).")
    boolean progressTimestamp;

    @Option(names = {"-c", "--client"}, paramLabel = "NUM",
            description = "Number of concurrent database clients (default: " + PgbenchSettings.CLIENT + ").")
    String client;

    @Option(names = {"-j", "--jobs"}, paramLabel = "NUM",
            description = "Number of threads (accepted and reported; the engine runs one worker per client).")
    String jobs;

    @Option(names = {"-T", "--time"}, paramLabel = "NUM", description = "Duration of benchmark test in seconds.")
    String time;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "0", description = "Run transactions for S seconds before -T's,"
            + " left out of every figure (not a pgbench option: the JVM compiles its hot code then; default: ${DEFAULT-VALUE}, none, as pgbench).")
    double warmup;

    @Option(names = {"-t", "--transactions"}, paramLabel = "NUM",
            description = "Number of transactions each client runs (default: " + PgbenchSettings.TRANSACTIONS + ").")
    String transactions;

    @Option(names = {"-R", "--rate"}, paramLabel = "NUM", description = "Target rate in transactions per second (open loop).")
    String rate;

    @Option(names = {"-L", "--latency-limit"}, paramLabel = "NUM", description = "Count transactions lasting more than NUM ms as late.")
    String latencyLimit;

    @Option(names = {"-M", "--protocol"}, paramLabel = "simple|extended|prepared", defaultValue = PgbenchSettings.PROTOCOL,
            description = "Protocol for submitting queries (default: ${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = {"-D", "--define"}, paramLabel = "VARNAME=VALUE", description = "Define variable for use by custom script.")
    List<String> define = new ArrayList<>();

    @Option(names = {"-P", "--progress"}, paramLabel = "NUM", description = "Show thread progress report every NUM seconds (stderr).")
    String progress;

    @Option(names = {"-r", "--report-per-command", "--report-latencies"}, description = "Report latencies per command.")
    boolean reportPerCommand;

    @Option(names = {"-n", "--no-vacuum"}, description = "Do not run VACUUM before tests (initialization: skip step v).")
    boolean[] noVacuum = {}; // an array: pgbench takes -n twice (-n -v -n), picocli refuses a repeated boolean

    @Option(names = {"-v", "--vacuum-all"}, description = "Vacuum all four standard tables before tests.")
    boolean[] vacuumAll = {};

    @Option(names = "--random-seed", paramLabel = "SEED", description = "Set random seed (an integer, or \"time\"; default: --seed).")
    String randomSeed;

    @Option(names = "--max-tries", paramLabel = "NUM",
            description = "Max number of tries to run a transaction after serialization or deadlock failures (default: " + PgbenchSettings.MAX_TRIES
                    + "; 0: no limit, with -L or -T).")
    String maxTries;

    @Option(names = "--check", paramLabel = "SQL", description = "After the run, this query must return one true boolean (for -f scripts).")
    String check;

    @Option(names = "--show-script", paramLabel = "NAME", description = "Show builtin script code, then exit.")
    String showScript;

    @Option(names = {"-h", "--host"}, paramLabel = "HOSTNAME", description = "PostgreSQL server host (without --url).")
    String host;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "PostgreSQL server port (without --url).")
    String port;

    @Option(names = {"-U", "--username"}, paramLabel = "USERNAME", description = "Connect as specified database user.")
    String username;

    @Parameters(arity = "0..1", paramLabel = "DBNAME", description = "PostgreSQL database name (without --url).")
    String dbName;

    @Option(names = {"-C", "--connect"}, description = "Establish a new connection for each transaction (its time is in the latency).")
    boolean connect;

    @Option(names = {"-l", "--log"}, description = "Write information about each transaction to a log file (pgbench_log.PID).")
    boolean log;

    @Option(names = "--sampling-rate", paramLabel = "NUM",
            description = "Fraction of transactions to log (e.g. 0.01 for 1%%).")
    String samplingRate;

    @Option(names = "--aggregate-interval", paramLabel = "NUM",
            description = "Aggregate the log over NUM seconds.")
    String aggregateInterval;

    @Option(names = "--log-prefix", paramLabel = "PREFIX", description = "Prefix for the transaction log files (default: pgbench_log).")
    String logPrefix;

    @Option(names = "--partitions", paramLabel = "NUM", description = "Partition pgbench_accounts into NUM"
            + " partitions (PostgreSQL; default: 0, not partitioned).")
    String partitions;

    @Option(names = "--partition-method", paramLabel = "range|hash", description = "Partition pgbench_accounts with this"
            + " method (default: range with --partitions).")
    String partitionMethod;

    @Option(names = "--failures-detailed", description = "Report the failed transactions by kind: serialization and deadlock failures.")
    boolean failuresDetailed;

    @Option(names = "--verbose-errors", description = "Print each error of a failed or retried transaction, and what follows (on stderr).")
    boolean verboseErrors;

    @Option(names = {"-d", "--debug"}, description = "Print debugging output: what each client executes, sends and receives (stderr).")
    boolean debug;

    @Option(names = "--tablespace", paramLabel = "TABLESPACE", description = "Create tables in the specified tablespace (PostgreSQL).")
    String tablespace;

    @Option(names = "--index-tablespace", paramLabel = "TABLESPACE",
            description = "Create indexes in the specified tablespace (PostgreSQL).")
    String indexTablespace;

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
        if (builtins.contains("list")) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("Available builtin scripts:");
            for (String name : List.of(BuiltinScripts.TPCB_LIKE, BuiltinScripts.SIMPLE_UPDATE, BuiltinScripts.SELECT_ONLY)) {
                err.printf("%13s: %s%n", name, BuiltinScripts.title(name));
            }
            err.println();
            err.flush();
            return 0;
        }
        if (showScript != null) {
            String text = WorkloadRun.validated(spec, () -> BuiltinScripts.text(showScript));
            spec.commandLine().getErr().print(text);
            spec.commandLine().getErr().flush();
            return 0;
        }
        try {
            if (initialize) {
                PgbenchSettings s = WorkloadRun.validated(spec, this::settings);
                TargetSettings t = WorkloadRun.validated(spec, this::targetSettings);
                WorkloadRun.validated(spec, () -> {
                    Workloads.PGBENCH.checkInitialize(s, t, FlagNames.of(spec));
                    return s;
                });
                return Workloads.PGBENCH.initialize(s, t, FlagNames.of(spec), spec.commandLine().getErr());
            }
            return runAndReport();
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
    private int runAndReport() {
        WorkloadRequest<PgbenchSettings> r = request();
        if (r.settings().randomSeed() != null) {
            spec.commandLine().getErr().println("pgbench: setting random seed to " + Long.toUnsignedString(r.settings().randomSeed()));
        }
        AbortWatch watch = new AbortWatch();
        PrintWriter err = spec.commandLine().getErr();
        spec.commandLine().setErr(EngineProgressFilter.around(err));
        int code;
        try {
            code = WorkloadRun.execute(watch, r.settings(), r.target(), r.run(), spec, spec);
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

    private PgbenchSettings settings() {
        List<String> b = new ArrayList<>(builtins);
        for (boolean n : skipSomeUpdates) {
            b.add(BuiltinScripts.SIMPLE_UPDATE);
        }
        for (boolean s : selectOnly) {
            b.add(BuiltinScripts.SELECT_ONLY);
        }
        PgbenchOptionValues.refuseUnmatched(unmatched);
        int max = Integer.MAX_VALUE;
        // each option's value is checked as pgbench's getopt loop checks it, before the modes' options
        PgbenchSettings settings = new PgbenchSettings(initialize, initSteps,
                PgbenchOptionValues.integer(scale, PgbenchSettings.SCALE, "-s/--scale", 1, max),
                PgbenchOptionValues.integer(fillfactor, PgbenchSettings.FILLFACTOR, "-F/--fillfactor", 10, 100), quiet, foreignKeys, unlogged,
                new Partitioning(PgbenchOptionValues.integer(partitions, 0, "--partitions", 0, max), partitionMethod),
                new Tablespaces(tablespace, indexTablespace), List.copyOf(b), List.copyOf(files),
                PgbenchOptionValues.integer(client, PgbenchSettings.CLIENT, "-c/--clients", 1, max),
                PgbenchOptionValues.integer(jobs, PgbenchSettings.JOBS, "-j/--jobs", 1, max),
                PgbenchOptionValues.integer(time, 0, "-T/--time", 1, max),
                PgbenchOptionValues.integer(transactions, 0, "-t/--transactions", 1, max),
                PgbenchOptionValues.positive(rate, "invalid rate limit"), PgbenchOptionValues.positive(latencyLimit, "invalid latency limit"),
                protocol, Map.copyOf(PgbenchOptionValues.definitions(define)),
                PgbenchOptionValues.integer(progress, 0, "-P/--progress", 1, max), reportPerCommand, noVacuum.length > 0,
                vacuumAll.length > 0, PgbenchOptionValues.randomSeed(randomSeed), check,
                PgbenchOptionValues.maxTries(maxTries, PgbenchSettings.MAX_TRIES), connect, new ErrorReports(failuresDetailed, verboseErrors, debug),
                new TransactionLogSettings(log, PgbenchOptionValues.samplingRate(samplingRate),
                        PgbenchOptionValues.integer(aggregateInterval, 0, "--aggregate-interval", 1, max), logPrefix),
                warmup, progressTimestamp ? List.of(PgbenchSettings.PROGRESS_TIMESTAMP) : List.of(), scale != null);
        PgbenchModes.check(spec, initialize);
        return settings;
    }

    /**
     * The shared target (--url, --address), else the PostgreSQL server libpq would connect to from
     * -h/-p/-U/DBNAME and the PG* environment ({@link LibpqParameters}), else the embedded default.
     */
    private TargetSettings targetSettings() {
        TargetSettings t = target.settings();
        boolean pgStyle = host != null || port != null || dbName != null;
        if (pgStyle && t.url() != null) {
            throw new BenchException("give either --url or -h/-p/DBNAME, not both");
        }
        String user = username != null ? username : t.user();
        if (t.url() == null && t.address() == null && t.database() == null) {
            libpq = LibpqParameters.resolve(new LibpqParameters.Given(host, port, username, dbName), this::warn);
        }
        if (libpq == null) {
            String password = t.password() != null ? t.password() : System.getenv("PGPASSWORD");
            return new TargetSettings(t.url(), t.address(), t.database(), user, password, t.poolSize(), t.container());
        }
        Secrets.remember(libpq.password()); // from the password file: never printed either
        String password = t.password() != null ? t.password() : libpq.password();
        return new TargetSettings(libpq.jdbcUrl(), null, null, libpq.user(), password, t.poolSize(), t.container());
    }

    private void warn(String warning) {
        spec.commandLine().getErr().println("WARNING: " + warning);
        spec.commandLine().getErr().flush();
    }
}
