package dev.bench.jmh.mysql;

import dev.bench.jmh.Servers;
import dev.bench.jmh.jdbc.BatchInsertBenchmark;
import dev.bench.core.jdbc.Dialect;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Batched insert through Connector/J: one INSERT per row vs rewriteBatchedStatements=true (multi-row INSERTs). */
public class MysqlBatchInsert extends BatchInsertBenchmark {

    @Override
    protected Connection open(boolean rewriteBatches) throws SQLException {
        String url = Servers.require(Servers.MYSQL_URL);
        return DriverManager.getConnection(db().withProperties(url, "rewriteBatchedStatements=" + rewriteBatches));
    }

    @Override
    protected Dialect db() {
        return Dialect.MYSQL;
    }
}
