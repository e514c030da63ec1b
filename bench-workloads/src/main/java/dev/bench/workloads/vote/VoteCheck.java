package dev.bench.workloads.vote;

import dev.bench.workloads.vote.VoteBackend.VoteCounts;

/**
 * The after-run check: the database must agree with what the client was told. Every acknowledged
 * vote is one new row in the vote table and one more in the counts, no more, no less; the only slack
 * is for votes in doubt (the connection broke before their commit was confirmed), and the rows and
 * the counts must agree with each other exactly even then.
 *
 * @param ok   true when both agree, or when the backend keeps no state (then {@code checked} is false)
 */
public record VoteCheck(boolean checked, boolean ok, String verdict) {

    static VoteCheck of(long acknowledged, long inDoubt, VoteCounts before, VoteCounts after) {
        if (before == null || after == null) {
            return new VoteCheck(false, true, "not checked (this backend keeps no state)");
        }
        long newRows = after.voteRows() - before.voteRows();
        long added = after.countSum() - before.countSum();
        boolean ok = newRows == added && newRows >= acknowledged && newRows <= acknowledged + inDoubt;
        String detail = "votes acknowledged " + acknowledged + ", new vote rows " + newRows
                + ", added to counts " + added + (inDoubt > 0 ? ", in doubt after a lost connection " + inDoubt : "");
        return new VoteCheck(true, ok, (ok ? "ok: " : "MISMATCH: ") + detail);
    }
}
