package dev.bench.workloads.vote;

import dev.bench.core.run.IntegrityCheck;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;

import java.util.Optional;

/**
 * The after-run check: the database must agree with what the client was told. Every acknowledged
 * vote is one new row in the vote table and one more in the counts, no more, no less; the only slack
 * is for votes in doubt (the connection broke before their commit was confirmed), and the rows and
 * the counts must agree with each other exactly even then. memcached keeps counters only: their sum is
 * checked against the votes acknowledged, and the verdict says so.
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
        return IntegrityCheck.of(ok, "votes acknowledged " + acknowledged + found
                + (inDoubt > 0 ? ", in doubt after a lost connection " + inDoubt : ""));
    }
}
