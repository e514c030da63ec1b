package dev.bench.jmh.h2;

import dev.bench.core.jdbc.Dialect;
import dev.bench.jmh.jdbc.PointSelectBenchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Point select on H2 embedded in memory: no network and no server process, so this is the JDBC API plus
 * a SQL engine's lookup alone, a floor for the networked drivers' numbers.
 */
public class H2PointSelect extends PointSelectBenchmark {

    @Override
    protected Connection open() throws SQLException {
        // A private database that lives as long as this benchmark's JVM (DB_CLOSE_DELAY=-1).
        return DriverManager.getConnection("jdbc:h2:mem:jmh;DB_CLOSE_DELAY=-1");
    }

    @Override
    protected Dialect db() {
        return Dialect.H2;
    }
}
