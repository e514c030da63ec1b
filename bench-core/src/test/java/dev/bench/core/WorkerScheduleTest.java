package dev.bench.core;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkerScheduleTest {

    @Test
    void segmentsHoldTheirCountsInTurn() {
        WorkerSchedule w = WorkerSchedule.parse("--schedule", "30s:x16, peak=500ms:x128,1m:x4");

        assertEquals(90.5, w.seconds(), 1e-9);
        assertEquals(128, w.maxWorkers());
        assertEquals(16, w.activeAt(-5), "warmup runs the first segment's count");
        assertEquals(16, w.activeAt(29.99));
        assertEquals(128, w.activeAt(30.2));
        assertEquals(4, w.activeAt(90));
        assertEquals(0, w.activeAt(90.5), "none after the end");
        assertEquals("30s:x16,peak=500ms:x128,60s:x4", w.toString());
    }

    @Test
    void aWorkerOutOfTheScheduleIsToldWhenItsTurnComes() {
        WorkerSchedule w = WorkerSchedule.parse("--schedule", "10s:x2,10s:x8,10s:x1,10s:x8");

        assertEquals(3.0, w.nextActive(1, 3.0), "active now: now");
        assertEquals(10.0, w.nextActive(5, 3.0));
        assertEquals(30.0, w.nextActive(5, 21.0), "skips the segment where it is still out");
        assertEquals(Double.POSITIVE_INFINITY, w.nextActive(8, 0), "never in the schedule");
        assertEquals(Double.POSITIVE_INFINITY, w.nextActive(0, 40), "after the end");
    }

    @Test
    void workerCountsAreToldApartFromRates() {
        assertTrue(WorkerSchedule.describes("30s:x16,30s:x128"));
        assertTrue(WorkerSchedule.describes("30s:1000,30s:x4"), "mixed: parsed as workers, and refused there");
        assertFalse(WorkerSchedule.describes("30s:1000,60s:1000..20000"));
        assertFalse(WorkerSchedule.describes(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "30s:1000,30s:x4|segment '30s:1000' is not DURATION:xWORKERS",
            "0s:x4|the duration must be > 0",
            "30s:x0|runs no worker",
            "30s:x20000|a worker count must be 0..10000, got 20000",
            "30s:x4..x8|is not DURATION:xWORKERS",
            "30s:x4,|segment '' is not",
            "400d:x4|is not DURATION:xWORKERS",
            "8785h:x1|at most 31622400 (a year)",
    })
    void badSpecsAreOneLineNamingTheOption(String spec, String expected) {
        String message = assertThrows(BenchException.class, () -> WorkerSchedule.parse("--schedule", spec)).getMessage();
        assertTrue(message.startsWith("--schedule"), message);
        assertTrue(message.contains(expected), message);
        assertFalse(message.contains("\n"), message);
    }
}
