package dev.bench.core.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** A CPU sampler of this process: async-profiler, or JFR where async-profiler can't load. */
interface CpuSampler {

    /** What samples, for the report: {@code async-profiler 4.1}, {@code jfr}. */
    String name();

    /**
     * Starts sampling every thread's CPU.
     *
     * @return the event that samples
     * @throws IllegalStateException no event could start (another profile of this process is running)
     */
    String start();

    /**
     * Stops and writes the profile into {@code dir}.
     *
     * @return the files' names, the flame graph (or recording) first
     */
    List<String> stop(Path dir) throws IOException;

    /** The CPU time between samples, in µs, once started. */
    long intervalMicros();
}
