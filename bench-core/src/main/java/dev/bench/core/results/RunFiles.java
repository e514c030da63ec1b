package dev.bench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.bench.core.BenchException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A results directory read back: summary.json, and per phase its intervals.csv and latency.hlog.
 * A one-phase run keeps those two files beside summary.json; a run of several phases (TAOBench's
 * experiments) keeps them in one subdirectory per phase, listed in the summary under "phases".
 */
public final class RunFiles {

    /** One phase's files; a file the run did not write reads as empty. */
    public record Phase(String name, Path dir, List<IntervalRow> intervals, LatencyLogReader latency) {
    }

    private final Path dir;
    private final JsonNode summary;
    private final List<Phase> phases;

    private RunFiles(Path dir, JsonNode summary, List<Phase> phases) {
        this.dir = dir;
        this.summary = summary;
        this.phases = List.copyOf(phases);
    }

    public static RunFiles read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BenchException(dir + " is not a directory; name a results directory (it holds "
                    + ResultsDirectory.SUMMARY + ")");
        }
        Path summaryFile = dir.resolve(ResultsDirectory.SUMMARY);
        JsonNode summary = Files.exists(summaryFile) ? ResultsJson.read(summaryFile) : JsonNodeFactory.instance.objectNode();
        List<Phase> phases = new ArrayList<>();
        if (holdsPhase(dir)) {
            phases.add(phase("", dir));
        } else {
            for (Path sub : phaseDirs(dir, summary)) {
                phases.add(phase(sub.getFileName().toString(), sub));
            }
        }
        if (phases.isEmpty() && !Files.exists(summaryFile)) {
            throw new BenchException(dir + " is not a results directory: no " + ResultsDirectory.SUMMARY + ", "
                    + ResultsDirectory.INTERVALS + " or " + ResultsDirectory.HLOG);
        }
        return new RunFiles(dir, summary, phases);
    }

    private static boolean holdsPhase(Path dir) {
        return Files.exists(dir.resolve(ResultsDirectory.INTERVALS)) || Files.exists(dir.resolve(ResultsDirectory.HLOG));
    }

    /** Subdirectories holding a phase: in the summary's "phases" order where it names them, else by name. */
    private static List<Path> phaseDirs(Path dir, JsonNode summary) {
        List<Path> found = new ArrayList<>();
        for (JsonNode p : summary.path("phases")) {
            String name = p.isTextual() ? p.asText() : p.path("directory").asText("");
            Path sub = dir.resolve(name);
            if (!name.isEmpty() && !found.contains(sub) && holdsPhase(sub)) {
                found.add(sub);
            }
        }
        try (Stream<Path> entries = Files.list(dir)) {
            entries.filter(Files::isDirectory).filter(RunFiles::holdsPhase).filter(p -> !found.contains(p))
                    .sorted(Comparator.comparing(Path::toString)).forEach(found::add);
        } catch (IOException e) {
            throw new BenchException("cannot list " + dir + ": " + dev.bench.core.Failures.ofIo(e), e);
        }
        return found;
    }

    private static Phase phase(String name, Path dir) {
        Path csv = dir.resolve(ResultsDirectory.INTERVALS);
        Path hlog = dir.resolve(ResultsDirectory.HLOG);
        return new Phase(name, dir,
                Files.exists(csv) ? IntervalCsvReader.read(csv) : List.of(),
                Files.exists(hlog) ? LatencyLogReader.read(hlog) : LatencyLogReader.empty());
    }

    public Path dir() {
        return dir;
    }

    public JsonNode summary() {
        return summary;
    }

    public List<Phase> phases() {
        return phases;
    }

    /** The workload's name from the summary, or the directory's name. */
    public String workload() {
        return summary.path("workload").asText(dir.getFileName().toString());
    }

    /** Op kinds: the summary's, else the latency log's, else the interval rows'. */
    public List<String> kinds() {
        List<String> kinds = new ArrayList<>();
        summary.path("ops").fieldNames().forEachRemaining(kinds::add);
        for (Phase p : phases) {
            p.latency().kinds().stream().filter(k -> !kinds.contains(k)).forEach(kinds::add);
            p.intervals().stream().map(IntervalRow::kind).filter(k -> !kinds.contains(k)).distinct().forEach(kinds::add);
        }
        return kinds;
    }
}
