package dev.bench.cli.resident;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench sysbench} served by the resident process as in a JVM of its own: the same output (figures
 * aside), exit codes and FATAL lines, the embedded database and the results directory in the caller's
 * directory, and served even when its stdin is a pipe, as under sysbench's cram suite (it reads none).
 */
class ResidentSysbenchTest {

    private static final List<String> TABLE = List.of("--tables=1", "--table-size=200");

    @Test
    void aServedSysbenchRunIsAsAFreshOneInTheCallersDirectory(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            Path fresh = Files.createDirectory(root.resolve("fresh"));
            Path served = Files.createDirectory(root.resolve("served"));
            for (String command : List.of("prepare", "run", "cleanup")) {
                List<String> args = sysbench(command);
                ResidentFixture.Running a = ResidentFixture.Running.of(
                        ResidentFixture.client(fresh, Stream.concat(Stream.of(f.launcher.toString()), args.stream()).toList()));
                ResidentFixture.Running b = ResidentFixture.Running.of(f.call(served, args)
                        .redirectInput(ProcessBuilder.Redirect.PIPE));  // cram's commands read a pipe
                assertEquals("", a.assertExit(0, 120), command);
                assertEquals("", b.assertExit(0, 120), command);
                assertEquals(figuresAside(a.out().join()), figuresAside(b.out().join()), command);
                assertFalse(f.log().contains("pid " + b.process().pid() + ": fallback"), f.log());  // it logs every fallback
                if (command.equals("run")) {
                    assertTrue(b.out().join().contains("        read:                            100\n"), b.out().join());
                    assertTrue(Files.exists(served.resolve("bench-h2")), "the embedded database in the caller's directory");
                    try (Stream<Path> results = Files.list(served.resolve("results"))) {
                        assertEquals(1, results.count(), "the run's results directory in the caller's directory");
                    }
                }
            }
            assertFalse(Files.exists(f.dir.resolve("bench-h2")), "nothing in the resident's directory");
        }
    }

    @Test
    void aServedCallsBadOptionIsSysbenchsFatalLineAndExitCode(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            List<String> args = List.of("sysbench", "oltp_point_select", "--threads=three", "run");
            ResidentFixture.Running a = ResidentFixture.Running.of(
                    ResidentFixture.client(root, Stream.concat(Stream.of(f.launcher.toString()), args.stream()).toList()));
            ResidentFixture.Running b = ResidentFixture.Running.of(f.call(root, args));
            int code = a.exit(120);
            assertEquals(code, b.exit(120));
            assertEquals(1, code, "sysbench's exit code for a bad option value");
            assertEquals(a.out().join() + a.err().join(), b.out().join() + b.err().join());
            assertFalse(f.log().contains("pid " + b.process().pid() + ": fallback"), f.log());
        }
    }

    private static List<String> sysbench(String command) {
        return Stream.of(Stream.of("sysbench", "oltp_point_select"), TABLE.stream(),
                Stream.of("--events=100", "--time=0", "--rand-seed=7", command)).flatMap(s -> s).toList();
    }

    /** Timings differ between any two runs; counts and text must not. */
    private static String figuresAside(String out) {
        return out.lines().map(l -> l.matches(".*(per sec|time|min|avg|max|percentile|sum|stddev).*")
                ? l.replaceAll("[0-9]+(\\.[0-9]+)?", "N").replaceAll(" +", " ") : l).reduce("", (x, y) -> x + y + "\n");
    }
}
