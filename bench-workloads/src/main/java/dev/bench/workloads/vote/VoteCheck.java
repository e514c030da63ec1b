package dev.bench.workloads.vote;

import dev.bench.core.run.IntegrityCheck;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;

import java.util.Optional;

/**
 * The after-run check: the database must agree with what the client was told. Every acknowledged
 * vote is one new row in the vote table and one more in the counts, no more, no less; the only slack
 * is for votes in doubt (the connection broke before their commit was confirmed), and the rows and
 * the counts must agree with each other exactly even then. memcached keeps counters only: their sum is
 * checked against the votes acknowledged, and the verdict says so. Fewer than acknowledged is "lost N
 * acknowledged writes" (a failover to an asynchronous standby can lose them).
 */
final class VoteCheck {

    private VoteCheck() {
    }

    static IntegrityCheck of(long acknowledged, long inDoubt, Optional<VoteCounts> before, Optional<VoteCounts> after) {
        if (before.isEmpty() || after.isEmpty()) {
            return IntegrityCheck.notChecked("this backend keeps no state");
        }
        long newRows = after.get().voteRows() - before.get().voteRows();
        long added = after.get().countSum() - before.get().countSum();
        boolean ok = newRows == added && newRows >= acknowledged && newRows <= acknowledged + inDoubt;
        String found = after.get().rows() ? ", new vote rows " + newRows + ", added to counts " + added
                : ", added to memcached's counters " + added; // it keeps no rows: its counters are all there is
        return IntegrityCheck.of(ok, lost(acknowledged, inDoubt, newRows, added) + "votes acknowledged " + acknowledged + found
                + (inDoubt > 0 ? ", in doubt after a lost connection " + inDoubt : ""));
    }

    /**
     * Votes are not told apart by id, so lost ones are counted, not listed: fewer new votes than were
     * acknowledged is at least that many lost (a failover to a standby that had not received them); when
     * votes in doubt may have committed in their place, up to that many more.
     */
    private static String lost(long acknowledged, long inDoubt, long newRows, long added) {
        long atLeast = acknowledged - Math.min(newRows, added);
        if (atLeast <= 0) {
            return "";
        }
        return inDoubt == 0 ? "lost " + atLeast + " acknowledged writes: "
                : "lost " + atLeast + " acknowledged writes (up to " + (atLeast + inDoubt) + " if those in doubt committed): ";
    }
}
