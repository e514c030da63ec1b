package dev.bench.cli.voter;

import dev.bench.cli.CliRunner;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench voter end to end: bad input, the reports, the check, and several client processes. */
class VoterCommandTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "voter --preset VXX                       | Invalid value for option '--preset'",
            "voter --burst-size 0                     | --burst-size must be >= 1, got 0",
            "voter --calls 1050 --burst-size 100      | --calls 1050 is not a multiple of --burst-size 100 (erlvolt would round down to 1000)",
            "voter --preset VSD --queue-size 10       | --queue-size, --slots and --queue-timeout apply to --mode managed only",
            "voter --mode direct --slots 5            | --queue-size, --slots and --queue-timeout apply to --mode managed only",
            "voter --preset VSD --delay 5             | --delay applies to --rhythm bursts only",
            "voter --preset VBD --target 1000         | --target (open loop) replaces the rhythm",
            "voter --procedure                        | --procedure needs PostgreSQL or MySQL/MariaDB",
            "voter --contestants 13                   | --contestants must be 1..12, got 13",
            "voter --calls 100 --burst-size 10 --clients 3 | --calls 100 does not divide among --clients 3",
            "voter --verbosity loud                   | Invalid value for option '--verbosity'",
            "voter --calls 400 --burst-size 2 --clients 2 | --clients needs a server the clients share: give --url",
    })
    void badInputIsOneLineAndExitTwo(String args, String expected) {
        CliRunner r = CliRunner.run(args.split(" +"));

        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: " + expected), r.err());
        assertEquals(2, r.errorLines().size(), "one error line and one hint: " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void anUnreachableServerIsOneLineAndExitOne() {
        CliRunner r = CliRunner.run("voter", "--calls", "100", "--burst-size", "10", "--url",
                "jdbc:postgresql://127.0.0.1:1/nowhere?user=u&password=secret", "--results", tmp.resolve("r").toString());

        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.errorLines().size(), r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: cannot connect to"), r.err());
        assertFalse(r.err().contains("secret"), "the password is never printed");
    }

    @Test
    void burstsOnTheEmbeddedDefaultPrintBothReportsAndCheckExactly() {
        CliRunner r = CliRunner.run("voter", "--preset", "VBD", "--calls", "2000", "--dump-interval", "100",
                "--results", tmp.resolve("h2").toString());

        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Client VBD: at "), "erlvolt's lap lines: " + r.out());
        assertTrue(r.out().contains("  check writes ... ok"), r.out());
        assertTrue(r.out().contains("Client 'VBD' overall: "), r.out());
        assertTrue(r.out().contains("total transactions: 2,000, fails: 0"), r.out());
        assertTrue(r.out().contains("Rejected (Invalid Contestant)"), r.out());
        assertTrue(r.out().contains("The Winner is: "), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\[\\+*]")), "the bar: " + r.out());
        assertTrue(r.out().contains("database: +"), r.out());
    }

    @Test
    void steadyThroughThePostgresFunctionChecksExactly() {
        CliRunner r = CliRunner.run("voter", "--preset", "VSM", "--burst-size", "4", "--slots", "2", "--calls", "1000",
                "--procedure", "--verbosity", "nonverbose", "--url", TestServers.postgresUrl(),
                "--results", tmp.resolve("pg").toString());

        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("  check writes ... ok"), r.out());
        assertTrue(r.out().contains("total transactions: 1,000"), r.out());
    }

    @Test
    void twoClientProcessesReportTheirTotalAndMergedPercentiles() {
        CliRunner r = CliRunner.run("voter", "--preset", "VSD", "--burst-size", "2", "--calls", "400", "--clients", "2",
                "--start-delay", "10", "--verbosity", "quiet", "--url", TestServers.mysqlUrl(), "--results", tmp.resolve("two").toString());

        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Client 'VSD-0' overall: "), r.out());
        assertTrue(r.out().contains("Client 'VSD-1' overall: "), r.out());
        assertTrue(r.out().contains("Total transactions per second: "), r.out());
        assertTrue(r.out().contains("merged sojourn latency, ms: 400 calls"), "both logs added: " + r.out());
        assertTrue(r.out().contains("  check writes ... ok"), r.out());
    }
}
