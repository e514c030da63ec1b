package dev.bench.cli.faults;

import dev.bench.core.testing.ServerSessions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** A MariaDB server of its own (mariadb-install-db in a temporary directory), database {@code bench}, user bench/bench. */
final class PrivateMariaDb extends ChildProcessServer {

    private final Path dir;

    PrivateMariaDb(int port) {
        super(port, 60_000);
        try {
            this.dir = Files.createTempDirectory("bench-faults-mariadb");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        // its own tmpdir, not /tmp: CI saw the bootstrap lose a temporary table there ('Could not remove temporary
        // table /tmp/#sql-temptable-...', then 'Unknown table mysql.tmp_user_sys') with other servers about
        try {
            Files.createDirectory(dir.resolve("tmp"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Shell.run("chown", "-R", "mysql", dir.toString());
        Shell.run("mariadb-install-db", "--no-defaults", "--datadir=" + dir.resolve("data"), "--user=mysql",
                "--auth-root-authentication-method=normal", "--skip-test-db", "--tmpdir=" + dir.resolve("tmp"));
        start();
        Shell.run("mariadb", "--no-defaults", "-S", dir.resolve("sock").toString(), "-uroot", "-e",
                "CREATE DATABASE bench; CREATE USER 'bench'@'%' IDENTIFIED BY 'bench';"
                        + " CREATE USER 'bench'@'localhost' IDENTIFIED BY 'bench'; GRANT ALL ON *.* TO 'bench'@'%';"
                        + " GRANT ALL ON *.* TO 'bench'@'localhost';");
    }

    String url(String scheme, String host, int relayPort) {
        return "jdbc:" + scheme + "://" + host + ":" + relayPort + "/bench?user=bench&password=bench";
    }

    @Override
    protected ProcessBuilder command() {
        return new ProcessBuilder("/usr/sbin/mariadbd", "--no-defaults", "--datadir=" + dir.resolve("data"),
                "--port=" + port(), "--bind-address=127.0.0.1", "--socket=" + dir.resolve("sock"),
                "--pid-file=" + dir.resolve("pid"), "--tmpdir=" + dir.resolve("tmp"), "--user=mysql", "--skip-log-bin", "--skip-name-resolve",
                "--innodb-flush-log-at-trx-commit=2", "--innodb-buffer-pool-size=64M", "--max-connections=200")
                .redirectOutput(dir.resolve("log").toFile());
    }

    @Override
    public void killSessions() {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port() + "/bench?user=bench&password=bench")) {
            ServerSessions.killOthers(c);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        super.close();
        PrivatePostgres.deleteTree(dir);
    }
}
