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
 * perf_events cost the client at every context switch of a sampled thread (a blocking JDBC call is two), so
 * a run that switches often costs more profiled: {@code itimer} (one process timer) costs least, without
 * kernel frames.
 *
 * <p>The profile is taken as text from the profiler's Java API and written here, so no path goes through
 * its comma-separated arguments.
 */
final class AsyncCpuSampler implements CpuSampler {

    static final String FLAME_GRAPH = "profile.html";
    static final String COLLAPSED = "profile-collapsed.txt";
    /**
     * 10 ms of CPU per sample (async-profiler's own default): ~100 samples per busy core-second. Measured at
     * pgbench -S -R 8000 (docs/results.md), 1 ms cost the client ~25 % more CPU per op, 10 ms 9-17 %.
     */
    static final long INTERVAL_NANOS = 10_000_000;
    /** JVM properties for other choices (BENCH_OPTS=-Dbench.profile-event=itimer): the interval in µs, the first event tried. */
    static final String INTERVAL_PROPERTY = "bench.profile-interval-us";
    static final String EVENT_PROPERTY = "bench.profile-event";
    private static final List<String> EVENTS = List.of("cpu-clock", "ctimer", "itimer");

    private final AsyncProfiler profiler;
    private long intervalNanos;

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
        long interval = Math.max(1, Long.getLong(INTERVAL_PROPERTY, INTERVAL_NANOS / 1000)) * 1000;
        String first = System.getProperty(EVENT_PROPERTY, EVENTS.get(0));
        List<String> events = EVENTS.contains(first) ? EVENTS.subList(EVENTS.indexOf(first), EVENTS.size()) : EVENTS;
        for (String event : events) {
            try {
                profiler.execute("start,event=" + event + ",interval=" + interval);
                intervalNanos = interval;
                return event;
            } catch (IllegalStateException | IllegalArgumentException | IOException e) {
                refused = refused == null ? new IllegalStateException(event + ": " + e.getMessage()) : refused;
            }
        }
        throw refused;
    }

    @Override
    public long intervalMicros() {
        return intervalNanos / 1000;
    }

    @Override
    public List<String> stop(Path dir) throws IOException {
        profiler.execute("stop");
        Files.writeString(dir.resolve(FLAME_GRAPH), profiler.execute("flamegraph,title=bench client CPU over the measured window"));
        Files.writeString(dir.resolve(COLLAPSED), profiler.execute("collapsed"));
        return List.of(FLAME_GRAPH, COLLAPSED);
    }
}
