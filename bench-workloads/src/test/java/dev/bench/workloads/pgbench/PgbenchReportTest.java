package dev.bench.workloads.pgbench;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's figures for every way a run ends, from results built by hand: 2 clients back to back at
 * 10 ms a transaction make 200 tps over whatever they measured, so latency average x tps = clients.
 */
class PgbenchReportTest {

    private static final long SECOND = 1_000_000_000L;
    private static final String INTERRUPTED = "interrupted: stopped before the end of the run";

    private static PgbenchSettings settings(int time, int transactions) {
        return new PgbenchSettings(false, PgbenchSettings.INIT_STEPS, 1, 100, false, false, false, Partitioning.NONE,
                Tablespaces.NONE, List.of(), List.of(), 2, 1, time, transactions, 0, 0, "simple", Map.of(), 0, false,
                false, false, null, null, 1, false, ErrorReports.NONE, TransactionLogSettings.NONE, 0, List.of(), false);
    }

    /** {@code processed} transactions of 10 ms each, the window and drain as given. */
    private static RunResult result(long processed, long windowNanos, long drainNanos, String stopReason) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(10_000_000L, processed);
        KindStats tx = new KindStats("tpcb-like", h, h.copy(), Outcomes.NONE);
        return new RunResult(new RunInfo(RunConfig.builder().threads(2).build(), List.of("tpcb-like"), 0), List.of(tx),
                new long[] {processed}, windowNanos, drainNanos, 0, stopReason, INTERRUPTED.equals(stopReason));
    }

    private static List<String> report(PgbenchSettings s, RunResult result) {
        Script script = BuiltinScripts.named(BuiltinScripts.TPCB_LIKE);
        PgbenchCounters counters = new PgbenchCounters(1, new PrintWriter(new StringWriter()), false);
        PgbenchReport.Commands none = new PgbenchReport.Commands(new long[1][0], new long[1][0], new long[1][0]);
        return new PgbenchReport(s, List.of(script), 1, Partitioning.NONE, 5.0).format(result, none, counters).lines().toList();
    }

    /** The number after {@code prefix} on the line that starts with it. */
    private static double figure(List<String> lines, String prefix) {
        String line = lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError(
                "no line " + prefix + " in " + lines));
        return Double.parseDouble(line.substring(prefix.length()).split(" ")[0]);
    }

    /** Clients back to back: each of the 2 is always in a transaction, so latency average x tps = 2. */
    private static void assertLittlesLawHolds(List<String> lines) {
        assertEquals(2.0, figure(lines, "latency average = ") / 1000 * figure(lines, "tps = "), 0.002, lines.toString());
    }

    @Test
    void ctrlCAfterEightSecondsOfSixtyReportsTheEightMeasured() {
        // the engine's window after a stop runs until the stop (EngineStopTest)
        long window = 8 * SECOND;
        // the last call in flight at the stop returned 1 ms after it
        List<String> lines = report(settings(60, 0), result(1600, window, 8 * SECOND + 1_000_000, INTERRUPTED));
        double seconds = figure(lines, "duration: ");
        assertEquals(8.0, seconds, 0.001, lines.toString());
        assertTrue(lines.contains(String.format(Locale.ROOT, "duration: %.3f s (stopped early; 60 s planned)", seconds)), lines.toString());
        assertTrue(lines.contains("number of transactions actually processed: 1600"), lines.toString());
        assertEquals(1600 / seconds, figure(lines, "tps = "), 1e-6, "1600 over the seconds measured: " + lines);
        assertLittlesLawHolds(lines);
        assertEquals(String.format(Locale.ROOT, "Run was interrupted after %.3f s; the above results are incomplete.", seconds),
                lines.get(lines.size() - 1));
    }

    @Test
    void aStopByMaxLagIsMarkedToo() {
        List<String> lines = report(settings(60, 0), result(1600, 8 * SECOND, 8 * SECOND, "fell too far behind: ..."));
        assertEquals(200, figure(lines, "tps = "), 1e-6, lines.toString());
        assertLittlesLawHolds(lines);
        assertEquals("Run was stopped after 8.000 s; the above results are incomplete.", lines.get(lines.size() - 1));
    }

    @Test
    void ctrlCDuringATransactionCountRunDividesByTheTimeUntilTheStop() {
        // -t 10000: a count has no configured window; the engine's is until the last transaction started
        List<String> lines = report(settings(0, 10_000), result(1600, 8 * SECOND - 10_000_000, 8 * SECOND, INTERRUPTED));
        assertTrue(lines.contains("number of transactions actually processed: 1600/20000"), lines.toString());
        assertEquals(200, figure(lines, "tps = "), 1e-6, lines.toString());
        assertLittlesLawHolds(lines);
        assertEquals("Run was interrupted after 8.000 s; the above results are incomplete.", lines.get(lines.size() - 1));
    }

    @Test
    void runsThatEndAsPlannedKeepPgbenchsLines() {
        List<String> timed = report(settings(60, 0), result(12_000, 60 * SECOND, 60 * SECOND + 5_000_000, null));
        assertTrue(timed.contains("duration: 60 s"), timed.toString());
        assertEquals(12_000 / 60.0, figure(timed, "tps = "), 1e-6, timed.toString());
        assertLittlesLawHolds(timed);
        assertFalse(timed.get(timed.size() - 1).startsWith("Run was"), timed.toString());

        List<String> counted = report(settings(0, 800), result(1600, 8 * SECOND - 10_000_000, 8 * SECOND, null));
        assertTrue(counted.contains("number of transactions actually processed: 1600/1600"), counted.toString());
        assertEquals(200, figure(counted, "tps = "), 1e-6, "-t: until the last one: " + counted);
        assertLittlesLawHolds(counted);
    }
}
