package dev.bench.jmh.postgres;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.ServerVariables;
import dev.bench.jmh.jdbc.PointSelectBenchmark;
import org.openjdk.jmh.annotations.Param;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Point select through pgjdbc in its three ways of sending a parameterised query. Compare with
 * {@code pgbench -S -M simple|extended|prepared} on the same server (docs/jmh.md).
 */
public class PostgresPointSelect extends PointSelectBenchmark {

    /**
     * prepareThreshold=0: never a named server statement; every execution parses and plans (unnamed
     * statement, extended protocol, like pgbench -M extended). prepareThreshold=1: a named server statement
     * from the first execution, then only Bind/Execute (pgbench -M prepared). preferQueryMode=simple: the
     * driver inlines the parameters into query text (pgbench -M simple).
     */
    @Param({"prepareThreshold=0", "prepareThreshold=1", "preferQueryMode=simple"})
    public String driverOptions;

    @Override
    protected Connection open() throws SQLException {
        return DriverManager.getConnection(db().withProperties(ServerVariables.require(ServerVariables.POSTGRES_URL), driverOptions));
    }

    @Override
    protected Dialect db() {
        return Dialect.POSTGRES;
    }
}
