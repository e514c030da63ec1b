package dev.bench.workloads.voter;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one voter client was told (votes accepted, votes in doubt) and the vote rows it started from, as
 * summary.json's {@code told}; and several clients' added up for one check over all of them.
 *
 * @param voteRowsBefore the earliest of the clients' reads: the rows before any of them wrote
 */
record VoterTold(long accepted, long inDoubt, int maxVotes, long voteRowsBefore) {

    static Map<String, Object> of(long accepted, long inDoubt, int maxVotes, long voteRowsBefore, long beforeAtMillis) {
        Map<String, Object> told = new LinkedHashMap<>();
        told.put("accepted", accepted);
        told.put("in_doubt", inDoubt);
        told.put("max_votes", maxVotes);
        told.put("before", Map.of("vote_rows", voteRowsBefore, "at_ms", beforeAtMillis));
        return told;
    }

    static VoterTold together(List<JsonNode> told) {
        long before = told.stream().map(t -> t.path("before"))
                .min(Comparator.comparingLong(b -> b.path("at_ms").asLong())).orElseThrow().path("vote_rows").asLong();
        return new VoterTold(told.stream().mapToLong(t -> t.path("accepted").asLong()).sum(),
                told.stream().mapToLong(t -> t.path("in_doubt").asLong()).sum(), told.get(0).path("max_votes").asInt(), before);
    }
}
