package dev.bench.cli.container;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each workload command with --container, end to end: a fresh server started for the run, its data set
 * up in the same invocation, a short run, the after-run check passing, the container removed. PostgreSQL
 * for most, MariaDB for tpcc and ycsb jdbc, memcached for ycsb's binding (vote's backends:
 * VoteServerBackendsTest). mysql:8.4 and SQL Server are not tested here: no image of them can be had.
 */
class WorkloadsContainerTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void engine() {
        CliContainers.requireEngine();
    }

    /** The command with --results in the temporary directory, checked as every --container run ({@link CliContainers#assertRanOn}). */
    private CliRunner ranOn(String image, String name, String... args) throws Exception {
        Path results = tmp.resolve(name);
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--results", results.toString()));
        CliRunner r = CliRunner.run(all.toArray(String[]::new));
        CliContainers.assertRanOn(r, results, image);
        return r;
    }

    @Test
    void oltpRwPreparesThenRunsOnPostgres() throws Exception {
        CliRunner r = ranOn(ServerImages.POSTGRES, "oltp", "oltp-rw", "run", "--container", "--tables=1", "--table-size=500", "--threads=2",
                "--time=1");
        assertTrue(r.out().contains("# integrity: ok: all 1 table(s) hold 500 rows"), r.out());
    }

    @Test
    void tpccPreparesThenRunsOnMariadb() throws Exception {
        CliRunner r = ranOn(ServerImages.MARIADB, "tpcc", "tpcc", "run", "--container", "mariadb", "--scale", "1", "--threads", "2", "--time", "1");
        assertTrue(r.out().contains("Check 11, warehouse: 1 PASSED"), "prepared first: " + r.out());
        assertTrue(r.out().contains("# integrity: ok"), r.out());
    }

    @Test
    void voterRunsOnPostgres() throws Exception {
        CliRunner r = ranOn(ServerImages.POSTGRES, "voter", "voter", "--container=postgres", "--calls", "500", "--burst-size", "10");
        assertTrue(r.out().contains("  check writes ... ok"), r.out());
    }

    @Test
    void taoLoadsThenRunsOnPostgres() throws Exception {
        CliRunner r = ranOn(ServerImages.POSTGRES, "tao", "tao", "run", "--container", "-n", "500", "-load-threads", "2", "-E", "2,0,1");
        assertTrue(r.out().contains("Done with batch insert phase!"), "loaded first: " + r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Check: ok: edges ")), r.out());
    }

    @Test
    void pgbenchInitializesThenRunsOnPostgres() throws Exception {
        CliRunner r = ranOn(ServerImages.POSTGRES, "pgbench", "pgbench", "--container", "-s", "1", "-c", "2", "-T", "1");
        assertTrue(r.err().contains("done in"), "initialized first: " + r.err());
        assertTrue(r.out().contains("# integrity: ok"), r.out());
    }

    @Test
    void ycsbLoadsThenRunsOnMemcached() throws Exception {
        CliRunner r = ranOn(ServerImages.MEMCACHED, "ycsb-mc", "ycsb", "run", "memcached", "--container", "-P", "../examples/ycsb/workloada",
                "-p", "recordcount=500", "-p", "operationcount=1000");
        CliContainers.assertResultsOn(tmp.resolve("ycsb-mc-load"), ServerImages.MEMCACHED);
        assertTrue(r.out().contains("# integrity: ok"), r.out());
    }

    @Test
    void ycsbJdbcLoadsThenRunsOnMariadb() throws Exception {
        CliRunner r = ranOn(ServerImages.MARIADB, "ycsb-jdbc", "ycsb", "run", "jdbc", "--container", "mariadb", "-P", "../examples/ycsb/workloadb",
                "-p", "recordcount=500", "-p", "operationcount=1000");
        assertTrue(r.out().contains("# integrity: ok"), r.out());
    }

    @Test
    void sweepStartsOneServerForAllItsSteps() throws Exception {
        Path results = tmp.resolve("sweep");
        CliRunner r = CliRunner.run("sweep", "--slo", "p99=5s", "--start", "100", "--max", "200", "--bisect", "0",
                "--results", results.toString(), "--", "vote", "--runtime", "1", "--warmup", "0.2", "-a", "200",
                "postgres", "--container");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        String first = CliContainers.assertResultsOn(results.resolve("step-01-100"), ServerImages.POSTGRES)
                .path("options").path("container").path(0).path("id").asText();
        String second = CliContainers.assertResultsOn(results.resolve("step-02-200"), ServerImages.POSTGRES)
                .path("options").path("container").path(0).path("id").asText();
        assertEquals(first, second, "one server for the sweep: " + first + " vs " + second);
    }
}
