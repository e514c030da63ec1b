package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.bench.core.BenchException;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.results.ResultsJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One results directory given to {@code bench verify}, read into its blocks: a one-phase run (or a merge
 * of such) is one block at the top; a multi-phase run one per entry of "phases" (and the top level too
 * when it has counts of its own); a block with named segments ("scheduled_phases") holds one segment block
 * per segment directory. Phase and segment directories must be subdirectories of the run (no ".", "..",
 * absolute path or symbolic link out of it). Whatever is not a bench run, or misses a file a run writes
 * (summary.json, intervals.csv, latency.hlog, a phase's or a segment's directory), is bad input: the
 * invariants can't be checked over it.
 */
final class ResultDir {

    /** A block and its files, with its segments. */
    record Part(Block block, BlockFiles files, List<Part> segments) {
    }

    final Path dir;
    final JsonNode summary;
    final List<Part> parts = new ArrayList<>();

    private ResultDir(Path dir, JsonNode summary) {
        this.dir = dir;
        this.summary = summary;
    }

    /** @throws BenchException (bad input) when {@code dir} is no bench run's results, or misses a file */
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
        JsonNode phases = summary.path("phases");
        boolean multiPhase = phases.isArray() && !phases.isEmpty();
        if (!multiPhase && !hasCounts(summary)) {
            throw new BenchException(file + " is not a bench run's summary: it has neither per-kind \"ops\" with "
                    + "\"throughput\" nor \"phases\"");
        }
        ResultDir d = new ResultDir(dir, summary);
        int clients = summary.path("clients").isArray() ? summary.path("clients").size() : 1;
        if (!multiPhase || summary.has("ops") || summary.has("throughput")) {
            d.parts.add(d.part(new Block(dir.toString(), dir, summary, summary.path("run"), clients)));
        }
        if (multiPhase) {
            for (JsonNode p : phases) {
                if (!p.isObject()) {
                    throw new BenchException(file + ": an entry of \"phases\" is not an object: " + p);
                }
                Path phaseDir = inside(dir, p.path("directory").asText(""),
                        file + ": phase " + p.path("name").asText("?") + "'s directory");
                d.parts.add(d.part(new Block(phaseDir.toString(), phaseDir, p, p.path("run"), clients)));
            }
        }
        return d;
    }

    /** A run's or a segment's counts: ops per kind, and the throughput (a run) or completed_ops (a segment). */
    private static boolean hasCounts(JsonNode numbers) {
        return numbers.path("ops").isObject()
                && (numbers.path("throughput").isObject() || numbers.path("completed_ops").isNumber());
    }

    /** {@code name} as a subdirectory of {@code dir}: one that is really under it, and there. */
    private static Path inside(Path dir, String name, String what) {
        Path sub = dir.resolve(name).normalize();
        if (name.isEmpty() || Path.of(name).isAbsolute() || !sub.startsWith(dir.normalize()) || sub.equals(dir.normalize())) {
            throw new BenchException(what + " '" + name + "' is not a subdirectory of " + dir);
        }
        if (!Files.isDirectory(sub)) {
            throw new BenchException(what + " '" + name + "' is not there: " + dir + " is incomplete");
        }
        try {
            if (!sub.toRealPath().startsWith(dir.toRealPath()) || sub.toRealPath().equals(dir.toRealPath())) {
                throw new BenchException(what + " '" + name + "' leads out of " + dir + " (a symbolic link)");
            }
        } catch (IOException e) {
            throw new BenchException("cannot read " + sub + ": " + dev.bench.core.Failures.ofIo(e), e);
        }
        return sub;
    }

    private Part part(Block block) {
        List<Part> segments = new ArrayList<>();
        for (JsonNode name : block.numbers().path("scheduled_phases")) {
            Path sub = inside(block.dir(), name.asText(), block.name() + ": summary.json's segment directory");
            Path file = sub.resolve(ResultsDirectory.SUMMARY);
            if (!Files.isRegularFile(file)) {
                throw new BenchException(block.name() + ": segment directory '" + name.asText() + "' has no "
                        + ResultsDirectory.SUMMARY + ": the results are incomplete");
            }
            JsonNode numbers = ResultsJson.read(file);
            if (!hasCounts(numbers)) {
                throw new BenchException(file + " is not a segment's summary: it has no per-kind \"ops\" and completed_ops");
            }
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
