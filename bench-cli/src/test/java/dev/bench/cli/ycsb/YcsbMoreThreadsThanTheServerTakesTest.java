package dev.bench.cli.ycsb;

import dev.bench.cli.CliRunner;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code -threads 2000} against a PostgreSQL that takes 100 connections: refused on the first connection, in
 * one line naming max_connections, where it used to open connections in silence for the pool's 30 s timeout.
 */
class YcsbMoreThreadsThanTheServerTakesTest {

    @Test
    void aPoolPastMaxConnectionsIsRefusedOnItsFirstConnection(@TempDir Path tmp) {
        String url = TestServers.postgresUrl();
        long start = System.nanoTime();
        CliRunner r = CliRunner.run("ycsb", "run", "jdbc", "--url", url, "-p", "recordcount=10", "-p", "operationcount=10",
                "-threads", "2000", "--results", tmp.resolve("run").toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.errorLines().size(), r.err());
        assertTrue(r.errorLines().get(0).matches("bench: cannot connect to .*: the run's pool needs 200\\d connections and the "
                + "server takes at most \\d+ more \\(max_connections \\d+(, \\d+ reserved)?, \\d+ in use\\); run fewer threads "
                + "or raise max_connections"), r.err());
        assertTrue(seconds < 10, "refused in " + seconds + " s, not after the pool's 30 s");
        assertFalse(Files.exists(tmp.resolve("run").resolve("summary.json")), "no run");
    }
}
