package dev.bench.cli.pgbench;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** libpq's rules for where pgbench connects: options, PG* variables, defaults, the password file. No server. */
class LibpqParametersTest {

    private static final LibpqParameters.Given NONE = new LibpqParameters.Given(null, null, null, null);

    @TempDir
    Path home;

    private final List<String> warnings = new ArrayList<>();

    private LibpqParameters resolve(LibpqParameters.Given given, Map<String, String> env) {
        return LibpqParameters.resolve(given, env, "alice", home, warnings::add);
    }

    @Test
    void noOptionAndNoServerVariableNamesNoServer() {
        assertNull(resolve(NONE, Map.of()));
        assertNull(resolve(NONE, Map.of("PGUSER", "bob", "PGPASSWORD", "pw", "PGHOST", "")), "a user or an empty PGHOST names no server");
    }

    @Test
    void theEnvironmentNamesASocketDirectoryAndTheDatabase() {
        LibpqParameters p = resolve(NONE, Map.of("PGHOST", "/tmp/sockets", "PGPORT", "5433", "PGDATABASE", "postgres"));
        assertTrue(p.socket());
        assertEquals("/tmp/sockets/.s.PGSQL.5433", p.socketFile());
        assertEquals("alice", p.user(), "the operating-system user by default");
        assertEquals("jdbc:postgresql://localhost:5433/postgres?ApplicationName=pgbench&sslmode=disable"
                + "&socketFactory=org.newsclub.net.unix.AFUNIXSocketFactory%24FactoryArg"
                + "&socketFactoryArg=%2Ftmp%2Fsockets%2F.s.PGSQL.5433", p.jdbcUrl());
        assertEquals("on socket \"/tmp/sockets/.s.PGSQL.5433\"", p.serverDescription());
    }

    @Test
    void optionsWinOverTheEnvironmentAndTheDatabaseDefaultsToTheUser() {
        LibpqParameters p = resolve(new LibpqParameters.Given("db.example", "6432", "carol", null),
                Map.of("PGHOST", "/tmp", "PGPORT", "5433", "PGUSER", "bob"));
        assertEquals("db.example", p.host());
        assertEquals(6432, p.port());
        assertEquals("carol", p.user());
        assertEquals("carol", p.dbname());
        assertEquals("jdbc:postgresql://db.example:6432/carol?ApplicationName=pgbench", p.jdbcUrl());
        assertEquals("at \"db.example\", port 6432", p.serverDescription());
    }

    @Test
    void hostaddrIsConnectedToAndTheHostNamedInErrors() {
        LibpqParameters p = resolve(NONE, Map.of("PGHOST", "db.example", "PGHOSTADDR", "10.0.0.7", "PGDATABASE", "d"));
        assertEquals("jdbc:postgresql://10.0.0.7:5432/d?ApplicationName=pgbench", p.jdbcUrl());
        assertEquals("at \"db.example\" (10.0.0.7), port 5432", p.serverDescription());
    }

    @Test
    void theOtherVariablesBecomeDriverProperties() {
        LibpqParameters p = resolve(new LibpqParameters.Given("h", null, null, "d"), Map.of("PGAPPNAME", "mine", "PGSSLMODE", "require",
                "PGCONNECT_TIMEOUT", "1", "PGOPTIONS", "-c work_mem=64MB"));
        assertEquals(Map.of("ApplicationName", "mine", "sslmode", "require", "connectTimeout", "2", "options", "-c work_mem=64MB"),
                p.driverProperties(), "libpq's connect_timeout is at least 2 s");
        assertTrue(p.jdbcUrl().contains("options=-c+work_mem%3D64MB"), p.jdbcUrl());
    }

    @Test
    void badValuesAreLibpqsErrors() {
        assertEquals("invalid integer value \"x\" for connection option \"port\"",
                assertThrows(BenchException.class, () -> resolve(NONE, Map.of("PGPORT", "x"))).getMessage());
        assertEquals("invalid port number: \"70000\"",
                assertThrows(BenchException.class, () -> resolve(new LibpqParameters.Given(null, "70000", null, null), Map.of())).getMessage());
        assertEquals("invalid sslmode value: \"sometimes\"",
                assertThrows(BenchException.class, () -> resolve(NONE, Map.of("PGHOST", "h", "PGSSLMODE", "sometimes"))).getMessage());
    }

    @Test
    void thePasswordComesFromPgpassswordElseTheFirstMatchingLineOfThePasswordFile() throws IOException {
        Path pgpass = home.resolve(".pgpass");
        Files.writeString(pgpass, """
                # comment
                other:5432:*:alice:wrong
                db\\:x:*:*:alice:p\\:1
                db.example:5432:*:*:second
                """);
        Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
        assertEquals("p:1", resolve(new LibpqParameters.Given("db:x", null, null, null), Map.of()).password());
        assertEquals("second", resolve(new LibpqParameters.Given("db.example", null, "bob", "d"), Map.of()).password());
        assertNull(resolve(new LibpqParameters.Given("db.example", "5433", null, null), Map.of()).password());
        assertEquals("env", resolve(new LibpqParameters.Given("db.example", null, null, null), Map.of("PGPASSWORD", "env")).password());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void pgpassfileNamesAnotherFileAndOneOthersMayReadIsIgnoredWithAWarning() throws IOException {
        Path file = home.resolve("passwords");
        Files.writeString(file, "*:*:*:*:secret\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertNull(resolve(NONE, Map.of("PGHOST", "h", "PGPASSFILE", file.toString())).password());
        assertEquals(List.of("password file \"" + file + "\" has group or world access; permissions should be u=rw (0600) or less"),
                warnings);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertEquals("secret", resolve(NONE, Map.of("PGHOST", "h", "PGPASSFILE", file.toString())).password());
    }

    @Test
    void aListOfHostsIsRefused() {
        assertThrows(BenchException.class, () -> resolve(NONE, Map.of("PGHOST", "a,b")));
    }
}
