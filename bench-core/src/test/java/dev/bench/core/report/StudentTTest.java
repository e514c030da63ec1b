package dev.bench.core.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Student's t against published one-sided critical values (any t table) and closed forms. */
class StudentTTest {

    @Test
    void upperQuantilesMatchTheTables() {
        assertEquals(12.706, StudentT.upperQuantile(0.025, 1), 1e-3);
        assertEquals(22.327, StudentT.upperQuantile(0.001, 2), 1e-3);
        assertEquals(7.173, StudentT.upperQuantile(0.001, 4), 1e-3);
        assertEquals(4.501, StudentT.upperQuantile(0.001, 8), 1e-3);
        assertEquals(1.812, StudentT.upperQuantile(0.05, 10), 1e-3);
        assertEquals(3.385, StudentT.upperQuantile(0.001, 30), 1e-3);
    }

    @Test
    void upperTailMatchesClosedForms() {
        // df 1 is the Cauchy distribution: P(T > t) = 1/2 - atan(t)/pi
        assertEquals(0.5 - Math.atan(3) / Math.PI, StudentT.upperTail(3, 1), 1e-12);
        // df 2: P(T > t) = (1 - t / sqrt(2 + t^2)) / 2
        assertEquals((1 - 1.5 / Math.sqrt(2 + 2.25)) / 2, StudentT.upperTail(1.5, 2), 1e-12);
        assertEquals(0.5, StudentT.upperTail(0, 7.3), 1e-15);
        assertEquals(1 - StudentT.upperTail(2.1, 5.5), StudentT.upperTail(-2.1, 5.5), 1e-14);
    }
}
