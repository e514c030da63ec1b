package dev.bench.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.results.ResultsJson;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.DoubleStream;
import java.util.stream.StreamSupport;

/** JMH's JSON result file ({@code -rf json}) read as one {@link Result} per benchmark and parameter set. */
public final class JmhResults {

    /**
     * @param benchmark fully qualified method, e.g. dev.bench.jmh.postgres.PostgresPointSelect.select
     * @param error     JMH's scoreError: half-width of the 99.9 % confidence interval (NaN with too few samples)
     * @param forks     each fork's score, from JMH's rawData: its best measurement iteration (the highest
     *                  throughput, the lowest time per op). On a shared machine noise is one-sided, other
     *                  processes only ever slow an iteration down, so the best of a fork's iterations is
     *                  the steadiest view of its speed (halving the fork-to-fork spread of the in-process
     *                  benchmarks against the mean, measured on the dev machine at load 7-9)
     */
    public record Result(String benchmark, String mode, Map<String, String> params, double score, double error,
                         String unit, List<Double> forks) {

        /** Benchmark name without its package, e.g. PostgresPointSelect.select. */
        public String shortName() {
            String[] parts = benchmark.split("\\.");
            return parts.length < 2 ? benchmark : parts[parts.length - 2] + "." + parts[parts.length - 1];
        }

        /** Parameters as "k=v, k=v", or "" without any. */
        public String paramText() {
            return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .reduce((a, b) -> a + ", " + b).orElse("");
        }

        /**
         * This result as if the code were {@code percent} % slower: every throughput times (1 - percent / 100),
         * every time per op divided by it (20 % slower is ops/s x 0.8 or ns/op x 1.25), fork scores included.
         * What {@code bench compare --what-if-slower} feeds the gate to show what it would see of a regression.
         */
        public Result slowerBy(double percent) {
            double keep = 1 - percent / 100;
            double factor = "thrpt".equals(mode) ? keep : 1 / keep;
            return new Result(benchmark, mode, params, score * factor, error * factor, unit,
                    forks.stream().map(f -> f * factor).toList());
        }

        /** What identifies the same measurement in another file. */
        public String key() {
            return benchmark + " " + mode + " " + paramText();
        }
    }

    private JmhResults() {
    }

    private static List<Double> forkScores(JsonNode rawData, boolean higherIsBetter) {
        List<Double> forks = new ArrayList<>();
        for (JsonNode fork : rawData) {
            DoubleStream iterations = StreamSupport.stream(fork.spliterator(), false).mapToDouble(JsonNode::asDouble);
            (higherIsBetter ? iterations.max() : iterations.min()).ifPresent(forks::add);
        }
        return forks;
    }

    public static boolean looksLikeJmh(JsonNode root) {
        return root.isArray() && (root.isEmpty() || root.get(0).has("primaryMetric"));
    }

    public static List<Result> read(Path file) {
        JsonNode root = ResultsJson.read(file);
        if (!looksLikeJmh(root)) {
            throw new BenchException(file + " is not JMH's JSON output (an array of results with primaryMetric)");
        }
        List<Result> results = new ArrayList<>();
        for (JsonNode r : root) {
            Map<String, String> params = new TreeMap<>();
            r.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            JsonNode m = r.path("primaryMetric");
            results.add(new Result(r.path("benchmark").asText(), r.path("mode").asText(), params,
                    m.path("score").asDouble(Double.NaN), m.path("scoreError").asDouble(Double.NaN),
                    m.path("scoreUnit").asText(""), forkScores(m.path("rawData"), "thrpt".equals(r.path("mode").asText()))));
        }
        return results;
    }
}
