package dev.bench.core.results.verify;

import dev.bench.core.results.verify.ResultDir.Part;

import java.nio.file.Path;
import java.util.List;

/**
 * The results invariants, checked over results directories as {@code bench verify} and the tests do:
 * counts agree across summary.json, intervals.csv and latency.hlog, per kind and per interval
 * ({@link CountChecks}); rates are counts over the measured seconds ({@link RateChecks}); the offered
 * load is the schedule's integral over the measured window ({@link OfferedChecks}); percentiles never
 * decrease ({@link PercentileChecks}); the hosts add up to the run ({@link HostChecks}); named
 * segments partition the run ({@link PartitionChecks}); the client's cost adds up
 * ({@link ClientChecks}); a profile's files are there ({@link ProfileChecks}); a merge adds up to its clients ({@link MergeChecks}).
 *
 * <pre>{@code
 * Findings f = ResultsVerifier.verify(List.of(Path.of("results/vote-20261126-101500")));
 * f.broken().forEach(System.out::println);   // one line per broken invariant
 * }</pre>
 */
public final class ResultsVerifier {

    private ResultsVerifier() {
    }

    /**
     * @param dirs results directories: runs, phase or segment directories, merges (with their clients' directories
     *             alongside, the merge is checked against them)
     * @throws dev.bench.core.BenchException (one line) when one is not a bench run's results directory, or a file
     *                                      it should hold is missing or can't be read
     */
    public static Findings verify(List<Path> dirs) {
        List<ResultDir> read = dirs.stream().map(ResultDir::read).toList();
        Findings out = new Findings();
        for (ResultDir d : read) {
            for (Part p : d.parts) {
                part(p, out);
                ClientChecks.check(p.block(), out); // a run's or a phase's: segments have no client figures
                ProfileChecks.check(p.block(), out);
                p.segments().forEach(s -> part(s, out));
                exactly(p.block().name(), out, () -> PartitionChecks.check(p, out));
            }
        }
        exactly("the merge", out, () -> MergeChecks.check(read, out));
        return out;
    }

    private static void part(Part p, Findings out) {
        String name = p.block().name();
        exactly(name, out, () -> CountChecks.check(p.block(), p.files(), out));
        exactly(name, out, () -> RateChecks.check(p.block(), p.files(), out));
        exactly(name, out, () -> OfferedChecks.check(p.block(), out));
        exactly(name, out, () -> PercentileChecks.check(p.block(), p.files(), out));
        exactly(name, out, () -> HostChecks.check(p.block(), out));
    }

    /** Runs one group of checks; counts that overflow a long ({@link Counts}) are one broken invariant. */
    private static void exactly(String name, Findings out, Runnable checks) {
        try {
            checks.run();
        } catch (ArithmeticException e) {
            out.broken(name + ": counts that no run can hold: " + e.getMessage()
                    + " (past 2^63-1 a long wraps, back to a plausible total)");
        }
    }
}
