package dev.bench.cli.resident;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, finding 6: a served call under faults. A stopped resident held its caller past SIGINT and
 * SIGTERM, a queued call's Ctrl-C waited for the call ahead, a killed resident lost the report without a
 * word, and two starts at once started two JVMs. Each case has a resident of its own; the runs are
 * pgbench's on the embedded H2 database, made once.
 */
class ResidentFaultsTest {

    @TempDir
    static Path database;

    @BeforeAll
    static void makeTheDatabase(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            ResidentFixture.Running.of(f.call(database, List.of("pgbench", "-i", "-s", "1", "-q"))).assertExit(0, 120);
        }
    }

    /** A served run long enough to be interrupted; SIGINT at its default (a background shell's child has it ignored). */
    private static ResidentFixture.Running longRun(ResidentFixture f) throws Exception {
        ProcessBuilder pb = f.call(database, List.of("pgbench", "-T", "30", "-n"));
        pb.command().addAll(0, List.of("env", "--default-signal=INT"));
        return ResidentFixture.Running.of(pb);
    }

    /** A long run, and 3 s into it {@code signal} to the resident serving it. */
    private static ResidentFixture.Running longRunThenToTheResident(ResidentFixture f, String signal) throws Exception {
        ResidentFixture.Running run = longRun(f);
        Thread.sleep(3000);
        ResidentFixture.signal(f.resident.pid(), signal);
        return run;
    }

    @Test
    void sigtermEndsTheCallerWithinTwoSecondsWhenTheResidentIsStopped(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            ResidentFixture.Running run = longRunThenToTheResident(f, "STOP");
            run.signal("TERM");
            assertEquals(143, run.exit(2), "the caller of a stopped resident outlived SIGTERM by 2 s");
            // the stopped resident holds the caller's stderr open (it opened /proc/PID/fd/9): let it end the call
            ResidentFixture.signal(f.resident.pid(), "CONT");
            assertTrue(run.err().join().contains("did not answer the signal"), run.err().join());
        }
    }

    @Test
    void aCallToAStoppedResidentRunsInAJvmOfItsOwn(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            ResidentFixture.signal(f.resident.pid(), "STOP");
            ResidentFixture.Running call = ResidentFixture.Running.of(f.call(root, List.of("pgbench", "-V")));
            String err = call.assertExit(0, 30);
            assertTrue(call.out().join().startsWith("pgbench"), call.out().join());
            assertTrue(err.contains("did not answer in 2 s; running in a JVM of its own"), err);
        }
    }

    @Test
    void ctrlCOnAQueuedCallEndsItAtOnce(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            // warm: a cold resident can take seconds loading classes before the run starts, on a busy machine
            ResidentFixture.Running.of(f.call(database, List.of("pgbench", "-t", "10", "-n"))).assertExit(0, 60);
            ResidentFixture.Running ahead = longRun(f);
            Thread.sleep(2000);
            ResidentFixture.Running queued = longRun(f);
            Thread.sleep(2000);
            assertTrue(queued.process().isAlive(), "the second call was to wait for the first");
            queued.signal("INT");
            assertEquals("", queued.assertExit(130, 2), "a queued call cancelled before it ran says nothing");
            assertTrue(ahead.process().isAlive(), "the call ahead went on");
            ahead.signal("INT");
            ahead.assertExit(130, 20);
            assertTrue(ahead.out().join().contains("number of transactions actually processed"), ahead.out().join());
        }
    }

    @Test
    void aResidentKilledDuringTheCallIsSaidSo(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            ResidentFixture.Running run = longRunThenToTheResident(f, "KILL");
            String err = run.assertExit(1, 5);
            assertTrue(err.contains("ended during the call (killed?): this run's report and results were not written"), err);
        }
    }

    @Test
    void twoStartsAtOnceStartOneJvm(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root)) {
            List<ResidentFixture.Running> starts = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                starts.add(ResidentFixture.Running.of(f.manage(root, "start")));
            }
            for (ResidentFixture.Running s : starts) {
                s.assertExit(0, 60);
            }
            assertEquals(1, residentsOf(f.dir), "resident JVMs on " + f.dir);
            ResidentFixture.Running.of(f.manage(root, "stop")).assertExit(0, 20);
            Thread.sleep(1000);
            assertEquals(0, residentsOf(f.dir));
            assertFalse(Files.exists(f.dir.resolve(ResidentMain.PORT)));
        }
    }

    private static long residentsOf(Path dir) throws Exception {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).map(p -> ResidentFixture.read(p.resolve("cmdline")))
                    .filter(c -> c.contains(ResidentMain.class.getName()) && c.contains(dir.toString())).count();
        }
    }
}
