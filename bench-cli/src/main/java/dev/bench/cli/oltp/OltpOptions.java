package dev.bench.cli.oltp;

import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.oltp.OltpRunSettings;
import dev.bench.workloads.oltp.OltpSettings;
import dev.bench.workloads.oltp.RandType;
import dev.bench.workloads.sysbench.OnOff;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * sysbench oltp_read_write's own options, with its names (dash or underscore, as sysbench accepts) and
 * its 1.0.20 defaults; booleans take on/off.
 */
public final class OltpOptions {

    @Option(names = "--tables", paramLabel = "N", defaultValue = "1", description = "Number of tables (default: ${DEFAULT-VALUE}).")
    int tables;

    @Option(names = {"--table-size", "--table_size"}, paramLabel = "N", defaultValue = "10000", description = "Rows per table (default: ${DEFAULT-VALUE}).")
    int tableSize;

    @Option(names = {"--threads"}, paramLabel = "N", defaultValue = "1", description = "Worker threads; prepare loads this many tables at once (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = {"--range-size", "--range_size"}, paramLabel = "N", defaultValue = "100", description = "Range SELECT size (default: ${DEFAULT-VALUE}).")
    int rangeSize;

    @Option(names = {"--point-selects", "--point_selects"}, paramLabel = "N", defaultValue = "10", description = "Point SELECTs per transaction (default: ${DEFAULT-VALUE}).")
    int pointSelects;

    @Option(names = {"--simple-ranges", "--simple_ranges"}, paramLabel = "N", defaultValue = "1", description = "Simple range SELECTs per transaction (default: ${DEFAULT-VALUE}).")
    int simpleRanges;

    @Option(names = {"--sum-ranges", "--sum_ranges"}, paramLabel = "N", defaultValue = "1", description = "SELECT SUM() ranges per transaction (default: ${DEFAULT-VALUE}).")
    int sumRanges;

    @Option(names = {"--order-ranges", "--order_ranges"}, paramLabel = "N", defaultValue = "1", description = "SELECT ORDER BY ranges per transaction (default: ${DEFAULT-VALUE}).")
    int orderRanges;

    @Option(names = {"--distinct-ranges", "--distinct_ranges"}, paramLabel = "N", defaultValue = "1", description = "SELECT DISTINCT ranges per transaction (default: ${DEFAULT-VALUE}).")
    int distinctRanges;

    @Option(names = {"--index-updates", "--index_updates"}, paramLabel = "N", defaultValue = "1", description = "UPDATEs of the indexed k per transaction (default: ${DEFAULT-VALUE}).")
    int indexUpdates;

    @Option(names = {"--non-index-updates", "--non_index_updates"}, paramLabel = "N", defaultValue = "1", description = "UPDATEs of c per transaction (default: ${DEFAULT-VALUE}).")
    int nonIndexUpdates;

    @Option(names = {"--delete-inserts", "--delete_inserts"}, paramLabel = "N", defaultValue = "1", description = "DELETE+INSERT pairs per transaction (default: ${DEFAULT-VALUE}).")
    int deleteInserts;

    @Option(names = {"--range-selects", "--range_selects"}, paramLabel = "on|off", arity = "0..1", fallbackValue = "on", defaultValue = "on", description = "Run the range SELECTs (default: ${DEFAULT-VALUE}).")
    String rangeSelects;

    @Option(names = {"--skip-trx", "--skip_trx"}, paramLabel = "on|off", arity = "0..1", fallbackValue = "on", defaultValue = "off", description = "No BEGIN/COMMIT: autocommit each statement (default: ${DEFAULT-VALUE}).")
    String skipTrx;

    @Option(names = {"--auto-inc", "--auto_inc"}, paramLabel = "on|off", arity = "0..1", fallbackValue = "on", defaultValue = "on", description = "id is SERIAL/AUTO_INCREMENT (default: ${DEFAULT-VALUE}).")
    String autoInc;

    @Option(names = {"--create-secondary", "--create_secondary"}, paramLabel = "on|off", arity = "0..1", fallbackValue = "on", defaultValue = "on", description = "Create the index on k after loading (default: ${DEFAULT-VALUE}).")
    String createSecondary;

    @Option(names = {"--rand-type", "--rand_type"}, paramLabel = "TYPE", defaultValue = "special", description = "Id distribution: uniform, gaussian, special, pareto, zipfian (default: ${DEFAULT-VALUE}).")
    String randType;

    @Option(names = {"--rand-seed", "--rand_seed"}, paramLabel = "N", defaultValue = "0", description = "Seed for data and transactions; 0 (default) uses --seed (42), so runs repeat: sysbench's 0 seeds from the clock.")
    long randSeed;

    /**
     * These options as the workload's settings, with sysbench's run options (prepare and cleanup have
     * none: {@link SysbenchRunSettings#DEFAULTS}). The on/off values and the rand-type are parsed here.
     *
     * @throws dev.bench.core.BenchException naming the bad option
     */
    public OltpRunSettings settings(SysbenchRunSettings sysbench) {
        OltpSettings oltp = new OltpSettings(tables, tableSize, rangeSize, pointSelects, simpleRanges, sumRanges, orderRanges,
                distinctRanges, indexUpdates, nonIndexUpdates, deleteInserts, OnOff.parse("--range-selects", rangeSelects),
                OnOff.parse("--skip-trx", skipTrx), OnOff.parse("--auto-inc", autoInc),
                OnOff.parse("--create-secondary", createSecondary), RandType.parse("--rand-type", randType));
        return new OltpRunSettings(oltp, threads, randSeed, sysbench);
    }

    /** prepare's and cleanup's settings (no run options: sysbench's defaults), checked: bad input exits 2. */
    OltpRunSettings tableSettings(CommandSpec spec) {
        return WorkloadRun.validated(spec, () -> settings(SysbenchRunSettings.DEFAULTS).validate(FlagNames.of(spec)));
    }
}
