package dev.bench.workloads.pgbench;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the clients were told, per script: transactions committed, and those whose commit failed with
 * the connection (in doubt); plus every session, for -r's per-command times once the run is over.
 *
 * <p>Threading: workers add concurrently; the benchmark reads after the phase.
 */
final class PgbenchCounters {

    private final LongAdder[] committed;
    private final LongAdder[] inDoubt;
    private final List<ClientSession> sessions = new CopyOnWriteArrayList<>();
    private final PrintWriter debug;
    private final LongAdder retriedTransactions = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder lagSum = new LongAdder();
    private final LongAdder lagCount = new LongAdder();
    private final LongAccumulator maxLag = new LongAccumulator(Math::max, Long.MIN_VALUE);
    private final LongAdder[] serializationFailures;
    private final LongAdder[] deadlockFailures;
    private final LongAdder[] skipped;
    private final LongAdder[] aborted;
    private final LongAdder abortedClients = new LongAdder();
    private final boolean verboseErrors;
    private final boolean traced;
    private final LongAdder connectNanos = new LongAdder();

    /** @param debug stderr: debug() and, with {@code verboseErrors}, each failed try */
    PgbenchCounters(int scripts, PrintWriter debug, boolean verboseErrors) {
        this(scripts, debug, verboseErrors, false);
    }

    /** @param traced -d: {@link #trace} prints */
    PgbenchCounters(int scripts, PrintWriter debug, boolean verboseErrors, boolean traced) {
        this.traced = traced;
        this.committed = adders(scripts);
        this.inDoubt = adders(scripts);
        this.serializationFailures = adders(scripts);
        this.deadlockFailures = adders(scripts);
        this.skipped = adders(scripts);
        this.aborted = adders(scripts);
        this.debug = debug;
        this.verboseErrors = verboseErrors;
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] a = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    /**
     * A committed transaction that needed {@code retries} re-runs first. Every commit counts for the
     * check; the report's figures only measured ones (not --warmup's).
     */
    void committed(int script, int retries, boolean measured) {
        committed[script].increment();
        if (measured) {
            retried(retries);
        }
    }

    /** A measured transaction that failed after {@code retries} re-runs, by its last error (--failures-detailed's kinds). */
    void failed(int script, int retries, SQLException last) {
        retried(retries);
        switch (FailureKind.of(last)) {
            case SERIALIZATION -> serializationFailures[script].increment();
            case DEADLOCK -> deadlockFailures[script].increment();
            default -> {
            }
        }
    }

    /** A client aborted: pgbench's error line on stderr at once. */
    void clientAborted(String message) {
        abortedClients.increment();
        debug("pgbench: error: " + message);
    }

    boolean anyClientAborted() {
        return abortedClients.sum() > 0;
    }

    /** A measured transaction of an aborted client (the one it aborted in, and each it did not run after). */
    void abortedTransaction(int script) {
        aborted[script].increment();
    }

    long abortedOf(int script) {
        return aborted[script].sum();
    }

    long aborted() {
        long all = 0;
        for (LongAdder a : aborted) {
            all += a.sum();
        }
        return all;
    }

    /** -R -L: a measured transaction skipped because it was already too late. */
    void skipped(int script) {
        skipped[script].increment();
    }

    long skippedOf(int script) {
        return skipped[script].sum();
    }

    long skipped() {
        long all = 0;
        for (LongAdder a : skipped) {
            all += a.sum();
        }
        return all;
    }

    /** -C: one connection opened, taking {@code nanos}. */
    void connected(long nanos) {
        connectNanos.add(nanos);
    }

    long connectNanos() {
        return connectNanos.sum();
    }

    long serializationFailuresOf(int script) {
        return serializationFailures[script].sum();
    }

    long deadlockFailuresOf(int script) {
        return deadlockFailures[script].sum();
    }

    /**
     * With --verbose-errors, pgbench 15's lines for a try that failed: the error, then whether the
     * transaction is repeated or ends failed.
     */
    void tryFailed(int client, int command, int script, SQLException e, boolean repeats, String tries) {
        if (verboseErrors) {
            debug(String.format(Locale.ROOT, "pgbench: client %d got an error in command %d (SQL) of script %d; %s", client, command, script,
                    ServerErrors.libpqStyle(e)));
            debug(String.format(Locale.ROOT, "pgbench: client %d %s %s", client,
                    repeats ? "repeats the transaction after the error" : "ends the failed transaction", tries));
        }
    }

    private void retried(int retries) {
        if (retries > 0) {
            retriedTransactions.increment();
            this.retries.add(retries);
        }
    }

    long retriedTransactions() {
        return retriedTransactions.sum();
    }

    long retries() {
        return retries.sum();
    }

    void inDoubt(int script) {
        inDoubt[script].increment();
    }

    long committedOf(int script) {
        return committed[script].sum();
    }

    long inDoubtOf(int script) {
        return inDoubt[script].sum();
    }

    /** How late a measured transaction started against its schedule (-R's lag). */
    void lag(long nanos) {
        lagSum.add(nanos);
        lagCount.increment();
        maxLag.accumulate(nanos);
    }

    double lagAverageNanos() {
        long n = lagCount.sum();
        return n == 0 ? 0 : (double) lagSum.sum() / n;
    }

    long lagMaxNanos() {
        return Math.max(0, maxLag.get());
    }

    void register(ClientSession s) {
        sessions.add(s);
    }

    List<ClientSession> sessions() {
        return sessions;
    }

    /** -d: a client's step, as pgbench's debug lines ({@code client 0 sending ...}). */
    void trace(int client, String what) {
        if (traced) {
            debug("pgbench: client " + client + " " + what);
        }
    }

    void debug(String line) {
        synchronized (debug) {
            debug.println(line);
            debug.flush();
        }
    }
}
