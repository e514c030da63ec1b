package dev.bench.cli.scenario;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bad scenario is one line {@code FILE:LINE: key: message}, exit 2, before anything connects (the
 * URL names a port nothing listens on: reaching it would be a different error).
 */
class ScenarioErrorsTest {

    private static final String BASE = """
            workload: vote
            backend: postgres
            target:
              url: jdbc:postgresql://127.0.0.1:1/none?user=u&password=hunter2
            settings:
              articles: 1000
            phases:
              - {name: warm, duration: 1s, rate: 100, measured: false}
              - {name: ramp, duration: 2s, rate: 100..500}
            """;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "articles: 1000|articles: 1000\\n  bogus: 3|:7: bogus: unknown for vote postgres",
            "articles: 1000|articles: -5|:6: articles: must be >= 1",
            "articles: 1000|articles: many|:6: articles: 'many' is not a long",
            "articles: 1000|articles: [1, 2]|:6: articles: must be one value",
            "rate: 100..500|rate: 100..-5|:9: rate: must be 0..1000000000 ops/s, or FROM..TO",
            "duration: 2s, rate: 100..500|duration: 0s, rate: 100..500|:9: duration: must be a duration > 0",
            "duration: 2s, rate: 100..500|duration: 2s, rate: 100..500, color: red|:9: color: unknown key in a phase",
            "name: ramp|name: 2ramp|:9: name: '2ramp' must be a word",
            "measured: false|measured: maybe|:8: measured: must be true or false",
            "rate: 100, measured: false|rate: 200, measured: false|:8: rate: the warmup runs at the first measured rate",
            "workload: vote|workload: vote\\nseconds: 3|:2: seconds: unknown key; a scenario has",
            "backend: postgres|backend: oracle|: backend: vote has no 'oracle'",
            "settings:\\n  articles: 1000|settings: 5|:5: settings: must be a mapping",
            "  articles: 1000|  articles: 1000\\n  schedule: 10s:5|:7: schedule: the phases set it; leave it out",
            "  articles: 1000|  articles: 1000\\n  max-lag: -1|:7: max-lag: must be > 0 and at most 31622400 s, got -1",
            "duration: 2s, rate: 100..500|duration: 2s, workers: 4|:9: workers: the phases give worker counts (closed loop) or rates",
            "rate: 100, measured: false}\\n  - {name: ramp, duration: 2s, rate: 100..500}"
                    + "|workers: 4, measured: false}\\n  - {name: ramp, duration: 2s, workers: lots}"
                    + "|:9: workers: must be a count of workers 0..10000; got 'lots'",
            "rate: 100, measured: false}\\n  - {name: ramp, duration: 2s, rate: 100..500}"
                    + "|workers: 4, measured: false}\\n  - {name: ramp, duration: 2s, workers: 4}"
                    + "|: a schedule of worker counts (ramp=2s:x4) is for a closed loop",
            "settings:\\n  articles: 1000|metrics: {port: http}\\nsettings:\\n  articles: 1000|:5: metrics-port: 'http' is not an int",
            "rate: 100, measured: false|rate: 100, measured: false, mix: {read: 1}|:8: mix: the warmup runs the first measured phase's mix",
            "duration: 2s, rate: 100..500|duration: 2s, rate: 100..500, mix: {read: -1}|:9: mix: the weight of read must be a number >= 0",
            "duration: 2s, rate: 100..500|duration: 2s, rate: 100..500, mix: 5|:9: mix: must map op kinds to weights",
            "duration: 2s, rate: 100..500|duration: 2s, rate: 100..500, mix: {read: 0}|:9: mix: segment ramp gives every kind weight 0",
            "duration: 2s, rate: 100..500|duration: 2s, rate: 100..500, mix: {votes: 1}|:9: mix: segment ramp names op kind 'votes'",
            "  articles: 1000|  articles: 1000\\n  articles: 2000|:7: duplicate key 'articles' (first on line 6)",
            "backend: postgres|backend: postgres\\nbackend: memory|:3: duplicate key 'backend' (first on line 2)",
            "duration: 2s, rate: 100..500|duration: 2s, rate: 100..500, rate: 9|:9: duplicate key 'rate' (first on line 9)",
            "name: ramp|name: warm|:9: name: 'warm' is also the phase on line 8; give each phase its own name",
            "  articles: 1000|  articles: 1000\\n  start-at: 2099-01-01T00:00:00Z|:7: start-at: 2099-01-01T00:00:00Z is ",
    })
    void badInputIsOneLineNamingFileLineAndKey(String from, String to, String expected, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, BASE.replace(from.replace("\\n", "\n"), to.replace("\\n", "\n")));
        CliRunner r = CliRunner.run("run", file.toString());
        CliRunner printed = CliRunner.run("run", "--print", file.toString());

        assertEquals(2, r.exitCode(), r.err());
        assertEquals(r.err().replaceAll("\\d+ s away", "N s away"), printed.err().replaceAll("\\d+ s away", "N s away"),
                "--print makes every check the run makes");
        assertEquals(2, printed.exitCode(), printed.err());
        String first = r.errorLines().get(0);
        assertTrue(first.startsWith("bench: " + file + expected), r.err());
        assertEquals(1, r.errorLines().size(), "one line, as docs/scenarios.md says (the --help pointer explains no file line): " + r.err());
        assertFalse(r.err().contains("hunter2"), "the file's password is masked");
        assertFalse(r.err().contains("Connection refused"), "nothing connected: " + r.err());
    }

    @Test
    void everyErrorOfTheFileAtOnceEachWithItsLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, """
                workload: vote
                backend: memory
                color: red
                settings:
                  articles: 1000
                  bogus: 3
                phases:
                  - {name: warm, duration: 1s, rate: fast, measured: false}
                  - {name: ramp, duration: 0s, rate: 100..500}
                  - {name: hold, duration: 2s, rate: 500, mix: {read: 0}}
                """);
        CliRunner r = CliRunner.run("run", file.toString(), "--seed", "x");
        CliRunner printed = CliRunner.run("run", "--print", file.toString(), "--seed", "x");

        assertEquals(2, r.exitCode(), r.err());
        assertEquals(r.err(), printed.err(), "--print makes every check the run makes");
        assertEquals(List.of(
                "bench: " + file + ":3: color: unknown key; a scenario has backend, metrics, phases, run, settings, step, target, workload",
                "bench: " + file + ":8: rate: must be 0..1000000000 ops/s, or FROM..TO for a ramp; got 'fast'",
                "bench: " + file + ":9: duration: must be a duration > 0 such as 500ms, 30s, 2m, 1h; got '0s'",
                "bench: " + file + ":10: mix: segment hold gives every kind weight 0; give one a weight > 0",
                "bench: " + file + ":6: bogus: unknown for vote memory (see bench vote memory --help)"), r.errorLines());
    }

    /** Values are converted by their options' types, every one that doesn't convert a line, before the workload's checks. */
    @Test
    void everyValueThatDoesNotConvertAtOnce(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, BASE.replace("articles: 1000", "articles: many\n  threads: x\n  no-prime: maybe"));
        CliRunner r = CliRunner.run("run", file.toString(), "--zipf", "y");

        assertEquals(2, r.exitCode(), r.err());
        assertEquals(List.of(
                "bench: " + file + ":6: articles: 'many' is not a long",
                "bench: " + file + ":7: threads: 'x' is not an int",
                "bench: " + file + ":8: no-prime: must be true or false, got 'maybe'",
                "bench: --zipf 'y' is not a double"), r.errorLines());
    }

    @Test
    void commandLineOptionsOverrideTheFileAndPrintShowsTheResult(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, BASE);
        CliRunner r = CliRunner.run("run", "--print", file.toString(), "--articles", "77", "--seed=9");

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("articles: \"77\"") || r.out().contains("articles: 77"), r.out());
        assertTrue(r.out().contains("# runs: bench vote --articles 77 --seed 9 --schedule ramp=2s:100..500 --warmup 1.0 postgres --url"),
                r.out());
        assertFalse(r.out().contains("hunter2"), r.out());
        assertTrue(r.out().contains("password=****"), r.out());

        CliRunner bad = CliRunner.run("run", file.toString(), "--articles", "0");
        assertEquals(2, bad.exitCode(), bad.err());
        assertTrue(bad.errorLines().get(0).startsWith("bench: --articles must be >= 1"), bad.err());
    }

    @Test
    void aPhasesMixIsPrintedAndBecomesMix(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, BASE.replace("rate: 100..500}", "rate: 100..500, mix: {read: 1, write: 0.5}}"));
        CliRunner r = CliRunner.run("run", "--print", file.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  mix:\n    read: 1\n    write: 0.5\n"), r.out());
        assertTrue(r.out().contains("--schedule ramp=2s:100..500 --mix ramp:read=1/write=0.5 --warmup 1.0"), r.out());

        CliRunner twice = CliRunner.run("run", file.toString(), "--mix", "ramp:read=1");
        assertEquals(2, twice.exitCode(), twice.err());
        assertTrue(twice.errorLines().get(0).contains("--mix the phases set it; leave it out"), twice.err());

        // vote knows its kinds before connecting (the URL's port 1 would be another error)
        Files.writeString(file, BASE.replace("rate: 100..500}", "rate: 100..500, mix: {votes: 1}}"));
        CliRunner unknown = CliRunner.run("run", file.toString());
        assertEquals(2, unknown.exitCode(), unknown.err());
        assertTrue(unknown.errorLines().get(0).contains("segment ramp names op kind 'votes', which this workload does not have;"
                + " its kinds: write, read"), unknown.err());
    }

    @Test
    void aMissingOrMalformedFileIsOneLine(@TempDir Path dir) throws Exception {
        CliRunner missing = CliRunner.run("run", dir.resolve("none.yaml").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.errorLines().get(0).endsWith("none.yaml: no such file"), missing.err());

        Path broken = Files.writeString(dir.resolve("b.yaml"), "workload: vote\nsettings: {articles: 3\n");
        CliRunner r = CliRunner.run("run", broken.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.errorLines().get(0).startsWith("bench: " + broken + ":"), r.err());
        assertEquals(1, r.errorLines().size(), r.err());
    }
}
