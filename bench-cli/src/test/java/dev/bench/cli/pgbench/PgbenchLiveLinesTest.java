package dev.bench.cli.pgbench;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * pgbench's live lines (-P, --verbose-errors) go to the err writer given to {@code BenchMain.execute}, masked
 * like every other line, not to System.err. On an in-memory H2 database with scripts of its own: no tables.
 */
class PgbenchLiveLinesTest {

    private static final String PASSWORD = "Pgb9live4Secret";

    @TempDir
    Path dir;

    @Test
    void progressLinesGoToTheCommandsErr() throws Exception {
        Path script = Files.writeString(dir.resolve("select.sql"), "SELECT 1;\n");
        CliRunner r = CliRunner.run("pgbench", "--url", "jdbc:h2:mem:pgbench-live-progress", "-f", script.toString(),
                "-T", "2", "-P", "1", "-R", "50", "--results", dir.resolve("results").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("progress: 1.0 s, ")), r.err());
    }

    /** The driver's message quotes a URL with the password in it; the line comes out with the password masked. */
    @Test
    void verboseErrorsGoToTheCommandsErrMasked() throws Exception {
        Path script = Files.writeString(dir.resolve("fails.sql"),
                "SELECT CAST('jdbc:postgresql://bob:" + PASSWORD + "@db.example/x' AS INT);\n");
        CliRunner r = CliRunner.run("pgbench", "--url", "jdbc:h2:mem:pgbench-live-errors;USER=sa;PASSWORD=" + PASSWORD,
                "-f", script.toString(), "-t", "1", "--verbose-errors", "--results", dir.resolve("results").toString());
        String error = r.err().lines().filter(l -> l.startsWith("pgbench: client 0 got an error in command 0 (SQL) of script 0; "))
                .findFirst().orElse("");
        assertTrue(error.contains("jdbc:postgresql://bob:****@db.example/x"), r.err());
        assertTrue(r.err().contains("pgbench: client 0 ends the failed transaction"), r.err());
        assertFalse(r.err().contains(PASSWORD), r.err());
        assertFalse(r.out().contains(PASSWORD), r.out());
    }
}
