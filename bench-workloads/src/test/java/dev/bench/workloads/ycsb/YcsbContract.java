package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.RunContext;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.SettingNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code bench ycsb} must do on every store: load, then each of the workload files a-f runs with
 * every read verified (dataintegrity=true) and the store afterwards holding exactly the records loaded
 * plus the inserts acknowledged. One subclass per server, a table of its own.
 */
abstract class YcsbContract {

    static final String EXAMPLES = "../examples/ycsb/";
    static final int RECORDS = 500;
    /** In a shared server's table names: test suites of several checkouts may run at once. */
    static final String PROCESS = "_" + ProcessHandle.current().pid();

    @TempDir
    Path results;
    private int runs;

    /** What one phase left: the outcome, its counts, and stdout. */
    record Outcome(PhaseOutcome phase, YcsbCounts.Snapshot counts, String out) {
    }

    abstract String binding();

    abstract TargetSettings target();

    /** A table name no other test (or helper) uses. */
    abstract String table();

    /** The workloads this store runs (memcached has no scans). */
    List<String> workloads() {
        return List.of("a", "b", "c", "d", "e", "f");
    }

    Outcome phase(String phase, String workload, String... keyValues) throws Exception {
        Map<String, String> p = new HashMap<>();
        p.put("table", table());
        p.put("recordcount", "" + RECORDS);
        p.put("operationcount", "400");
        p.put("dataintegrity", "true");
        p.put("fieldcount", "4");
        p.put("fieldlength", "20");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put(keyValues[i], keyValues[i + 1]);
        }
        YcsbSettings settings = new YcsbSettings(phase, binding(), List.of(EXAMPLES + "workload" + workload), p, 2, 0, false);
        RunSettings run = RunSettings.DEFAULTS.withResults(results.resolve("run" + runs++));
        YcsbBenchmark benchmark = (YcsbBenchmark) new YcsbWorkloadType().plan(settings, target(), run, SettingNames.FLAGS,
                w -> { }).open();
        StringWriter out = new StringWriter();
        RunContext context = new RunContext(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), false,
                run.results(), Map.of(), List.of());
        try (benchmark) {
            PhaseOutcome outcome = BenchmarkRun.run(benchmark, context).last();
            return new Outcome(outcome, benchmark.workload().counts().snapshot(), out.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "b", "c", "d", "e", "f"})
    void eachWorkloadRunsWithEveryReadVerified(String workload) throws Exception {
        if (!workloads().contains(workload)) {
            return;
        }
        Outcome load = phase("load", workload);
        assertTrue(load.phase().ok(), load.out());
        assertEquals(RECORDS, load.counts().insertsAcknowledged());
        assertTrue(load.out().contains("[INSERT], Operations, " + RECORDS), load.out());

        Outcome run = phase("run", workload);
        assertTrue(run.phase().ok(), run.out());
        assertEquals(400, run.phase().result().completedTotal() + run.phase().result().kinds().stream()
                .mapToLong(k -> k.outcomes().failed()).sum());
        assertTrue(run.out().startsWith("[OVERALL], RunTime(ms), "), run.out());
        assertTrue(run.out().contains("[OVERALL], Throughput(ops/sec), "), run.out());
        assertTrue(run.out().contains("[Intended-"), run.out());
        if (run.out().contains("[READ], Operations")) {
            assertTrue(run.counts().verified() > 0 && run.counts().verifyFailed() == 0, run.out());
        }
    }

    /** Inserts of workload D: the store holds the loaded records plus each acknowledged insert. */
    @Test
    void insertsAcknowledgedAreThereAfterTheRun() throws Exception {
        phase("load", "d");
        Outcome run = phase("run", "d", "insertproportion", "0.5", "readproportion", "0.5");
        assertTrue(run.counts().insertsAcknowledged() > 100, run.out());
        assertTrue(run.phase().check().ok(), run.phase().check().verdict());
        long expected = RECORDS + run.counts().insertsAcknowledged();
        assertTrue(run.phase().check().verdict().contains(expected + " "), run.phase().check().verdict());
    }

    /**
     * A second run's inserts take the first run's record numbers (as YCSB's do): refused as duplicates, they
     * failed and are not in doubt, and the check stays exact (no insert of the second run is there).
     */
    @Test
    void insertsRefusedAsDuplicatesAreFailedNotInDoubt() throws Exception {
        phase("load", "d");
        String[] insertsOnly = {"insertproportion", "1", "readproportion", "0", "operationcount", "50"};
        Outcome first = phase("run", "d", insertsOnly);
        assertEquals(50, first.counts().insertsAcknowledged(), first.out());
        Outcome second = phase("run", "d", insertsOnly);
        assertEquals(0, second.counts().insertsAcknowledged(), second.out());
        assertEquals(0, second.counts().insertsInDoubt(), second.out());
        assertEquals(50, second.phase().result().kinds().stream().mapToLong(k -> k.outcomes().failed()).sum(), second.out());
        assertTrue(second.phase().check().ok(), second.phase().check().verdict());
    }

    @Test
    void aRunWithoutALoadIsRefusedOrFindsNothing() {
        assertThrows(BenchException.class, () -> new YcsbWorkloadType().plan(new YcsbSettings("run", binding(),
                List.of(EXAMPLES + "no-such-file"), Map.of(), 1, 0, false), target(), RunSettings.DEFAULTS,
                SettingNames.FLAGS, w -> { }));
    }
}
