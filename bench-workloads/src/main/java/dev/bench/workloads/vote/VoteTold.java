package dev.bench.workloads.vote;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one vote client was told (votes acknowledged, votes in doubt) and the counts it started from, as
 * summary.json's {@code told}; and those of several clients added up for one check over all of them.
 *
 * @param before the counts read first, before any client wrote: the earliest of the clients' reads
 */
record VoteTold(String backend, long acknowledged, long inDoubt, Optional<VoteCounts> before) {

    static Map<String, Object> of(String backend, long acknowledged, long inDoubt, Optional<VoteCounts> before,
                                  long beforeAtMillis) {
        Map<String, Object> told = new LinkedHashMap<>();
        told.put("backend", backend);
        told.put("acknowledged", acknowledged);
        told.put("in_doubt", inDoubt);
        before.ifPresent(b -> told.put("before", Map.of("vote_rows", b.voteRows(), "count_sum", b.countSum(),
                "at_ms", beforeAtMillis)));
        return told;
    }

    /** The clients' blocks together: sums, and the earliest counts read. */
    static VoteTold together(List<JsonNode> told) {
        Optional<VoteCounts> before = told.stream().map(t -> t.path("before")).filter(JsonNode::isObject)
                .min(Comparator.comparingLong(b -> b.path("at_ms").asLong()))
                .map(b -> new VoteCounts(b.path("vote_rows").asLong(), b.path("count_sum").asLong()));
        return new VoteTold(told.get(0).path("backend").asText(), told.stream().mapToLong(t -> t.path("acknowledged").asLong()).sum(),
                told.stream().mapToLong(t -> t.path("in_doubt").asLong()).sum(), before);
    }
}
