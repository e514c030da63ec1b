package dev.bench.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A signal's status stands even when the command it stopped returns its own (1) and the main thread
 * reaches its exit after the shutdown hooks are done, before the signal's halt ({@link SlowToExitMain}).
 */
class SignalStatusTest {

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void theSignalsStatusStandsWhenTheMainThreadExitsAfterTheHooks(String signal, int expected) throws Exception {
        Process child = new ProcessBuilder("env", "--default-signal=INT",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:auto",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), SlowToExitMain.class.getName())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("ready", out.readLine());
            new ProcessBuilder(List.of("kill", "-" + signal, Long.toString(child.pid()))).start().waitFor();
            assertEquals("main TIMED_WAITING", out.readLine(), "the main thread must wait for the signal's halt, not halt itself");
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child did not exit");
            assertEquals(expected, child.exitValue());
        } finally {
            child.destroyForcibly();
        }
    }
}
