package dev.bench.cli.pgbench;

import dev.bench.workloads.pgbench.BuiltinScripts;
import dev.bench.workloads.pgbench.ErrorReports;
import dev.bench.workloads.pgbench.Partitioning;
import dev.bench.workloads.pgbench.PgbenchSettings;
import dev.bench.workloads.pgbench.Tablespaces;
import dev.bench.workloads.pgbench.TransactionLogSettings;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * pgbench's own options ({@link PgbenchCommand}'s mixin, in pgbench's order) and the {@link PgbenchSettings}
 * they make. The target's and the run's options are bench's shared mixins.
 */
final class PgbenchOptions {

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

    /**
     * The settings the options give, each value checked as pgbench's getopt loop checks it (the modes'
     * options are checked after, by the command).
     *
     * @param unmatched unknown options and extra arguments: refused first
     */
    PgbenchSettings settings(List<String> unmatched) {
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
        return new PgbenchSettings(initialize, initSteps,
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
    }
}
