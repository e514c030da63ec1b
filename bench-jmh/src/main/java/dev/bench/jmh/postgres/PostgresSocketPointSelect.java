package dev.bench.jmh.postgres;

import dev.bench.core.ServerVariables;
import dev.bench.core.jdbc.BlockingSocketFactory;
import dev.bench.core.jdbc.Dialect;
import dev.bench.jmh.jdbc.PointSelectBenchmark;
import org.openjdk.jmh.annotations.Param;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The prepared point select of {@link PostgresPointSelect} over each socket pgjdbc can be given, both with the
 * tool's 300 s {@code socketTimeout}: the JDK's ({@code jdk}: with a timeout, each reply is a {@code read} failing
 * EAGAIN, a {@code poll} and a {@code read}) and {@link BlockingSocketFactory}'s ({@code blocking}: one blocking
 * {@code read}), what {@code bench} uses against PostgreSQL.
 */
public class PostgresSocketPointSelect extends PointSelectBenchmark {

    @Param({"jdk", "blocking"})
    public String sockets;

    @Override
    protected Connection open() throws SQLException {
        String options = "prepareThreshold=1&socketTimeout=300"
                + (sockets.equals("blocking") ? "&socketFactory=" + BlockingSocketFactory.class.getName() : "");
        return DriverManager.getConnection(db().withProperties(ServerVariables.require(ServerVariables.POSTGRES_URL), options));
    }

    @Override
    protected Dialect db() {
        return Dialect.POSTGRES;
    }
}
