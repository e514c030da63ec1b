package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PgbenchCountersTest {

    @Test
    void failuresAreCountedByKindOfTheirLastError() {
        PgbenchCounters c = new PgbenchCounters(2, new PrintWriter(new StringWriter()), false);
        c.failed(0, 0, new SQLException("could not serialize access", "40001"));
        c.failed(0, 2, new SQLException("deadlock detected", "40P01"));
        c.failed(1, 0, new SQLException("Deadlock found when trying to get lock", "40001", 1213));
        c.failed(1, 0, new SQLException("connection lost", "08006"));

        assertEquals(1, c.serializationFailuresOf(0));
        assertEquals(1, c.deadlockFailuresOf(0));
        assertEquals(0, c.serializationFailuresOf(1), "MySQL's deadlock carries 40001 too; its code says deadlock");
        assertEquals(1, c.deadlockFailuresOf(1));
        assertEquals(1, c.retriedTransactions());
        assertEquals(2, c.retries());
    }

    @Test
    void verboseErrorsPrintEachFailedTryAsPgbenchDoes() {
        StringWriter err = new StringWriter();
        SQLException e = new SQLException("ERROR: could not serialize access due to concurrent update\n", "40001");
        new PgbenchCounters(1, new PrintWriter(err), true).tryFailed(3, 2, 0, e, true, "(try 1/3)");
        new PgbenchCounters(1, new PrintWriter(err), false).tryFailed(3, 2, 0, e, false, "(try 3/3)");
        PgbenchCounters verbose = new PgbenchCounters(1, new PrintWriter(err), true);
        verbose.tryFailed(3, 2, 0, e, false, "(try 3/3)");

        assertEquals("""
                pgbench: client 3 got an error in command 2 (SQL) of script 0; ERROR: could not serialize access due to concurrent update
                pgbench: client 3 repeats the transaction after the error (try 1/3)
                pgbench: client 3 got an error in command 2 (SQL) of script 0; ERROR: could not serialize access due to concurrent update
                pgbench: client 3 ends the failed transaction (try 3/3)
                """, err.toString().replace(System.lineSeparator(), "\n"));
    }
}
