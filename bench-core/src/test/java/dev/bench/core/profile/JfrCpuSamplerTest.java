package dev.bench.core.profile;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fallback where async-profiler can't load: a JFR recording with method samples of the busy thread. */
class JfrCpuSamplerTest {

    private static volatile long sink;

    @Test
    void writesARecordingWithExecutionSamples(@TempDir Path dir) throws IOException {
        JfrCpuSampler sampler = new JfrCpuSampler();
        assertEquals("jdk.ExecutionSample", sampler.start());
        long end = System.nanoTime() + 300_000_000L;
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.toString(x).hashCode();
        }
        sink = x;
        assertEquals(List.of("profile.jfr"), sampler.stop(dir));

        List<RecordedEvent> samples = RecordingFile.readAllEvents(dir.resolve("profile.jfr")).stream()
                .filter(e -> e.getEventType().getName().equals("jdk.ExecutionSample")).toList();
        assertTrue(samples.stream().anyMatch(e -> e.getStackTrace() != null && e.getStackTrace().getFrames().stream()
                .anyMatch(f -> f.getMethod().getType().getName().equals(JfrCpuSamplerTest.class.getName()))),
                samples.size() + " samples, none of this test's thread");
    }
}
