package dev.bench.workloads.sysbench.cpu;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.run.RunSettings;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cpu test's options as an engine phase: sysbench's event queue as the max lag, sysbench's checks. */
class CpuSettingsTest {

    private static RunConfig config(CpuSettings settings) {
        return settings.config(RunSettings.DEFAULTS, SettingNames.FLAGS);
    }

    @Test
    void withARateTheRunStopsWhenAboutAQueueOfEventsWaits() {
        RunConfig c = config(CpuSettings.DEFAULTS.withRate(1000));
        assertTrue(c.isOpenLoop());
        assertEquals(1000, c.targetOpsPerSec());
        assertEquals(Duration.ofMillis(131_072), c.maxLag(), "131072 events at 1000 per second");
    }

    /** sysbench takes any rate: above bench's settings' limit the engine still offers it, and the queue fills at once. */
    @Test
    void aRateAboveWhatAnyMachineKeepsUpWithIsOfferedAsGivenWithTheShortestLag() {
        RunConfig c = config(CpuSettings.DEFAULTS.withRate(2e9));
        assertEquals(2e9, c.targetOpsPerSec());
        assertEquals(Duration.ofMillis(1), c.maxLag(), "131072 / 2e9 s is 66 us: the engine's shortest, 1 ms");
    }

    @Test
    void closedLoopNoEventIsCutOffAtTheEnd() {
        RunConfig c = config(CpuSettings.DEFAULTS);
        assertFalse(c.isOpenLoop());
        assertEquals(Duration.ofSeconds(Require.MAX_SECONDS), c.maxLag());
        assertEquals(Duration.ofSeconds(10), c.duration());
        assertEquals(1, c.threads());
    }

    @Test
    void badValuesAreRefusedInSysbenchsWords() {
        assertEquals("Invalid value for --threads: 0", assertThrows(BenchException.class,
                () -> config(new CpuSettings(0, 10000, 0, CpuSettings.DEFAULTS.sysbench()))).getMessage());
        assertEquals("Invalid value of cpu-max-prime: 0.", assertThrows(BenchException.class,
                () -> config(new CpuSettings(1, 0, 0, CpuSettings.DEFAULTS.sysbench()))).getMessage());
        assertThrows(BenchException.class, () -> config(CpuSettings.DEFAULTS.withRate(-1)));
    }

    @Test
    void aSeedGivenIsUsedAndNoneMeansTheClock() {
        RunConfig seeded = config(new CpuSettings(1, 10000, 7, CpuSettings.DEFAULTS.sysbench()));
        assertEquals(7, seeded.seed());
        assertFalse(new CpuSettings(1, 10000, 7, CpuSettings.DEFAULTS.sysbench()).clockSeeded());
        assertTrue(CpuSettings.DEFAULTS.clockSeeded());
    }

    @Test
    void anEventCountsThePrimesBelowTheLimitFromThree() {
        assertEquals(1228, CpuWorkload.primes(10000), "the 1229 primes below 10000, less 2");
        assertEquals(0, CpuWorkload.primes(1));
    }
}
