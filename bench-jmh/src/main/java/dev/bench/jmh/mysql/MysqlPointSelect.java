package dev.bench.jmh.mysql;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.ServerVariables;
import dev.bench.jmh.jdbc.PointSelectBenchmark;
import org.openjdk.jmh.annotations.Param;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Point select through Connector/J (MySQL or MariaDB). useServerPrepStmts=false (the default) inlines
 * parameters client-side: one COM_QUERY. =true uses COM_STMT_PREPARE/EXECUTE; without cachePrepStmts
 * every prepareStatement/close pair re-prepares and closes on the server.
 */
public class MysqlPointSelect extends PointSelectBenchmark {

    @Param({"useServerPrepStmts=false&cachePrepStmts=false", "useServerPrepStmts=false&cachePrepStmts=true",
            "useServerPrepStmts=true&cachePrepStmts=false", "useServerPrepStmts=true&cachePrepStmts=true"})
    public String driverOptions;

    @Override
    protected Connection open() throws SQLException {
        return DriverManager.getConnection(db().withProperties(ServerVariables.require(ServerVariables.MYSQL_URL), driverOptions));
    }

    @Override
    protected Dialect db() {
        return Dialect.MYSQL;
    }
}
