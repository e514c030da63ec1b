package dev.bench.workloads.voter;

import dev.bench.workloads.voter.VoterDatabase.Counts;

/**
 * erlvolt's "check writes", made exact: the new vote rows equal the votes the client was told were
 * accepted (the only slack: votes in doubt after a lost connection, and it says so; fewer rows than accepted
 * is "lost N acknowledged writes"); VoltDB's Results add up to the row count; no phone has more than
 * maxVotes rows; the maintained per-phone counts add up to the row count.
 *
 * @param ok      whether every rule held
 * @param verdict "ok" or the first rule that failed, with the numbers
 */
public record VoterCheck(boolean ok, String verdict) {

    public static VoterCheck of(long accepted, long inDoubt, int maxVotes, Counts before, Counts after) {
        long newRows = after.voteRows() - before.voteRows();
        if (newRows < accepted) {
            return fail(lost(accepted - newRows, inDoubt) + "new rows " + newRows + " < accepted votes reported " + accepted
                    + (inDoubt > 0 ? " (+ up to " + inDoubt + " in doubt after a lost connection)" : ""));
        }
        if (newRows > accepted + inDoubt) {
            return fail("new rows " + newRows + " != accepted votes reported " + accepted
                    + (inDoubt > 0 ? " (+ up to " + inDoubt + " in doubt after a lost connection)" : ""));
        }
        if (after.resultsTotal() != after.voteRows()) {
            return fail("Results total " + after.resultsTotal() + " != vote rows " + after.voteRows());
        }
        if (after.phonesOverLimit() > 0) {
            return fail(after.phonesOverLimit() + " phones have more than max-votes " + maxVotes + " rows");
        }
        if (after.phoneCounts() != after.voteRows()) {
            return fail("per-phone counts add up to " + after.phoneCounts() + ", vote rows " + after.voteRows());
        }
        String slack = inDoubt > 0 ? " (" + (newRows - accepted) + " of " + inDoubt + " votes in doubt were written)" : "";
        return new VoterCheck(true, "ok" + slack);
    }

    /**
     * Fewer new rows than votes accepted: that many acknowledged votes are gone (a failover to a standby that had
     * not received them). Votes in doubt may have committed in their place, so up to that many more. Counted, not
     * listed: a phone whose vote was lost may vote again, so a vote's (phone, contestant) is no id.
     */
    private static String lost(long atLeast, long inDoubt) {
        return "lost " + atLeast + " acknowledged writes" + (inDoubt > 0 ? " (up to " + (atLeast + inDoubt)
                + " if those in doubt committed)" : "") + ": ";
    }

    private static VoterCheck fail(String rule) {
        return new VoterCheck(false, "FAILED: " + rule);
    }
}
