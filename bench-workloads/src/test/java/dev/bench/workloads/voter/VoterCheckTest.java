package dev.bench.workloads.voter;

import dev.bench.workloads.voter.VoterDatabase.Counts;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** New vote rows against votes accepted: exact with none in doubt, the votes in doubt the only slack, fewer is lost. */
class VoterCheckTest {

    private static final Counts BEFORE = new Counts(100, 100, 100, 0);

    private static Counts after(long rows) {
        return new Counts(rows, rows, rows, 0);
    }

    @Test
    void everyAcceptedVoteIsOneNewRow() {
        assertEquals("ok", VoterCheck.of(50, 0, 2, BEFORE, after(150)).verdict());
        assertFalse(VoterCheck.of(50, 0, 2, BEFORE, after(151)).ok());
    }

    @Test
    void votesInDoubtMayOrMayNotBeThere() {
        assertEquals("ok (3 of 4 votes in doubt were written)", VoterCheck.of(50, 4, 2, BEFORE, after(153)).verdict());
        assertTrue(VoterCheck.of(50, 4, 2, BEFORE, after(150)).ok());
    }

    @Test
    void fewerNewRowsThanAcceptedVotesAreLostWrites() {
        assertEquals("FAILED: lost 7 acknowledged writes: new rows 43 < accepted votes reported 50",
                VoterCheck.of(50, 0, 2, BEFORE, after(143)).verdict());
        assertEquals("FAILED: lost 7 acknowledged writes (up to 11 if those in doubt committed): new rows 43 < accepted votes"
                + " reported 50 (+ up to 4 in doubt after a lost connection)", VoterCheck.of(50, 4, 2, BEFORE, after(143)).verdict());
    }
}
