package dev.bench.cli.pgbench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * pgbench's repeatable flags (-N, -S, -n are boolean arrays) go into summary.json as values: written as
 * Java's array hash ("[Z@49097b5d"), they differed in every process, and two identical clients of one run
 * could not be merged ("different settings"). And {@code -?} is pgbench's help, as in pgbench.
 */
class PgbenchClientsMergeTest {

    @Test
    void twoIdenticalClientsWithSkipSomeUpdatesMerge(@TempDir Path tmp) throws Exception {
        String url = TestServers.postgresUrl();
        assertEquals(0, CliRunner.run("pgbench", "--url", url, "-i", "-s", "1", "-q").exitCode(), "init");
        String startAt = Instant.now().plusSeconds(3).toString();
        List<Path> clients = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        CliRunner[] runs = new CliRunner[2];
        for (int i = 0; i < 2; i++) {
            Path dir = tmp.resolve("client-" + i);
            clients.add(dir);
            int id = i;
            Thread t = new Thread(() -> runs[id] = CliRunner.run("pgbench", "--url", url, "-N", "-c", "2", "-T", "2", "-n",
                    "--clients", "2", "--client-id", String.valueOf(id), "--start-at", startAt, "--results", dir.toString()));
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(60_000);
        }
        for (CliRunner r : runs) {
            assertEquals(0, r.exitCode(), r.err());
        }
        JsonNode options = ResultsJson.read(clients.get(0).resolve("summary.json")).path("options");
        assertEquals("[true]", options.path("skip-some-updates").toString(), options.toString());
        assertEquals("[true]", options.path("no-vacuum").toString(), options.toString());
        assertEquals("[]", options.path("select-only").toString(), options.toString());

        CliRunner merge = CliRunner.run("merge", "--results", tmp.resolve("merged").toString(), clients.get(0).toString(),
                clients.get(1).toString());
        assertEquals(0, merge.exitCode(), merge.out() + merge.err());
    }

    @Test
    void questionMarkIsTheHelpAsInPgbench() {
        CliRunner help = CliRunner.run("pgbench", "--help");
        CliRunner question = CliRunner.run("pgbench", "-?");
        assertEquals(0, question.exitCode(), question.err());
        assertEquals(help.out(), question.out());
        assertFalse(question.out().isEmpty());
    }
}
