package dev.bench.cli;

import dev.bench.core.testing.ResultsInvariants;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C (SIGINT to a real child JVM) ends a run on its embedded default early and keeps its results:
 * exit 130, summary.json and report.html written. H2's own shutdown hook used to close the file
 * databases under oltp-rw and tpcc ("Database is already closed", exit 1, no results).
 */
class CtrlCKeepsResultsTest {

    private static final long SECONDS_BEFORE_CTRL_C = 4;

    @ParameterizedTest
    @ValueSource(strings = {"vote --target 2000 --runtime 60 --warmup 0",
            "oltp-rw run --time 60 --threads 2 --table-size 2000",
            "tpcc run --scale 1 --time 60 --threads 2",
            "voter --calls 10000000 --burst-size 4",
            "tao -load -n 2000 -load-threads 2 -run -E 2,0,60"})
    void ctrlCEndsTheRunAndKeepsEveryResultsFile(String command, @TempDir Path dir) throws Exception {
        if (command.startsWith("oltp-rw")) {
            assertEquals(0, bench(dir, "oltp-rw prepare --table-size 2000").waitFor(60, TimeUnit.SECONDS) ? 0 : -1);
        } else if (command.startsWith("tpcc")) {
            Process prepare = bench(dir, "tpcc prepare --scale 1");
            assertTrue(prepare.waitFor(120, TimeUnit.SECONDS), "tpcc prepare within 120 s");
            assertEquals(0, prepare.exitValue(), Files.readString(dir.resolve("err.txt")));
        }
        Process run = bench(dir, command + " --results r");
        Path summary = dir.resolve("r").resolve("summary.json");
        // the run has started once its first interval is written
        for (int i = 0; i < 600 && !Files.exists(dir.resolve("r")); i++) {
            Thread.sleep(100);
        }
        Thread.sleep(SECONDS_BEFORE_CTRL_C * 1000);
        assertTrue(run.isAlive(), "still running when interrupted: " + Files.readString(dir.resolve("err.txt")));
        new ProcessBuilder("kill", "-INT", Long.toString(run.pid())).start().waitFor();
        assertTrue(run.waitFor(30, TimeUnit.SECONDS), "ended within 30 s of Ctrl-C");
        String err = Files.readString(dir.resolve("err.txt"));
        assertEquals(130, run.exitValue(), err);
        assertFalse(err.contains("already closed"), err);
        assertTrue(Files.exists(summary), "summary.json written: " + err);
        ResultsInvariants.assertHold(dir.resolve("r"));
        assertTrue(Files.exists(dir.resolve("r").resolve("report.html")), "report.html written: " + err);
    }

    /** This build's bench in a child JVM, working in {@code dir} (its embedded databases are files there). */
    private static Process bench(Path dir, String args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(List.of(args.split(" ")));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
    }
}
