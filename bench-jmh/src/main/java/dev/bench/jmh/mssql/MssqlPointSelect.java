package dev.bench.jmh.mssql;

import dev.bench.jmh.Servers;
import dev.bench.core.jdbc.Dialect;
import dev.bench.jmh.jdbc.PointSelectBenchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Point select through mssql-jdbc with its default prepare method (sp_prepexec, then sp_execute).
 * Runs only where BENCH_MSSQL_URL names a SQL Server; the machines this module was written on have none
 * (no package, no Docker engine), so this class compiles but has not been run here.
 */
public class MssqlPointSelect extends PointSelectBenchmark {

    @Override
    protected Connection open() throws SQLException {
        return DriverManager.getConnection(Servers.require(Servers.MSSQL_URL));
    }

    @Override
    protected Dialect db() {
        return Dialect.MSSQL;
    }
}
