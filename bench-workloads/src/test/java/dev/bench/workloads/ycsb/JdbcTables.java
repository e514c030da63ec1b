package dev.bench.workloads.ycsb;

import dev.bench.core.jdbc.JdbcTarget;

/** Drops a test's table through the tool's own cleanup (only if bench created it). */
final class JdbcTables {

    private JdbcTables() {
    }

    static void drop(String url, String table) throws Exception {
        try (JdbcTarget t = JdbcTarget.open(url, null, null, 1)) {
            JdbcStore.cleanup(t, table);
        }
    }
}
