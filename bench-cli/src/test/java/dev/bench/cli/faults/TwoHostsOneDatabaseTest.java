package dev.bench.cli.faults;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.BenchMain;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.ResultsJson;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several clients across hosts, for real: two client JVMs, each in a network namespace of its own (its
 * own address, its own route to the server), write one PostgreSQL at one agreed start; {@code bench merge}
 * from a third place checks once what both were told: ok, and the counts exact.
 */
class TwoHostsOneDatabaseTest {

    @BeforeAll
    static void lab() {
        FaultMatrixTest.requireLab();
    }

    @Test
    void twoClientsInTwoNamespacesMergeWithOneExactCheck(@TempDir Path tmp) throws Exception {
        try (NetworkNamespace hostA = NetworkNamespace.create(190);
             NetworkNamespace hostB = NetworkNamespace.create(hostA.number() + 1);
             PrivatePostgres pg = new PrivatePostgres(24000 + hostA.number());
             TcpRelay toA = new TcpRelay(hostA.hostAddress(), pg.port());
             TcpRelay toB = new TcpRelay(hostB.hostAddress(), pg.port())) {
            String local = pg.url("127.0.0.1", pg.port());
            String vote = "vote --target 300 --write-every 5 --warmup 0 -a 1000 --threads 2";
            CliRunner prime = CliRunner.run((vote + " --runtime 0.5 --results " + tmp.resolve("prime") + " postgres --url " + local).split(" "));
            assertEquals(0, prime.exitCode(), prime.err());

            Instant startAt = Instant.now().plusSeconds(8);
            List<Process> clients = new ArrayList<>();
            List<Path> dirs = new ArrayList<>();
            NetworkNamespace[] hosts = {hostA, hostB};
            String[] urls = {pg.url(hostA.hostAddress(), toA.port()), pg.url(hostB.hostAddress(), toB.port())};
            for (int i = 0; i < 2; i++) {
                Path dir = tmp.resolve("host-" + i);
                dirs.add(dir);
                List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
                cmd.addAll(Arrays.asList((vote + " --runtime 4 --no-prime --clients 2 --client-id " + i + " --start-at " + startAt
                        + " --results " + dir + " postgres --url " + urls[i]).split(" ")));
                clients.add(new ProcessBuilder(hosts[i].inside(cmd)).redirectOutput(tmp.resolve(i + ".out").toFile())
                        .redirectError(tmp.resolve(i + ".err").toFile()).start());
            }
            for (int i = 0; i < 2; i++) {
                assertTrue(clients.get(i).waitFor(90, TimeUnit.SECONDS), "client " + i + " ended");
                assertEquals(0, clients.get(i).exitValue(), Files.readString(tmp.resolve(i + ".err")));
            }

            CliRunner merge = CliRunner.run("merge", "--results", tmp.resolve("merged").toString(), "--url", local,
                    dirs.get(0).toString(), dirs.get(1).toString());
            assertEquals(0, merge.exitCode(), merge.out() + merge.err());
            JsonNode merged = ResultsJson.read(tmp.resolve("merged").resolve("summary.json"));
            long told = dirs.stream().mapToLong(d -> ResultsJson.read(d.resolve("summary.json")).path("acknowledged_votes").asLong()).sum();
            assertTrue(told > 0);
            assertEquals(told, merged.path("acknowledged_votes").asLong());
            String verdict = merged.path("integrity").path("verdict").asText();
            assertTrue(verdict.startsWith("ok: votes acknowledged " + told + ", new vote rows " + told + ", added to counts " + told), verdict);
            assertTrue(verdict.endsWith("(once over 2 clients)"), verdict);
        }
    }
}
