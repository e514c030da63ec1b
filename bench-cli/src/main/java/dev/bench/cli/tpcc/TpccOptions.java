package dev.bench.cli.tpcc;

import dev.bench.cli.TargetOptions;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every {@code bench tpcc} action shares: sysbench-tpcc's data options and the shared target
 * options. With no server named, the target is an embedded H2 database in ./bench-tpcc.mv.db (a
 * file, not memory: prepare, run and check are separate processes and must see the same data).
 */
public final class TpccOptions {

    /** sysbench-tpcc's defaults. */
    static final String SCALE = "100";
    static final String TABLES = "1";
    static final String EMBEDDED_URL = "jdbc:h2:./bench-tpcc";

    @Option(names = "--scale", paramLabel = "N", defaultValue = SCALE, description = "Warehouses (default: ${DEFAULT-VALUE}, as sysbench-tpcc).")
    int scale;

    @Option(names = "--tables", paramLabel = "N", defaultValue = TABLES, description = "Sets of the nine tables, names suffixed 1..N (default: ${DEFAULT-VALUE}).")
    int tables;

    @Mixin
    TargetOptions target;

    /** @throws dev.bench.core.BenchException for bad values, before anything connects */
    TpccSettings settings(boolean useFk, String trxLevel) {
        return new TpccSettings(scale, tables, useFk, TpccSettings.isolation(trxLevel));
    }

    JdbcTarget open(int connections) {
        return target.openUrlOrEmbedded(connections - 1, EMBEDDED_URL);
    }
}
