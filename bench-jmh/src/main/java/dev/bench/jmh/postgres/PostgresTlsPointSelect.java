package dev.bench.jmh.postgres;

import dev.bench.core.ServerVariables;
import dev.bench.core.jdbc.ClientTls;
import dev.bench.core.jdbc.Dialect;
import dev.bench.jmh.jdbc.PointSelectBenchmark;
import org.openjdk.jmh.annotations.Param;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The prepared point select of {@link PostgresPointSelect} over each TLS the tool can speak: the JDK's
 * ({@code jdk}) and BoringSSL through Conscrypt ({@code openssl}, what {@code bench} uses against
 * PostgreSQL). A warm JVM's per-op cost of each; the cold-start difference is measured by the tool's own
 * runs (docs/install.md). TLS is used when the server offers it ({@code sslmode=prefer}, pgjdbc's default).
 */
public class PostgresTlsPointSelect extends PointSelectBenchmark {

    @Param({"jdk", "openssl"})
    public String tls;

    @Override
    protected Connection open() throws SQLException {
        ClientTls.use(tls);
        return DriverManager.getConnection(db().withProperties(ServerVariables.require(ServerVariables.POSTGRES_URL),
                "prepareThreshold=1"));
    }

    @Override
    protected Dialect db() {
        return Dialect.POSTGRES;
    }
}
