package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.util.List;
import java.util.Map;

/**
 * pgbench's options (PostgreSQL 15 names and defaults), checked by {@link #validate}. Components are
 * named after pgbench's long options.
 *
 * @param initialize     -i: initialize instead of running
 * @param initSteps      -I: of d t g G v p f
 * @param partitioning   --partitions and --partition-method (PostgreSQL)
 * @param tablespaces    --tablespace and --index-tablespace (PostgreSQL)
 * @param builtins       -b NAME[@W], -N and -S added as simple-update and select-only
 * @param files          -f FILE[@W]
 * @param time           -T seconds (0: not given)
 * @param transactions   -t per client (0: not given; pgbench's default is 10 when neither is given)
 * @param rate           -R transactions/s over all clients (0: as fast as possible)
 * @param latencyLimitMs -L (0: none)
 * @param progress       -P seconds between progress lines (0: none)
 * @param randomSeed     --random-seed (null: the run's --seed)
 * @param check          --check: SQL returning one boolean, checked after the run
 * @param connect        -C: a new connection for each transaction
 * @param errorReports   --failures-detailed and --verbose-errors
 * @param transactionLog -l, --sampling-rate, --aggregate-interval, --log-prefix
 * @param warmupSeconds  --warmup (not pgbench's): seconds of unmeasured transactions before -T's; 0: none
 * @param refused        options given that this version does not do, by name
 * @param scaleGiven     -s was given (a run then says it uses pgbench_branches' count instead, as pgbench does)
 */
public record PgbenchSettings(boolean initialize, String initSteps, int scale, int fillfactor, boolean quiet,
                              boolean foreignKeys, boolean unloggedTables, Partitioning partitioning, Tablespaces tablespaces,
                              List<String> builtins, List<String> files, int client, int jobs, int time,
                              int transactions, double rate, double latencyLimitMs, String protocol,
                              Map<String, String> define, int progress, boolean reportPerCommand, boolean noVacuum,
                              boolean vacuumAll, Long randomSeed, String check, int maxTries, boolean connect, ErrorReports errorReports,
                              TransactionLogSettings transactionLog, double warmupSeconds, List<String> refused, boolean scaleGiven) {

    public static final String INIT_STEPS = "dtgvp";
    public static final int SCALE = 1;
    public static final int FILLFACTOR = 100;
    public static final int CLIENT = 1;
    public static final int JOBS = 1;
    public static final int TRANSACTIONS = 10;
    public static final String PROTOCOL = "simple";
    public static final int MAX_TRIES = 1;
    /** pgbench's option for epoch timestamps on -P's lines: accepted, and refused as not done yet. */
    public static final String PROGRESS_TIMESTAMP = "--progress-timestamp";
    public static final PgbenchSettings DEFAULTS = new PgbenchSettings(false, INIT_STEPS, SCALE, FILLFACTOR, false,
            false, false, Partitioning.NONE, Tablespaces.NONE, List.of(), List.of(), CLIENT, JOBS, 0, 0, 0, 0, PROTOCOL, Map.of(),
            0, false, false, false,
            null, null, MAX_TRIES, false, ErrorReports.NONE, TransactionLogSettings.NONE, 0, List.of(), false);

    /** pgbench's defaults, to set options on by name. */
    public static PgbenchSettingsBuilder builder() {
        return DEFAULTS.toBuilder();
    }

    /** These settings, to change options on by name. */
    public PgbenchSettingsBuilder toBuilder() {
        return new PgbenchSettingsBuilder(this);
    }

    /** @throws BenchException one line naming the option */
    public PgbenchSettings validate(SettingNames names) {
        Require.atLeast(names.of("scale"), scale, 1);
        Require.between(names.of("fillfactor"), fillfactor, 10, 100);
        partitioning.validate(names);
        // in pgbench's order: -t or -T, then the log's options, then --progress-timestamp
        Require.that(time == 0 || transactions == 0, "specify either a number of transactions (" + names.of("transactions")
                + ") or a duration (" + names.of("time") + "), not both");
        transactionLog.validate(names, time);
        Require.that(!refused.contains(PROGRESS_TIMESTAMP) || progress > 0, PROGRESS_TIMESTAMP + " is allowed only under --progress");
        if (!refused.isEmpty()) {
            throw new BenchException(refused.get(0) + " is not supported by bench pgbench yet");
        }
        Require.atLeast(names.of("client"), client, 1);
        Require.atLeast(names.of("jobs"), jobs, 1);
        Require.atLeast(names.of("time"), time, 0);
        Require.atLeast(names.of("transactions"), transactions, 0);
        Require.rate(names.of("rate"), rate);
        Require.notNegative(names.of("latency-limit"), latencyLimitMs);
        Require.atLeast(names.of("progress"), progress, 0);
        Require.notNegative(names.of("warmup"), warmupSeconds);
        Require.that(maxTries >= 0, "invalid number of maximum tries: \"" + maxTries + "\"");
        Require.that(maxTries > 0 || latencyLimitMs > 0 || time > 0, "an unlimited number of transaction tries can only be used with "
                + names.of("latency-limit") + " or a duration (" + names.of("time") + ")");
        Require.that(List.of("simple", "extended", "prepared").contains(protocol), "invalid query mode (" + names.of("protocol")
                + "): \"" + protocol + "\"; expected simple, extended or prepared");
        if (initialize) {
            for (char step : initSteps.toCharArray()) {
                Require.that("dtgGvpf ".indexOf(step) >= 0, "unrecognized initialization step \"" + step
                        + "\" (" + names.of("init-steps") + "). Allowed step characters are: \"dtgGvpf\".");
            }
        }
        for (String d : define.keySet()) {
            Require.that(Variables.isValidName(d), "invalid variable name: \"" + d + "\" (" + names.of("define") + ")");
        }
        return this;
    }

    /** -i's steps with --foreign-keys added and -n's vacuum left out, as pgbench does. */
    public String effectiveInitSteps() {
        String steps = initSteps.replace(" ", "");
        if (noVacuum) {
            steps = steps.replace("v", "");
        }
        if (foreignKeys && steps.indexOf('f') < 0) {
            steps = steps + "f";
        }
        return steps;
    }

    /** Transactions per client: -t, or pgbench's 10 when neither -t nor -T is given; 0 with -T. */
    public int transactionsPerClient() {
        return time > 0 ? 0 : transactions > 0 ? transactions : TRANSACTIONS;
    }
}
