package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import dev.bench.core.testing.SkipOrFail;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLContext;
import java.security.GeneralSecurityException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ClientTlsTest {

    @AfterEach
    void backToTheDefault() {
        ClientTls.use(null);
    }

    @Test
    void aPostgresTargetReachesItsServerOverTlsThroughConscrypt() throws SQLException, GeneralSecurityException {
        assumeTrue(System.getenv(ClientTls.SETTING) == null, "BENCH_TLS is set here");
        ClientTls.use("jdk");
        try (JdbcTarget target = JdbcTarget.open(TestServers.postgresUrl(), null, null, 1);
             Connection c = target.connection();
             Statement s = c.createStatement()) {
            // pgjdbc's SSL factory asks JCA for "TLS": the first provider offering it answers
            assertEquals("Conscrypt", SSLContext.getInstance("TLS").getProvider().getName());
            assertTrue(ClientTls.description().startsWith("Conscrypt 2."), ClientTls.description());
            try (ResultSet r = s.executeQuery("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
                r.next();
                // services.sh's cluster is Debian's, with ssl = on (the snakeoil certificate)
                SkipOrFail.unless(r.getBoolean(1), "this PostgreSQL has TLS off, so the connection could not use it");
            }
        }
    }

    @Test
    void jdkLeavesTheJdksTlsAndSaysSo() throws GeneralSecurityException {
        ClientTls.use(null);
        ClientTls.use("jdk");
        assertEquals("SunJSSE", SSLContext.getInstance("TLS").getProvider().getName());
        assertTrue(ClientTls.description().startsWith("JDK "), ClientTls.description());
        assertFalse(ClientTls.description().contains("Conscrypt"), ClientTls.description());
    }

    @Test
    void anUnknownSettingIsOneLineNamingTheChoices() {
        BenchException e = assertThrows(BenchException.class, () -> ClientTls.use("boringssl"));
        assertEquals("BENCH_TLS must be openssl or jdk, got 'boringssl'", e.getMessage());
    }

    @Test
    void theSettingIsCheckedWithoutTouchingTheJvmsTls() {
        String before = ClientTls.description();
        for (String good : new String[] {null, "", " ", "openssl", " jdk "}) {
            ClientTls.check(good);
        }
        BenchException e = assertThrows(BenchException.class, () -> ClientTls.check("JDK"));
        assertEquals("BENCH_TLS must be openssl or jdk, got 'JDK'", e.getMessage());
        assertEquals(before, ClientTls.description());
    }
}
