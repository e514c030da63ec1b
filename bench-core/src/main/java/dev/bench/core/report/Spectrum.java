package dev.bench.core.report;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A histogram's percentile spectrum as chart points on HdrHistogram's usual axis: x = 1/(1 − p), so
 * 90 % sits at 10, 99 % at 100, 99.9 % at 1,000, up to 99.999 % at 100,000; y in milliseconds.
 */
public final class Spectrum {

    /** The axis ends here: 99.999 %. */
    public static final double TOP_PERCENTILE = 99.999;
    /** Points per halving of the distance to 100 %: HdrHistogram's own plots use 5. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    private Spectrum() {
    }

    /** @return [x, ms] pairs, x ascending; empty for an empty histogram */
    public static List<double[]> points(Histogram ns) {
        List<double[]> points = new ArrayList<>();
        if (ns.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue v : ns.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo();
            if (p >= TOP_PERCENTILE) {
                break;
            }
            points.add(new double[] {axis(p), round(ns.highestEquivalentValue(v.getValueIteratedTo()) / 1e6)});
        }
        points.add(new double[] {axis(TOP_PERCENTILE), round(ns.getValueAtPercentile(TOP_PERCENTILE) / 1e6)});
        return points;
    }

    /** Where percentile p (0..100) sits on the x axis. */
    public static double axis(double percentile) {
        return round(1 / (1 - percentile / 100));
    }

    /** Six significant digits are plenty for a chart and keep the embedded JSON small. */
    static double round(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v;
        }
        double scale = Math.pow(10, 5 - Math.floor(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }
}
