package dev.bench.cli.workload;

import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One workload run as data: the workload, its settings, target and run settings, and the commands whose
 * flags it came from (for error messages and the options summary.json echoes).
 */
public record WorkloadRequest<S>(WorkloadType<S> type, S settings, TargetSettings target, RunSettings run,
                                 List<CommandSpec> commands) {

    /** The same run offered at {@code opsPerSec}. */
    public WorkloadRequest<S> atRate(double opsPerSec) {
        run.requireNoSchedule(FlagNames.of(commands.toArray(CommandSpec[]::new)), "a sweep offers constant rates of its own");
        return new WorkloadRequest<>(type, type.withTargetRate(settings, opsPerSec), target, run, commands);
    }

    public WorkloadRequest<S> withResults(Path dir) {
        return new WorkloadRequest<>(type, settings, target, run.withResults(dir), commands);
    }

    public WorkloadRequest<S> withTarget(TargetSettings newTarget) {
        return new WorkloadRequest<>(type, settings, newTarget, run, commands);
    }

    /** Makes every check the run would before connecting ({@link WorkloadRun#planned}); bad input exits 2. */
    public void check() {
        CommandSpec[] specs = commands.toArray(CommandSpec[]::new);
        WorkloadRun.validated(specs[0], () -> WorkloadRun.planned(type, settings, target, run, FlagNames.of(specs), warning -> { }));
    }

    /** Runs it: the workload checks its settings first (bad input exits 2), then the template runs it. */
    public int execute() {
        return execute(Map.of());
    }

    /** Runs it, with {@code echoed} added to the options summary.json records (a container's image and id). */
    public int execute(Map<String, Object> echoed) {
        CommandSpec[] specs = commands.toArray(CommandSpec[]::new);
        return WorkloadRun.execute(type, settings, target, run, echoed, specs[0], specs);
    }
}
