package dev.bench.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** BENCH_DEBUG turns stack traces on only when set to a yes: BENCH_DEBUG=0 in a CI file keeps them off. */
class OneLineErrorsTest {

    @ParameterizedTest
    @ValueSource(strings = {"1", "true", "TRUE", "yes", " yes "})
    void aYesTurnsTracesOn(String value) {
        assertTrue(OneLineErrors.debugTraces(value), value);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "0", "false", "no", "off", "2"})
    void unsetOrAnythingElseLeavesThemOff(String value) {
        assertFalse(OneLineErrors.debugTraces(value), String.valueOf(value));
    }
}
