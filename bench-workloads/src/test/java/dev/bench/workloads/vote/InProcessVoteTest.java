package dev.bench.workloads.vote;

import dev.bench.core.RunConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InProcessVoteTest {

    private static final RunConfig SHORT = RunConfig.builder().threads(2).targetOpsPerSec(20_000)
            .warmup(Duration.ofMillis(200)).duration(Duration.ofSeconds(1)).build();

    private static VoteRuns.Run run(VoteBackend backend, boolean skewed) {
        VoteSettings settings = new VoteSettings(1000, 20, skewed, 1.08, 64, true);
        return VoteRuns.run(backend, settings, SHORT);
    }

    @Test
    void memoryBackendAgreesWithTheClient() {
        VoteRuns.Run outcome = run(VoteBackends.memory(), true);

        assertTrue(outcome.outcome().check().ok(), outcome.outcome().check().verdict());
        // 1 in 20 of ~24,000 ops (warmup included) are writes
        assertEquals(24_000 / 20.0, outcome.acknowledgedVotes(), 24_000 / 20.0 * 0.2);
    }

    @Test
    void nullBackendIsNotChecked() {
        VoteRuns.Run outcome = run(VoteBackends.nullBackend(), false);

        assertFalse(outcome.outcome().check().checked());
        assertTrue(outcome.outcome().check().verdict().startsWith("not checked"));
        assertTrue(outcome.report().contains("# integrity: not checked"), outcome.report());
    }

    @Test
    void readsAreSortedAndDistinct() {
        long[] ids = {9, 3, 9, 1, 3};
        int n = VoteWorkload.sortDistinct(ids, ids.length);
        assertEquals(3, n);
        assertArrayEquals(new long[] {1, 3, 9}, java.util.Arrays.copyOf(ids, n));
    }

    @Test
    void noriaReportHasItsRowsInItsOrder() {
        String report = NoriaReport.render(run(VoteBackends.nullBackend(), false).outcome().result());

        String[] lines = report.split("\n");
        assertTrue(lines[0].matches("# generated ops/s: \\d+\\.\\d\\d"), lines[0]);
        assertTrue(lines[1].matches("# actual ops/s: \\d+\\.\\d\\d"), lines[1]);
        assertEquals("# op\tpct\tsojourn\tremote", lines[2]);
        String[] expected = {"write\t50", "read\t50", "write\t95", "read\t95", "write\t99", "read\t99", "write\t100", "read\t100"};
        assertEquals(3 + expected.length, lines.length);
        for (int i = 0; i < expected.length; i++) {
            assertTrue(lines[3 + i].matches(expected[i] + "\t\\d+\t\\d+\t\\(all µs\\)"), lines[3 + i]);
        }
    }

    @Test
    void noriaReportShowsNoLatenciesWhenNothingWasMeasured() {
        // A backend far slower than the target with a lag limit shorter than the warmup: stopped before measuring.
        VoteBackend slow = new VoteBackend() {
            @Override public String name() { return "slow"; }
            @Override public String describe() { return "slow"; }
            @Override public void prime(long articles) { }
            @Override public void requirePrimed(long articles) { }
            @Override public Optional<VoteCounts> count() { return Optional.empty(); }
            @Override public VoteSession openSession() {
                return new VoteSession() {
                    @Override public void read(long[] ids, int n) throws InterruptedException { Thread.sleep(50); }
                    @Override public void write(long[] ids, int n) throws InterruptedException { Thread.sleep(50); }
                };
            }
        };
        VoteSettings settings = new VoteSettings(1000, 20, false, 1.08, 1, true);
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(10_000).warmup(Duration.ofSeconds(5))
                .duration(Duration.ofSeconds(1)).maxLag(Duration.ofMillis(300)).reportInterval(Duration.ofMillis(100)).build();
        var result = VoteRuns.run(slow, settings, config).outcome().result();

        assertFalse(result.completedAsPlanned());
        String report = NoriaReport.render(result);
        assertTrue(report.endsWith("# no op completed in the measured window: no latencies to report\n"), report);
        assertFalse(report.contains("(all µs)"), report);
    }
}
