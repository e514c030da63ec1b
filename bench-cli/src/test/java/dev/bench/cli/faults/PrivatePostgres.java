package dev.bench.cli.faults;

import dev.bench.core.testing.ServerSessions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** A PostgreSQL cluster of its own (initdb in a temporary directory, owned by the postgres user), database {@code bench}. */
final class PrivatePostgres implements PrivateServer {

    private final Path dir;
    private final int port;
    private final String bin;

    PrivatePostgres(int port) {
        this.port = port;
        this.bin = newestServerBin();
        try {
            this.dir = Files.createTempDirectory("bench-faults-pg");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Shell.run("chown", "postgres", dir.toString());
        asPostgres(bin + "/initdb -D " + dir + " -U bench -A trust --no-sync >/dev/null");
        start();
        try (Connection c = DriverManager.getConnection(url("postgres"))) {
            c.createStatement().execute("CREATE DATABASE bench");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A JDBC URL for this cluster, as reached from {@code host:port} (a relay) or loopback. */
    String url(String host, int relayPort) {
        return "jdbc:postgresql://" + host + ":" + relayPort + "/bench?user=bench&password=bench";
    }

    private String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=bench";
    }

    private void start() {
        asPostgres(bin + "/pg_ctl -D " + dir + " -l " + dir + "/log -w -o '-p " + port
                + " -c listen_addresses=127.0.0.1 -k " + dir + " -c fsync=off' start >/dev/null");
        PrivateServer.awaitPort(port, 30_000);
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public void restart() {
        asPostgres(bin + "/pg_ctl -D " + dir + " -m fast -w stop >/dev/null");
        start();
    }

    @Override
    public List<Long> pids() {
        try {
            long postmaster = Long.parseLong(Files.readAllLines(dir.resolve("postmaster.pid")).get(0).strip());
            List<Long> pids = new ArrayList<>(List.of(postmaster));
            ProcessHandle.of(postmaster).ifPresent(p -> p.descendants().forEach(d -> pids.add(d.pid())));
            return pids;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void killSessions() {
        try (Connection c = DriverManager.getConnection(url("bench"))) {
            ServerSessions.killOthers(c);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        Shell.quietly("su", "postgres", "-c", bin + "/pg_ctl -D " + dir + " -m immediate -w stop");
        deleteTree(dir);
    }

    private static void asPostgres(String command) {
        Shell.run("su", "postgres", "-c", command);
    }

    private static String newestServerBin() {
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.max(Comparator.comparingInt(v -> Integer.parseInt(v.getFileName().toString())))
                    .orElseThrow().resolve("bin").toString();
        } catch (IOException e) {
            throw new IllegalStateException("no PostgreSQL server under /usr/lib/postgresql", e);
        }
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory: left for the system to clear
        }
    }
}
