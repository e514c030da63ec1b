package dev.bench.jmh;

import org.apache.commons.math3.distribution.TDistribution;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares a benchmark's parameter values like for like: one fork per value per round, the values
 * alternating (A B A B ...), so a machine that drifts (other load, thermal, a noisy neighbour) drifts
 * under both. Each value's score is the mean of its fork scores with a 99.9 % confidence interval over
 * forks (Student's t); a ratio is reported only where the two intervals don't overlap, else "no
 * difference shown". With {@code gc}, bytes allocated per op too (JMH's gc profiler).
 *
 * <pre>
 * java -cp bench-jmh/target/benchmarks.jar dev.bench.jmh.AlternatingForks 3 MysqlDriverRangeSelect \
 *     scheme=jdbc:mysql,jdbc:mariadb gc -wi 2 -w 3s -i 5 -r 3s
 * </pre>
 */
public final class AlternatingForks {

    private static final double CONFIDENCE = 0.999;

    private AlternatingForks() {
    }

    /** @param args ROUNDS BENCHMARK_REGEX PARAM=V1,V2[,...] [gc] [JMH options...] */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        if (args.length < 3) {
            System.err.println("usage: AlternatingForks ROUNDS BENCHMARK_REGEX PARAM=V1,V2[,...] [gc] [JMH options]");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]);
        String include = args[1];
        String name = args[2].substring(0, args[2].indexOf('='));
        List<String> values = List.of(args[2].substring(args[2].indexOf('=') + 1).split(","));
        List<String> rest = new ArrayList<>(Arrays.asList(args).subList(3, args.length));
        boolean gc = rest.remove("gc");
        CommandLineOptions jmh = new CommandLineOptions(rest.toArray(String[]::new));

        Map<String, List<Double>> scores = new LinkedHashMap<>();
        Map<String, List<Double>> allocations = new LinkedHashMap<>();
        String unit = "";
        for (int round = 0; round < rounds; round++) {
            for (String value : values) {
                ChainedOptionsBuilder options = new OptionsBuilder().parent(jmh).include(include).param(name, value).forks(1);
                if (gc) {
                    options.addProfiler(GCProfiler.class);
                }
                for (RunResult r : new Runner(options.build()).run()) {
                    scores.computeIfAbsent(value, v -> new ArrayList<>()).add(r.getPrimaryResult().getScore());
                    unit = r.getPrimaryResult().getScoreUnit();
                    for (Map.Entry<String, Result> s : r.getSecondaryResults().entrySet()) {
                        if (s.getKey().endsWith("gc.alloc.rate.norm")) {
                            allocations.computeIfAbsent(value, v -> new ArrayList<>()).add(s.getValue().getScore());
                        }
                    }
                }
            }
        }
        System.out.print(report(name, scores, allocations, unit));
    }

    /** The table: per value, its forks' mean ± the 99.9 % half-width, then each value against the first. */
    static String report(String name, Map<String, List<Double>> scores, Map<String, List<Double>> allocations, String unit) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%n%-24s %5s %14s %12s %14s%n", name, "forks",
                "mean (" + unit + ")", "± 99.9 %", "B/op"));
        Map<String, double[]> intervals = new LinkedHashMap<>();
        for (Map.Entry<String, List<Double>> e : scores.entrySet()) {
            double[] ci = interval(e.getValue());
            intervals.put(e.getKey(), ci);
            List<Double> alloc = allocations.getOrDefault(e.getKey(), List.of());
            out.append(String.format(Locale.ROOT, "%-24s %5d %14.1f %12.1f %14s%n", e.getKey(), e.getValue().size(), ci[0],
                    ci[1], alloc.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", mean(alloc))));
        }
        String first = intervals.keySet().iterator().next();
        double[] a = intervals.get(first);
        for (Map.Entry<String, double[]> e : intervals.entrySet()) {
            if (e.getKey().equals(first)) {
                continue;
            }
            double[] b = e.getValue();
            boolean apart = a[0] + a[1] < b[0] - b[1] || b[0] + b[1] < a[0] - a[1];
            out.append(apart ? String.format(Locale.ROOT, "# %s / %s = %.2fx (the 99.9 %% intervals don't overlap)%n",
                    e.getKey(), first, b[0] / a[0])
                    : String.format(Locale.ROOT, "# %s vs %s: no difference shown (the 99.9 %% intervals overlap)%n", e.getKey(), first));
        }
        return out.toString();
    }

    /** Mean and the half-width of its confidence interval over the forks (NaN with one fork). */
    static double[] interval(List<Double> forks) {
        double mean = mean(forks);
        int n = forks.size();
        if (n < 2) {
            return new double[] {mean, Double.NaN};
        }
        double ss = 0;
        for (double x : forks) {
            ss += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return new double[] {mean, t * sd / Math.sqrt(n)};
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
