package dev.bench.core.profile;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;

import java.io.IOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.List;

/**
 * JFR's method sampling with its {@code profile} settings (Java stacks every 10-20 ms), where async-profiler's
 * native library does not load: a {@code .jfr} recording for JDK Mission Control or {@code jfr print}.
 */
final class JfrCpuSampler implements CpuSampler {

    static final String RECORDING = "profile.jfr";
    /** The {@code profile} settings' period for Java stacks. */
    private static final long INTERVAL_MICROS = 10_000;

    private Recording recording;

    @Override
    public String name() {
        return "jfr";
    }

    @Override
    public String start() {
        try {
            recording = new Recording(Configuration.getConfiguration("profile"));
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("JFR's profile settings: " + e.getMessage(), e);
        }
        recording.start();
        return "jdk.ExecutionSample";
    }

    @Override
    public long intervalMicros() {
        return INTERVAL_MICROS;
    }

    @Override
    public List<String> stop(Path dir) throws IOException {
        try {
            recording.stop();
            recording.dump(dir.resolve(RECORDING));
        } finally {
            recording.close();
        }
        return List.of(RECORDING);
    }
}
