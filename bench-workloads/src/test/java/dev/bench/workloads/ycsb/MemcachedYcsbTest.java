package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.SettingNames;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** On a real memcached: items under a table name no other run shares; no scans (workload E refused). */
class MemcachedYcsbTest extends YcsbContract {

    private final String table = "ycsb" + Long.toHexString(System.nanoTime());

    @Override
    String binding() {
        return "memcached";
    }

    @Override
    TargetSettings target() {
        return new TargetSettings(null, TestServers.memcachedAddress(), null, null, null, null, false);
    }

    @Override
    String table() {
        return table; // a new one per test: memcached's add refuses keys an earlier test left
    }

    @Override
    List<String> workloads() {
        return List.of("a", "b", "c", "d", "f");
    }

    /**
     * Each client runs on what the other loaded, every read verified (the same items on the same servers), and the
     * after-run check (through spymemcached) agrees; the blocking client is the default.
     */
    @Test
    void theBlockingAndSpymemcachedClientsReadWhatTheOtherWrote() throws Exception {
        String[] readsAndUpdates = {"readproportion", "0.5", "updateproportion", "0.5"};
        Outcome load = phase("load", "a", "memcached.client", "spymemcached");
        assertTrue(load.phase().ok(), load.out());
        Outcome blocking = phase("run", "a", readsAndUpdates);
        assertTrue(blocking.phase().ok() && blocking.phase().check().ok(), blocking.out());
        assertEquals(0, blocking.phase().result().kinds().stream().mapToLong(k -> k.outcomes().failed()).sum(), blocking.out());
        assertTrue(blocking.counts().verified() > 100 && blocking.counts().verifyFailed() == 0, blocking.out());

        String[] spyRun = {"readproportion", "0.5", "updateproportion", "0.5", "memcached.client", "spymemcached"};
        Outcome spy = phase("run", "a", spyRun);
        assertTrue(spy.phase().ok() && spy.phase().check().ok(), spy.out());
        assertTrue(spy.counts().verified() > 100 && spy.counts().verifyFailed() == 0, spy.out());

        Outcome inserts = phase("run", "d", "insertproportion", "1", "readproportion", "0", "operationcount", "50");
        assertEquals(50, inserts.counts().insertsAcknowledged(), inserts.out());
        // the check looks every key up through spymemcached: it finds the blocking client's inserts
        assertTrue(inserts.phase().check().ok(), inserts.phase().check().verdict());
    }

    @Test
    void anUnknownClientIsRefusedBeforeAnythingConnects() {
        BenchException e = assertThrows(BenchException.class, () -> new YcsbWorkloadType().plan(new YcsbSettings("run",
                "memcached", List.of(EXAMPLES + "workloada"), Map.of("memcached.client", "xmemcached"), 1, 0, false),
                new TargetSettings(null, "127.0.0.1:1", null, null, null, null, false), RunSettings.DEFAULTS,
                SettingNames.FLAGS, w -> { }));
        assertTrue(e.getMessage().contains("memcached.client must be one of blocking, spymemcached"), e.getMessage());
    }

    @Test
    void workloadEIsRefusedBeforeAnythingConnects() {
        BenchException e = assertThrows(BenchException.class, () -> new YcsbWorkloadType().plan(new YcsbSettings("run",
                "memcached", List.of(EXAMPLES + "workloade"), Map.of(), 1, 0, false), target(), RunSettings.DEFAULTS,
                SettingNames.FLAGS, w -> { }));
        assertTrue(e.getMessage().contains("no scans"), e.getMessage());
    }
}
