package dev.bench.core.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.Hosts;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.engine.Engine;
import dev.bench.core.metrics.HostStats;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.results.verify.ResultsInvariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Per-host recording against a backend whose hosts are known in advance: writes are served by one
 * host and take 2 ms, reads by another and take 0.1 ms, and every 5th read batch fails there. Each op
 * must count against the host that served it, the hosts must add up to the run, and its latency must
 * be the one that host gave.
 */
class HostsRecordingTest {

    private static final String PRIMARY = "primary.hosts-test:1";
    private static final String REPLICA = "replica.hosts-test:2";
    private static final RunConfig CONFIG = RunConfig.builder().threads(3).targetOpsPerSec(1_500)
            .warmup(Duration.ofMillis(100)).duration(Duration.ofMillis(600)).maxRetries(0).build();

    /** write (weight 1) on PRIMARY, read (weight 3) on REPLICA, which fails every 5th read batch; 7 stale reads there. */
    static final class TwoHosts implements Workload {
        final int primary = Hosts.indexOf(PRIMARY);
        final int replica = Hosts.indexOf(REPLICA);
        final AtomicLong readBatches = new AtomicLong();

        @Override
        public List<OpKind> kinds() {
            return List.of(new OpKind("write", 1, 1), new OpKind("read", 3, 1));
        }

        @Override
        public boolean isReadOnly(OpKind kind) {
            return kind.name().equals("read");
        }

        @Override
        public Session openSession(int workerIndex) {
            return new Session() {
                @Override
                public void execute(Batch batch) {
                    if (batch.kind() == 0) {
                        spin(2_000_000);
                    } else {
                        spin(100_000);
                        if (readBatches.incrementAndGet() % 5 == 0) {
                            throw new IllegalStateException("refused");
                        }
                    }
                }

                @Override
                public int host(int kind) {
                    return kind == 0 ? primary : replica;
                }
            };
        }

        @Override
        public ErrorKind classify(Exception failure) {
            return ErrorKind.FAILED;
        }

        @Override
        public long staleReads(int host) {
            return host == replica ? 7 : 0;
        }
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    @Test
    void eachOpCountsAgainstTheHostThatServedItAndTheHostsAddUpToTheRun() {
        RunResult r = Engine.run(new TwoHosts(), CONFIG, List.of());

        assertTrue(r.manyHosts());
        assertEquals(List.of(PRIMARY, REPLICA), r.hosts().stream().map(HostStats::host).toList());
        HostStats primary = r.hosts().get(0);
        HostStats replica = r.hosts().get(1);
        assertEquals(r.kind("write").completed(), primary.kinds().get(0).completed());
        assertEquals(0, primary.kinds().get(1).completed() + primary.failed());
        assertEquals(r.kind("read").completed(), replica.kinds().get(1).completed());
        assertEquals(r.kind("read").outcomes().failed(), replica.failed());
        assertTrue(replica.failed() > 0, "some reads failed: " + replica.failed());
        assertEquals(0, replica.kinds().get(0).completed());
        assertTrue(primary.kinds().get(0).service().getValueAtPercentile(50) >= 2_000_000);
        assertTrue(replica.kinds().get(1).service().getValueAtPercentile(50) < 2_000_000);
        assertEquals(7, replica.staleReads());
        assertEquals(0, primary.staleReads());
    }

    /**
     * Ops of one batch on two hosts (a memcached pool: each key on its server), named per op: even op indexes on
     * one, odd on the other; every 4th batch fails. The session tallies each host's completed and failed ops itself.
     */
    @Test
    void eachOpOfABatchCountsAgainstTheHostItNamed() {
        int even = Hosts.indexOf("even.hosts-test:3");
        int odd = Hosts.indexOf("odd.hosts-test:4");
        long[][] told = new long[2][2]; // [even, odd][completed, failed]
        AtomicLong batches = new AtomicLong();
        Workload pool = new Workload() {
            @Override
            public List<OpKind> kinds() {
                return List.of(new OpKind("get", 1, 8));
            }

            @Override
            public Session openSession(int workerIndex) {
                return batch -> {
                    for (int i = 0; i < batch.size(); i++) {
                        batch.servedBy(i, batch.opIndex(i) % 2 == 0 ? even : odd);
                    }
                    boolean fails = batches.incrementAndGet() % 4 == 0;
                    synchronized (told) {
                        for (int i = 0; i < batch.size(); i++) {
                            told[(int) (batch.opIndex(i) % 2)][fails ? 1 : 0]++;
                        }
                    }
                    spin(200_000);
                    if (fails) {
                        throw new IllegalStateException("refused");
                    }
                };
            }

            @Override
            public ErrorKind classify(Exception failure) {
                return ErrorKind.FAILED;
            }
        };
        RunResult r = Engine.run(pool, RunConfig.builder().threads(2).targetOpsPerSec(20_000).duration(Duration.ofMillis(500))
                .maxRetries(0).build(), List.of());

        Map<String, HostStats> byName = new java.util.HashMap<>();
        r.hosts().forEach(h -> byName.put(h.host(), h));
        assertEquals(java.util.Set.of("even.hosts-test:3", "odd.hosts-test:4"), byName.keySet());
        for (int parity = 0; parity < 2; parity++) {
            HostStats h = byName.get(parity == 0 ? "even.hosts-test:3" : "odd.hosts-test:4");
            assertEquals(told[parity][0], h.kinds().get(0).completed(), h.host());
            assertEquals(told[parity][1], h.failed(), h.host());
            assertTrue(told[parity][0] > 0 && told[parity][1] > 0, h.host() + ": " + java.util.Arrays.toString(told[parity]));
        }
        assertEquals(r.kind("get").completed(), told[0][0] + told[1][0]);
    }

    @Test
    void summaryAndReportShowTheHostsAndTheyAddUp(@TempDir Path tmp) throws Exception {
        BenchmarkRunTest.ScriptedBenchmark b = new BenchmarkRunTest.ScriptedBenchmark(List.of(new PhasePlan("run", CONFIG)), true) {
            @Override
            protected Workload workload(PhasePlan phase) {
                return new TwoHosts();
            }
        };
        StringWriter out = new StringWriter();
        Path dir = tmp.resolve("r");

        BenchmarkRun.execute(b, new RunContext(new PrintWriter(out), new PrintWriter(new StringWriter()), false, dir,
                Map.of("threads", 3), List.of()));

        ResultsInvariants.assertHold(dir);
        JsonNode summary = ResultsJson.read(dir.resolve(ResultsDirectory.SUMMARY));
        JsonNode hosts = summary.path("hosts");
        long reads = hosts.path(REPLICA).path("ops").path("read").path("completed").asLong();
        assertEquals(summary.path("ops").path("read").path("completed").asLong(), reads);
        assertTrue(reads > 0);
        assertEquals(7, hosts.path(REPLICA).path("stale_reads").asLong());
        String report = out.toString();
        assertTrue(report.contains("# host ") && report.contains("stale reads"), report);
        assertTrue(report.lines().anyMatch(l -> l.startsWith("# " + REPLICA) && l.contains(" read ")), report);
    }

    @Test
    void aRunOnOneHostShowsNoHosts(@TempDir Path tmp) throws Exception {
        BenchmarkRunTest.ScriptedBenchmark b = new BenchmarkRunTest.ScriptedBenchmark(List.of(new PhasePlan("run", CONFIG)), true);
        StringWriter out = new StringWriter();
        Path dir = tmp.resolve("r");

        BenchmarkRun.execute(b, new RunContext(new PrintWriter(out), new PrintWriter(new StringWriter()), false, dir,
                Map.of("threads", 3), List.of()));

        assertFalse(ResultsJson.read(dir.resolve(ResultsDirectory.SUMMARY)).has("hosts"));
        assertFalse(out.toString().contains("# host "), out.toString());
    }
}
