package dev.bench.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parsing a schedule as users write it, its integral, and the inverse the arrivals are drawn through. */
class ScheduleTest {

    @Test
    void parsesHoldsAndRampsWithTheirUnits() {
        Schedule s = Schedule.parse("--schedule", "30s:1000, 2m:1000..20000,500ms:0,1h:2.5");
        assertEquals(List.of(new Schedule.Segment(30, 1000, 1000), new Schedule.Segment(120, 1000, 20000),
                new Schedule.Segment(0.5, 0, 0), new Schedule.Segment(3600, 2.5, 2.5)), s.segments());
        assertEquals(30 + 120 + 0.5 + 3600, s.seconds(), 1e-9);
        assertEquals("30s:1000,120s:1000..20000,500ms:0,3600s:2.5", s.toString());
        assertEquals(s.segments(), Schedule.parse("x", s.toString()).segments(), "printed as it parses");
        Schedule named = Schedule.parse("--schedule", "warm=10s:5,spike-1=1s:50..60");
        assertEquals(new Schedule.Segment("spike-1", 1, 50, 60), named.segments().get(1));
        assertEquals("warm=10s:5,spike-1=1s:50..60", named.toString());
    }

    @Test
    void theCountIsTheRatesIntegral() {
        Schedule s = Schedule.parse("--schedule", "10s:1000,10s:1000..3000,5s:0,5s:3000..0");
        assertEquals(10_000, s.count(0, 10), 1e-6);
        assertEquals(20_000, s.count(10, 20), 1e-6, "a ramp's mean is the mid rate");
        assertEquals(1000 * 5 + (1000 + 1500) / 2.0 * 2.5, s.count(5, 12.5), 1e-6);
        assertEquals(0, s.count(20, 25), 1e-9);
        assertEquals(7500, s.count(25, 40), 1e-6, "nothing after the end");
        assertEquals(0, s.count(-5, 0), 1e-9, "nothing before the start");
        assertEquals(2000, s.rateAt(15), 1e-9);
        assertEquals(1500, s.rateAt(27.5), 1e-9);
        assertEquals((10_000 + 20_000 + 7500) / 30.0, s.meanRate(), 1e-9);
    }

    @Test
    void secondsAtInvertsTheCountInEverySegment() {
        Schedule s = Schedule.parse("--schedule", "10s:1000,10s:1000..3000,5s:0,5s:3000..0,2s:0..10,1s:7");
        for (int i = 0; i < s.segmentCount(); i++) {
            double from = i == 0 ? 0 : s.countAtEnd(i - 1);
            for (double f = 0; f < 1; f += 0.01) {
                double count = from + f * (s.countAtEnd(i) - from);
                double t = s.secondsAt(i, count);
                assertEquals(count, s.count(0, t), 1e-6 * Math.max(1, count), "segment " + i + " at " + f);
            }
        }
    }

    @Test
    void holdsAtOneRateRunTogetherForTheArrivalsAndTheInverseHoldsAcrossThem() {
        Schedule s = Schedule.parse("--schedule", "10s:100,20s:100,5s:100..200,5s:200,5s:200,1s:300");
        assertEquals(List.of(1, 1, 2, 4, 4, 5), List.of(s.holdEnd(0), s.holdEnd(1), s.holdEnd(2), s.holdEnd(3),
                s.holdEnd(4), s.holdEnd(5)), "a ramp ends its own run, and so does a change of rate");
        for (int first : new int[] {0, 3}) {
            int end = s.holdEnd(first);
            double from = first == 0 ? 0 : s.countAtEnd(first - 1);
            for (double f = 0; f < 1; f += 0.01) {
                double count = from + f * (s.countAtEnd(end) - from);
                assertEquals(count, s.count(0, s.secondsAt(first, count)), 1e-6 * Math.max(1, count), "run from " + first + " at " + f);
            }
        }
        Schedule warmed = Schedule.constant(1000).afterHold(5);
        assertEquals(1, warmed.holdEnd(0), "a warmup at the window's rate is no boundary to the arrivals");
    }

    @Test
    void aWarmupHoldsTheFirstRateAndClientsShareTheRate() {
        Schedule s = Schedule.parse("--schedule", "10s:100..200").scaled(0.5).afterHold(4);
        assertEquals(14, s.seconds(), 1e-9);
        assertEquals(50, s.rateAt(2), 1e-9);
        assertEquals(4 * 50 + 750, s.count(0, 14), 1e-9);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''|--schedule is empty",
            "30s|--schedule segment '30s' is not DURATION:RATE",
            "30:100|--schedule segment '30:100' is not DURATION:RATE",
            "0s:100|--schedule segment '0s:100': the duration must be > 0",
            "-5s:100|--schedule segment '-5s:100': the duration must be > 0",
            "10s:-1|--schedule segment '10s:-1': a rate must be 0..",
            "10s:abc|--schedule segment '10s:abc': 'abc' is not a rate",
            "10s:100..-3|--schedule segment '10s:100..-3': a rate must be 0..",
            "10s:100,,5s:3|--schedule segment '' is not DURATION:RATE",
            "10s:0,5s:0|--schedule '10s:0,5s:0' offers no ops",
            "10s:x16|--schedule segment '10s:x16': 'x16' is not a rate in ops/s",
            "400d:1|--schedule segment '400d:1' is not DURATION:RATE",
            "9000h:1|--schedule lasts 32400000 s in all"})
    void badInputIsOneLineNamingTheOption(String spec, String message) {
        BenchException e = assertThrows(BenchException.class, () -> Schedule.parse("--schedule", spec));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }
}
