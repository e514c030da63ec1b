package dev.bench.workloads.voter;

import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * erlvolt's closing lines of a multi-client run: the total rate over the longest client's time, the
 * latency percentiles of all clients' calls together (their histograms added), and the check of the
 * total against the database.
 */
public final class VoterClientsReport {

    /** One client's figures, from its overall line and its summary. */
    public record Client(long transactions, long fails, double seconds, long accepted, long inDoubt) {
    }

    private VoterClientsReport() {
    }

    /** Prints the lines; returns the check, whose verdict they end with. */
    public static VoterCheck print(PrintWriter out, List<Client> clients, Histogram sojourn, Histogram service, int maxVotes,
                                   VoterDatabase.Counts before, VoterDatabase.Counts after) {
        long completed = 0;
        long accepted = 0;
        long inDoubt = 0;
        long fails = 0;
        double longest = 0;
        for (Client c : clients) {
            completed += c.transactions() - c.fails();
            fails += c.fails();
            accepted += c.accepted();
            inDoubt += c.inDoubt();
            longest = Math.max(longest, c.seconds());
        }
        out.println(String.format(Locale.US, "Total transactions per second: %,.0f T/sec", completed / Math.max(longest, 1e-9)));
        out.println(String.format(Locale.US, "  %d clients: %,d transactions, %,d fails, longest client %.3f sec",
                clients.size(), completed + fails, fails, longest));
        out.println(percentiles("sojourn", sojourn));
        out.println(percentiles("service", service));
        VoterCheck check = VoterCheck.of(accepted, inDoubt, maxVotes, before, after);
        out.println("  check writes ... " + check.verdict());
        out.flush();
        return check;
    }

    private static String percentiles(String what, Histogram h) {
        return String.format(Locale.US, "  merged %s latency, ms: %,d calls, p50 %.3f, p95 %.3f, p99 %.3f, p99.9 %.3f, max %.3f",
                what, h.getTotalCount(), ms(h, 50), ms(h, 95), ms(h, 99), ms(h, 99.9), h.getMaxValue() / 1e6);
    }

    private static double ms(Histogram h, double p) {
        return h.getValueAtPercentile(p) / 1e6;
    }
}
