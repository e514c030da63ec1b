package dev.bench.workloads.tao;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.core.BenchException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads TAOBench's config format: JSON lines, one {@code {"name": ..., "values": [...], "weights": [...]}}
 * a line. A malformed line stops with an error naming file and line; a name TAOBench doesn't know is
 * ignored with a warning. The shipped configs are named {@code A} and {@code O}.
 */
final class TaoConfigReader {

    /** Lines TAOBench's own parser accepts that this workload doesn't use (latencies, errors, ...). */
    private static final Set<String> KNOWN_UNUSED = Set.of("errors", "txn_errors", "operation_predicates",
            "txn_predicates", "txn_predicate_counts", "read_tiers", "read_operation_latency",
            "write_operation_latency", "write_txn_latency");
    private static final List<String> REQUIRED = List.of("operations", "read_operation_types",
            "write_operation_types", "read_txn_operation_types", "read_txn_sizes", "write_txn_sizes",
            "edge_types", "primary_shards", "remote_shards");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String source;
    private final Consumer<String> warnings;
    private final Map<String, Line> lines = new HashMap<>();

    private TaoConfigReader(String source, Consumer<String> warnings) {
        this.source = source;
        this.warnings = warnings;
    }

    /** A record of one parsed line, kept with its number for later error messages. */
    private record Line(int number, List<String> values, double[] weights) {
    }

    /**
     * @param nameOrPath "A" or "O" for a shipped config, else a file
     * @throws BenchException naming file and line when it is missing or malformed
     */
    static TaoConfig read(String nameOrPath, Consumer<String> warnings) {
        String shipped = switch (nameOrPath) {
            case "A", "a" -> "workload_a.json";
            case "O", "o" -> "workload_o.json";
            default -> null;
        };
        if (shipped != null) {
            try (InputStream in = TaoConfigReader.class.getResourceAsStream(shipped)) {
                return parse("config " + nameOrPath, new String(in.readAllBytes(), StandardCharsets.UTF_8), warnings);
            } catch (IOException e) {
                throw new BenchException("cannot read shipped config " + nameOrPath + ": " + e.getMessage(), e);
            }
        }
        try {
            return parse(nameOrPath, Files.readString(Path.of(nameOrPath)), warnings);
        } catch (NoSuchFileException e) {
            throw new BenchException("config " + nameOrPath + ": no such file (use A, O or a path)");
        } catch (IOException e) {
            throw new BenchException("config " + nameOrPath + ": cannot read: " + dev.bench.core.Failures.ofIo(e), e);
        }
    }

    static TaoConfig parse(String source, String text, Consumer<String> warnings) {
        TaoConfigReader reader = new TaoConfigReader(source, warnings);
        try (BufferedReader in = new BufferedReader(new java.io.StringReader(text))) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (!line.isBlank()) {
                    reader.parseLine(number, line);
                }
            }
        } catch (IOException e) {
            throw new BenchException(source + ": " + e.getMessage(), e); // a StringReader doesn't fail
        }
        return reader.build();
    }

    private void parseLine(int number, String text) {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw error(number, "not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject() || !node.path("name").isTextual()) {
            throw error(number, "expected {\"name\": ..., \"values\": [...], \"weights\": [...]}");
        }
        String name = node.get("name").asText();
        if (KNOWN_UNUSED.contains(name)) {
            return;
        }
        if (!REQUIRED.contains(name) && !name.equals("write_txn_operation_types")) {
            warnings.accept(source + " line " + number + ": unknown name '" + name + "', ignored");
            return;
        }
        JsonNode weights = node.path("weights");
        if (!weights.isArray() || weights.isEmpty()) {
            throw error(number, "'" + name + "' needs a non-empty \"weights\" array");
        }
        double[] w = new double[weights.size()];
        for (int i = 0; i < w.length; i++) {
            JsonNode x = weights.get(i);
            if (!x.isNumber() || !(x.asDouble() >= 0)) {
                throw error(number, "'" + name + "' weight " + (i + 1) + " must be a number >= 0, got " + x);
            }
            w[i] = x.asDouble();
        }
        if (Arrays.stream(w).sum() <= 0) {
            throw error(number, "'" + name + "' needs at least one weight > 0");
        }
        List<String> values = new ArrayList<>();
        JsonNode v = node.path("values");
        if (!v.isMissingNode()) {
            if (!v.isArray() || v.size() != w.length) {
                throw error(number, "'" + name + "' has " + (v.isArray() ? v.size() : 0) + " values but "
                        + w.length + " weights");
            }
            v.forEach(x -> values.add(x.asText()));
        }
        if (lines.put(name, new Line(number, values, w)) != null) {
            throw error(number, "'" + name + "' given twice");
        }
    }

    private TaoConfig build() {
        for (String name : REQUIRED) {
            if (!lines.containsKey(name)) {
                throw new BenchException(source + ": missing the '" + name + "' line");
            }
        }
        Weighted<TaoOp> writeTypes = ops("write_operation_types", false);
        return new TaoConfig(source,
                positional("operations", List.of(TaoConfig.Operation.values())),
                ops("read_operation_types", true), writeTypes,
                ops("read_txn_operation_types", true),
                lines.containsKey("write_txn_operation_types") ? ops("write_txn_operation_types", false) : writeTypes,
                sizes("read_txn_sizes"), sizes("write_txn_sizes"),
                named("edge_types", EdgeType::parse, List.of(EdgeType.values())),
                shards("primary_shards"), shards("remote_shards"));
    }

    /** Weights only, in a fixed order; values, if given, must name that order. */
    private <T> Weighted<T> positional(String name, List<T> order) {
        Line line = lines.get(name);
        if (line.weights.length != order.size()) {
            throw error(line.number, "'" + name + "' needs " + order.size() + " weights, got " + line.weights.length);
        }
        return Weighted.of(order, line.weights);
    }

    private Weighted<TaoOp> ops(String name, boolean reads) {
        List<TaoOp> order = List.of(reads ? TaoOp.READS : TaoOp.WRITES);
        return named(name, text -> {
            TaoOp op = TaoOp.byConfigName(text);
            return op != null && op.isRead() == reads && op.category != TaoOp.Category.READTRANSACTION
                    && op.category != TaoOp.Category.WRITETRANSACTION ? op : null;
        }, order);
    }

    /** Values by name when given, else the weights follow {@code order}. */
    private <T> Weighted<T> named(String name, Function<String, T> parser, List<T> order) {
        Line line = lines.get(name);
        if (line.values.isEmpty()) {
            return positional(name, order);
        }
        List<T> values = new ArrayList<>();
        for (String text : line.values) {
            T value = parser.apply(text);
            if (value == null) {
                throw error(line.number, "'" + name + "' has unknown value '" + text + "'; expected one of " + order);
            }
            values.add(value);
        }
        return Weighted.of(values, line.weights);
    }

    private Weighted<Integer> sizes(String name) {
        Line line = lines.get(name);
        if (line.values.isEmpty()) {
            throw error(line.number, "'" + name + "' needs \"values\" (the sizes)");
        }
        return Weighted.of(integers(name, line, 1, 100_000), line.weights);
    }

    private Weighted<Integer> shards(String name) {
        Line line = lines.get(name);
        if (line.values.isEmpty()) {
            if (line.weights.length > TaoConfig.SHARDS) {
                throw error(line.number, "'" + name + "' has " + line.weights.length + " weights; there are "
                        + TaoConfig.SHARDS + " shards");
            }
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < line.weights.length; i++) {
                order.add(i);
            }
            return Weighted.of(order, line.weights);
        }
        return Weighted.of(integers(name, line, 0, TaoConfig.SHARDS - 1), line.weights);
    }

    private List<Integer> integers(String name, Line line, int min, int max) {
        List<Integer> values = new ArrayList<>();
        for (String text : line.values) {
            try {
                int v = Integer.parseInt(text.trim());
                if (v < min || v > max) {
                    throw new NumberFormatException();
                }
                values.add(v);
            } catch (NumberFormatException e) {
                throw error(line.number, "'" + name + "' value '" + text + "' must be a whole number " + min + ".." + max);
            }
        }
        return values;
    }

    private BenchException error(int line, String message) {
        return new BenchException(source + " line " + line + ": " + message);
    }
}
