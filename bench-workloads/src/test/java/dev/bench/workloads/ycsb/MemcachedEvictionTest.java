package dev.bench.workloads.ycsb;

import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.RunContext;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.SettingNames;
import dev.bench.core.testing.LocalMemcached;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a memcached of the test's own with a 2 MB limit: a load of 5000 records of 1 KB does not fit, memcached
 * evicts (its documented behaviour), and the check says the missing keys may be evicted rather than lost
 * (NOT CONFIRMED, not MISMATCH); a load that fits is ok.
 */
class MemcachedEvictionTest {

    private static final Pattern PRESENT = Pattern.compile("(\\d+) of 5000 keys present .*; memcached evicted (\\d+) items"
            + " meanwhile \\(limit 2 MB\\): missing keys may be evicted, not lost");

    @TempDir
    Path results;

    @Test
    void aLoadBeyondTheLimitIsNotConfirmedNamingTheEvictions() throws Exception {
        try (LocalMemcached memcached = LocalMemcached.start(2)) {
            PhaseOutcome load = load(memcached, 5000, "big");

            String verdict = load.check().verdict();
            assertTrue(verdict.startsWith("NOT CONFIRMED: "), verdict);
            Matcher m = PRESENT.matcher(verdict);
            assertTrue(m.find(), verdict);
            long present = Long.parseLong(m.group(1));
            assertTrue(present > 0 && present < 5000, verdict);
            assertTrue(Long.parseLong(m.group(2)) >= 5000 - present, verdict);
            assertFalse(load.ok(), "nothing was confirmed: the run is not ok");
            ResultsInvariants.assertHold(results.resolve("big"));
        }
    }

    @Test
    void aLoadThatFitsIsOk() throws Exception {
        try (LocalMemcached memcached = LocalMemcached.start(2)) {
            PhaseOutcome load = load(memcached, 200, "small");

            assertEquals("ok: 200 of 200 keys present (loaded and acknowledged inserts)", load.check().verdict());
            assertTrue(load.ok());
            ResultsInvariants.assertHold(results.resolve("small"));
        }
    }

    private PhaseOutcome load(LocalMemcached memcached, int records, String dir) throws Exception {
        Map<String, String> p = Map.of("recordcount", "" + records, "fieldcount", "10", "fieldlength", "100");
        YcsbSettings settings = new YcsbSettings("load", "memcached", List.of(YcsbContract.EXAMPLES + "workloada"), p, 2, 0,
                false);
        TargetSettings target = new TargetSettings(null, memcached.address(), null, null, null, null, false);
        RunSettings run = RunSettings.DEFAULTS.withResults(results.resolve(dir));
        YcsbBenchmark benchmark = (YcsbBenchmark) new YcsbWorkloadType().plan(settings, target, run, SettingNames.FLAGS,
                w -> { }).open();
        RunContext context = new RunContext(new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true),
                false, run.results(), Map.of(), List.of());
        try (benchmark) {
            return BenchmarkRun.run(benchmark, context).last();
        }
    }
}
