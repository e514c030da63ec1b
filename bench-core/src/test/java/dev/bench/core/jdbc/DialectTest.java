package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import org.junit.jupiter.api.Test;

import java.sql.BatchUpdateException;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DialectTest {

    @Test
    void serverUrlsComeFromNoriaStyleParts() {
        assertEquals("jdbc:postgresql://127.0.0.1:5432/bench", Dialect.POSTGRES.url(null, null));
        assertEquals("jdbc:mysql://db.example:3306/soup", Dialect.MYSQL.url("db.example", "soup"));
        assertEquals("jdbc:mysql://db.example:3307/bench", Dialect.MYSQL.url("db.example:3307", null));
        assertEquals("jdbc:sqlserver://h:1433;databaseName=bench;encrypt=false", Dialect.MSSQL.url("h", null));
        assertThrows(BenchException.class, () -> Dialect.H2.url("h", null));
    }

    @Test
    void severalAddressesAreTheDriversOwnMultiHostUrl() {
        assertEquals("jdbc:postgresql://a:5432,b:5433/bench?targetServerType=primary", Dialect.POSTGRES.serverUrl("a,b:5433", null));
        assertEquals("jdbc:mysql://a:3306,b:3306/soup", Dialect.MYSQL.serverUrl("a, b", "soup"));
        assertEquals("jdbc:postgresql://a:5432/bench", Dialect.POSTGRES.serverUrl("a", null), "one host: as before");
        BenchException e = assertThrows(BenchException.class, () -> Dialect.MSSQL.serverUrl("a,b", null));
        assertTrue(e.getMessage().contains("failoverPartner"), e.getMessage());
        assertEquals(Dialect.H2, Dialect.fromUrl(Dialect.H2.embeddedUrl()));
    }

    @Test
    void theDialectIsKnownFromTheUrlAndAnUnknownOneIsRefusedWithoutItsPassword() {
        assertEquals(Dialect.MYSQL, Dialect.fromUrl("jdbc:mariadb://h/db"));
        assertEquals(JdbcDriver.MARIADB, JdbcDriver.fromUrl("jdbc:mariadb://h/db"));
        assertEquals(JdbcDriver.CONNECTOR_J, JdbcDriver.fromUrl("jdbc:mysql://h/db"));
        assertEquals(Dialect.POSTGRES, Dialect.fromUrl("JDBC:PostgreSQL://h/db"));
        BenchException e = assertThrows(BenchException.class, () -> Dialect.fromUrl("jdbc:oracle:thin:u/x@h?password=s3cret"));
        assertTrue(!e.getMessage().contains("s3cret") && e.getMessage().contains("expected jdbc:h2:"), e.getMessage());
    }

    @Test
    void driverPropertiesAreAppendedInEachDriversSyntax() {
        assertEquals("jdbc:postgresql://h/db?user=u&prepareThreshold=0",
                Dialect.POSTGRES.withProperties("jdbc:postgresql://h/db?user=u", "prepareThreshold=0"));
        assertEquals("jdbc:mysql://h/db?a=1&b=2", Dialect.MYSQL.withProperties("jdbc:mysql://h/db", "a=1&b=2"));
        assertEquals("jdbc:sqlserver://h;databaseName=db;a=1;b=2",
                Dialect.MSSQL.withProperties("jdbc:sqlserver://h;databaseName=db", "a=1&b=2"));
    }

    @Test
    void aDeadlockReportedInsideABatchErrorIsRetried() {
        BatchUpdateException batch = new BatchUpdateException("Batch entry 3 was aborted", "25P02", 0, new int[0]);
        batch.setNextException(new SQLException("deadlock detected", "40P01"));

        assertEquals(ErrorKind.RETRYABLE, SqlErrors.classify(batch));
        assertEquals(ErrorKind.RETRYABLE, SqlErrors.classify(new RuntimeException(batch)));
        assertEquals(ErrorKind.FATAL, SqlErrors.classify(new SQLException("syntax error", "42601")));
    }

    @Test
    void h2sDeadlockReportedAsAGeneralErrorIsRetriedButOtherGeneralErrorsStop() {
        SQLException race = new SQLException("General error: \"Transaction was illegally transitioned from ROLLING_BACK"
                + " to ROLLING_BACK [2.3.232/103]\"", "HY000", 50000);
        assertEquals(ErrorKind.RETRYABLE, SqlErrors.classify(race));
        assertEquals(ErrorKind.FATAL, SqlErrors.classify(new SQLException("General error: \"disk full\"", "HY000", 50000)));
    }

    @Test
    void aLostConnectionAnywhereInTheChainWins() {
        SQLException first = new SQLException("deadlock detected", "40P01");
        first.setNextException(new SQLException("terminating connection due to administrator command", "57P01"));

        assertEquals(ErrorKind.CONNECTION, SqlErrors.classify(first));
    }

    @Test
    void aGeneralErrorOverAFailedSocketIsALostConnection() {
        // Connector/J, its connection killed while it read a reply's body (seen in MysqlOltpTest's killed sessions)
        SQLException midReply = new SQLException("Can not read response from server. Expected to read 120 bytes, read 9 bytes"
                + " before connection was unexpectedly lost.", "S1000", 0,
                new RuntimeException("wrapped", new java.io.EOFException("Expected to read 120 bytes, read 9 bytes")));
        assertEquals(ErrorKind.CONNECTION, SqlErrors.classify(midReply));
        assertEquals(ErrorKind.CONNECTION, SqlErrors.classify(new SQLException("I/O error", "S1000",
                new java.net.SocketException("Connection reset"))));
        assertEquals(ErrorKind.FATAL, SqlErrors.classify(new SQLException("General error", "S1000",
                new java.io.IOException("disk full"))), "other I/O under a driver's error is not a lost connection");
        assertEquals(ErrorKind.FATAL, SqlErrors.classify(new java.io.EOFException("no driver involved")),
                "the socket rule reads a driver's error, not the workload's own I/O");
    }
}
