package dev.bench.cli.vote;

import dev.bench.cli.CliRunner;
import dev.bench.core.testing.SkipOrFail;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** bench vote memcached | hybrid | mssql from the command line, and --container without Docker. */
class VoteServerBackendsTest {

    private static final String[] SHORT = {"vote", "--target", "500", "--runtime", "1", "--warmup", "0.2", "-a", "500"};

    @Test
    void memcachedRunChecksTheCounters(@TempDir Path tmp) {
        CliRunner r = CliRunner.run(concat(SHORT, "--results", tmp.resolve("mc").toString(), "memcached",
                "--address", TestServers.memcachedAddress(), "--key-prefix", "bench-cli-test-" + System.nanoTime() + ":", "--fast"));

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("# integrity: ok"), r.out());
    }

    @Test
    void hybridRunChecksSqlAndTheCacheAndReportsTheHitRate(@TempDir Path tmp) throws Exception {
        CliRunner r = CliRunner.run(concat(SHORT, "--results", tmp.resolve("hy").toString(), "hybrid",
                "--url", TestServers.mysqlUrl(), "--memcached-address", TestServers.memcachedAddress(),
                "--key-prefix", "bench-cli-test-" + System.nanoTime() + ":"));

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("# integrity: ok"), r.out());
        assertTrue(r.out().matches("(?s).*# cache_hits: [1-9]\\d*\n# cache_misses: [1-9]\\d*\n# cache_hit_rate: 0\\.\\d+\n.*"), r.out());
        assertTrue(Files.readString(tmp.resolve("hy/summary.json")).contains("\"cache_hit_rate\""));
    }

    @Test
    void anUnreachableMemcachedIsOneLineNamingIt() {
        CliRunner r = CliRunner.run(concat(SHORT, "memcached", "--address", "127.0.0.1:1"));

        assertEquals(1, r.exitCode());
        assertEquals(1, r.errorLines().size(), r.err());
        assertEquals("bench: cannot connect to memcached at 127.0.0.1:1: Connection refused", r.errorLines().get(0));
    }

    /** Without an engine: one line naming what is missing, exit 2 (bad input), nothing run. Where one runs, the test above. */
    @Test
    void containerWithoutDockerIsOneLineAndExitTwo() {
        assumeFalse(SkipOrFail.dockerAvailable(), "a Docker engine answers: containerRunsTheBackendAndTheDatabaseAgrees covers --container");
        for (String backend : new String[] {"postgres", "mysql", "mssql", "memcached", "hybrid"}) {
            CliRunner r = CliRunner.run(concat(SHORT, backend, "--container"));

            assertEquals(2, r.exitCode(), backend + ": " + r.err());
            assertTrue(r.errorLines().get(0).startsWith("bench: --container needs a container engine"), r.err());
            assertFalse(r.out().contains("# generated"), "nothing ran");
        }
    }

    /** Where Docker runs (the GitHub workflow): a throwaway server per backend, a real run, the check agrees. */
    @Test
    void containerRunsTheBackendAndTheDatabaseAgrees() {
        SkipOrFail.skipWithoutDocker("no Docker engine here: containerWithoutDockerIsOneLineAndExitOne covers --container");
        // mysql:8.4 can't be had here (no registry, no Debian package): the mysql backend runs on MariaDB's image
        for (String[] backend : new String[][] {{"postgres"}, {"mysql", "--container", "mariadb"}, {"memcached"},
            {"hybrid", "--container=mariadb"}}) {
            CliRunner r = CliRunner.run(concat(concat(SHORT, backend), backend.length == 1 ? new String[] {"--container"} : new String[0]));

            assertEquals(0, r.exitCode(), backend[0] + ": " + r.err());
            assertTrue(r.out().contains("# integrity: ok"), backend[0] + ": " + r.out());
        }
    }

    @Test
    void containerAndAServerAddressTogetherAreBadInput() {
        CliRunner r = CliRunner.run(concat(SHORT, "postgres", "--container", "--url", "jdbc:postgresql://db/x"));

        assertEquals(2, r.exitCode());
        assertTrue(r.errorLines().get(0).contains("--container starts its own server"), r.err());
    }

    @Test
    void aBadMemcachedAddressIsBadInput() {
        CliRunner r = CliRunner.run(concat(SHORT, "memcached", "--address", "127.0.0.1:notaport"));

        assertEquals(2, r.exitCode());
        assertTrue(r.errorLines().get(0).contains("'127.0.0.1:notaport'"), r.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
