package dev.bench.core.run;

import dev.bench.core.results.ResultsJson;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A workload's own figures of one phase for summary.json (votes acknowledged, tpmC, a cache's hit
 * rate), each with the rule that combines it across the clients of one run: summed, the least or the
 * most, the same everywhere, or recomputed as a ratio of summed figures. summary.json carries the rules
 * ({@code merge_rules}), so {@code bench merge} follows them without knowing the workload.
 *
 * <pre>{@code
 * return new Figures().sum("cache_hits", hits).sum("cache_misses", misses)
 *         .ratio("cache_hit_rate", rate, "cache_hits", "cache_hits", "cache_misses");
 * }</pre>
 */
public final class Figures {

    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, String> rules = new LinkedHashMap<>();

    /** Added up: counts, and rates over the window all clients share (--start-at aligns them). */
    public Figures sum(String name, Number value) {
        return put(name, value, "sum");
    }

    /** A group of counts (e.g. queries read/write/other), each added up. */
    public Figures sum(String name, Map<String, ? extends Number> counts) {
        return put(name, new LinkedHashMap<>(counts), "sum");
    }

    /** The largest client's: a worst case (a check's duration, stale entries one check saw). */
    public Figures max(String name, Number value) {
        return put(name, value, "max");
    }

    /** The smallest client's. */
    public Figures min(String name, Number value) {
        return put(name, value, "min");
    }

    /** A setting every client ran with; a merge of clients that differ says so instead of picking one. */
    public Figures same(String name, Object value) {
        return put(name, value, "same");
    }

    /**
     * A ratio recomputed from the merged figures: {@code numerator / (denominator[0] + ...)}, each a
     * summed figure of this set, rounded to 4 decimals as this client's {@code value} is.
     */
    public Figures ratio(String name, double value, String numerator, String... denominator) {
        return put(name, value, "ratio:" + numerator + "/" + String.join("+", denominator));
    }

    private Figures put(String name, Object value, String rule) {
        values.put(name, value);
        rules.put(name, rule);
        return this;
    }

    /** The figures, in the order given. */
    public Map<String, Object> values() {
        return Collections.unmodifiableMap(values);
    }

    /** Per figure, how merge combines it. */
    public Map<String, String> rules() {
        return Collections.unmodifiableMap(rules);
    }

    /** The figures as summary.json holds them: the values, then the rules under {@code merge_rules}. */
    public Map<String, Object> toSummary() {
        Map<String, Object> m = new LinkedHashMap<>(values);
        if (!rules.isEmpty()) {
            m.put(ResultsJson.MERGE_RULES, rules());
        }
        return m;
    }
}
