package dev.bench.cli.metrics;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sojourn and service latency as Prometheus histograms, fed from each interval's HdrHistograms: each
 * interval adds its recorded values to fixed buckets (a few hundred distinct values at most), so the
 * cost doesn't grow with the op rate, and no op is observed twice.
 *
 * <p>Threading: {@link #add} from the reporting thread, the collectors from the HTTP server's; one
 * lock between them.
 */
final class LatencyHistograms {

    /** Upper bounds in seconds, 50 µs to 10 s, then +Inf. */
    static final double[] BOUNDS = {50e-6, 100e-6, 250e-6, 500e-6, 1e-3, 2.5e-3, 5e-3, 10e-3, 25e-3, 50e-3, 100e-3,
            250e-3, 500e-3, 1, 2.5, 5, 10, Double.POSITIVE_INFINITY};

    /** Per kind and client: bucket counts (not cumulative) and the sum in seconds. */
    private final Map<Labels, Series> sojourn = new LinkedHashMap<>();
    private final Map<Labels, Series> service = new LinkedHashMap<>();
    private String workload = "";

    private static final class Series {
        final long[] counts = new long[BOUNDS.length];
        double sumSeconds;

        void add(Histogram h) {
            for (HistogramIterationValue v : h.recordedValues()) {
                double seconds = h.highestEquivalentValue(v.getValueIteratedTo()) / 1e9;
                int i = Arrays.binarySearch(BOUNDS, seconds);
                counts[i >= 0 ? i : -i - 1] += v.getCountAtValueIteratedTo();
                sumSeconds += v.getCountAtValueIteratedTo() * (v.getValueIteratedTo() / 1e9);
            }
        }
    }

    synchronized void add(String kind, String client, Histogram sojournNs, Histogram serviceNs) {
        Labels labels = Labels.of("workload", workload, "kind", kind, "client", client);
        sojourn.computeIfAbsent(labels, l -> new Series()).add(sojournNs);
        service.computeIfAbsent(labels, l -> new Series()).add(serviceNs);
    }

    /** One histogram family: sojourn (from intended start) or service (from send). */
    Collector collector(String name, String help, String workloadName, boolean ofSojourn) {
        this.workload = workloadName;
        return () -> {
            synchronized (this) {
                HistogramSnapshot.Builder b = HistogramSnapshot.builder().name(name).help(help).unit(
                        io.prometheus.metrics.model.snapshots.Unit.SECONDS);
                (ofSojourn ? sojourn : service).forEach((labels, s) -> b.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                        .labels(labels).classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, s.counts.clone()))
                        .sum(s.sumSeconds).build()));
                return b.build();
            }
        };
    }
}
