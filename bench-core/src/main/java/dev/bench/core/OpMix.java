package dev.bench.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The op mix of named schedule segments (a scenario's phases): {@code --mix spike:read=1/write=1,calm:read=19/write=1}
 * gives each named segment its own weight per op kind; a segment it does not name runs the workload's own
 * mix. A kind the mix of a segment does not name gets weight 0 there. Immutable.
 */
public final class OpMix {

    private static final Pattern WORD = Pattern.compile("[A-Za-z][\\w.-]*");

    /** Segment name to (kind to weight), in the order given. */
    private final Map<String, Map<String, Double>> weights;

    private OpMix(Map<String, Map<String, Double>> weights) {
        this.weights = weights;
    }

    /**
     * @param name the option or key, first in every message
     * @throws BenchException one line naming {@code name} for a spec that doesn't parse
     */
    public static OpMix parse(String name, String spec) {
        if (spec == null || spec.isBlank()) {
            throw new BenchException(name + " is empty; give SEGMENT:KIND=WEIGHT/KIND=WEIGHT,... such as spike:read=1/write=1");
        }
        Map<String, Map<String, Double>> weights = new LinkedHashMap<>();
        for (String part : spec.split(",", -1)) {
            int colon = part.indexOf(':');
            String segment = colon < 0 ? "" : part.substring(0, colon).trim();
            if (!WORD.matcher(segment).matches()) {
                throw new BenchException(name + ": '" + part + "' must be SEGMENT:KIND=WEIGHT/KIND=WEIGHT, the segment a phase's name");
            }
            if (weights.containsKey(segment)) {
                throw new BenchException(name + ": segment '" + segment + "' is given twice");
            }
            Map<String, Double> kinds = new LinkedHashMap<>();
            for (String item : part.substring(colon + 1).split("/", -1)) {
                int eq = item.indexOf('=');
                String kind = eq < 0 ? "" : item.substring(0, eq).trim();
                double w = eq < 0 ? Double.NaN : weight(item.substring(eq + 1).trim());
                if (kind.isEmpty() || Double.isNaN(w) || kinds.containsKey(kind)) {
                    throw new BenchException(name + ": '" + item + "' in segment " + segment
                            + " must be KIND=WEIGHT, each kind once, the weight a number >= 0");
                }
                kinds.put(kind, w);
            }
            weights.put(segment, kinds);
        }
        return of(name, weights);
    }

    /**
     * A mix from weights already read (a scenario file's phases), held to the same rules as {@link #parse}.
     *
     * @param weights segment name to (kind to weight), in order
     * @param name    the option or key, first in every message
     */
    public static OpMix of(String name, Map<String, Map<String, Double>> weights) {
        Map<String, Map<String, Double>> copy = new LinkedHashMap<>();
        weights.forEach((segment, kinds) -> {
            if (!WORD.matcher(segment).matches()) {
                throw new BenchException(name + ": segment '" + segment + "' must be a word, a phase's name");
            }
            double total = 0;
            for (Map.Entry<String, Double> k : kinds.entrySet()) {
                if (k.getKey().isEmpty() || !(k.getValue() >= 0 && Double.isFinite(k.getValue()))) {
                    throw new BenchException(name + ": the weight of " + k.getKey() + " in segment " + segment
                            + " must be a number >= 0, got " + k.getValue());
                }
                total += k.getValue();
            }
            if (total <= 0) {
                throw new BenchException(name + ": segment " + segment + " gives every kind weight 0; give one a weight > 0");
            }
            copy.put(segment, Collections.unmodifiableMap(new LinkedHashMap<>(kinds)));
        });
        return new OpMix(Collections.unmodifiableMap(copy));
    }

    private static double weight(String text) {
        try {
            double w = Double.parseDouble(text);
            return w >= 0 && Double.isFinite(w) ? w : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The segments it names. */
    public List<String> segments() {
        return List.copyOf(weights.keySet());
    }

    /**
     * Each segment's share per kind, in the kinds' order: the mix's weights where it names the segment,
     * else the kinds' own; each row sums to 1.
     *
     * @param segmentNames the schedule's segments in order (null for an unnamed one)
     * @throws BenchException naming a kind the workload does not have
     */
    public double[][] shares(List<OpKind> kinds, List<String> segmentNames) {
        List<String> names = kinds.stream().map(OpKind::name).toList();
        requireKinds("--mix", names);
        double[][] shares = new double[segmentNames.size()][];
        for (int i = 0; i < shares.length; i++) {
            Map<String, Double> mix = weights.get(segmentNames.get(i));
            double[] w = new double[kinds.size()];
            double total = 0;
            for (int k = 0; k < w.length; k++) {
                w[k] = mix == null ? kinds.get(k).weight() : mix.getOrDefault(names.get(k), 0.0);
                total += w[k];
            }
            for (int k = 0; k < w.length; k++) {
                w[k] /= total;
            }
            shares[i] = w;
        }
        return shares;
    }

    /**
     * @param name the option or key, first in the message
     * @throws BenchException naming a kind that is not among {@code kinds}
     */
    public void requireKinds(String name, List<String> kinds) {
        for (Map.Entry<String, Map<String, Double>> e : weights.entrySet()) {
            for (String kind : e.getValue().keySet()) {
                if (!kinds.contains(kind)) {
                    throw new BenchException(name + ": segment " + e.getKey() + " names op kind '" + kind
                            + "', which this workload does not have; its kinds: " + String.join(", ", kinds));
                }
            }
        }
    }

    /** As {@link #parse} reads it. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        weights.forEach((segment, kinds) -> {
            List<String> items = new ArrayList<>();
            kinds.forEach((k, w) -> items.add(k + "=" + (w == Math.rint(w) ? Long.toString(w.longValue()) : w.toString())));
            parts.add(segment + ":" + String.join("/", items));
        });
        return String.join(",", parts);
    }
}
