package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.bench.core.BenchException;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.results.ResultsJson;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One results directory given to {@code bench verify}, read into its blocks: a one-phase run (or a merge
 * of such) is one block at the top; a multi-phase run one per entry of "phases"; a block with named
 * segments ("scheduled_phases") holds one segment block per segment directory. A directory the summary
 * names but that isn't there is a broken invariant, not bad input: the results are incomplete.
 */
final class ResultDir {

    /** A block and its files, with its segments. */
    record Part(Block block, BlockFiles files, List<Part> segments) {
    }

    final Path dir;
    final JsonNode summary;
    final List<Part> parts = new ArrayList<>();
    final List<String> missing = new ArrayList<>();

    private ResultDir(Path dir, JsonNode summary) {
        this.dir = dir;
        this.summary = summary;
    }

    /** @throws BenchException (bad input) when {@code dir} is no results directory or a file can't be read */
    static ResultDir read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BenchException(dir + " is not a directory; name a results directory (it holds "
                    + ResultsDirectory.SUMMARY + ")");
        }
        Path file = dir.resolve(ResultsDirectory.SUMMARY);
        if (!Files.isRegularFile(file)) {
            throw new BenchException(dir + " is not a results directory: it has no " + ResultsDirectory.SUMMARY);
        }
        JsonNode summary = ResultsJson.read(file);
        if (!summary.isObject()) {
            throw new BenchException(file + " is not a JSON object; is it a bench summary?");
        }
        ResultDir d = new ResultDir(dir, summary);
        int clients = summary.path("clients").isArray() ? summary.path("clients").size() : 1;
        JsonNode phases = summary.path("phases");
        if (phases.isArray() && !phases.isEmpty()) {
            for (JsonNode p : phases) {
                String sub = p.path("directory").asText("");
                Path phaseDir = dir.resolve(sub);
                if (sub.isEmpty() || !Files.isDirectory(phaseDir)) {
                    d.missing.add(dir + ": summary.json lists phase " + p.path("name").asText("?") + " in '" + sub
                            + "', which is not there");
                } else {
                    d.parts.add(d.part(new Block(phaseDir.toString(), phaseDir, p, p.path("run"), clients)));
                }
            }
        } else {
            d.parts.add(d.part(new Block(dir.toString(), dir, summary, summary.path("run"), clients)));
        }
        return d;
    }

    private Part part(Block block) {
        List<Part> segments = new ArrayList<>();
        for (JsonNode name : block.numbers().path("scheduled_phases")) {
            Path sub = block.dir().resolve(name.asText());
            Path file = sub.resolve(ResultsDirectory.SUMMARY);
            if (!Files.isRegularFile(file)) {
                missing.add(block.name() + ": summary.json lists segment directory '" + name.asText()
                        + "', which has no " + ResultsDirectory.SUMMARY);
                continue;
            }
            JsonNode numbers = ResultsJson.read(file);
            segments.add(new Part(new Block(sub.toString(), sub, numbers, MissingNode.getInstance(), block.clients()),
                    BlockFiles.read(sub), List.of()));
        }
        return new Part(block, BlockFiles.read(block.dir()), segments);
    }

    boolean isMerge() {
        return summary.path("clients").isArray();
    }

    String runId() {
        return summary.path(ResultsDirectory.RUN_ID).asText("");
    }
}
