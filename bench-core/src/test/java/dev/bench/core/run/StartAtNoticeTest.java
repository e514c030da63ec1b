package dev.bench.core.run;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.RunInfo;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A run that waits for --start-at says once what it waits for; one without says nothing. */
class StartAtNoticeTest {

    private static final Instant NOW = Instant.parse("2026-11-22T05:59:19Z");

    @Test
    void aWaitIsOneLineNamingTheInstantAndHowLong() {
        assertEquals("bench: waiting until 2026-11-22T06:00:00Z to start (in 41 s), as --start-at asks" + System.lineSeparator(),
                said(Instant.parse("2026-11-22T06:00:00Z")));
    }

    @Test
    void noStartAtSaysNothing() {
        assertEquals("", said(null));
    }

    private static String said(Instant startAt) {
        StringWriter err = new StringWriter();
        RunConfig config = RunConfig.builder().targetOpsPerSec(10).startAt(startAt).build();
        new StartAtNotice(new PrintWriter(err), () -> NOW).onStart(new RunInfo(config, List.of("op"), 0));
        return err.toString();
    }
}
