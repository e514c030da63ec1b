package dev.bench.cli.report;

import dev.bench.cli.workload.ExitCodes;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.results.verify.Findings;
import dev.bench.core.results.verify.ResultsVerifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bench verify DIR...}: the results invariants over results directories. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Checks that results directories (runs, their phase and segment directories, merges) are "
                + "consistent: per op kind, summary.json's counts = the sum of intervals.csv's measured rows = "
                + "latency.hlog's; per interval, completed = sojourn samples = service samples; rates = counts over "
                + "the measured seconds; offered ops = the schedule's integral over the measured window, and generated "
                + "within one op per stream of it (uniform arrivals) or 6*sqrt(offered)+1 (Poisson); percentiles "
                + "never decrease; named segments add up to the run; a merge adds up to its clients (give their "
                + "directories alongside it to check against their files too).",
            "Prints one line per broken invariant, or 'verified: N invariants' when all hold. Counts are added exactly: "
                + "one past 2^63-1 is a broken invariant, not a wrap."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every invariant holds", "1:an invariant is broken (one line each)",
            "2:bad input: not a bench run's results directory, a file it should hold missing or unreadable, a phase "
                + "directory outside it, or a latency.hlog bench does not write"})
public final class VerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Results directories.")
    List<Path> dirs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Findings findings;
        try {
            findings = ResultsVerifier.verify(dirs);
        } catch (BenchException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("bench: " + Failures.firstLine(e.getMessage()));
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        findings.broken().forEach(out::println);
        if (findings.allHold()) {
            out.println("verified: " + findings.checked() + " invariants");
        }
        out.flush();
        return findings.allHold() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
