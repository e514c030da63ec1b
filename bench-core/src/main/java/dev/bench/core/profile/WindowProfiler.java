package dev.bench.core.profile;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Profiles the client process's CPU over one phase's measured window, as the client cost is measured: from
 * the window's start (not prepare, load or warmup) until the workers are done, and writes the flame graph
 * into the phase's results directory. Profiling never fails a run: where async-profiler does not load, JFR
 * records instead, and where nothing can, {@link #profile()} says why.
 *
 * <pre>{@code
 * WindowProfiler profiler = new WindowProfiler(runDir, "");   // a one-phase run's files are at the top
 * Engine.run(workload, config, List.of(profiler, ...));
 * profiler.close();                                            // stopped already, unless the phase threw
 * out.println(profiler.profile().line(runDir));
 * }</pre>
 *
 * <p>The window's start is taken from the engine's own listener calls, with no hook of its own: a phase
 * without warmup starts it as it starts ({@link #onStart}); with warmup, the warmup's last interval ends at
 * the window's start, to the reporter's wake (its intervals count from there).
 *
 * <p>Threading: the engine's calling thread, which also makes the listener calls.
 */
public final class WindowProfiler implements IntervalListener, AutoCloseable {

    private final Path runDir;
    private final String phaseDirectory;
    private boolean started;
    private CpuSampler sampler;
    private String event;
    private String note;
    private ClientProfile profile;

    /**
     * @param runDir         the run's results directory
     * @param phaseDirectory the phase's directory inside it, {@code ""} for a one-phase run
     */
    public WindowProfiler(Path runDir, String phaseDirectory) {
        this.runDir = runDir;
        this.phaseDirectory = phaseDirectory;
    }

    @Override
    public void onStart(RunInfo info) {
        if (info.config().warmup().isZero()) {
            start();
        }
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (!started && interval.endNanos() >= 0) {
            start();
        }
    }

    @Override
    public void onEnd(RunResult result) {
        close();
    }

    /** Stops and writes the profile if it is still running (a phase that threw before its end). */
    @Override
    public void close() {
        if (sampler == null) {
            return;
        }
        CpuSampler running = sampler;
        sampler = null;
        try {
            List<String> files = running.stop(runDir.resolve(phaseDirectory));
            profile = new ClientProfile(running.name(), event, running.intervalMicros(), files, note);
        } catch (IOException | RuntimeException e) {
            profile = new ClientProfile(running.name(), event, running.intervalMicros(), List.of(), "not written: " + e.getMessage());
        }
    }

    /** What was profiled and where it was written; null when the phase stopped before its measured window. */
    public ClientProfile profile() {
        return profile;
    }

    private void start() {
        started = true;
        String unavailable;
        try {
            sampler = AsyncCpuSampler.load();
            event = sampler.start();
            return;
        } catch (LinkageError | RuntimeException e) {
            unavailable = "async-profiler did not start here (" + e.getMessage() + "), JFR instead";
        }
        try {
            sampler = new JfrCpuSampler();
            event = sampler.start();
            note = unavailable;
        } catch (RuntimeException e) {
            sampler = null;
            profile = new ClientProfile("none", "none", 0, List.of(), unavailable + ", which failed too: " + e.getMessage());
        }
    }
}
