package dev.bench.workloads.voter;

import dev.bench.core.ErrorKind;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every dialect must do; each subclass names its server. */
abstract class VoterContract {

    abstract String url();

    JdbcTarget target;
    VoterDatabase db;

    @BeforeEach
    void createTables() throws SQLException {
        target = JdbcTarget.open(url(), null, null, 6);
        db = new VoterDatabase(target);
        db.create(6);
    }

    @AfterEach
    void close() {
        target.close();
    }

    @Test
    void initializeFillsContestantsAndAllAreaCodesOnce() throws SQLException {
        try (Connection c = target.connection()) {
            assertEquals(305, VoterDatabase.queryLong(c, "SELECT COUNT(*) FROM area_code_state"));
            assertEquals(51, VoterDatabase.queryLong(c, "SELECT COUNT(DISTINCT state) FROM area_code_state"));
            assertEquals(6, VoterDatabase.initialize(c, 3), "a second Initialize leaves the 6 contestants");
        }
        List<VoterDatabase.Result> results = db.results();
        assertEquals(6, results.size());
        assertEquals("Edwina Burnam", results.get(0).name(), "all at 0 votes: ordered by number");
    }

    @Test
    void voteAnswersAcceptedInvalidAndOverLimitAndWritesOnlyAccepted() throws Exception {
        assertVoteCodes(false);
    }

    @Test
    void theRoutineAnswersTheSame() throws Exception {
        if (db.hasRoutine()) {
            assertVoteCodes(true);
        }
    }

    @Test
    void concurrentVotesOfOnePhoneNeverPassTheLimit() throws Exception {
        assertOnePhoneRace(false);
        if (db.hasRoutine()) {
            assertOnePhoneRace(true);
        }
    }

    /**
     * Six lanes vote for one phone at once, 20 times each: exactly maxVotes are accepted and written. A vote
     * that loses a race the workload calls retryable (H2's MERGE: two first votes insert the same phone)
     * is sent again, as the engine does.
     */
    private void assertOnePhoneRace(boolean routine) throws Exception {
        long phone = 907_555_0000L + (routine ? 1 : 0);
        int maxVotes = 3;
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try (VoterWorkload workload = new VoterWorkload(db, new VoterSettings(6, maxVotes, false, routine, 6, null), 7)) {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> accepted = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                accepted.add(pool.submit(() -> {
                    int n = 0;
                    try (VoteLane lane = new VoteLane(target, db.sql(), routine)) {
                        start.await();
                        for (int v = 0; v < 20; v++) {
                            n += voteRetryingRaces(lane, workload, phone, 1 + v % 6, maxVotes) == VoteLane.ACCEPTED ? 1 : 0;
                        }
                    }
                    return n;
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> f : accepted) {
                total += f.get(60, TimeUnit.SECONDS);
            }
            assertEquals(maxVotes, total, "accepted votes of one phone (routine: " + routine + ")");
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = target.connection()) {
            assertEquals(maxVotes, VoterDatabase.queryLong(c, "SELECT COUNT(*) FROM votes WHERE phone_number = " + phone));
        }
    }

    private static int voteRetryingRaces(VoteLane lane, VoterWorkload workload, long phone, int contestant, int maxVotes)
            throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                return lane.vote(phone, contestant, maxVotes);
            } catch (SQLException e) {
                if (attempt >= 10 || workload.classify(e) != ErrorKind.RETRYABLE) {
                    throw e;
                }
            }
        }
    }

    private void assertVoteCodes(boolean routine) throws Exception {
        try (VoteLane lane = new VoteLane(target, db.sql(), routine)) {
            long alaska = 907_123_4567L;
            assertEquals(VoteLane.ACCEPTED, lane.vote(alaska, 3, 2));
            assertEquals(VoteLane.ACCEPTED, lane.vote(alaska, 4, 2));
            assertEquals(VoteLane.OVER_LIMIT, lane.vote(alaska, 5, 2));
            assertEquals(VoteLane.INVALID_CONTESTANT, lane.vote(205_000_0001L, 999, 2));
            assertEquals(VoteLane.ACCEPTED, lane.vote(100_000_0001L, 1, 2), "unknown area code: state XX");
        }
        try (Connection c = target.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT phone_number, state, contestant_number FROM votes ORDER BY phone_number, contestant_number")) {
            assertTrue(rs.next());
            assertEquals("XX", rs.getString(2));
            assertTrue(rs.next());
            assertEquals("AK", rs.getString(2));
            assertEquals(3, rs.getInt(3));
            assertTrue(rs.next());
            assertEquals(4, rs.getInt(3));
            assertTrue(!rs.next(), "the refused votes wrote nothing");
        }
        VoterDatabase.Counts counts = db.counts(2);
        assertEquals(3, counts.voteRows());
        assertEquals(3, counts.phoneCounts());
        assertEquals(3, counts.resultsTotal());
        assertEquals(0, db.counts(1).phonesOverLimit() - 1, "the Alaskan phone has 2 rows, one over a limit of 1");
    }

    @Test
    void aClosedLoopRunPassesTheCheckExactly() throws Exception {
        assertRunChecks(new VoterSettings(6, 2, false, false, 3, null));
    }

    @Test
    void aRunThroughTheRoutinePassesTheCheck() throws Exception {
        if (db.hasRoutine()) {
            assertRunChecks(new VoterSettings(6, 2, false, true, 3, null));
        }
    }

    @Test
    void managedModeCountsRefusalsAsFailsAndStillChecks() throws Exception {
        // one slot, no queue, six workers: calls that find the slot taken are refused at once
        RunResult result = assertRunChecks(new VoterSettings(6, 2, true, false, 2,
                new VoterSettings.Managed(1, 0, Duration.ofSeconds(1))));
        assertTrue(result.kind("vote").outcomes().failed() > 0, "some calls found the only slot taken");
    }

    private RunResult assertRunChecks(VoterSettings settings) throws Exception {
        VoterDatabase.Counts before = db.counts(settings.maxVotes());
        RunResult result;
        VoterWorkload workload = new VoterWorkload(db, settings, 7);
        try (workload) {
            result = Engine.run(workload, RunConfig.builder().threads(6).warmup(Duration.ZERO)
                    .duration(Duration.ofMillis(800)).build(), List.of());
        }
        VoterDatabase.Counts after = db.counts(settings.maxVotes());
        VoterCheck check = VoterCheck.of(workload.accepted(), workload.inDoubt(), settings.maxVotes(), before, after);
        assertTrue(check.ok(), check.verdict());
        KindStats vote = result.kind("vote");
        // more than none: under load a one-slot managed run may accept only a few in its 0.8 s
        assertTrue(workload.accepted() > 0, "accepted " + workload.accepted());
        // The workload counts every call; the engine only those of the measured window (a closed loop's
        // workers may start a few calls before it opens).
        long calls = workload.accepted() + workload.invalid() + workload.overLimit();
        assertTrue(calls >= vote.completed() && vote.completed() > 0, calls + " vs " + vote.completed());
        assertTrue(workload.invalid() + workload.overLimit() >= vote.outcomes().rejected());
        assertTrue(workload.refused() >= vote.outcomes().failed());
        if (!settings.uniform()) {
            assertTrue(workload.invalid() > 0, "1 % of VoltDB's calls go to a contestant who doesn't exist");
        }
        return result;
    }
}
