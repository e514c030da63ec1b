package dev.bench.cli.tpcc;

import dev.bench.cli.workload.TargetOptions;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every {@code bench tpcc} action shares: sysbench-tpcc's data options and the shared target options. */
public final class TpccOptions {

    @Option(names = "--scale", paramLabel = "N", defaultValue = "" + TpccSettings.SCALE, description = "Warehouses (default: ${DEFAULT-VALUE}, as sysbench-tpcc).")
    int scale;

    @Option(names = "--tables", paramLabel = "N", defaultValue = "" + TpccSettings.TABLES, description = "Sets of the nine tables, names suffixed 1..N (default: ${DEFAULT-VALUE}).")
    int tables;

    @Mixin
    TargetOptions target;

    TpccSettings settings(boolean useFk, String trxLevel) {
        return new TpccSettings(scale, tables, useFk, TpccSettings.isolation("--trx-level", trxLevel));
    }
}
