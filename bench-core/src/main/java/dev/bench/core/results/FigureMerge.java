package dev.bench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Combines a workload's figures across clients as each declares ({@code dev.bench.core.run.Figures},
 * summary.json's {@code merge_rules}): summed, least, most, the same everywhere, or a ratio recomputed from summed figures.
 */
final class FigureMerge {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private FigureMerge() {
    }

    /** Whether a summary block declares how its figures merge (results written before the rules did not). */
    static boolean hasRules(JsonNode block) {
        return block.path(ResultsJson.MERGE_RULES).isObject();
    }

    /** Sets each declared figure of {@code target} from the clients' blocks, by its rule. */
    static void apply(ObjectNode target, List<JsonNode> clients) {
        for (Iterator<Map.Entry<String, JsonNode>> it = clients.get(0).path(ResultsJson.MERGE_RULES).fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> rule = it.next();
            String name = rule.getKey();
            target.set(name, merge(rule.getValue().asText(), clients.stream().map(c -> c.path(name)).toList(), clients));
        }
    }

    private static JsonNode merge(String rule, List<JsonNode> values, List<JsonNode> clients) {
        if (rule.startsWith("ratio:")) {
            String[] parts = rule.substring("ratio:".length()).split("/");
            double numerator = total(clients, parts[0]);
            double denominator = 0;
            for (String d : parts[1].split("\\+")) {
                denominator += total(clients, d);
            }
            return JSON.numberNode(denominator == 0 ? 0.0 : Math.round(10_000.0 * numerator / denominator) / 10_000.0);
        }
        return switch (rule) {
            case "sum" -> sum(values);
            case "max" -> values.stream().max((a, b) -> Double.compare(a.asDouble(), b.asDouble())).orElseThrow().deepCopy();
            case "min" -> values.stream().min((a, b) -> Double.compare(a.asDouble(), b.asDouble())).orElseThrow().deepCopy();
            case "same" -> values.stream().distinct().count() == 1 ? values.get(0).deepCopy()
                    : JSON.textNode("differs across clients: " + values.stream().map(JsonNode::asText).collect(Collectors.joining(", ")));
            default -> JSON.textNode("not merged: unknown rule '" + rule + "'");
        };
    }

    private static double total(List<JsonNode> clients, String figure) {
        return clients.stream().mapToDouble(c -> c.path(figure).asDouble()).sum();
    }

    /** Numbers added (integers stay integers); groups of numbers added field by field. */
    private static JsonNode sum(List<JsonNode> values) {
        JsonNode first = values.get(0);
        if (first.isObject()) {
            ObjectNode group = JSON.objectNode();
            first.fieldNames().forEachRemaining(f -> group.set(f, sum(values.stream().map(v -> v.path(f)).toList())));
            return group;
        }
        if (values.stream().allMatch(JsonNode::isIntegralNumber)) {
            return JSON.numberNode(values.stream().mapToLong(JsonNode::asLong).sum());
        }
        return JSON.numberNode(values.stream().mapToDouble(JsonNode::asDouble).sum());
    }
}
