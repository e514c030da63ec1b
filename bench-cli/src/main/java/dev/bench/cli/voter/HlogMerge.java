package dev.bench.cli.voter;

import dev.bench.core.BenchException;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.List;

/**
 * Adds up one tag's interval histograms from several clients' {@code latency.hlog}: HdrHistogram
 * histograms add exactly, so the merged percentiles are those of all calls together.
 */
final class HlogMerge {

    private HlogMerge() {
    }

    static Histogram merge(List<Path> logs, String tag) {
        Histogram total = new Histogram(3);
        for (Path log : logs) {
            try {
                HistogramLogReader reader = new HistogramLogReader(log.toFile());
                for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                    if (tag.equals(h.getTag()) && h instanceof Histogram histogram) {
                        total.add(histogram);
                    }
                }
            } catch (FileNotFoundException e) {
                throw new BenchException("client log missing: " + log);
            }
        }
        return total;
    }
}
