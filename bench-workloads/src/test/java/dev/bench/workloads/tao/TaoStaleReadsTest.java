package dev.bench.workloads.tao;

import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.HostStats;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.RunContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tao's stale reads against replicas whose behaviour is known: a copy of the primary taken after the load that
 * never receives a write (every point read of a row updated since is older than the update the client was told
 * of), and the primary itself read through a second, read-only pool (never behind: none is stale). Embedded H2.
 */
class TaoStaleReadsTest {

    private static final long EDGES = 300;

    @Test
    void aReplicaThatNeverAppliesUpdatesServesStaleReadsAndThePrimaryNone(@TempDir Path tmp) throws Exception {
        String primary = "jdbc:h2:mem:tao-primary-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        String frozen = "jdbc:h2:mem:tao-frozen-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        try (JdbcTarget t = JdbcTarget.open(primary, null, null, 2)) {
            TaoBenchmark.load(t, TaoConfig.read("A", w -> { }), EDGES, 1, 100, 7, new PrintWriter(new StringWriter()));
            Path dump = tmp.resolve("tao.sql");
            exec(t, "SCRIPT TO '" + dump + "'");
            try (JdbcTarget copy = JdbcTarget.open(frozen, null, null, 1)) {
                exec(copy, "RUNSCRIPT FROM '" + dump + "'");
            }
        }
        TaoConfig updatesAndPointReads = TaoConfig.read(config(tmp).toString(), w -> { });

        long behind = staleReads(primary, frozen, updatesAndPointReads);
        long never = staleReads(primary, primary, updatesAndPointReads);

        assertTrue(behind > 0, "stale reads on the frozen copy: " + behind);
        assertEquals(0, never, "stale reads on the primary itself");
    }

    /** Half point reads (objects and edges), half updates (objects and edges), on the few loaded edges. */
    private static Path config(Path tmp) throws IOException {
        String a;
        try (InputStream in = TaoConfig.class.getResourceAsStream("workload_a.json")) {
            a = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        StringBuilder out = new StringBuilder();
        for (String line : a.split("\n")) {
            if (line.contains("\"operations\"")) {
                line = "{\"name\": \"operations\", \"values\": [\"read\", \"write\", \"read_txn\", \"write_txn\"], \"weights\": [1, 1, 0, 0]}";
            } else if (line.contains("\"read_operation_types\"")) {
                line = line.replaceFirst("\"weights\": \\[[^]]*]", "\"weights\": [1, 1, 0, 0, 0]");
            } else if (line.contains("\"write_operation_types\"")) {
                line = line.replaceFirst("\"weights\": \\[[^]]*]", "\"weights\": [0, 1, 0, 0, 1, 0]");
            }
            out.append(line).append('\n');
        }
        Path file = tmp.resolve("updates-and-point-reads.json");
        Files.writeString(file, out);
        return file;
    }

    /** One 1 s experiment of 2 threads, its reads on {@code replicaUrl}: the stale reads summed over the hosts. */
    private static long staleReads(String primaryUrl, String replicaUrl, TaoConfig config) {
        IntFunction<JdbcTarget> targets = threads -> JdbcTarget.open(primaryUrl, null, null, threads + 1);
        IntFunction<JdbcTarget> replicas = threads -> JdbcTarget.openReadOnly(replicaUrl, null, null, threads + 1, Map.of());
        RunContext context = new RunContext(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false, null,
                Map.of(), List.of());
        RunConfig run = RunConfig.builder().threads(2).duration(Duration.ofSeconds(1)).build();
        try (TaoBenchmark tao = new TaoBenchmark(targets, replicas, config, List.of(new Experiment(2, 0, 1)), List.of(run),
                Duration.ofMillis(100), 1)) {
            RunResult result = BenchmarkRun.run(tao, context).outcomes().get(0).result();
            assertTrue(result.completedTotal() > 100, "completed " + result.completedTotal());
            return result.hosts().stream().mapToLong(HostStats::staleReads).sum();
        }
    }

    private static void exec(JdbcTarget t, String sql) throws Exception {
        try (Connection c = t.connection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
