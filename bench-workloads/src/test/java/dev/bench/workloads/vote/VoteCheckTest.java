package dev.bench.workloads.vote;

import dev.bench.core.run.IntegrityCheck;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VoteCheckTest {

    private static final Optional<VoteCounts> BEFORE = Optional.of(new VoteCounts(10, 10));

    @Test
    void exactAgreementPasses() {
        assertTrue(VoteCheck.of(5, 0, BEFORE, Optional.of(new VoteCounts(15, 15))).ok());
    }

    @Test
    void aLostOrAnExtraVoteFails() {
        assertFalse(VoteCheck.of(5, 0, BEFORE, Optional.of(new VoteCounts(14, 14))).ok());
        assertFalse(VoteCheck.of(5, 0, BEFORE, Optional.of(new VoteCounts(16, 16))).ok());
        IntegrityCheck split = VoteCheck.of(5, 0, BEFORE, Optional.of(new VoteCounts(15, 16)));
        assertFalse(split.ok());
        assertTrue(split.verdict().startsWith("MISMATCH"), split.verdict());
    }

    /** A failover to an asynchronous standby: fewer new votes than acknowledged is that many lost, said so. */
    @Test
    void missingAcknowledgedVotesAreCountedAsLost() {
        assertEquals("MISMATCH: lost 2 acknowledged writes: votes acknowledged 5, new vote rows 3, added to counts 3",
                VoteCheck.of(5, 0, BEFORE, Optional.of(new VoteCounts(13, 13))).verdict());
        assertEquals("MISMATCH: lost 1 acknowledged writes (up to 3 if those in doubt committed): votes acknowledged 5,"
                        + " new vote rows 4, added to counts 4, in doubt after a lost connection 2",
                VoteCheck.of(5, 2, BEFORE, Optional.of(new VoteCounts(14, 14))).verdict());
        assertTrue(VoteCheck.of(5, 2, BEFORE, Optional.of(new VoteCounts(15, 15))).verdict().startsWith("ok: votes acknowledged"));
    }

    @Test
    void aStatelessBackendIsNotChecked() {
        IntegrityCheck none = VoteCheck.of(5, 0, Optional.empty(), Optional.empty());
        assertFalse(none.checked());
        assertTrue(none.ok() && none.verdict().startsWith("not checked"), none.verdict());
    }

    @Test
    void votesInDoubtAllowOnlyThatManyExtraRowsAndNeverARowCountSplit() {
        assertTrue(VoteCheck.of(5, 2, BEFORE, Optional.of(new VoteCounts(17, 17))).ok());
        assertFalse(VoteCheck.of(5, 2, BEFORE, Optional.of(new VoteCounts(18, 18))).ok());
        assertFalse(VoteCheck.of(5, 2, BEFORE, Optional.of(new VoteCounts(16, 17))).ok());
        assertFalse(VoteCheck.of(5, 2, BEFORE, Optional.of(new VoteCounts(14, 14))).ok(), "acknowledged votes can't go missing");
    }

    /** memcached keeps counters and no vote rows: its verdict names the counters alone. */
    @Test
    void memcachedsVerdictNamesItsCountersAndNoRows() {
        IntegrityCheck ok = VoteCheck.of(5, 0, Optional.of(VoteCounts.countersOnly(10)), Optional.of(VoteCounts.countersOnly(15)));
        assertTrue(ok.ok(), ok.verdict());
        assertEquals("ok: votes acknowledged 5, added to memcached's counters 5", ok.verdict());

        IntegrityCheck lost = VoteCheck.of(5, 0, Optional.of(VoteCounts.countersOnly(10)), Optional.of(VoteCounts.countersOnly(12)));
        assertFalse(lost.ok());
        assertFalse(lost.verdict().contains("rows"), lost.verdict());
        assertTrue(VoteCheck.of(5, 0, BEFORE, Optional.of(new VoteCounts(15, 15))).verdict().contains("new vote rows 5"));
    }
}
