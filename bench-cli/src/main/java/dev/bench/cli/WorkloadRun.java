package dev.bench.cli;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.RunContext;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.util.List;
import java.util.function.Supplier;

/**
 * The glue between a workload command and the run template, the same for every workload: inputs are
 * validated before anything connects (bad input exits 2), then the benchmark runs with stdout and
 * stderr of the command line, summary options echoed from the commands, and is closed at the end.
 */
public final class WorkloadRun {

    private WorkloadRun() {
    }

    /** Something that opens a benchmark: connects, so it runs only after the inputs were validated. */
    @FunctionalInterface
    public interface Opener {
        Benchmark open() throws Exception;
    }

    /** Builds validated settings; a {@link BenchException} becomes picocli's bad-input error (exit 2). */
    public static <T> T validated(CommandSpec spec, Supplier<T> build) {
        try {
            return build.get();
        } catch (BenchException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * @param extraListeners more interval listeners (Noria's --histogram), closed by the caller
     * @param echoed         the commands whose options summary.json records (secrets masked)
     * @return the exit code: 0 ok, 1 stopped early or the check found a mismatch
     */
    public static int execute(Opener opener, RunOptions run, List<IntervalListener> extraListeners, CommandSpec command,
                              CommandSpec... echoed) {
        RunContext context = new RunContext(command.commandLine().getOut(), command.commandLine().getErr(),
                System.console() != null, run.results, OptionsEcho.of(echoed), extraListeners);
        try (Benchmark benchmark = opener.open()) {
            return BenchmarkRun.execute(benchmark, context);
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException(Failures.describe(e), e);
        }
    }
}
