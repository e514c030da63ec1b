package dev.bench.cli.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a scenario file into a {@link Scenario}, keeping each key's line so every error is
 * {@code FILE:LINE: key: message}, and every such error of the file is reported at once. Only the file's
 * shape is checked here; the phases are read into a schedule by {@link Scenario#load}, the other values
 * are the workload's to check ({@link ScenarioValues}).
 *
 * <pre>{@code
 * workload: vote              # vote, oltp-rw, tpcc, voter, tao
 * backend: memory             # vote: its backend; oltp-rw and tpcc: step (prepare, run, cleanup; default run)
 * settings: {articles: 1000}  # the workload's flags without the dashes
 * target: {url: ...}          # the target's flags (url, address, database, user, password, pool-size)
 * run: {seed: 7}              # the shared run flags (seed, arrivals, max-lag, results, clients, ...)
 * metrics: {port: 9400}       # live Prometheus metrics (--metrics-port)
 * phases:                     # the load over time, in order: offered rates (open loop) ...
 *   - {name: warm, duration: 10s, rate: 1000, measured: false}
 *   - {name: ramp, duration: 60s, rate: 1000..20000}
 *   - {name: hot, duration: 30s, rate: 5000, mix: {read: 1, write: 1}}   # its own op mix (--mix)
 *                             # ... or, for closed-loop runs, active workers: {name: peak, duration: 30s, workers: 128}
 * }</pre>
 */
final class ScenarioFile {

    /** The keys that name a workload's subcommand: which one a workload takes is its command's to say. */
    private static final List<String> SUBCOMMAND_KEYS = List.of("backend", "step");
    private static final Set<String> TOP = Set.of("workload", "backend", "step", "settings", "target", "run", "metrics", "phases");
    /** The sections of flags, each with what its keys' flags start with ({@code metrics: {port}} is {@code --metrics-port}). */
    private static final Map<String, String> FLAG_SECTIONS = Map.of("settings", "", "target", "", "run", "", "metrics", "metrics-");
    private static final Set<String> PHASE_KEYS = Set.of("name", "duration", "rate", "schedule", "workers", "measured", "mix");

    private ScenarioFile() {
    }

    /** @throws BenchException every error of the file's shape at once ({@link InputErrors}) */
    static Scenario read(Path file) {
        InputErrors.Collector errors = new InputErrors.Collector();
        Scenario scenario = read(file, errors);
        errors.throwIfAny();
        return scenario;
    }

    /**
     * Reads the file, adding to {@code errors} a line for every key of the wrong shape (the scenario
     * returned then leaves those keys out, and all its phases when one of them is wrong).
     *
     * @throws BenchException {@code FILE:LINE: message} when the file is no YAML mapping or gives a key
     *                        twice, or {@code FILE: message} when it can't be read
     */
    static Scenario read(Path file, InputErrors.Collector errors) {
        String name = file.toString();
        if (!Files.isRegularFile(file)) {
            throw new BenchException(name + ": no such file");
        }
        JsonNode root;
        Map<String, Integer> lines;
        try {
            root = new YAMLMapper().readTree(file.toFile());
            lines = lines(file, name);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new BenchException(name + ":" + (at == null ? 1 : at.getLineNr()) + ": " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new BenchException(name + ": cannot read: " + dev.bench.core.Failures.ofIo(e));
        }
        Where where = new Where(name, lines);
        if (root == null || !root.isObject()) {
            throw new BenchException(name + ":1: the file must be a mapping of keys (workload, settings, phases, ...)");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!TOP.contains(key)) {
                errors.add(where.error(key, key, "unknown key; a scenario has " + String.join(", ", TOP.stream().sorted().toList())));
            }
        }
        String workload = scalar(root, "workload", where, true);
        Map<String, Scenario.Value> flags = new LinkedHashMap<>();
        for (String section : FLAG_SECTIONS.keySet().stream().sorted().toList()) {
            JsonNode node = root.get(section);
            if (node == null || node.isNull()) {
                continue;
            }
            if (!node.isObject()) {
                errors.add(where.error(section, section, "must be a mapping of flag names (without the dashes) to values"));
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String path = section + "." + e.getKey();
                String flag = FLAG_SECTIONS.get(section) + e.getKey();
                if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                    errors.add(where.error(path, flag, "must be one value (a number, a word or true/false)"));
                    continue;
                }
                if (flags.containsKey(flag)) {
                    errors.add(where.error(path, flag, "given twice (also on line " + flags.get(flag).line() + ")"));
                    continue;
                }
                flags.put(flag, new Scenario.Value(e.getValue().asText(), where.line(path)));
            }
        }
        Map<String, String> subcommand = new LinkedHashMap<>();
        for (String key : SUBCOMMAND_KEYS) {
            String value = scalar(root, key, where, false);
            if (value != null) {
                subcommand.put(key, value);
            }
        }
        return new Scenario(name, workload, subcommand, flags, phases(root.get("phases"), where, errors));
    }

    private static List<Scenario.Phase> phases(JsonNode node, Where where, InputErrors.Collector errors) {
        List<Scenario.Phase> phases = new ArrayList<>();
        if (node == null || node.isNull()) {
            return phases;
        }
        if (!node.isArray() || node.isEmpty()) {
            errors.add(where.error("phases", "phases", "must be a list of phases, each with a name, a duration and a rate (or a schedule)"));
            return phases;
        }
        boolean wellShaped = true;
        for (int i = 0; i < node.size(); i++) {
            String path = "phases[" + i + "]";
            JsonNode p = node.get(i);
            if (!p.isObject()) {
                errors.add(where.error(path, "phases", "each phase is a mapping: name, duration, rate or schedule or workers, measured"));
                wellShaped = false;
                continue;
            }
            int before = errors.size();
            for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!PHASE_KEYS.contains(key)) {
                    errors.add(where.error(path + "." + key, key, "unknown key in a phase; a phase has "
                            + String.join(", ", PHASE_KEYS.stream().sorted().toList())));
                } else if (key.equals("mix") ? !p.get(key).isObject() || p.get(key).isEmpty()
                        : !p.get(key).isValueNode() || p.get(key).isNull()) {
                    errors.add(where.error(path + "." + key, key, key.equals("mix")
                            ? "must map op kinds to weights, e.g. {read: 19, write: 1}" : "must be one value"));
                }
            }
            JsonNode measured = p.get("measured");
            if (measured != null && !measured.isBoolean()) {
                errors.add(where.error(path + ".measured", "measured", "must be true or false, got '" + measured.asText() + "'"));
            }
            Map<String, Double> mix = errors.size() == before ? mix(p.get("mix"), path, where, errors) : null;
            wellShaped &= errors.size() == before;
            phases.add(new Scenario.Phase(text(p, "name"), text(p, "duration"), text(p, "rate"), text(p, "schedule"),
                    text(p, "workers"), measured == null || measured.asBoolean(), mix, where.line(path), where.forPhase(path)));
        }
        return wellShaped ? phases : List.of(); // a phase of the wrong shape would only add doubtful errors of its own
    }

    /** A phase's {@code mix: {read: 19, write: 1}}: op kind to weight, in the file's order; null without one. */
    private static Map<String, Double> mix(JsonNode mix, String path, Where where, InputErrors.Collector errors) {
        if (mix == null) {
            return null;
        }
        Map<String, Double> weights = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = mix.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isNumber() || e.getValue().asDouble() < 0) {
                errors.add(where.error(path + ".mix", "mix", "the weight of " + e.getKey() + " must be a number >= 0, got '"
                        + e.getValue().asText() + "'"));
                return null;
            }
            weights.put(e.getKey(), e.getValue().asDouble());
        }
        return weights;
    }

    private static String text(JsonNode node, String key) {
        JsonNode v = node.get(key);
        return v == null ? null : v.asText();
    }

    private static String scalar(JsonNode root, String key, Where where, boolean required) {
        JsonNode v = root.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                throw new BenchException(where.file() + ":1: " + key + ": missing; name the workload (vote, oltp-rw, tpcc, voter, tao)");
            }
            return null;
        }
        if (!v.isTextual()) {
            throw where.error(key, key, "must be a word");
        }
        return v.asText();
    }

    /**
     * Each key's line, by path: {@code settings.articles}, {@code phases[1].rate}.
     *
     * @throws BenchException {@code FILE:LINE: duplicate key 'x'}: YAML parsers differ on a key given twice
     *                        (Jackson keeps the last), and either way one of the user's values would be lost
     */
    private static Map<String, Integer> lines(Path file, String name) throws IOException {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser p = new YAMLFactory().createParser(file.toFile())) {
            if (p.nextToken() != null) {
                walk(p, "", lines, name);
            }
        }
        return lines;
    }

    private static void walk(JsonParser p, String prefix, Map<String, Integer> lines, String name) throws IOException {
        if (p.currentToken() == JsonToken.START_OBJECT) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String path = prefix.isEmpty() ? p.currentName() : prefix + "." + p.currentName();
                int line = p.currentTokenLocation().getLineNr();
                Integer first = lines.putIfAbsent(path, line);
                if (first != null) {
                    throw new BenchException(name + ":" + line + ": duplicate key '" + p.currentName() + "' (first on line "
                            + first + "); give each key once");
                }
                p.nextToken();
                walk(p, path, lines, name);
            }
        } else if (p.currentToken() == JsonToken.START_ARRAY) {
            for (int i = 0; p.nextToken() != JsonToken.END_ARRAY; i++) {
                String path = prefix + "[" + i + "]";
                lines.putIfAbsent(path, p.currentTokenLocation().getLineNr());
                walk(p, path, lines, name);
            }
        }
    }

    /** Where a key is: the file and each path's line. */
    record Where(String file, Map<String, Integer> lines) {

        int line(String path) {
            return lines.getOrDefault(path, 1);
        }

        BenchException error(String path, String key, String message) {
            return new BenchException(file + ":" + line(path) + ": " + key + ": " + message);
        }

        /** A phase's keys' lines, by key. */
        Map<String, Integer> forPhase(String phasePath) {
            Map<String, Integer> own = new HashMap<>();
            lines.forEach((path, line) -> {
                if (path.startsWith(phasePath + ".")) {
                    own.put(path.substring(phasePath.length() + 1), line);
                }
            });
            return own;
        }
    }
}
