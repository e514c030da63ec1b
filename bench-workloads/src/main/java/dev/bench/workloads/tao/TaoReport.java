package dev.bench.workloads.tao;

import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * TAOBench's per-experiment report, in its exact layout, from what the engine measured. Latencies
 * are from each op's intended start (sojourn), in µs with two decimals; categories in TAOBench's
 * order, empty ones left out; WRITE (insert + update + delete) always printed and not added to the
 * total. Then our own lines: misses, retries, the check.
 */
public final class TaoReport {

    private TaoReport() {
    }

    /**
     * @param sloNanos open loop: an op finishing later than its intended start plus this is overtime;
     *                 0 in closed loop (no op has an intended time to miss)
     * @param totalSeconds what the experiment took on the clock, warmup included
     */
    static String render(Experiment experiment, RunResult result, long sloNanos, TaoCounters counters, double totalSeconds) {
        Map<TaoOp.Category, Histogram> byCategory = new EnumMap<>(TaoOp.Category.class);
        long failed = 0;
        long retries = 0;
        long overtime = 0;
        for (KindStats k : result.kinds()) {
            TaoOp op = TaoOp.byConfigName(k.name());
            byCategory.computeIfAbsent(op.category, c -> new Histogram(3)).add(k.sojourn());
            failed += k.outcomes().failed();
            retries += k.outcomes().retries();
            if (sloNanos > 0 && k.completed() > 0) {
                overtime += k.completed() - k.sojourn().getCountBetweenValues(0, sloNanos);
            }
        }
        double windowSeconds = Math.max(result.drainNanos(), result.windowNanos()) / 1e9;
        if (!result.completedAsPlanned()) {
            windowSeconds = Math.max(result.drainNanos(), 1) / 1e9;
        }
        long completed = result.completedTotal();
        StringBuilder out = new StringBuilder();
        out.append("Experiment description: ").append(experiment.describe()).append('\n');
        out.append(String.format(Locale.ROOT, "Total runtime (sec): %s%n",
                number(totalSeconds)));
        out.append(String.format(Locale.ROOT, "Runtime excluding warmup (sec): %s%n", number(windowSeconds)));
        out.append("Total completed operations excluding warmup: ").append(completed).append('\n');
        out.append("Throughput excluding warmup: ").append(number(completed / windowSeconds)).append('\n');
        out.append("Number of overtime operations: ").append(overtime).append('\n');
        out.append("Number of failed operations: ").append(failed).append('\n');
        out.append(completed).append(" operations;");
        Histogram write = new Histogram(3);
        for (TaoOp.Category c : TaoOp.Category.values()) {
            Histogram h = byCategory.get(c);
            if (c == TaoOp.Category.INSERT || c == TaoOp.Category.UPDATE || c == TaoOp.Category.DELETE) {
                if (h != null) {
                    write.add(h);
                }
            }
            if (h != null && h.getTotalCount() > 0) {
                out.append(' ').append(category(c.name(), h));
            }
        }
        out.append(' ').append(category("WRITE", write)).append('\n');
        out.append("Number of read misses: ").append(counters.readMisses()).append('\n');
        out.append("Number of writes that changed nothing: ").append(counters.writeNoops()).append('\n');
        out.append("Number of retries: ").append(retries).append('\n');
        return out.toString();
    }

    private static String category(String name, Histogram h) {
        if (h.getTotalCount() == 0) {
            return "[" + name + ": Count=0 Max=0.00 Min=0.00 Avg=0.00]";
        }
        return String.format(Locale.ROOT, "[%s: Count=%d Max=%.2f Min=%.2f Avg=%.2f]", name, h.getTotalCount(),
                h.getMaxValue() / 1e3, h.getMinValue() / 1e3, h.getMean() / 1e3);
    }

    /** TAOBench prints doubles as C++ streams do by default: up to six significant digits. */
    static String number(double x) {
        String s = String.format(Locale.ROOT, "%.6g", x);
        if (s.contains("e")) {
            return s;
        }
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }
}
