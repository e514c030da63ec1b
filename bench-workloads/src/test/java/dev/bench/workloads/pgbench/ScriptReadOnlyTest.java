package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which scripts --reads-to replicas may run on a replica: those with no statement that writes. */
class ScriptReadOnlyTest {

    private static Script parsed(String text) {
        return ScriptParser.parse("test.sql", text);
    }

    @Test
    void selectOnlyIsReadOnlyAndTheBuiltinsThatWriteAreNot() {
        assertTrue(BuiltinScripts.named("select-only").readOnly());
        assertFalse(BuiltinScripts.named("tpcb-like").readOnly());
        assertFalse(BuiltinScripts.named("simple-update").readOnly());
    }

    @Test
    void selectsMetaCommandsAndTransactionControlAreReadOnly() {
        assertTrue(parsed("\\set aid random(1, 100000)\nBEGIN;\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
                + "\\sleep 1 ms\n  select 1 \\gset\nEND;\n").readOnly());
    }

    @Test
    void aWriteALockingSelectASelectIntoOrAPipelineIsNot() {
        assertFalse(parsed("SELECT 1;\nUPDATE pgbench_tellers SET tbalance = 0 WHERE tid = 1;\n").readOnly());
        assertFalse(parsed("SELECT abalance FROM pgbench_accounts WHERE aid = 1 FOR UPDATE;\n").readOnly());
        assertFalse(parsed("SELECT * INTO t2 FROM pgbench_branches;\n").readOnly());
        assertFalse(parsed("WITH x AS (DELETE FROM pgbench_history RETURNING *) SELECT count(*) FROM x;\n").readOnly());
        assertFalse(parsed("\\startpipeline\nSELECT 1;\n\\endpipeline\n").readOnly());
    }
}
