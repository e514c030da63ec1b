package dev.bench.core.profile;

import one.profiler.AsyncProfiler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * async-profiler's CPU sampling: perf_events' {@code cpu-clock} where the kernel allows it (the only one with
 * kernel frames), else {@code ctimer} (timer_create per thread), else {@code itimer} (one process timer). Its
 * own {@code cpu} event falls back the same way but does not say which it used; asking for each in turn does.
 *
 * <p>The profile is taken as text from the profiler's Java API and written here, so no path goes through
 * its comma-separated arguments.
 */
final class AsyncCpuSampler implements CpuSampler {

    static final String FLAME_GRAPH = "profile.html";
    static final String COLLAPSED = "profile-collapsed.txt";
    /** 1 ms of CPU per sample: ~1,000 samples per busy core-second, a few µs each. */
    static final long INTERVAL_NANOS = 1_000_000;
    private static final List<String> EVENTS = List.of("cpu-clock", "ctimer", "itimer");

    private final AsyncProfiler profiler;

    private AsyncCpuSampler(AsyncProfiler profiler) {
        this.profiler = profiler;
    }

    /**
     * @throws LinkageError or {@link IllegalStateException}: the native library does not load here (another OS
     *                      or architecture, a noexec temporary directory)
     */
    static AsyncCpuSampler load() {
        return new AsyncCpuSampler(AsyncProfiler.getInstance());
    }

    @Override
    public String name() {
        return "async-profiler " + profiler.getVersion();
    }

    @Override
    public String start() {
        RuntimeException refused = null;
        for (String event : EVENTS) {
            try {
                profiler.execute("start,event=" + event + ",interval=" + INTERVAL_NANOS);
                return event;
            } catch (IllegalStateException | IllegalArgumentException | IOException e) {
                refused = refused == null ? new IllegalStateException(event + ": " + e.getMessage()) : refused;
            }
        }
        throw refused;
    }

    @Override
    public List<String> stop(Path dir) throws IOException {
        profiler.execute("stop");
        Files.writeString(dir.resolve(FLAME_GRAPH), profiler.execute("flamegraph,title=bench client CPU over the measured window"));
        Files.writeString(dir.resolve(COLLAPSED), profiler.execute("collapsed"));
        return List.of(FLAME_GRAPH, COLLAPSED);
    }
}
