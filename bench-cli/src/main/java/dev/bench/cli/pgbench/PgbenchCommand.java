package dev.bench.cli.pgbench;

import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.pgbench.BuiltinScripts;
import dev.bench.workloads.pgbench.ErrorReports;
import dev.bench.workloads.pgbench.Partitioning;
import dev.bench.workloads.pgbench.PgbenchSettings;
import dev.bench.workloads.pgbench.Tablespaces;
import dev.bench.workloads.pgbench.TransactionLogSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bench pgbench [options] [dbname]}: pgbench 15's command line and scripts on any JDBC database
 * (PostgreSQL, MySQL/MariaDB, H2 when none is named). {@code -i} initializes; otherwise it runs
 * through the run template. Options this version does not do are refused with one line (exit 2).
 */
@Command(name = "pgbench", sortOptions = false,
        description = {"pgbench's options and script language (PostgreSQL 15) on every JDBC database, open loop with -R,"
                + " latency from the intended start, and the after-run balance check.",
                "Target: --url, or -h/-p/-U and DBNAME for PostgreSQL; embedded H2 when none is named."})
public final class PgbenchCommand implements Callable<Integer>, WorkloadCommand {

    @Spec
    CommandSpec spec;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = {"-i", "--initialize"}, description = "Invoke initialization mode.")
    boolean initialize;

    @Option(names = {"-I", "--init-steps"}, paramLabel = "[dtgGvpf]+", defaultValue = PgbenchSettings.INIT_STEPS,
            description = "Run selected initialization steps (default: ${DEFAULT-VALUE}).")
    String initSteps;

    @Option(names = {"-s", "--scale"}, defaultValue = "" + PgbenchSettings.SCALE, description = "Scaling factor (default: ${DEFAULT-VALUE}).")
    int scale;

    @Option(names = {"-F", "--fillfactor"}, defaultValue = "" + PgbenchSettings.FILLFACTOR, description = "Table fill factor (default: ${DEFAULT-VALUE}).")
    int fillfactor;

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
    boolean skipSomeUpdates;

    @Option(names = {"-S", "--select-only"}, description = "Perform SELECT-only transactions (same as -b select-only).")
    boolean selectOnly;

    @Option(names = {"-c", "--client"}, paramLabel = "NUM", defaultValue = "" + PgbenchSettings.CLIENT,
            description = "Number of concurrent database clients (default: ${DEFAULT-VALUE}).")
    int client;

    @Option(names = {"-j", "--jobs"}, paramLabel = "NUM", defaultValue = "" + PgbenchSettings.JOBS,
            description = "Number of threads (accepted and reported; the engine runs one worker per client).")
    int jobs;

    @Option(names = {"-T", "--time"}, paramLabel = "NUM", defaultValue = "0", description = "Duration of benchmark test in seconds.")
    int time;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "0", description = "Run transactions for S seconds before -T's,"
            + " left out of every figure (not a pgbench option: the JVM compiles its hot code then; default: ${DEFAULT-VALUE}, none, as pgbench).")
    double warmup;

    @Option(names = {"-t", "--transactions"}, paramLabel = "NUM", defaultValue = "0",
            description = "Number of transactions each client runs (default: " + PgbenchSettings.TRANSACTIONS + ").")
    int transactions;

    @Option(names = {"-R", "--rate"}, paramLabel = "NUM", defaultValue = "0", description = "Target rate in transactions per second (open loop).")
    double rate;

    @Option(names = {"-L", "--latency-limit"}, paramLabel = "NUM", defaultValue = "0", description = "Count transactions lasting more than NUM ms as late.")
    double latencyLimit;

    @Option(names = {"-M", "--protocol"}, paramLabel = "simple|extended|prepared", defaultValue = PgbenchSettings.PROTOCOL,
            description = "Protocol for submitting queries (default: ${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = {"-D", "--define"}, paramLabel = "VARNAME=VALUE", description = "Define variable for use by custom script.")
    Map<String, String> define = new LinkedHashMap<>();

    @Option(names = {"-P", "--progress"}, paramLabel = "NUM", defaultValue = "0", description = "Show thread progress report every NUM seconds (stderr).")
    int progress;

    @Option(names = {"-r", "--report-per-command", "--report-latencies"}, description = "Report latencies per command.")
    boolean reportPerCommand;

    @Option(names = {"-n", "--no-vacuum"}, description = "Do not run VACUUM before tests (initialization: skip step v).")
    boolean noVacuum;

    @Option(names = {"-v", "--vacuum-all"}, description = "Vacuum all four standard tables before tests.")
    boolean vacuumAll;

    @Option(names = "--random-seed", paramLabel = "SEED", description = "Set random seed (an integer, or \"time\"; default: --seed).")
    String randomSeed;

    @Option(names = "--max-tries", paramLabel = "NUM", defaultValue = "" + PgbenchSettings.MAX_TRIES,
            description = "Max number of tries to run a transaction after serialization or deadlock failures (default: ${DEFAULT-VALUE}; "
                    + "0: no limit, with -L or -T).")
    int maxTries;

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

    @Option(names = "--sampling-rate", paramLabel = "NUM", defaultValue = "1.0",
            description = "Fraction of transactions to log (e.g. 0.01 for 1%%).")
    double samplingRate;

    @Option(names = "--aggregate-interval", paramLabel = "NUM", defaultValue = "0",
            description = "Aggregate the log over NUM seconds.")
    int aggregateInterval;

    @Option(names = "--log-prefix", paramLabel = "PREFIX", description = "Prefix for the transaction log files (default: pgbench_log).")
    String logPrefix;

    @Option(names = "--partitions", paramLabel = "NUM", defaultValue = "0", description = "Partition pgbench_accounts into NUM"
            + " partitions (PostgreSQL; default: ${DEFAULT-VALUE}, not partitioned).")
    int partitions;

    @Option(names = "--partition-method", paramLabel = "range|hash", description = "Partition pgbench_accounts with this"
            + " method (default: range with --partitions).")
    String partitionMethod;

    @Option(names = "--failures-detailed", description = "Report the failed transactions by kind: serialization and deadlock failures.")
    boolean failuresDetailed;

    @Option(names = "--verbose-errors", description = "Print each error of a failed or retried transaction, and what follows (on stderr).")
    boolean verboseErrors;

    @Option(names = {"-d", "--debug"}, hidden = true)
    boolean debug;

    @Option(names = "--tablespace", paramLabel = "TABLESPACE", description = "Create tables in the specified tablespace (PostgreSQL).")
    String tablespace;

    @Option(names = "--index-tablespace", paramLabel = "TABLESPACE",
            description = "Create indexes in the specified tablespace (PostgreSQL).")
    String indexTablespace;

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;

    /** The server libpq's rules named, or null (--url, or the embedded default). */
    private LibpqParameters libpq;

    @Override
    public Integer call() {
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
            return request().execute();
        } catch (BenchException e) {
            throw LibpqConnectionError.reworded(libpq, e);
        }
    }

    @Override
    public WorkloadRequest<PgbenchSettings> request() {
        PgbenchSettings settings = WorkloadRun.validated(spec, this::settings);
        TargetSettings t = WorkloadRun.validated(spec, this::targetSettings);
        return new WorkloadRequest<>(Workloads.PGBENCH, settings, t, run.settings(), List.of(spec));
    }

    private PgbenchSettings settings() {
        List<String> b = new ArrayList<>(builtins);
        if (skipSomeUpdates) {
            b.add(BuiltinScripts.SIMPLE_UPDATE);
        }
        if (selectOnly) {
            b.add(BuiltinScripts.SELECT_ONLY);
        }
        List<String> refused = new ArrayList<>();
        refuse(refused, debug, "-d/--debug");
        return new PgbenchSettings(initialize, initSteps, scale, fillfactor, quiet, foreignKeys, unlogged,
                new Partitioning(partitions, partitionMethod), new Tablespaces(tablespace, indexTablespace), List.copyOf(b),
                List.copyOf(files), client, jobs, time, transactions, rate, latencyLimit, protocol, Map.copyOf(define),
                progress, reportPerCommand, noVacuum, vacuumAll, seed(), check, maxTries, connect,
                new ErrorReports(failuresDetailed, verboseErrors),
                new TransactionLogSettings(log, samplingRate, aggregateInterval, logPrefix), warmup, List.copyOf(refused));
    }

    private static void refuse(List<String> refused, boolean given, String name) {
        if (given) {
            refused.add(name);
        }
    }

    private Long seed() {
        if (randomSeed == null) {
            return null;
        }
        if (randomSeed.equals("time") || randomSeed.equals("rand")) {
            return System.nanoTime();
        }
        try {
            return Long.parseLong(randomSeed);
        } catch (NumberFormatException e) {
            throw new BenchException("unrecognized random seed option \"" + randomSeed
                    + "\" (--random-seed): expecting an unsigned integer, \"time\" or \"rand\"");
        }
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
