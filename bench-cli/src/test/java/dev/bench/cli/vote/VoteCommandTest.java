package dev.bench.cli.vote;

import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.cli.CliRunner;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The vote command end to end, as a user runs it. */
class VoteCommandTest {

    private static final String[] SHORT = {"vote", "--target", "2000", "--runtime", "1", "--warmup", "0.3",
            "--articles", "1000", "--write-every", "20"};

    @Test
    void theMainJobRunsOnEmbeddedH2ByDefault(@TempDir Path tmp) throws Exception {
        Path results = tmp.resolve("run");
        Path hlog = tmp.resolve("noria.hlog");
        CliRunner r = CliRunner.run(concat(SHORT, "--results", results.toString(), "--histogram", hlog.toString()));

        assertEquals(0, r.exitCode(), r.err());
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].startsWith("# generated ops/s: "), r.out());
        assertTrue(lines[1].startsWith("# actual ops/s: "), r.out());
        assertEquals("# op\tpct\tsojourn\tremote", lines[2]);
        assertTrue(r.out().contains("# integrity: ok: votes acknowledged "), r.out());
        assertTrue(r.out().contains("# results: " + results), r.out());
        assertTrue(r.err().contains("ops/s"), "live progress on stderr");

        String summary = Files.readString(results.resolve("summary.json"));
        ResultsInvariants.assertHold(results);
        assertTrue(summary.contains("\"backend\": \"h2\""), summary);
        assertTrue(summary.contains("\"ok\": true"), summary);
        assertTrue(summary.contains("\"p99.9\""), summary);
        assertTrue(Files.readString(results.resolve("intervals.csv")).lines().count() > 2);
        assertTrue(Files.readString(results.resolve("latency.hlog")).contains("Tag=read.sojourn"));
        assertTrue(Files.readString(hlog).contains("Tag=write.service"));
    }

    @Test
    void aNonEmptyResultsDirectoryIsRefused(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("mine.txt"), "keep");
        CliRunner r = CliRunner.run(concat(SHORT, "--results", tmp.toString(), "null"));

        assertEquals(2, r.exitCode(), "bad input, refused before anything connects (issue 19: it was 1, after priming)");
        assertTrue(r.errorLines().get(0).contains("is not empty"), r.err());
        assertEquals("keep", Files.readString(tmp.resolve("mine.txt")));
    }

    @Test
    void noPrimeAgainstAnEmptyDatabaseIsAClearError() {
        CliRunner r = CliRunner.run(concat(SHORT, "--no-prime", "h2", "--url", "jdbc:h2:mem:empty-for-no-prime"));

        assertEquals(1, r.exitCode());
        assertEquals(1, r.errorLines().size(), r.err());
        assertTrue(r.errorLines().get(0).matches("bench: table '(art|vt)' does not exist in .*run once without --no-prime.*"),
                r.err());
    }

    @Test
    void anUnreachableServerIsOneLine() {
        CliRunner r = CliRunner.run(concat(SHORT, "postgres", "--url", "jdbc:postgresql://127.0.0.1:1/bench",
                "--user", "bench", "--password", "hunter2"));

        assertEquals(1, r.exitCode());
        assertEquals(1, r.errorLines().size(), r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: cannot connect to jdbc:postgresql://127.0.0.1:1/bench: "), r.err());
        assertFalse(r.err().contains("hunter2"));
    }

    @Test
    void aWrongPasswordIsOneLineAndNeverPrinted() {
        String url = TestServers.postgresUrl().replaceAll("password=[^&]*", "password=not-the-password");
        CliRunner r = CliRunner.run(concat(SHORT, "postgres", "--url", url));

        assertEquals(1, r.exitCode());
        assertEquals(1, r.errorLines().size(), r.err());
        assertTrue(r.errorLines().get(0).contains("password authentication failed"), r.err());
        assertFalse(r.err().contains("not-the-password") || r.out().contains("not-the-password"));
    }

    @Test
    void postgresRunChecksIntegrityAndMasksThePassword(@TempDir Path tmp) throws Exception {
        String url = TestServers.postgresUrl();
        String password = url.replaceAll(".*password=([^&]*).*", "$1");
        CliRunner r = CliRunner.run(concat(SHORT, "--results", tmp.resolve("pg").toString(), "postgres", "--url", url));

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("# integrity: ok"), r.out());
        String summary = Files.readString(tmp.resolve("pg/summary.json"));
        ResultsInvariants.assertHold(tmp.resolve("pg"));
        assertTrue(summary.contains("PostgreSQL"), summary);
        assertFalse(summary.contains("password=" + password), "password must be masked: " + summary);
        assertFalse(r.out().contains(password) || r.err().contains("password=" + password));
    }

    @Test
    void mysqlRunChecksIntegrity(@TempDir Path tmp) {
        CliRunner r = CliRunner.run(concat(SHORT, "-d", "skewed", "--results", tmp.resolve("my").toString(),
                "mysql", "--url", TestServers.mysqlUrl()));

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("# integrity: ok"), r.out());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
