package dev.bench.core.profile;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When the profile starts and where it goes, from the listener calls the engine makes; the profiler is real. */
class WindowProfilerTest {

    private static final long MS = 1_000_000;
    /** Where {@link #busy} leaves its work, so the JIT keeps it. */
    private static volatile long sink;

    /** A sample per ms of CPU, so {@link #busy}'s 100 ms are seen. */
    @BeforeAll
    static void sampleFinely() {
        System.setProperty(AsyncCpuSampler.INTERVAL_PROPERTY, "1000");
    }

    @AfterAll
    static void sampleAsDefault() {
        System.clearProperty(AsyncCpuSampler.INTERVAL_PROPERTY);
    }

    @Test
    void warmupIsNotProfiledAndAPhaseThatEndsInItHasNoProfile(@TempDir Path dir) {
        WindowProfiler profiler = new WindowProfiler(dir, "");
        profiler.onStart(info(Duration.ofSeconds(1)));
        profiler.onInterval(interval(-1000 * MS, -500 * MS, true));
        profiler.close();

        assertNull(profiler.profile());
        assertEquals(0, dir.toFile().list().length, "no file");
    }

    @Test
    void theWindowStartsWhereTheWarmupsLastIntervalEnds(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("02-run"));
        WindowProfiler profiler = new WindowProfiler(dir, "02-run");
        profiler.onStart(info(Duration.ofSeconds(1)));
        profiler.onInterval(interval(-500 * MS, 0, true));
        busy();
        profiler.onEnd(null);
        profiler.close(); // once stopped, closing again changes nothing

        ClientProfile profile = profiler.profile();
        assertEquals(List.of("profile.html", "profile-collapsed.txt"), profile.files(), profile.line(dir));
        assertEquals("# profile: " + dir.resolve("02-run/profile.html") + " (" + profile.profiler() + ", " + profile.event() + " every 1.0 ms)",
                profile.line(dir.resolve("02-run")));
        assertTrue(Files.readString(dir.resolve("02-run/profile-collapsed.txt")).contains("WindowProfilerTest.busy"));
    }

    @Test
    void withoutWarmupTheWindowStartsWithThePhase(@TempDir Path dir) {
        WindowProfiler profiler = new WindowProfiler(dir, "");
        profiler.onStart(info(Duration.ZERO));
        busy();
        profiler.close();

        assertEquals("profile.html", profiler.profile().files().get(0));
        assertTrue(Files.isRegularFile(dir.resolve("profile.html")));
    }

    private static RunInfo info(Duration warmup) {
        return new RunInfo(RunConfig.builder().warmup(warmup).build(), List.of("op"), 0);
    }

    private static IntervalSnapshot interval(long startNanos, long endNanos, boolean warmup) {
        return new IntervalSnapshot(startNanos, endNanos, warmup, 0, List.of());
    }

    /** 100 ms of CPU for the sampler to see. */
    private static void busy() {
        long end = System.nanoTime() + 100 * MS;
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.toString(x).hashCode();
        }
        sink = x;
    }
}
