package dev.bench.cli.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Option;

/**
 * What every {@code bench tpcc} action shares: sysbench-tpcc's data options and the target. With no
 * {@code --url}, the target is an embedded H2 database in ./bench-tpcc.mv.db, so prepare, run and
 * check in separate processes see the same data.
 */
public final class TpccOptions {

    static final String DEFAULT_URL = "jdbc:h2:./bench-tpcc";

    @Option(names = "--scale", paramLabel = "N", defaultValue = "100", description = "Warehouses (default: ${DEFAULT-VALUE}, as sysbench-tpcc).")
    int scale;

    @Option(names = "--tables", paramLabel = "N", defaultValue = "1", description = "Sets of the nine tables, names suffixed 1..N (default: ${DEFAULT-VALUE}).")
    int tables;

    @Option(names = "--url", paramLabel = "JDBC_URL", description = "JDBC URL of PostgreSQL, MySQL/MariaDB or H2 (default: embedded H2, " + DEFAULT_URL + ").")
    String url;

    @Option(names = "--user", description = "User name (default: from the URL).")
    String user;

    @Option(names = "--password", defaultValue = "${env:BENCH_PASSWORD}", description = "Password (default: env BENCH_PASSWORD, or from the URL).")
    String password;

    @Option(names = "--pool-size", paramLabel = "N", description = "Connections in the pool (default: what the action needs).")
    Integer poolSize;

    /** @throws BenchException for bad values, before anything connects */
    TpccSettings settings(boolean useFk, String trxLevel) {
        return new TpccSettings(scale, tables, useFk, TpccSettings.isolation(trxLevel));
    }

    JdbcTarget open(int connectionsNeeded) {
        if (poolSize != null && poolSize < 1) {
            throw new BenchException("--pool-size must be >= 1, got " + poolSize);
        }
        return JdbcTarget.open(url != null ? url : DEFAULT_URL, user, password == null || password.isEmpty() ? null : password,
                poolSize != null ? poolSize : connectionsNeeded);
    }
}
