package dev.bench.cli.report;

import dev.bench.core.BenchException;
import dev.bench.core.report.JmhReport;
import dev.bench.core.report.JmhResults;
import dev.bench.core.report.RegressionGate;
import dev.bench.core.report.RunCompare;
import dev.bench.core.results.RunFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code bench compare A B [C...]}: runs (or two JMH JSON files) side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares results directories: per op kind, throughput and sojourn p50/p99/p99.9/max of each "
                + "run beside the first (A), the change in percent, and whether it is beyond noise (the middle halves "
                + "of the two runs' per-interval values don't overlap). Says what differs between the runs first.",
                "Given two JMH JSON files instead, judges each benchmark on its forks: slower or faster beyond noise "
                        + "(one-sided Welch t on the log fork scores, cut by Benjamini-Hochberg at --false-alarm-rate), else "
                        + "within noise, with the smallest slowdown the two files could have shown (could see >= N %%)."})
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "PATH", description = "Results directories (A first), or two JMH JSON files.")
    List<Path> paths;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write an HTML comparison with the spectra overlaid.")
    Path html;

    @Option(names = "--false-alarm-rate", paramLabel = "Q", defaultValue = "0.05",
            description = "JMH files: the chance that an unchanged pass flags any benchmark (Benjamini-Hochberg's q; "
                    + "default: ${DEFAULT-VALUE}).")
    double falseAlarmRate;

    @Option(names = "--min-forks", paramLabel = "N", defaultValue = "2",
            description = "JMH files: forks each side needs for a verdict (default: ${DEFAULT-VALUE}).")
    int minForks;

    @Option(names = "--fail-on-regression", description = "JMH files: exit 1 when a benchmark is slower beyond noise.")
    boolean failOnRegression;

    @Option(names = "--what-if-slower", paramLabel = "PERCENT",
            description = "JMH files: make B PERCENT %% slower first (ops/s x (1 - PERCENT/100), time per op divided by it) "
                    + "and say how many benchmarks the gate flags: what it would see of such a regression. "
                    + "CI compares its own pass with itself this way at 20.")
    Double whatIfSlower;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        boolean jmh = paths.stream().allMatch(p -> Files.isRegularFile(p) && p.toString().endsWith(".json"));
        if (whatIfSlower != null && !(whatIfSlower > 0 && whatIfSlower < 100)) {
            throw new ParameterException(spec.commandLine(), "--what-if-slower must be a percent in (0, 100), got " + whatIfSlower);
        }
        if (whatIfSlower != null && !jmh) {
            throw new ParameterException(spec.commandLine(), "--what-if-slower makes a JMH result slower: compare two JMH .json files with it");
        }
        if (jmh) {
            if (paths.size() != 2) {
                throw new ParameterException(spec.commandLine(), "JMH files are compared two at a time, got " + paths.size());
            }
            return compareJmh(out);
        } else {
            for (Path p : paths) {
                if (!Files.isDirectory(p)) {
                    throw new BenchException(p + " is not a results directory (compare directories with directories, "
                            + "JMH .json files with JMH .json files)");
                }
            }
            RunCompare compare = new RunCompare(paths.stream().map(RunFiles::read).toList());
            out.print(compare.text());
            if (html != null) {
                out.println("# html: " + compare.page().write(html));
            }
        }
        out.flush();
        return 0;
    }

    private int compareJmh(PrintWriter out) {
        if (!(falseAlarmRate > 0 && falseAlarmRate < 0.5) || minForks < 2) {
            throw new ParameterException(spec.commandLine(), "--false-alarm-rate must be in (0, 0.5) and --min-forks >= 2, got "
                    + falseAlarmRate + " and " + minForks);
        }
        RegressionGate gate = new RegressionGate(falseAlarmRate, minForks);
        List<JmhResults.Result> a = JmhResults.read(paths.get(0));
        List<JmhResults.Result> b = JmhResults.read(paths.get(1));
        if (whatIfSlower != null) {
            b = b.stream().map(r -> r.slowerBy(whatIfSlower)).toList();
        }
        String la = paths.get(0).getFileName().toString();
        String lb = paths.get(1).getFileName().toString();
        out.println("# A = " + paths.get(0) + ", B = " + paths.get(1));
        out.print(JmhReport.compare("A", a, "B", b, gate));
        List<String> flagged = JmhReport.regressions(a, b, gate);
        if (whatIfSlower != null) {
            out.printf(Locale.ROOT, "# what-if: B made %s %% slower: the gate flags %d of %d benchmarks%n",
                    BigDecimal.valueOf(whatIfSlower).stripTrailingZeros().toPlainString(), flagged.size(), a.size());
        }
        if (html != null) {
            out.println("# html: " + JmhReport.page("JMH compare: " + la + " · " + lb, List.of(la, lb), List.of(a, b)).write(html));
        }
        out.flush();
        return failOnRegression && !flagged.isEmpty() ? 1 : 0;
    }
}
