package dev.bench.cli.workload;

import dev.bench.core.Caller;
import dev.bench.cli.metrics.LiveMetrics;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.InputErrors;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.RunContext;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The glue between a workload command and the run template, the same for every workload: the
 * workload checks its settings before anything connects (bad input exits 2), then the benchmark runs
 * with stdout and stderr of the command line, summary options echoed from the commands, and is closed
 * at the end.
 */
public final class WorkloadRun {

    private WorkloadRun() {
    }

    /** Builds or checks settings; a {@link BenchException} becomes picocli's bad-input error (exit 2). */
    public static <T> T validated(CommandSpec spec, Supplier<T> build) {
        try {
            return build.get();
        } catch (BenchException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e); // the cause keeps every line of InputErrors
        }
    }

    /**
     * Plans the workload from settings mapped from flags, then runs it.
     *
     * @param echoed the commands whose options summary.json records (secrets masked)
     * @return the exit code: 0 ok, 1 stopped early or the check found a mismatch
     */
    public static <S> int execute(WorkloadType<S> type, S settings, TargetSettings target, RunSettings run,
                                  CommandSpec command, CommandSpec... echoed) {
        return execute(type, settings, target, run, Map.of(), command, echoed);
    }

    /** As above, with {@code extraOptions} over the options summary.json records (a container's image and id). */
    public static <S> int execute(WorkloadType<S> type, S settings, TargetSettings target, RunSettings run,
                                  Map<String, Object> extraOptions, CommandSpec command, CommandSpec... echoed) {
        WorkloadType.Opener opener = validated(command, () -> planned(type, settings, target, run, FlagNames.of(echoed),
                warnings(command)));
        return execute(opener, run, List.of(), extraOptions, command, echoed);
    }

    /**
     * Every check a run makes before anything connects: the results directory, the workload's own
     * checks of its settings ({@link WorkloadType#plan}) and a mix's op kinds. {@code bench run --print}
     * makes the same, so what it accepts the run does too.
     *
     * @throws dev.bench.core.BenchException a line for each bad setting, named as {@code names} spells it
     */
    public static <S> WorkloadType.Opener planned(WorkloadType<S> type, S settings, TargetSettings target, RunSettings run,
                                                  SettingNames names, Consumer<String> warnings) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> ResultsDirectory.requireUsable(run.results()));
        if (!type.readsToReplicas()) {
            errors.run(() -> target.requireReadsToPrimary(names, type.name()));
        }
        WorkloadType.Opener planned = errors.check(() -> type.plan(settings, target, run, names, warnings));
        List<String> kinds = errors.check(() -> type.opKinds(settings));
        if (run.mix() != null && kinds != null && !kinds.isEmpty()) {
            errors.run(() -> run.mix().requireKinds(names.of("mix"), kinds));
        }
        errors.throwIfAny();
        return planned;
    }

    /** Prints a planning warning on stderr, one line. */
    public static Consumer<String> warnings(CommandSpec command) {
        return warning -> {
            command.commandLine().getErr().println("bench: warning: " + warning);
            command.commandLine().getErr().flush();
        };
    }

    /**
     * Runs an opened benchmark through the template.
     *
     * @param extraListeners more interval listeners (Noria's --histogram), closed by the caller
     * @param echoed         the commands whose options summary.json records (secrets masked)
     * @return the exit code: 0 ok, 1 stopped early or the check found a mismatch
     */
    public static int execute(WorkloadType.Opener opener, RunSettings run, List<IntervalListener> extraListeners,
                              CommandSpec command, CommandSpec... echoed) {
        return execute(opener, run, extraListeners, Map.of(), command, echoed);
    }

    /** As above, with {@code extraOptions} over the options summary.json records. */
    public static int execute(WorkloadType.Opener opener, RunSettings run, List<IntervalListener> extraListeners,
                              Map<String, Object> extraOptions, CommandSpec command, CommandSpec... echoed) {
        // bound before anything connects: a busy port is bad input; served until the results are written
        LiveMetrics metrics = run.metricsPort() == null ? null
                : validated(command, () -> LiveMetrics.start(FlagNames.of(echoed).of("metrics-port"), run.metricsPort(), workloadName(command)));
        List<IntervalListener> listeners = new ArrayList<>(extraListeners);
        if (metrics != null) {
            listeners.add(metrics);
        }
        Map<String, Object> options = OptionsEcho.of(echoed);
        options.putAll(extraOptions);
        RunContext context = new RunContext(command.commandLine().getOut(), command.commandLine().getErr(),
                Caller.terminal(), run.results(), options, listeners, run.profile());
        try (Benchmark benchmark = opener.open(context.err())) {
            return BenchmarkRun.execute(benchmark, context);
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException(Failures.describe(e), e);
        } finally {
            if (metrics != null) {
                metrics.close();
            }
        }
    }

    /** The workload's command name (vote, oltp-rw, ...): the command under bench's root. */
    private static String workloadName(CommandSpec command) {
        CommandSpec c = command;
        while (c.parent() != null && c.parent().parent() != null) {
            c = c.parent();
        }
        return c.name();
    }
}
