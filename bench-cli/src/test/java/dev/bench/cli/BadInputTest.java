package dev.bench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input: one clear line, a pointer to --help, exit 2, never a stack trace. */
class BadInputTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "vote --bogus                    | Unknown option: '--bogus'",
            "vote nosuchbackend              | Unmatched argument at index 1: 'nosuchbackend'",
            "vote --target -5 null           | --target must be > 0 and at most 1000000000 ops/s, got -5",
            "vote --target 0 null            | --target must be > 0 and at most 1000000000 ops/s, got 0",
            "vote --target fast null         | Invalid value for option '--target': 'fast' is not a double",
            "vote --write-every 0 null       | --write-every must be >= 1",
            "vote --threads 0 null           | --threads must be 1..10000, got 0",
            "vote --runtime -1 null          | --runtime must be > 0 and at most 31622400 s, got -1",
            "vote -d zipfian null            | Invalid value for option '--distribution'",
            "vote --runtime 1e12 null        | --runtime must be > 0 and at most 31622400 s, got 1000000000000",
            "vote --warmup 1e10 null         | --warmup must be 0..31622400 s, got 10000000000",
            "vote --target 1e300 null        | --target must be > 0 and at most 1000000000 ops/s, got 1.0E300",
            "oltp-rw run --time 99999999999  | --time must be 0..31622400 s, got 99999999999",
            "tpcc run --rate 1e12            | --rate must be 0..1000000000 ops/s",
            "voter --dump-interval 1e15      | Invalid value for option '--dump-interval'",
            "tao run --target -1             | --target must be 0..1000000000 ops/s, got -1",
            "vote --max-lag 1e11 null        | --max-lag must be > 0 and at most 31622400 s, got 100000000000",
            "vote postgres --url notaurl     | unsupported JDBC URL 'notaurl'",
            "oltp-rw run --url notaurl       | unsupported JDBC URL 'notaurl'",
            "tpcc run --url notaurl          | unsupported JDBC URL 'notaurl'",
            "voter --url notaurl             | unsupported JDBC URL 'notaurl'",
            "tao run --url notaurl           | unsupported JDBC URL 'notaurl'",
            "vote --start-at 2000-01-01T00:00:00Z null | --start-at 2000-01-01T00:00:00Z has passed",
            "vote --start-at 2099-01-01T00:00:00Z null | --start-at 2099-01-01T00:00:00Z is ",
            "vote --runtime 0 null           | --runtime must be > 0 and at most 31622400 s, got 0",
            "vote --max-lag 0 null           | --max-lag must be > 0 and at most 31622400 s, got 0",
            "vote -a 1500000000 memory       | -a 1500000000 needs about",
            "''                              | name a workload",
            "vote --schedule 0s:100 null     | --schedule segment '0s:100': the duration must be > 0",
            "vote --schedule 10s:-5 null     | --schedule segment '10s:-5': a rate must be 0..1000000000 ops/s, got -5",
            "vote --schedule 10s:5,fast null | --schedule segment 'fast' is not DURATION:RATE or DURATION:FROM..TO",
            "vote --schedule 10s:x16 null    | a schedule of worker counts (10s:x16) is for a closed loop, and this run offers a rate",
            "tpcc run --rate 10 --schedule 10s:100 | --rate and --schedule exclude each other",
            "oltp-rw run --rate 10 --schedule 10s:100 | --rate and --schedule exclude each other",
            "tao run --schedule 10s:100      | --schedule sets an offered rate over time; tao runs the experiment lines",
            "tao run --schedule 10s:x4 -E 2,0,5 | -E and --schedule exclude each other",
            "oltp-rw run --schedule 10s:x4,5s:100 | --schedule segment '5s:100' is not DURATION:xWORKERS",
            "voter --schedule 10s:100        | --schedule sets the load over time; voter's rhythms",
    })
    void badInputIsOneLineAndExitTwo(String args, String expected) {
        CliRunner r = CliRunner.run(args.isEmpty() ? new String[0] : args.split(" +"));

        assertEquals(2, r.exitCode(), r.err());
        assertEquals(2, r.errorLines().size(), "one error line and one hint: " + r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: " + expected), r.err());
        assertTrue(r.errorLines().get(1).startsWith("Try 'bench"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
        assertEquals("", r.out());
    }

    /** A results path that is a file, or a directory with something in it, is refused before anything connects. */
    @Test
    void resultsThatWouldOverwriteAreRefusedUpFront(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("mine.txt"), "the user's");
        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "the user's too");
        for (Path results : new Path[] {file, full}) {
            CliRunner r = CliRunner.run("oltp-rw", "run", "--url", "jdbc:postgresql://127.0.0.1:1/db", "--results", results.toString());
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(r.errorLines().get(0).contains(results.toString()), r.err());
        }
        assertEquals("the user's", Files.readString(file));
        assertEquals(1, Files.list(full).count());

        Path histogram = Files.writeString(dir.resolve("h.hlog"), "the user's histogram");
        CliRunner h = CliRunner.run("vote", "--histogram", histogram.toString(), "null");
        assertEquals(2, h.exitCode(), h.err());
        assertTrue(h.errorLines().get(0).startsWith("bench: --histogram " + histogram + " exists"), h.err());
        assertEquals("the user's histogram", Files.readString(histogram));
    }

    /** BENCH_TLS is read from the environment, so a child JVM; port 1 would fail differently if it connected. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "pgbench -S -T 1 --url jdbc:postgresql://127.0.0.1:1/db",
            "data-serving --run --oltp-rw --server-ip 127.0.0.1 --port 1",
            "oltp-rw run --url jdbc:postgresql://127.0.0.1:1/db",
    })
    void aBadTlsSettingIsBadInputBeforeAnythingConnects(String args, @TempDir Path dir) throws Exception {
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        command.addAll(List.of(args.split(" +")));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).directory(dir.toFile());
        pb.environment().put("BENCH_TLS", "boringssl");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child exits");

        List<String> err = Files.readAllLines(dir.resolve("err.txt"), StandardCharsets.UTF_8);
        // bench pgbench exits 1 for bad input, as pgbench does; every other command 2
        assertEquals(args.startsWith("pgbench") ? 1 : 2, p.exitValue(), String.join("\n", err));
        assertEquals(List.of("bench: BENCH_TLS must be openssl or jdk, got 'boringssl'"), err.subList(0, 1), String.join("\n", err));
        assertTrue(err.get(err.size() - 1).startsWith("Try 'bench"), String.join("\n", err));
    }

    @Test
    void aRunThatMeasuredNoOpIsNeverOk(@TempDir Path dir) {
        CliRunner r = CliRunner.run("vote", "--target", "1", "--runtime", "0.001", "--warmup", "0", "--articles", "100", "--results",
                dir.resolve("r").toString(), "null");

        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("# measured no op: run has no result"), r.out());
    }

    @Test
    void helpAndVersionWork() {
        CliRunner help = CliRunner.run("--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("vote"), help.out());

        CliRunner voteHelp = CliRunner.run("vote", "--help");
        assertEquals(0, voteHelp.exitCode());
        for (String flag : new String[] {"--target", "--write-every", "--threads", "--articles", "--runtime",
                "--warmup", "--distribution", "--histogram", "--no-prime", "postgres", "mysql", "memory", "null", "h2"}) {
            assertTrue(voteHelp.out().contains(flag), "vote --help names " + flag);
        }

        CliRunner version = CliRunner.run("--version");
        assertEquals(0, version.exitCode());
        assertTrue(version.out().startsWith("bench "), version.out());
    }

    @Test
    void aMistypedPasswordOptionDoesNotPrintThePassword() {
        CliRunner r = CliRunner.run("vote", "postgres", "--pasword", "s3cret-value", "--url", "jdbc:postgresql://h/db?password=other-secret");

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("--pasword"), r.err());
        assertFalse(r.err().contains("s3cret-value"), r.err());
        assertFalse(r.err().contains("other-secret"), r.err());
    }
}
