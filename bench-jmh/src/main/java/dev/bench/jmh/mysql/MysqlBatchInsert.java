package dev.bench.jmh.mysql;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.ServerVariables;
import dev.bench.jmh.jdbc.BatchInsertBenchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Batched insert through Connector/J: one INSERT per row vs rewriteBatchedStatements=true (multi-row INSERTs). */
public class MysqlBatchInsert extends BatchInsertBenchmark {

    @Override
    protected Connection open(boolean rewriteBatches) throws SQLException {
        String url = ServerVariables.require(ServerVariables.MYSQL_URL);
        return DriverManager.getConnection(db().withProperties(url, "rewriteBatchedStatements=" + rewriteBatches));
    }

    @Override
    protected Dialect db() {
        return Dialect.MYSQL;
    }
}
