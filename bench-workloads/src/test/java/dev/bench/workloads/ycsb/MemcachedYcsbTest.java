package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.SettingNames;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

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

    @Test
    void workloadEIsRefusedBeforeAnythingConnects() {
        BenchException e = assertThrows(BenchException.class, () -> new YcsbWorkloadType().plan(new YcsbSettings("run",
                "memcached", List.of(EXAMPLES + "workloade"), Map.of(), 1, 0, false), target(), RunSettings.DEFAULTS,
                SettingNames.FLAGS, w -> { }));
        assertTrue(e.getMessage().contains("no scans"), e.getMessage());
    }
}
