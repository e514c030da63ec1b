package dev.bench.workloads.pgbench;

import java.util.List;
import java.util.Map;

/**
 * Builds {@link PgbenchSettings} one named option at a time, from pgbench's defaults or from settings
 * already made ({@link PgbenchSettings#toBuilder}), so that no caller copies its 31 components by position.
 * Not thread-safe; {@link #build} makes the immutable settings ({@link PgbenchSettings#validate} checks them).
 */
public final class PgbenchSettingsBuilder {

    private boolean initialize;
    private String initSteps;
    private int scale;
    private int fillfactor;
    private boolean quiet;
    private boolean foreignKeys;
    private boolean unloggedTables;
    private Partitioning partitioning;
    private Tablespaces tablespaces;
    private List<String> builtins;
    private List<String> files;
    private int client;
    private int jobs;
    private int time;
    private int transactions;
    private double rate;
    private double latencyLimitMs;
    private String protocol;
    private Map<String, String> define;
    private int progress;
    private boolean reportPerCommand;
    private boolean noVacuum;
    private boolean vacuumAll;
    private Long randomSeed;
    private String check;
    private int maxTries;
    private boolean connect;
    private ErrorReports errorReports;
    private TransactionLogSettings transactionLog;
    private double warmupSeconds;
    private List<String> refused;
    private boolean scaleGiven;

    PgbenchSettingsBuilder(PgbenchSettings s) {
        this.initialize = s.initialize();
        this.initSteps = s.initSteps();
        this.scale = s.scale();
        this.fillfactor = s.fillfactor();
        this.quiet = s.quiet();
        this.foreignKeys = s.foreignKeys();
        this.unloggedTables = s.unloggedTables();
        this.partitioning = s.partitioning();
        this.tablespaces = s.tablespaces();
        this.builtins = s.builtins();
        this.files = s.files();
        this.client = s.client();
        this.jobs = s.jobs();
        this.time = s.time();
        this.transactions = s.transactions();
        this.rate = s.rate();
        this.latencyLimitMs = s.latencyLimitMs();
        this.protocol = s.protocol();
        this.define = s.define();
        this.progress = s.progress();
        this.reportPerCommand = s.reportPerCommand();
        this.noVacuum = s.noVacuum();
        this.vacuumAll = s.vacuumAll();
        this.randomSeed = s.randomSeed();
        this.check = s.check();
        this.maxTries = s.maxTries();
        this.connect = s.connect();
        this.errorReports = s.errorReports();
        this.transactionLog = s.transactionLog();
        this.warmupSeconds = s.warmupSeconds();
        this.refused = s.refused();
        this.scaleGiven = s.scaleGiven();
    }

    public PgbenchSettingsBuilder initialize(boolean initialize) {
        this.initialize = initialize;
        return this;
    }

    public PgbenchSettingsBuilder initSteps(String initSteps) {
        this.initSteps = initSteps;
        return this;
    }

    public PgbenchSettingsBuilder scale(int scale) {
        this.scale = scale;
        return this;
    }

    public PgbenchSettingsBuilder fillfactor(int fillfactor) {
        this.fillfactor = fillfactor;
        return this;
    }

    public PgbenchSettingsBuilder quiet(boolean quiet) {
        this.quiet = quiet;
        return this;
    }

    public PgbenchSettingsBuilder foreignKeys(boolean foreignKeys) {
        this.foreignKeys = foreignKeys;
        return this;
    }

    public PgbenchSettingsBuilder unloggedTables(boolean unloggedTables) {
        this.unloggedTables = unloggedTables;
        return this;
    }

    public PgbenchSettingsBuilder partitioning(Partitioning partitioning) {
        this.partitioning = partitioning;
        return this;
    }

    public PgbenchSettingsBuilder tablespaces(Tablespaces tablespaces) {
        this.tablespaces = tablespaces;
        return this;
    }

    public PgbenchSettingsBuilder builtins(List<String> builtins) {
        this.builtins = builtins;
        return this;
    }

    public PgbenchSettingsBuilder files(List<String> files) {
        this.files = files;
        return this;
    }

    public PgbenchSettingsBuilder client(int client) {
        this.client = client;
        return this;
    }

    public PgbenchSettingsBuilder jobs(int jobs) {
        this.jobs = jobs;
        return this;
    }

    public PgbenchSettingsBuilder time(int time) {
        this.time = time;
        return this;
    }

    public PgbenchSettingsBuilder transactions(int transactions) {
        this.transactions = transactions;
        return this;
    }

    public PgbenchSettingsBuilder rate(double rate) {
        this.rate = rate;
        return this;
    }

    public PgbenchSettingsBuilder latencyLimitMs(double latencyLimitMs) {
        this.latencyLimitMs = latencyLimitMs;
        return this;
    }

    public PgbenchSettingsBuilder protocol(String protocol) {
        this.protocol = protocol;
        return this;
    }

    public PgbenchSettingsBuilder define(Map<String, String> define) {
        this.define = define;
        return this;
    }

    public PgbenchSettingsBuilder progress(int progress) {
        this.progress = progress;
        return this;
    }

    public PgbenchSettingsBuilder reportPerCommand(boolean reportPerCommand) {
        this.reportPerCommand = reportPerCommand;
        return this;
    }

    public PgbenchSettingsBuilder noVacuum(boolean noVacuum) {
        this.noVacuum = noVacuum;
        return this;
    }

    public PgbenchSettingsBuilder vacuumAll(boolean vacuumAll) {
        this.vacuumAll = vacuumAll;
        return this;
    }

    public PgbenchSettingsBuilder randomSeed(Long randomSeed) {
        this.randomSeed = randomSeed;
        return this;
    }

    public PgbenchSettingsBuilder check(String check) {
        this.check = check;
        return this;
    }

    public PgbenchSettingsBuilder maxTries(int maxTries) {
        this.maxTries = maxTries;
        return this;
    }

    public PgbenchSettingsBuilder connect(boolean connect) {
        this.connect = connect;
        return this;
    }

    public PgbenchSettingsBuilder errorReports(ErrorReports errorReports) {
        this.errorReports = errorReports;
        return this;
    }

    public PgbenchSettingsBuilder transactionLog(TransactionLogSettings transactionLog) {
        this.transactionLog = transactionLog;
        return this;
    }

    public PgbenchSettingsBuilder warmupSeconds(double warmupSeconds) {
        this.warmupSeconds = warmupSeconds;
        return this;
    }

    public PgbenchSettingsBuilder refused(List<String> refused) {
        this.refused = refused;
        return this;
    }

    public PgbenchSettingsBuilder scaleGiven(boolean scaleGiven) {
        this.scaleGiven = scaleGiven;
        return this;
    }

    public PgbenchSettings build() {
        return new PgbenchSettings(initialize, initSteps, scale, fillfactor, quiet, foreignKeys, unloggedTables,
                partitioning, tablespaces, builtins, files, client, jobs, time, transactions, rate, latencyLimitMs,
                protocol, define, progress, reportPerCommand, noVacuum, vacuumAll, randomSeed, check, maxTries,
                connect, errorReports, transactionLog, warmupSeconds, refused, scaleGiven);
    }
}
