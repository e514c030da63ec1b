package dev.bench.core.results.verify;

import dev.bench.core.metrics.ClientCost;
import dev.bench.core.results.ClientCostReport;
import dev.bench.core.results.HandMadeRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** summary.json's client figures as the run writes them hold; each one made inconsistent is one line. */
class ClientChecksTest {

    /** 300 ops (HandMadeRun's 3 s), 0.6 s user + 0.15 s system over 3.2 s on 2 cores. */
    private static final ClientCost COST = new ClientCost(600_000_000, 150_000_000, 3_200_000_000L, 2, 300,
            4, 9, 5, 52_000, 410_000, 2_100_000, 2, 6_000_000_000L, 1_500_000_000L, Double.NaN);

    private static Map<String, Object> runWith(Path dir, Map<String, Object> client) throws Exception {
        Map<String, Object> s = HandMadeRun.run(dir, 3);
        s.put("client", client);
        HandMadeRun.write(dir, s);
        return s;
    }

    private static List<String> broken(Path dir) {
        return ResultsVerifier.verify(List.of(dir)).broken();
    }

    /** Writes a run with this client block: exactly one broken line, saying {@code part}. */
    private static void oneLineSaying(Path dir, Map<String, Object> client, String part) throws Exception {
        runWith(dir, client);
        List<String> lines = broken(dir);
        assertEquals(1, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).contains(part), lines.get(0));
    }

    @Test
    void theFiguresAsWrittenHold(@TempDir Path tmp) throws Exception {
        runWith(tmp, ClientCostReport.json(COST));
        assertEquals(List.of(), broken(tmp));
        assertEquals(2500.0, COST.cpuMicrosPerOp(), 1e-9);
    }

    @Test
    void aCpuPerOpThatIsNotCpuOverOpsIsOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Object> client = ClientCostReport.json(COST);
        client.put("cpu_us_per_op", 2000.0);
        oneLineSaying(tmp, client, "client.cpu_us_per_op 2000.0, but (user + system) / ops is 2500");
    }

    @Test
    void opsOtherThanTheRunsAndABoundVerdictAgainstTheUtilisationAreCaught(@TempDir Path tmp) throws Exception {
        Map<String, Object> client = ClientCostReport.json(new ClientCost(600_000_000, 150_000_000, 3_200_000_000L, 2, 301,
                4, 9, 5, 52_000, 410_000, 2_100_000, 2, 6_000_000_000L, 1_500_000_000L, Double.NaN));
        client.put("client_bound", true);
        runWith(tmp, client);
        List<String> lines = broken(tmp);
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).contains("client.ops 301, the run completed 300"), lines.get(0));
        assertTrue(lines.get(1).contains("client.client_bound true with a utilisation of 0.117"), lines.get(1));
    }

    /** 1.5 s behind with a quarter of the workers in a call meanwhile: starved of CPU by others, and said so. */
    @Test
    void aScheduleThatFellBehindWithFreeWorkersIsClientBound(@TempDir Path tmp) throws Exception {
        ClientCost starved = new ClientCost(600_000_000, 150_000_000, 3_200_000_000L, 2, 300,
                4, 9, 5, 52_000, 410_000, 2_100_000, 2, 1_920_000_000L, 1_500_000_000L, 0.25);
        assertTrue(starved.clientBound());
        Map<String, Object> client = ClientCostReport.json(starved);
        client.put("client_bound", false);
        oneLineSaying(tmp, client, "a backlog 1.5 s late and the workers serving 0.3 of the time, 0.25 of them in a call while it was");
    }

    @Test
    void aLagWhoseMeanPassesItsMaxIsCaught(@TempDir Path tmp) throws Exception {
        oneLineSaying(tmp, ClientCostReport.json(new ClientCost(600_000_000, 150_000_000, 3_200_000_000L, 2, 300,
                4, 9, 5, 3_000_000, 410_000, 2_100_000, 2, 6_000_000_000L, 1_500_000_000L, Double.NaN)),
                "client.schedule_lag_us mean 3000.0, p99 410.0, max 2100.0: not ordered");
    }
}
