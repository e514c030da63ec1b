package dev.bench.workloads.pgbench;

import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.Session;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.SqlErrors;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One pgbench client, one whole script per op: its variables (kept across its transactions), its
 * generator, the {@link ScriptInterpreter} that runs the script, the {@link JdbcExecutor} that sends
 * its SQL and its -r {@link CommandStats}. Here: the transaction around a run of the script, as pgbench
 * 15 ends it: committed; retried with the same random draws after a serialization or deadlock failure
 * while {@link Retries} allows, else failed; the client aborted on any other error.
 *
 * <p>Threading: one worker thread at a time (Session contract); the counters it adds to are thread-safe.
 */
final class ClientSession implements Session {

    /** Opens a connection of its own for each transaction (-C); null: one connection for the session. */
    interface Connector {
        Connection open() throws SQLException;
    }

    /**
     * With --reads-to replicas: the client's read-only connection on the replicas, which script runs there, and the
     * hosts ({@code Hosts}) of its two connections.
     *
     * @param readOnlyScripts per script, whether it writes nothing ({@link Script#readOnly})
     */
    record Replicas(Connection connection, boolean[] readOnlyScripts, int writeHost, int readHost) {
    }

    private static final long ABORTED_PAUSE_MILLIS = 10;
    /** Set once this client aborted: it runs no more transactions (pgbench ends the client). */
    private ClientAbort aborted;
    private final Connector connectEach;
    /** -L with -R: a transaction already this late when its client gets to it is skipped; 0: none is. */
    private final long skipLateNanos;
    /** -l's files, or null. */
    private final TransactionLog log;
    /** Transactions this client ended, for -l's transaction_no. */
    private long transactions;
    private final List<Script> scripts;
    private final String protocol;
    private final PgbenchCounters counters;
    private final int clientId;
    private final Retries retries;
    /** This client's generator (pgbench's cs_func_rs): a retry replays the draws of the failed try. */
    private final PgPrng random;
    private final CommandStats stats;
    private final JdbcExecutor executor;
    private final ScriptInterpreter interpreter;
    /** Null when every script runs on the client's one connection. */
    private final Replicas replicas;

    /**
     * @param connection  the session's connection, or null with {@code connectEach}
     * @param connectEach -C's connector, or null
     * @param replicas    where read-only scripts run (not with -C), or null
     */
    ClientSession(Connection connection, Connector connectEach, Replicas replicas, Dialect dialect, List<Script> scripts,
                  String protocol, Retries retries, long skipLateNanos, Map<String, Value> initial, Map<String, String> defines,
                  PgbenchCounters counters, TransactionLog log, int clientId, PgPrng random) throws SQLException {
        this.replicas = replicas;
        this.random = random;
        this.retries = retries;
        this.skipLateNanos = skipLateNanos;
        this.log = log;
        this.connectEach = connectEach;
        this.scripts = scripts;
        this.protocol = protocol;
        this.counters = counters;
        this.clientId = clientId;
        this.stats = new CommandStats(scripts);
        Variables variables = new Variables(this::debug);
        variables.useRandom(random);
        defines.forEach(variables::setText);
        initial.forEach(variables::set);
        variables.set("client_id", Value.of(clientId));
        this.executor = new JdbcExecutor(connection, replicas == null ? null : replicas.connection(), dialect, protocol, scripts,
                variables, counters, clientId);
        this.interpreter = new ScriptInterpreter(scripts, variables, executor, counters, stats, clientId);
        counters.register(this);
    }

    /**
     * One transaction: the script from the top. A serialization or deadlock failure is rolled back and
     * the script re-run with the same random draws while {@link Retries} allows, as pgbench 15 does.
     */
    @Override
    public void execute(Batch batch) throws Exception {
        if (connectEach == null) {
            transaction(batch);
            return;
        }
        long t0 = System.nanoTime();
        executor.use(connectEach.open());
        if (batch.isMeasured(0)) {
            counters.connected(System.nanoTime() - t0);
        }
        try {
            transaction(batch);
        } finally {
            executor.release();
        }
    }

    private void transaction(Batch batch) throws Exception {
        int s = batch.kind();
        boolean measured = batch.isMeasured(0);
        if (aborted != null) {
            // the engine still hands this client its share: not run, not failed, as pgbench's ended client
            if (measured) {
                counters.abortedTransaction(s);
            }
            if (retries.durationNanos() > 0) {
                Thread.sleep(ABORTED_PAUSE_MILLIS); // -T: no hot loop until the end
            }
            throw aborted;
        }
        long lagNanos = System.nanoTime() - batch.intendedNanos(0);
        if (skipLateNanos > 0 && lagNanos > skipLateNanos) {
            // pgbench -R -L: too late already, so not sent; the engine counts it failed (no latency), the report skipped
            if (measured) {
                counters.skipped(s);
            }
            log(batch, s, lagNanos, 0, null, true);
            throw new SkippedTransaction();
        }
        if (measured) {
            counters.lag(lagNanos);
        }
        if (replicas != null) {
            executor.forScript(replicas.readOnlyScripts()[s]);
        }
        PgPrng start = random.copy();
        for (int attempt = 1; ; attempt++) {
            if (attempt > 1) {
                random.restore(start);
            }
            try {
                ClientAbort openTransaction = interpreter.run(s, measured);
                counters.committed(s, attempt - 1, measured);
                log(batch, s, lagNanos, attempt - 1, null, false);
                if (openTransaction != null) {
                    // pgbench counts the transaction, then ends the client
                    executor.rollbackQuietly();
                    aborted = openTransaction;
                    counters.clientAborted(openTransaction.getMessage());
                }
                return;
            } catch (SQLException e) {
                if (!failed(batch, s, attempt, lagNanos, e)) {
                    continue;
                }
                throw e; // the engine reconnects, or counts a failed transaction
            } catch (ClientAbort e) {
                executor.rollbackQuietly();
                throw abort(s, measured, e);
            } catch (RuntimeException e) {
                executor.rollbackQuietly();
                throw e;
            }
        }
    }

    /**
     * An SQL error in try {@code attempt}: rolled back, then retried (false), or the transaction failed
     * (true: counted, logged; the caller rethrows), or the client aborted (thrown).
     */
    private boolean failed(Batch batch, int s, int attempt, long lagNanos, SQLException e) {
        int pc = interpreter.pc();
        Command failed = pc < scripts.get(s).commands().size() ? scripts.get(s).commands().get(pc) : null;
        ErrorKind kind = SqlErrors.classify(e);
        boolean measured = batch.isMeasured(0);
        executor.rollbackQuietly();
        long now = System.nanoTime();
        boolean repeats = kind == ErrorKind.RETRYABLE && retries.another(attempt, batch.intendedNanos(0), batch.windowStartNanos(), now);
        counters.tryFailed(clientId, pc, s, e, repeats, retries.describe(attempt, batch.intendedNanos(0), now));
        if (repeats) {
            return false;
        }
        if (kind != ErrorKind.CONNECTION && kind != ErrorKind.RETRYABLE) {
            throw abort(s, measured, new ClientAbort(
                    SqlAbortMessages.of(clientId, protocol, scripts, s, pc, executor.query(), failed, e), e));
        }
        if (kind == ErrorKind.CONNECTION && (failed instanceof Command.Sql q && q.commits()
                || failed instanceof Command.Pipeline && executor.pipelineCommits())) {
            counters.inDoubt(s);
        }
        if (measured) {
            if (failed != null) {
                stats.failed(s, pc);
            }
            counters.failed(s, attempt - 1, e);
        }
        log(batch, s, lagNanos, attempt - 1, FailureKind.of(e), false);
        return true;
    }

    /** This client's end: pgbench's error line now, its transaction neither processed nor failed in the report. */
    private ClientAbort abort(int script, boolean measured, ClientAbort e) {
        if (aborted == null) {
            aborted = e;
            counters.clientAborted(e.getMessage());
        }
        if (measured) {
            counters.abortedTransaction(script);
        }
        return aborted;
    }

    /** A transaction not sent because it was already later than -L (with -R). */
    static final class SkippedTransaction extends Exception {
        SkippedTransaction() {
            super("skipped: later than the latency limit before it started", null, false, false);
        }
    }

    /** -l: this transaction's line (or its share of an interval), when it is one of the sample; none in --warmup. */
    private void log(Batch batch, int script, long lagNanos, int retries, FailureKind failure, boolean skipped) {
        if (!batch.isMeasured(0)) {
            return;
        }
        transactions++;
        if (log == null || !log.sampled(ThreadLocalRandom.current().nextDouble())) {
            return;
        }
        Instant end = Instant.now();
        long latencyNanos = System.nanoTime() - batch.intendedNanos(0);
        log.transaction(new TransactionLog.Entry(clientId, transactions, script, latencyNanos / 1000, lagNanos / 1000, retries,
                failure, skipped, end.getEpochSecond() * 1_000_000 + end.getNano() / 1000));
    }

    /** debug()'s line, numbered by the command running. */
    private void debug(String line) {
        interpreter.debug(line);
    }

    /** -r's statistics of this client's commands. */
    CommandStats stats() {
        return stats;
    }

    @Override
    public int host(int kind) {
        if (replicas == null) {
            return Session.super.host(kind);
        }
        return replicas.readOnlyScripts()[kind] ? replicas.readHost() : replicas.writeHost();
    }

    /** Cuts the connection off (a run abandoning a blocked client); any thread, never blocks. */
    @Override
    public void abort() {
        executor.abort();
    }

    @Override
    public void close() throws Exception {
        executor.close();
    }
}
