package dev.bench.cli.dataserving;

import dev.bench.cli.CliRunner;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CloudSuite's surface translated into bench's commands. Both paths (oltp-rw, tpcc) run for real against
 * the test PostgreSQL (its database and credentials given in place of CloudSuite's sbtest/cloudsuite).
 */
class DataServingCommandTest {

    private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^:/]+):(\\d+)/([^?]+)\\?user=([^&]+)&password=(.+)");

    @TempDir
    Path dir;

    @AfterEach
    void cleanup() {
        CliRunner.run("oltp-rw", "cleanup", "--url", TestServers.postgresUrl(), "--tables", "2");
    }

    @Test
    void warmupLoadsAndRunMeasuresOltpRw() {
        Matcher m = URL.matcher(TestServers.postgresUrl());
        assertTrue(m.matches(), "test URL shape: host, port, database, user, password");
        String[] server = {"--server-ip=" + m.group(1), "--port", m.group(2), "--database", m.group(3),
                "--user", m.group(4), "--password", m.group(5)};
        CliRunner.run("oltp-rw", "cleanup", "--url", TestServers.postgresUrl(), "--tables", "2");

        CliRunner warmup = CliRunner.run(concat(new String[] {"data-serving", "--oltp-rw", "--warmup",
                "--tables", "2", "--record-count", "300", "--threads", "2"}, server));
        assertEquals(0, warmup.exitCode(), warmup.err());
        assertTrue(warmup.err().contains("# data-serving: bench oltp-rw prepare --url jdbc:postgresql://" + m.group(1) + ":"
                + m.group(2) + "/" + m.group(3) + " --user " + m.group(4) + " --password **** --threads 2 --tables 2 --table-size 300"),
                warmup.err());
        assertFalse(warmup.err().contains("--password " + m.group(5) + " "), "password not echoed");
        assertTrue(warmup.out().contains("Inserting 300 records into 'sbtest2'"), warmup.out());

        CliRunner run = CliRunner.run(concat(new String[] {"data-serving", "--oltp-rw", "--run", "--tables", "2",
                "--record-count", "300", "--threads", "2", "--time", "2", "--report-interval", "1"}, server));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.err().contains("--time 2 --report-interval 1"), run.err());
        assertTrue(run.out().contains("[ 1s ] thds: 2 tps: "), run.out());
        assertTrue(run.out().contains("# integrity: ok: all 2 table(s) hold 300 rows"), run.out());
    }

    @Test
    void warmupLoadsAndRunMeasuresTpcc() {
        Matcher m = URL.matcher(TestServers.postgresUrl());
        assertTrue(m.matches(), "test URL shape: host, port, database, user, password");
        String[] server = {"--server-ip=" + m.group(1), "--port", m.group(2), "--database", m.group(3),
                "--user", m.group(4), "--password", m.group(5)};
        CliRunner.run("tpcc", "cleanup", "--url", TestServers.postgresUrl());
        try {
            CliRunner warmup = CliRunner.run(concat(new String[] {"data-serving", "--tpcc", "--warmup", "--scale", "1",
                    "--threads", "2"}, server));
            assertEquals(0, warmup.exitCode(), warmup.err());
            assertTrue(warmup.err().contains("# data-serving: bench tpcc prepare --url jdbc:postgresql://" + m.group(1) + ":"
                    + m.group(2) + "/" + m.group(3) + " --user " + m.group(4) + " --password **** --load-threads 2 --scale 1"),
                    warmup.err());
            assertTrue(warmup.out().contains("Check 11, warehouse: 1 PASSED"), warmup.out());

            CliRunner run = CliRunner.run(concat(new String[] {"data-serving", "--tpcc", "--run", "--scale", "1",
                    "--threads", "2", "--time", "2", "--report-interval", "1"}, server));
            assertEquals(0, run.exitCode(), run.out() + run.err());
            assertTrue(run.err().contains("bench tpcc run ") && run.err().contains("--threads 2 --scale 1 --time 2 --report-interval 1"),
                    run.err());
            for (String expected : new String[] {"[ 1s ] thds: 2 tps: ", "tpmC (New-Orders per minute):",
                "Check 12, warehouse: 1 PASSED"}) {
                assertTrue(run.out().contains(expected), expected + " in\n" + run.out());
            }
        } finally {
            assertEquals(0, CliRunner.run("tpcc", "cleanup", "--url", TestServers.postgresUrl()).exitCode());
        }
    }

    @Test
    void cloudSuiteDefaults() {
        CliRunner r = CliRunner.run("data-serving", "--oltp-rw", "--run", "--server-ip=127.0.0.1", "--port", "1");
        // port 1: nothing listens, so the translated command fails to connect, after echoing itself
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.err().contains("# data-serving: bench oltp-rw run --url jdbc:postgresql://127.0.0.1:1/sbtest --user cloudsuite"
                + " --password **** --threads 8 --tables 50 --table-size 1000000 --time 360 --report-interval 10"), r.err());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
