package dev.bench.workloads.vote;

import dev.bench.workloads.vote.VoteBackend.VoteCounts;

/**
 * The after-run check: the database must agree with what the client was told. Every acknowledged
 * vote is one new row in the vote table and one more in the counts, no more, no less.
 *
 * @param ok   true when both agree, or when the backend keeps no state (then {@code checked} is false)
 */
public record VoteCheck(boolean checked, boolean ok, String verdict) {

    static VoteCheck of(long acknowledged, VoteCounts before, VoteCounts after) {
        if (before == null || after == null) {
            return new VoteCheck(false, true, "not checked (this backend keeps no state)");
        }
        long newRows = after.voteRows() - before.voteRows();
        long added = after.countSum() - before.countSum();
        boolean ok = newRows == acknowledged && added == acknowledged;
        String detail = "votes acknowledged " + acknowledged + ", new vote rows " + newRows
                + ", added to counts " + added;
        return new VoteCheck(true, ok, (ok ? "ok: " : "MISMATCH: ") + detail);
    }
}
