package dev.bench.cli.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TargetSearchTest {

    /** A backend that sustains up to {@code capacity} ops/s; records the targets tried. */
    private static double search(double capacity, double start, double max, int bisect, List<Double> tried) {
        return TargetSearch.highestSustained(start, max, bisect, t -> {
            tried.add(t);
            return t <= capacity;
        });
    }

    @Test
    void doublesUntilBrokenThenBisects() {
        List<Double> tried = new ArrayList<>();
        assertEquals(7250, search(7300, 1000, 1e9, 10, tried));
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 8000.0, 6000.0, 7000.0, 7500.0, 7250.0), tried,
                "stops once the bracket 7250..7500 is within 5 %");
    }

    @Test
    void aBrokenFirstStepBisectsDownwards() {
        List<Double> tried = new ArrayList<>();
        assertEquals(250, search(300, 1000, 1e9, 3, tried));
        assertEquals(List.of(1000.0, 500.0, 250.0, 375.0), tried);
    }

    @Test
    void stopsAtTheCeilingWhenNothingBreaks() {
        List<Double> tried = new ArrayList<>();
        assertEquals(5000, search(1e12, 1000, 5000, 4, tried));
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 5000.0), tried);
    }

    @Test
    void nothingSustainedIsZero() {
        assertEquals(0, search(0, 1000, 1e9, 2, new ArrayList<>()));
    }
}
