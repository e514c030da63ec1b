package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;

/**
 * One set of numbers in a summary and the files they were made from: a one-phase run's summary.json and
 * the files beside it, one entry of a multi-phase run's "phases" and its subdirectory, or a named
 * segment's own summary.json and files.
 *
 * @param name    how lines name it: the directory, with the phase's subdirectory when it has one
 * @param numbers the summary block: ops, throughput (runs), completed_ops and ops_per_s (segments)
 * @param run     the run settings that hold for it (loop, schedule, arrivals, clients), or a missing node
 * @param clients how many client runs it holds (a merge's count, else 1)
 */
record Block(String name, Path dir, JsonNode numbers, JsonNode run, int clients) {

    boolean isSegment() {
        return numbers.has("from_s") && !numbers.has("throughput");
    }

    boolean isMerge() {
        return clients > 1;
    }
}
