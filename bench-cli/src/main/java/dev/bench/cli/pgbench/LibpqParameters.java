package dev.bench.cli.pgbench;

import dev.bench.core.Caller;
import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import org.newsclub.net.unix.AFUNIXSocketFactory;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Where pgbench connects, resolved as libpq does: each of -h/-p/-U/DBNAME, else its environment variable
 * (PGHOST, PGPORT, PGUSER, PGDATABASE), else libpq's default (the local socket directory, 5432, the
 * operating-system user, the user's name); PGHOSTADDR, PGPASSWORD, else the password file (PGPASSFILE or
 * ~/.pgpass), PGSSLMODE, PGAPPNAME, PGCONNECT_TIMEOUT and PGOPTIONS. A host starting with / is a directory
 * holding the server's Unix-domain socket ({@code .s.PGSQL.PORT}), reached through junixsocket.
 *
 * @param host      a host name, or a socket directory
 * @param hostaddr  PGHOSTADDR: the numeric address connected to instead of looking the host up, or null
 * @param password  null when neither PGPASSWORD nor the password file gives one
 * @param driverProperties pgjdbc's names for the rest (sslmode, ApplicationName, connectTimeout, options)
 */
public record LibpqParameters(String host, String hostaddr, int port, String dbname, String user, String password,
                              Map<String, String> driverProperties) {

    /** The options of pgbench that name the server; null for those not given. */
    public record Given(String host, String port, String user, String dbname) {
    }

    /** The variables that name a server: with none of them (and no option), bench keeps its embedded default. */
    static final Set<String> SERVER_VARIABLES = Set.of("PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE");

    /** libpq's default socket directory on Debian and its derivatives; upstream's is /tmp. */
    static final String DEBIAN_SOCKET_DIRECTORY = "/var/run/postgresql";

    private static final String SOCKET_FILE = ".s.PGSQL.";
    private static final String APPLICATION_NAME = "pgbench";
    private static final int MIN_CONNECT_TIMEOUT = 2; // libpq's floor, in seconds

    /**
     * The server these options and variables name, or null when none names one (-h, -p, DBNAME, PGHOST,
     * PGHOSTADDR, PGPORT, PGDATABASE): then bench pgbench keeps its embedded database.
     *
     * @param osUser   the operating-system user: libpq's default user
     * @param home     the user's home directory, for ~/.pgpass
     * @param warnings libpq's warnings (an unsafe password file)
     */
    public static LibpqParameters resolve(Given given, Map<String, String> env, String osUser, Path home,
                                          Consumer<String> warnings) {
        boolean named = given.host() != null || given.port() != null || given.dbname() != null
                || SERVER_VARIABLES.stream().anyMatch(v -> nonEmpty(env.get(v)) != null);
        if (!named) {
            return null;
        }
        String host = first(given.host(), env.get("PGHOST"));
        String hostaddr = nonEmpty(env.get("PGHOSTADDR"));
        if (host == null) {
            host = hostaddr != null ? hostaddr : defaultHost();
        }
        if (host.contains(",")) {
            throw new BenchException("bench pgbench connects to one host, got \"" + host + "\"");
        }
        int port = port(first(given.port(), env.get("PGPORT")));
        String user = first(given.user(), env.get("PGUSER"), osUser);
        String dbname = first(given.dbname(), env.get("PGDATABASE"), user);
        String password = nonEmpty(env.get("PGPASSWORD"));
        if (password == null) {
            String fileName = nonEmpty(env.get("PGPASSFILE"));
            Path file = fileName != null ? Caller.resolve(Path.of(fileName)) : home.resolve(".pgpass");
            password = new PgPassFile(file, warnings).password(passwordFileHost(host), Integer.toString(port), dbname, user);
        }
        return new LibpqParameters(host, hostaddr, port, dbname, user, password, driverProperties(env, isSocketDirectory(host)));
    }

    /** The environment of this process, the user and home directory of the JVM. */
    public static LibpqParameters resolve(Given given, Consumer<String> warnings) {
        return resolve(given, Caller.environment(), System.getProperty("user.name"), Path.of(System.getProperty("user.home")), warnings);
    }

    /** True when the host is a socket directory (libpq: an absolute path). */
    public boolean socket() {
        return isSocketDirectory(host);
    }

    /** The server's socket file: {@code DIR/.s.PGSQL.PORT}. */
    public String socketFile() {
        return host + (host.endsWith("/") ? "" : "/") + SOCKET_FILE + port;
    }

    /** pgjdbc's URL for these parameters; a socket's goes through junixsocket's factory to the socket file. */
    public String jdbcUrl() {
        Map<String, String> properties = new LinkedHashMap<>(driverProperties);
        String address;
        if (socket()) {
            address = "localhost:" + port; // not looked at: the factory's sockets connect to the file
            properties.put("socketFactory", AFUNIXSocketFactory.FactoryArg.class.getName());
            properties.put("socketFactoryArg", socketFile());
        } else {
            String h = hostaddr != null ? hostaddr : host;
            address = (h.contains(":") ? "[" + h + "]" : h) + ":" + port;
        }
        String query = properties.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return Dialect.POSTGRES.withProperties(Dialect.POSTGRES.url(address, URLEncoder.encode(dbname, StandardCharsets.UTF_8)), query);
    }

    /** The server as libpq names it in its errors: {@code on socket "FILE"} or {@code at "HOST", port N}. */
    public String serverDescription() {
        if (socket()) {
            return "on socket \"" + socketFile() + "\"";
        }
        return "at \"" + host + "\"" + (hostaddr != null && !hostaddr.equals(host) ? " (" + hostaddr + ")" : "") + ", port " + port;
    }

    private static Map<String, String> driverProperties(Map<String, String> env, boolean socket) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("ApplicationName", first(env.get("PGAPPNAME"), APPLICATION_NAME));
        String sslmode = nonEmpty(env.get("PGSSLMODE"));
        if (socket) {
            p.put("sslmode", "disable"); // libpq does not try TLS over a Unix-domain socket
        } else if (sslmode != null) {
            if (!Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full").contains(sslmode)) {
                throw new BenchException("invalid sslmode value: \"" + sslmode + "\"");
            }
            p.put("sslmode", sslmode);
        }
        String timeout = nonEmpty(env.get("PGCONNECT_TIMEOUT"));
        if (timeout != null) {
            int seconds = integer(timeout, "connect_timeout");
            p.put("connectTimeout", Integer.toString(seconds <= 0 ? 0 : Math.max(seconds, MIN_CONNECT_TIMEOUT)));
        }
        String options = nonEmpty(env.get("PGOPTIONS"));
        if (options != null) {
            p.put("options", options);
        }
        return Collections.unmodifiableMap(p); // in this order in the URL
    }

    /** libpq matches a socket in the default directory as "localhost" in the password file. */
    private static String passwordFileHost(String host) {
        return isSocketDirectory(host) && host.equals(defaultHost()) ? "localhost" : host;
    }

    private static String defaultHost() {
        if (System.getProperty("os.name", "").startsWith("Windows")) {
            return "localhost";
        }
        return Files.isDirectory(Path.of(DEBIAN_SOCKET_DIRECTORY)) ? DEBIAN_SOCKET_DIRECTORY : "/tmp";
    }

    private static boolean isSocketDirectory(String host) {
        return host.startsWith("/");
    }

    private static int port(String value) {
        if (value == null) {
            return Dialect.POSTGRES.defaultPort();
        }
        int port = integer(value, "port");
        if (port < 1 || port > 65535) {
            throw new BenchException("invalid port number: \"" + value + "\"");
        }
        return port;
    }

    private static int integer(String value, String option) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new BenchException("invalid integer value \"" + value + "\" for connection option \"" + option + "\"");
        }
    }

    private static String first(String... values) {
        for (String v : values) {
            if (nonEmpty(v) != null) {
                return v;
            }
        }
        return null;
    }

    private static String nonEmpty(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    @Override
    public String toString() {
        return "LibpqParameters[host=" + host + ", hostaddr=" + hostaddr + ", port=" + port + ", dbname=" + dbname + ", user="
                + user + ", password=" + (password == null ? null : "****") + ", driverProperties=" + driverProperties + "]";
    }
}
