package dev.bench.core.results;

import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

/** The percentile spectrum every summary reports, in microseconds. */
public final class Percentiles {

    public static final double[] SPECTRUM = {50, 90, 95, 99, 99.9, 99.99};

    private Percentiles() {
    }

    public static Map<String, Object> micros(Histogram h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", h.getTotalCount());
        if (h.getTotalCount() == 0) {
            return m;
        }
        m.put("min", h.getMinValue() / 1e3);
        m.put("mean", Math.round(h.getMean()) / 1e3);
        for (double p : SPECTRUM) {
            m.put("p" + (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)), h.getValueAtPercentile(p) / 1e3);
        }
        m.put("max", h.getMaxValue() / 1e3);
        return m;
    }
}
