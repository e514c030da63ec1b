package dev.bench.cli.report;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench verify}'s exit codes and lines on real runs, and {@code bench merge}'s refusals through the CLI. */
class VerifyCommandTest {

    @Test
    void aRealRunHoldsAndATamperedOneIsNamed(@TempDir Path tmp) throws Exception {
        Path run = tmp.resolve("run");
        assertEquals(0, CliRunner.shortVote(run).exitCode());
        CliRunner ok = CliRunner.run("verify", run.toString());
        assertEquals(0, ok.exitCode(), ok.out() + ok.err());
        assertTrue(ok.out().matches("verified: \\d+ invariants\\R"), ok.out());

        Path summary = run.resolve("summary.json");
        Files.writeString(summary, Files.readString(summary).replaceFirst("\"window_s\": [0-9.]+", "\"window_s\": 10.0"));
        CliRunner broken = CliRunner.run("verify", run.toString());
        assertEquals(1, broken.exitCode(), broken.out() + broken.err());
        assertTrue(broken.out().contains(run + ": summary.json window_s 10.000 but intervals.csv ends at"), broken.out());
        assertTrue(broken.out().lines().noneMatch(l -> l.startsWith("verified")), broken.out());
    }

    @Test
    void notAResultsDirectoryIsBadInput(@TempDir Path tmp) throws Exception {
        CliRunner r = CliRunner.run("verify", tmp.toString());
        assertEquals(2, r.exitCode());
        assertEquals(List.of("bench: " + tmp + " is not a results directory: it has no summary.json"), r.errorLines());

        Files.writeString(tmp.resolve("summary.json"), "{ not json");
        CliRunner unreadable = CliRunner.run("verify", tmp.toString());
        assertEquals(2, unreadable.exitCode());
        assertEquals(1, unreadable.errorLines().size(), unreadable.err());
    }

    /** Two clients of one run merge and verify against their files; the same client twice is refused, exit 2. */
    @Test
    void aMergeAddsUpToItsClientsAndTheSameClientTwiceIsRefused(@TempDir Path tmp) throws Exception {
        String startAt = Instant.now().plusSeconds(2).toString();
        List<Path> clients = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path dir = tmp.resolve("client-" + i);
            clients.add(dir);
            String id = String.valueOf(i);
            Thread t = new Thread(() -> CliRunner.shortVote(dir, "--clients", "2", "--client-id", id, "--start-at", startAt));
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(30_000);
        }
        Path merged = tmp.resolve("merged");
        CliRunner merge = CliRunner.run("merge", "--results", merged.toString(), clients.get(0).toString(), clients.get(1).toString());
        assertEquals(0, merge.exitCode(), merge.out() + merge.err());
        CliRunner verify = CliRunner.run("verify", merged.toString(), clients.get(0).toString(), clients.get(1).toString());
        assertEquals(0, verify.exitCode(), verify.out() + verify.err());
        dev.bench.core.results.verify.ResultsInvariants.assertHold(merged, clients.get(0), clients.get(1));

        CliRunner twice = CliRunner.run("merge", "--results", tmp.resolve("twice").toString(), clients.get(0).toString(),
                clients.get(0).toString());
        assertEquals(2, twice.exitCode(), twice.out() + twice.err());
        assertEquals(List.of("bench: " + clients.get(0) + " and " + clients.get(0) + " are the same directory: its ops "
                + "would count twice; give each client's results once"), twice.errorLines());
        assertTrue(!Files.exists(tmp.resolve("twice")), "nothing written");

        // a client whose latency.hlog is not what its summary counts: refused as verify would fail it, exit 2
        Path swapped = tmp.resolve("swapped");
        Files.createDirectories(swapped);
        for (String f : List.of("summary.json", "intervals.csv")) {
            Files.copy(clients.get(0).resolve(f), swapped.resolve(f));
        }
        Files.copy(clients.get(1).resolve("latency.hlog"), swapped.resolve("latency.hlog"));
        CliRunner refused = CliRunner.run("merge", "--results", tmp.resolve("refused").toString(), swapped.toString(),
                clients.get(1).toString());
        assertEquals(2, refused.exitCode(), refused.out() + refused.err());
        assertEquals(1, refused.errorLines().size(), refused.err());
        assertTrue(refused.errorLines().get(0).startsWith("bench: " + swapped + " fails bench verify ("), refused.err());
        assertTrue(!Files.exists(tmp.resolve("refused")), "nothing written");
    }
}
