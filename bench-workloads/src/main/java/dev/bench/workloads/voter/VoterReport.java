package dev.bench.workloads.voter;

import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The closing reports: erlvolt's block (check writes, results, the {@code Client '<id>' overall} line,
 * the started/ended/database line and the {@code [+++]} bar, one + per 1,000 T/sec) and VoltDB's
 * client summary (votes received, accepted, rejected per reason, failed, results, winner, throughput,
 * latency percentiles).
 */
public final class VoterReport {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());
    private static final double[] PERCENTILES = {50, 90, 95, 99, 99.9, 99.99};

    /**
     * What a client was told.
     *
     * @param fails        calls that failed (managed-mode refusals, transaction errors)
     * @param totalNanos   from the first call's intended start until the last call returned
     */
    public record Tally(long accepted, long invalid, long overLimit, long fails, long totalNanos) {

        public long completed() {
            return accepted + invalid + overLimit;
        }

        public long transactions() {
            return completed() + fails;
        }

        public double perSecond() {
            return completed() / Math.max(totalNanos / 1e9, 1e-9);
        }
    }

    private VoterReport() {
    }

    public static String erlvolt(String client, Tally tally, String checkVerdict, List<VoterDatabase.Result> results,
                                 Instant started, Instant ended, long newVotes) {
        StringBuilder b = new StringBuilder();
        b.append("  check writes ... ").append(checkVerdict).append('\n');
        long votes = results.stream().mapToLong(VoterDatabase.Result::votes).sum();
        b.append(String.format(Locale.US, "  results ...  votes: %,11d (%d contestants)%n", votes, results.size()));
        for (VoterDatabase.Result r : results) {
            b.append(String.format(Locale.US, "  %18s: %,11d%n", dotted(r.name()), r.votes()));
        }
        b.append(overall(client, tally)).append('\n');
        b.append(String.format(Locale.US, "bench voter, bench started %s, ended %s, database: %+,d new votes%n",
                CLOCK.format(started), CLOCK.format(ended), newVotes));
        b.append(bar(tally.perSecond())).append('\n');
        return b.toString();
    }

    public static String overall(String client, Tally tally) {
        double failPct = tally.transactions() == 0 ? 0 : 100.0 * tally.fails() / tally.transactions();
        return String.format(Locale.US, "Client '%s' overall: %,.0f T/sec throughput, %.2f%% fails, total transactions: %,d,"
                        + " fails: %d, total time: %.3fsec",
                client, tally.perSecond(), failPct, tally.transactions(), tally.fails(), tally.totalNanos() / 1e9);
    }

    /** One + per 1,000 T/sec, as erlvolt draws it. */
    static String bar(double perSecond) {
        return "[" + "+".repeat((int) (perSecond / 1000)) + "]";
    }

    private static String dotted(String name) {
        return ".".repeat(Math.max(0, 18 - name.length())) + name;
    }

    /** VoltDB's Voter client summary. */
    public static String voltdb(Tally tally, List<VoterDatabase.Result> results, RunResult run) {
        StringBuilder b = new StringBuilder();
        String rule = "-".repeat(80);
        b.append(" Voting Results\n").append(rule).append("\n\n");
        b.append(String.format(Locale.US, "A total of %,d votes were received...%n", tally.transactions()));
        b.append(String.format(Locale.US, " - %,9d Accepted%n", tally.accepted()));
        b.append(String.format(Locale.US, " - %,9d Rejected (Invalid Contestant)%n", tally.invalid()));
        b.append(String.format(Locale.US, " - %,9d Rejected (Maximum Vote Count Reached)%n", tally.overLimit()));
        b.append(String.format(Locale.US, " - %,9d Failed (Transaction Error)%n%n", tally.fails()));
        b.append("Contestant Name\t\tVotes Received\n");
        for (VoterDatabase.Result r : results) {
            b.append(String.format(Locale.US, "%-20s\t%,12d%n", r.name(), r.votes()));
        }
        if (!results.isEmpty()) {
            b.append("\nThe Winner is: ").append(results.get(0).name()).append("\n");
        }
        b.append("\n Client Workload Statistics\n").append(rule).append('\n');
        b.append(String.format(Locale.US, "Average throughput:            %,12.0f txns/sec%n", tally.perSecond()));
        KindStats vote = run.kinds().get(0);
        b.append(latencies("sojourn (from intended start)", vote.sojourn()));
        b.append(latencies("service (from send)", vote.service()));
        return b.toString();
    }

    private static String latencies(String what, Histogram h) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.US, "Latency, %s, ms: average %.3f", what, h.getTotalCount() == 0 ? 0 : h.getMean() / 1e6));
        for (double p : PERCENTILES) {
            b.append(String.format(Locale.US, ", p%s %.3f", trim(p), h.getValueAtPercentile(p) / 1e6));
        }
        b.append(String.format(Locale.US, ", max %.3f%n", h.getMaxValue() / 1e6));
        return b.toString();
    }

    private static String trim(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }
}
