package dev.bench.workloads.tao;

import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.nio.file.Path;

/**
 * TAOBench's flags, in our names (its own spellings, {@code -n -c -E -db -p}, map onto the same keys).
 *
 * @param edges       edges to load
 * @param loadThreads threads loading, and reading the keys back before a run
 * @param config      workload config: A, O or a JSON-lines file
 * @param experiments "threads,warmup_s,exp_s" lines: a file, or inline separated by ';'; null for TAOBench's
 * @param db          server kind (mysql, postgres, crdb, ...), or null for the url or embedded H2
 * @param props       properties file with url, user and password, or null
 * @param batchSize   edges per batch when loading; null for the server's fastest
 * @param target      offered ops/s, open loop; 0 runs closed loop as TAOBench does
 * @param sloMs       open loop: an op done later than its intended start plus this is overtime
 */
public record TaoSettings(long edges, int loadThreads, String config, String experiments, String db, Path props,
                          Integer batchSize, double target, double sloMs) {

    /** Defaults: TAOBench suggests 50 load threads and 165,000,000 edges; these suit a small machine and server. */
    public static final long EDGES = 100_000;
    public static final int LOAD_THREADS = 4;
    public static final String CONFIG = "A";
    public static final int SLO_MS = 100;
    public static final TaoSettings DEFAULTS = new TaoSettings(EDGES, LOAD_THREADS, CONFIG, null, null, null, null, 0, SLO_MS);

    /** @throws dev.bench.core.BenchException naming the bad option or key */
    public TaoSettings validate(SettingNames names) {
        Require.that(edges >= 1, names.of("edges") + " must be >= 1 edges, got " + edges);
        Require.between(names.of("load-threads"), loadThreads, 1, 1000);
        Require.that(batchSize == null || batchSize >= 1 && batchSize <= 5000,
                names.of("batch-size") + " must be 1..5000 edges, got " + batchSize);
        Require.rate(names.of("target"), target); // 0: closed loop
        Require.that(sloMs > 0 && !Double.isInfinite(sloMs), names.of("slo") + " must be > 0 ms, got " + sloMs);
        return this;
    }
}
