package dev.bench.workloads;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.RunContext;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import dev.bench.core.testing.ServerSessions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every workload does on every server it supports, built the way a user's command builds it
 * (settings -> {@link WorkloadType#plan} -> the run template), in the way BenchBase's AbstractTestWorker
 * serves every benchmark: prepare, run, the database agrees with the client; and a run whose sessions
 * the server ends twice reconnects and still agrees. A test class per workload and server is a few lines:
 * the type, the URL, the settings of a short run, and what prepares and removes its data.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // the data is prepared once per class: loading is the slow part
public abstract class WorkloadContract<S> {

    @TempDir
    Path results;
    private int runs;

    private final List<String> output = new ArrayList<>();

    protected abstract WorkloadType<S> type();

    protected abstract String url();

    /** Settings of a run of about two seconds, a few workers, small data. */
    protected abstract S shortRun();

    /** Creates what the run needs that the benchmark does not create itself (sysbench's prepare, TAOBench's load). */
    protected void prepare(S settings, TargetSettings target) throws Exception {
    }

    /** Removes what the test made. */
    protected void cleanup(S settings, TargetSettings target) throws Exception {
    }

    protected TargetSettings target() {
        return TargetSettings.url(url());
    }

    @BeforeAll
    void prepareData() throws Exception {
        cleanup(shortRun(), target());
        prepare(shortRun(), target());
    }

    @AfterAll
    void removeData() throws Exception {
        cleanup(shortRun(), target());
    }

    @Test
    void runsAndTheDatabaseAgreesWithTheClient() throws Exception {
        List<PhaseOutcome> outcomes = run("plain", List.of());
        for (PhaseOutcome o : outcomes) {
            assertTrue(o.result().completedTotal() > 0, "ops completed in " + o.plan().name());
            assertTrue(o.check().checked() && o.check().ok(), o.check().verdict() + "\n" + output);
        }
    }

    @Test
    void endedSessionsReconnectAndTheDatabaseStillAgrees() throws Exception {
        // The rounds start at the engine's first interval, when the workers' sessions are open and serving: a
        // kill during the benchmark's own setup (vote's priming, a loader) is a failed setup, not the reconnect
        // this test is about, and one before the sessions open (voter's start delay) ends none of them; on a
        // loaded machine either can outlast any fixed delay.
        CountDownLatch serving = new CountDownLatch(1);
        Thread killer = new Thread(() -> {
            try (Connection c = DriverManager.getConnection(url())) {
                if (!serving.await(120, TimeUnit.SECONDS)) {
                    return;
                }
                ServerSessions.killOthers(c);
                Thread.sleep(500);
                ServerSessions.killOthers(c);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        killer.start();
        List<PhaseOutcome> outcomes = run("killed", List.of(new IntervalListener() {
            @Override
            public void onInterval(IntervalSnapshot interval) {
                serving.countDown();
            }
        }));
        serving.countDown();
        killer.join();
        long reconnects = 0;
        for (PhaseOutcome o : outcomes) {
            reconnects += o.result().kinds().stream().mapToLong(k -> k.outcomes().reconnects()).sum();
            assertTrue(o.check().checked() && o.check().ok(), o.check().verdict() + "\n" + output);
        }
        assertTrue(reconnects >= 1, "reconnects " + reconnects + " after two rounds of ended sessions");
    }

    /** Plans and runs the short run through the run template, as a command does. */
    private List<PhaseOutcome> run(String name, List<IntervalListener> listeners) throws Exception {
        StringWriter out = new StringWriter();
        RunSettings run = RunSettings.DEFAULTS.withResults(results.resolve(name + runs++));
        WorkloadType.Opener opener = type().plan(shortRun(), target(), run, SettingNames.KEYS, output::add);
        try (Benchmark benchmark = opener.open()) {
            RunContext context = new RunContext(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), false,
                    run.results(), Map.of(), listeners);
            List<PhaseOutcome> outcomes = BenchmarkRun.run(benchmark, context).outcomes();
            output.add(out.toString());
            return outcomes;
        }
    }
}
