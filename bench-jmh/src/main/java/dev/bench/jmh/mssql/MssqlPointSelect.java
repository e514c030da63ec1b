package dev.bench.jmh.mssql;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.ServerVariables;
import dev.bench.jmh.jdbc.PointSelectBenchmark;

import org.openjdk.jmh.annotations.Param;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Point select through mssql-jdbc, a new PreparedStatement per op. {@code driverOptions}: the driver's
 * defaults, where a statement executed once is sent as {@code sp_executesql} (it prepares only on a
 * statement's second execution, and each op's statement is new); or statement pooling on
 * ({@code disableStatementPooling=false;statementPoolingCacheSize=10}), where the prepared handle
 * outlives the statement and later ops run {@code sp_execute} on it. Runs only where BENCH_MSSQL_URL
 * names a SQL Server; the machines this module was written on have none (no package, no Docker
 * engine), so this class compiles but has not been run here, and which RPC each mode sends is from
 * mssql-jdbc's documentation, not observed.
 */
public class MssqlPointSelect extends PointSelectBenchmark {

    @Param({"", "disableStatementPooling=false;statementPoolingCacheSize=10"})
    public String driverOptions;

    @Override
    protected Connection open() throws SQLException {
        String url = ServerVariables.require(ServerVariables.MSSQL_URL);
        return DriverManager.getConnection(driverOptions.isEmpty() ? url : url + ";" + driverOptions);
    }

    @Override
    protected Dialect db() {
        return Dialect.MSSQL;
    }
}
