package dev.bench.workloads.pgbench;

import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * pgbench 15's closing report, line for line, from the engine's result. Latency is measured from each
 * transaction's intended start: with -R that is the schedule (pgbench's own rule for -R), and the
 * schedule lag is latency minus the time from sending to completion.
 */
final class PgbenchReport {

    private final PgbenchSettings s;
    private final List<Script> scripts;
    private final int scale;
    private final Partitioning partitioning;
    private final double connectionMs;

    PgbenchReport(PgbenchSettings settings, List<Script> scripts, int scale, Partitioning partitioning, double connectionMs) {
        this.s = settings;
        this.scripts = scripts;
        this.scale = scale;
        this.partitioning = partitioning;
        this.connectionMs = connectionMs;
    }

    /** Per script and command: time spent, executions and failures, for -r. */
    record Commands(long[][] nanos, long[][] counts, long[][] failures) {
    }

    String format(RunResult result, Commands commands, PgbenchCounters counters) {
        StringBuilder out = new StringBuilder();
        Histogram all = merged(result.kinds());
        long skipped = counters.skipped();
        // the engine counts skipped transactions and aborted clients' ones as failed; pgbench counts neither
        long failed = result.kinds().stream().mapToLong(k -> k.outcomes().failed()).sum() - skipped - counters.aborted();
        long processed = all.getTotalCount();
        // -T: the window (or up to an early stop); -t: the run lasts until the last transaction
        double seconds = (s.time() > 0 ? result.windowNanos() : result.untilLastOpNanos()) / 1e9;
        boolean early = !result.completedAsPlanned();
        line(out, "transaction type: %s", scripts.size() == 1 ? title(scripts.get(0)) : "multiple scripts");
        line(out, "scaling factor: %d", scale);
        if (partitioning.partitioned()) {
            line(out, "partition method: %s", partitioning.effectiveMethod());
            line(out, "partitions: %d", partitioning.count());
        }
        line(out, "query mode: %s", s.protocol());
        line(out, "number of clients: %d", s.client());
        line(out, "number of threads: %d", s.jobs());
        if (s.maxTries() > 0) {
            line(out, "maximum number of tries: %d", s.maxTries());
        }
        if (s.time() > 0) {
            if (early) {
                line(out, "duration: %.3f s (stopped early; %d s planned)", seconds, s.time());
            } else {
                line(out, "duration: %d s", s.time());
            }
            if (s.warmupSeconds() > 0) {
                line(out, "warmup: %s s before it, left out of every figure (bench's --warmup)",
                        BigDecimal.valueOf(s.warmupSeconds()).stripTrailingZeros().toPlainString());
            }
            line(out, "number of transactions actually processed: %d", processed);
        } else {
            line(out, "number of transactions per client: %d", s.transactionsPerClient());
            line(out, "number of transactions actually processed: %d/%d", processed,
                    (long) s.transactionsPerClient() * s.client());
        }
        line(out, "number of failed transactions: %d (%.3f%%)", failed, percent(failed, processed + failed));
        if (s.errorReports().failuresDetailed()) {
            long serialization = 0;
            long deadlock = 0;
            for (int i = 0; i < scripts.size(); i++) {
                serialization += counters.serializationFailuresOf(i);
                deadlock += counters.deadlockFailuresOf(i);
            }
            line(out, "number of serialization failures: %d (%.3f%%)", serialization, percent(serialization, processed + failed));
            line(out, "number of deadlock failures: %d (%.3f%%)", deadlock, percent(deadlock, processed + failed));
        }
        if (s.maxTries() != 1) {
            line(out, "number of transactions retried: %d (%.3f%%)", counters.retriedTransactions(),
                    percent(counters.retriedTransactions(), processed + failed));
            line(out, "total number of retries: %d", counters.retries());
        }
        if (s.rate() > 0 && s.latencyLimitMs() > 0) {
            line(out, "number of transactions skipped: %d (%.3f%%)", skipped, percent(skipped, processed + skipped));
        }
        if (s.latencyLimitMs() > 0) {
            long late = processed - all.getCountBetweenValues(0, (long) (s.latencyLimitMs() * 1e6));
            line(out, "number of transactions above the %.1f ms latency limit: %d/%d (%.3f%%)", s.latencyLimitMs(),
                    late, processed, percent(late, processed));
        }
        line(out, "latency average = %.3f ms", all.getMean() / 1e6);
        line(out, "latency stddev = %.3f ms", all.getStdDeviation() / 1e6);
        if (s.rate() > 0) {
            line(out, "rate limit schedule lag: avg %.3f (max %.3f) ms", counters.lagAverageNanos() / 1e6,
                    counters.lagMaxNanos() / 1e6);
        }
        line(out, "latency percentiles (from the intended start): p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms",
                all.getValueAtPercentile(50) / 1e6, all.getValueAtPercentile(99) / 1e6,
                all.getValueAtPercentile(99.9) / 1e6, all.getMaxValue() / 1e6);
        if (s.connect()) {
            // pgbench's figure: all connecting time over every transaction tried (measured ones: warmup is none)
            line(out, "average connection time = %.3f ms", processed + failed == 0 ? 0.0
                    : counters.connectNanos() / 1e6 / (processed + failed));
            line(out, "tps = %f (including reconnection times)", seconds > 0 ? processed / seconds : 0);
        } else {
            line(out, "initial connection time = %.3f ms", connectionMs);
            line(out, "tps = %f (without initial connection time)", seconds > 0 ? processed / seconds : 0);
        }
        boolean sections = scripts.size() > 1;
        for (int i = 0; i < scripts.size(); i++) {
            KindStats k = result.kinds().get(i);
            if (sections) {
                long weights = scripts.stream().mapToLong(Script::weight).sum();
                line(out, "SQL script %d: %s", i + 1, title(scripts.get(i)));
                line(out, " - weight: %d (targets %.1f%% of total)", scripts.get(i).weight(),
                        percent(scripts.get(i).weight(), weights));
                line(out, " - %d transactions (%.1f%% of total, tps = %f)", k.completed(), percent(k.completed(), processed),
                        seconds > 0 ? k.completed() / seconds : 0);
                long scriptFailed = k.outcomes().failed() - counters.skippedOf(i) - counters.abortedOf(i);
                long tried = k.completed() + scriptFailed;
                line(out, " - number of failed transactions: %d (%.3f%%)", scriptFailed, percent(scriptFailed, tried));
                if (s.rate() > 0 && s.latencyLimitMs() > 0) {
                    line(out, " - number of transactions skipped: %d (%.3f%%)", counters.skippedOf(i),
                            percent(counters.skippedOf(i), k.completed() + counters.skippedOf(i)));
                }
                if (s.errorReports().failuresDetailed()) {
                    line(out, " - number of serialization failures: %d (%.3f%%)", counters.serializationFailuresOf(i),
                            percent(counters.serializationFailuresOf(i), tried));
                    line(out, " - number of deadlock failures: %d (%.3f%%)", counters.deadlockFailuresOf(i),
                            percent(counters.deadlockFailuresOf(i), tried));
                }
                line(out, " - latency average = %.3f ms", k.sojourn().getMean() / 1e6);
                line(out, " - latency stddev = %.3f ms", k.sojourn().getStdDeviation() / 1e6);
            }
            if (s.reportPerCommand()) {
                line(out, "%sstatement latencies in milliseconds and failures:", sections ? " - " : "");
                List<String> sources = scripts.get(i).sources();
                for (int c = 0; c < sources.size(); c++) {
                    long n = commands.counts()[i][c];
                    line(out, "  %12.3f  %10d  %s", n == 0 ? 0.0 : commands.nanos()[i][c] / 1e6 / n,
                            commands.failures()[i][c], sources.get(c));
                }
            }
        }
        if (early) {
            // pgbench dies on Ctrl-C and prints nothing; after its own aborts it closes with this note
            line(out, "Run was %s after %.3f s; the above results are incomplete.",
                    result.interrupted() ? "interrupted" : "stopped", seconds);
        }
        return out.toString();
    }

    private static String title(Script s) {
        return s.builtin() ? BuiltinScripts.title(s.name()) : s.name();
    }

    private static Histogram merged(List<KindStats> kinds) {
        Histogram h = null;
        for (KindStats k : kinds) {
            Histogram one = k.sojourn();
            if (h == null) {
                h = one.copy();
            } else {
                h.add(one);
            }
        }
        return h;
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
