package dev.bench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input: one clear line, a pointer to --help, exit 2, never a stack trace. */
class BadInputTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "vote --bogus                    | Unknown option: '--bogus'",
            "vote nosuchbackend              | Unmatched argument at index 1: 'nosuchbackend'",
            "vote --target -5 null           | --target must be > 0 ops/s, got -5.0",
            "vote --target 0 null            | --target must be > 0 ops/s, got 0.0",
            "vote --target fast null         | Invalid value for option '--target': 'fast' is not a double",
            "vote --write-every 0 null       | --write-every must be >= 1",
            "vote --threads 0 null           | --threads must be 1..10000, got 0",
            "vote --runtime -1 null          | --runtime must be a number of seconds >= 0, got -1.0",
            "vote -d zipfian null            | Invalid value for option '--distribution'",
            "''                              | name a workload",
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
