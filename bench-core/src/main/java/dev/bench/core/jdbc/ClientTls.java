package dev.bench.core.jdbc;

import dev.bench.core.Caller;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import org.conscrypt.Conscrypt;

import java.security.Provider;
import java.security.Security;

/**
 * The TLS the client speaks to PostgreSQL: BoringSSL through Conscrypt, or the JDK's own with
 * {@code BENCH_TLS=jdk}.
 *
 * <p>Why: the JDK's TLS is Java code, and a cold JVM runs it interpreted until C2 compiles it (the
 * AES-GCM intrinsics exist only there): in the first seconds of a run the client's workers spent most
 * of their time in it (the first second of pgbench -S: 23k transactions, with Conscrypt 28-38k), while
 * pgbench's libpq hands TLS to OpenSSL from the first byte. Conscrypt goes in as the first security provider, so pgjdbc's own SSL
 * factory uses it unchanged (every {@code sslmode}, root certificates, client keys) and SCRAM's key
 * derivation runs natively too. It is installed for the JVM, when the first PostgreSQL target opens.
 * The other drivers' TLS over it is untested here (this machine's MariaDB has no TLS, SQL Server
 * does not run), so their targets do not install it.
 *
 * <p>{@code BENCH_TLS}: unset, Conscrypt where its native library loads (Linux, macOS and Windows on
 * x86-64, Linux and macOS on ARM64), else the JDK's; {@code openssl}, Conscrypt or fail;
 * {@code jdk}, the JDK's.
 */
public final class ClientTls {

    static final String SETTING = "BENCH_TLS";
    private static final String CONSCRYPT = "Conscrypt";

    private static String description = jdkDescription("");

    private ClientTls() {
    }

    /** Sets up the TLS a target of this driver is reached through, once per JVM; bad BENCH_TLS throws. */
    static void prepareFor(JdbcDriver driver) {
        if (driver == JdbcDriver.PGJDBC) {
            use(Caller.getenv(SETTING));
        }
    }

    /**
     * Checks BENCH_TLS's value before anything connects, so that a bad one is bad input (exit 2), not a failed run;
     * whether Conscrypt loads is known only when a PostgreSQL target opens.
     *
     * @param setting BENCH_TLS's value, null when unset
     * @return the value trimmed: "", "openssl" or "jdk"
     * @throws BenchException one line naming the choices
     */
    public static String check(String setting) {
        String value = setting == null ? "" : setting.trim();
        if (!value.isEmpty() && !value.equals("openssl") && !value.equals("jdk")) {
            throw new BenchException(SETTING + " must be openssl or jdk, got '" + setting + "'");
        }
        return value;
    }

    /** {@link #check} of this process's BENCH_TLS. */
    public static void checkEnvironment() {
        check(Caller.getenv(SETTING));
    }

    /** What runs the client's TLS, for summary.json: {@code Conscrypt 2.9.0 (BoringSSL)} or the JDK's provider. */
    public static synchronized String description() {
        return description;
    }

    /**
     * Sets the JVM's TLS as BENCH_TLS would (a benchmark comparing the two); bad values throw.
     *
     * @param setting BENCH_TLS's value, null when unset
     */
    public static synchronized void use(String setting) {
        String value = check(setting);
        switch (value) {
            case "", "openssl" -> {
                if (Security.getProvider(CONSCRYPT) != null) {
                    return;
                }
                Throwable missing = nativeLibraryError();
                if (missing == null) {
                    Provider provider = Conscrypt.newProvider();
                    Security.insertProviderAt(provider, 1);
                    Conscrypt.Version v = Conscrypt.version();
                    description = "Conscrypt " + v.major() + "." + v.minor() + "." + v.patch() + " (BoringSSL)";
                } else if (value.isEmpty()) {
                    description = jdkDescription(" (Conscrypt's native library did not load: " + Failures.rootMessage(missing) + ")");
                } else {
                    throw new BenchException(SETTING + "=openssl, but Conscrypt's native library did not load on "
                            + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ": "
                            + Failures.rootMessage(missing) + "; " + SETTING + "=jdk uses the JDK's TLS");
                }
            }
            case "jdk" -> {
                Security.removeProvider(CONSCRYPT);
                description = jdkDescription("");
            }
            default -> throw new IllegalStateException("checked above: " + value);
        }
    }

    private static Throwable nativeLibraryError() {
        try {
            Conscrypt.checkAvailability();
            return null;
        } catch (LinkageError | RuntimeException e) { // no library for this platform, or it failed to load
            return e;
        }
    }

    private static String jdkDescription(String why) {
        return "JDK " + System.getProperty("java.runtime.version") + why;
    }
}
