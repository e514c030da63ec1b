package dev.bench.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A command line with several mistakes gets them all in one answer, a line each, exit 2, before anything
 * connects (the URL names a port nothing listens on: reaching it would be another error); pgbench's options
 * stay pgbench's, first error only.
 */
class CommandLineErrorsTest {

    private static final String NOWHERE = "jdbc:postgresql://127.0.0.1:1/none";

    @Test
    void threeValuesThatDontConvertAreThreeLines() {
        assertBadInput(List.of("vote", "--articles", "many", "--threads", "x", "--zipf", "y", "postgres", "--url", NOWHERE),
                "bench: Invalid value for option '--articles': 'many' is not a long",
                "bench: Invalid value for option '--threads': 'x' is not an int",
                "bench: Invalid value for option '--zipf': 'y' is not a double",
                "Try 'bench vote --help' for more information.");
    }

    @Test
    void threeSettingsTheWorkloadRefusesAreThreeLines() {
        CliRunner r = CliRunner.run("vote", "--articles", "0", "--write-every", "0", "--threads", "0", "--runtime", "1", "--warmup", "0",
                "postgres", "--url", NOWHERE);

        assertEquals(2, r.exitCode(), r.err());
        assertEquals(4, r.errorLines().size(), "three errors and the --help pointer: " + r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: --articles must be >= 1, got 0"), r.err());
        assertTrue(r.errorLines().get(1).startsWith("bench: --write-every must be >= 1"), r.err());
        assertTrue(r.errorLines().get(2).startsWith("bench: --threads must be 1..10000, got 0"), r.err());
        assertFalse(r.err().contains("refused"), "nothing connected: " + r.err());
    }

    @Test
    void threeOfSysbenchsSettingsAreThreeLines() {
        assertBadInput(List.of("oltp-rw", "run", "--tables", "0", "--table-size", "0", "--percentile", "101", "--url", NOWHERE),
                "bench: --tables must be >= 1, got 0",
                "bench: --table-size must be >= 1, got 0",
                "bench: --percentile must be 0..100, got 101",
                "Try 'bench oltp-rw run --help' for more information.");
    }

    @Test
    void anUnknownOptionAmongBadValuesIsALineToo() {
        assertBadInput(List.of("oltp-rw", "run", "--tables", "x", "--bogus", "--threads", "y", "--url", NOWHERE),
                "bench: Invalid value for option '--tables': 'x' is not an int",
                "bench: Invalid value for option '--threads': 'y' is not an int",
                "bench: Unknown option: '--bogus'", // picocli collects what it can't match after the rest
                "Try 'bench oltp-rw run --help' for more information.");
    }

    @Test
    void pgbenchsOptionErrorsStayPgbenchs() {
        CliRunner r = CliRunner.run("pgbench", "-c", "x", "-j", "y", "-T", "z");

        assertEquals(1, r.exitCode(), "pgbench exits 1 for a bad option: " + r.err());
        assertEquals(1, r.errorLines().stream().filter(l -> !l.startsWith("Try ")).count(), "its first error, as pgbench stops there: " + r.err());
    }

    /** Exit 2 and these lines on stderr, nothing else. */
    private static void assertBadInput(List<String> args, String... lines) {
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(List.of(lines), r.errorLines());
    }
}
