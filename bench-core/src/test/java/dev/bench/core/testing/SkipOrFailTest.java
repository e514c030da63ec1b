package dev.bench.core.testing;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A missing service skips a test, or fails it where CI asked for the services; a missing Docker only skips. */
class SkipOrFailTest {

    @Test
    void aMissingServiceSkipsWithTheReason() {
        TestAbortedException skipped = assertThrows(TestAbortedException.class, () -> SkipOrFail.missing("no memcached", false));
        assertTrue(skipped.getMessage().contains("no memcached"), skipped.getMessage());
    }

    @Test
    void aMissingServiceFailsUnderBenchRequireServices() {
        AssertionFailedError failed = assertThrows(AssertionFailedError.class, () -> SkipOrFail.missing("no memcached", true));
        assertEquals("no memcached; BENCH_REQUIRE_SERVICES is set, so this is a failure", failed.getMessage());
    }

    /** SQL Server's tests: the flag promises services.sh's servers, and no script here can start a Docker engine. */
    @Test
    void noDockerSkipsEvenUnderBenchRequireServices() {
        TestAbortedException skipped = assertThrows(TestAbortedException.class, () -> SkipOrFail.skipWithoutDocker("no SQL Server", false));
        assertTrue(skipped.getMessage().startsWith("no SQL Server (BENCH_REQUIRE_SERVICES promises"), skipped.getMessage());
        SkipOrFail.skipWithoutDocker("no SQL Server", true); // where Docker answers, the test goes on
    }
}
