package dev.bench.workloads.vote;

import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.util.Locale;

/**
 * Noria's vote output, tab-separated, so existing scripts keep working:
 * <pre>
 * # generated ops/s: 16673.66
 * # actual ops/s: 16683.94
 * # op    pct    sojourn    remote
 * write    50    1903    1271    (all µs)
 * read    50    847    311    (all µs)
 * ...
 * </pre>
 * One difference: Noria records "remote" once per batch; we record it once per op (each op of a batch
 * gets the batch's round trip), so sojourn and remote percentiles are over the same population.
 */
public final class NoriaReport {

    static final double[] PERCENTILES = {50, 95, 99, 100};

    private NoriaReport() {
    }

    public static String render(RunResult result) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "# generated ops/s: %.2f%n", result.generatedPerSec()));
        out.append(String.format(Locale.ROOT, "# actual ops/s: %.2f%n", result.actualPerSec()));
        if (result.completedTotal() == 0) {
            // Empty histograms would print as 0 µs: a lie about an overloaded or failed run.
            return out.append("# no op completed in the measured window: no latencies to report\n").toString();
        }
        out.append("# op\tpct\tsojourn\tremote\n");
        for (double pct : PERCENTILES) {
            for (KindStats kind : result.kinds()) {
                out.append(kind.name()).append('\t').append((int) pct).append('\t')
                        .append(micros(kind.sojourn(), pct)).append('\t')
                        .append(micros(kind.service(), pct)).append("\t(all µs)\n");
            }
        }
        return out.toString();
    }

    private static long micros(Histogram h, double pct) {
        long nanos = pct >= 100 ? h.getMaxValue() : h.getValueAtPercentile(pct);
        return Math.round(nanos / 1e3);
    }
}
