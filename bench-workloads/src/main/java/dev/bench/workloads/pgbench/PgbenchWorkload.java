package dev.bench.workloads.pgbench;

import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/**
 * pgbench's scripts as op kinds, one per script with its weight: each op is one whole transaction
 * (one run through the script) by one client. A lost connection is re-opened; a serialization or
 * deadlock failure is retried in the session while {@link Retries} allows, then a failed transaction, counted, as
 * pgbench 15 counts it; any
 * other error stops the run (pgbench aborts the client).
 *
 * <p>Threading: {@link #openSession} and {@link #classify} from any worker.
 */
final class PgbenchWorkload implements Workload {

    private final JdbcTarget target;
    /** The replicas, where each client opens a read-only connection for the read-only scripts (--reads-to replicas), or null. */
    private final JdbcTarget replicas;
    /** Per script, whether it writes nothing ({@link Script#readOnly}). */
    private final boolean[] readOnly;
    /** Connections opened for the clients before the run; once taken, a session (a reconnect) opens its own. */
    private final Queue<Connection> opened;
    private final List<Script> scripts;
    private final List<String> kindNames;
    private final String protocol;
    private final Retries retries;
    private final Map<String, Value> initial;
    private final Map<String, String> defines;
    private final PgbenchCounters counters;
    private final boolean connectEach;
    private final TransactionLog log;
    private final long skipLateNanos;
    /** Each client's generator, seeded as pgbench seeds its clients' (kept across a client's reconnects). */
    private final PgPrng[] clientRandom;

    /**
     * @param connectEach -C: each transaction on a new connection of its own, outside the pool
     * @param skipLateNanos -L with -R: transactions already this late are skipped; 0: none
     * @param log         -l's files, or null
     * @param replicas    the replicas for the read-only scripts (not with -C), or null
     */
    PgbenchWorkload(JdbcTarget target, JdbcTarget replicas, Queue<Connection> opened, List<Script> scripts, String protocol,
                    Retries retries, boolean connectEach, long skipLateNanos, Map<String, Value> initial, Map<String, String> defines,
                    PgbenchCounters counters, TransactionLog log, PgPrng[] clientRandom) {
        this.clientRandom = clientRandom;
        this.retries = retries;
        this.skipLateNanos = skipLateNanos;
        this.connectEach = connectEach;
        this.log = log;
        this.target = target;
        this.replicas = replicas;
        this.opened = opened;
        this.scripts = scripts;
        this.readOnly = new boolean[scripts.size()];
        for (int i = 0; i < readOnly.length; i++) {
            readOnly[i] = scripts.get(i).readOnly();
        }
        this.kindNames = Scripts.kindNames(scripts);
        this.protocol = protocol;
        this.initial = initial;
        this.defines = defines;
        this.counters = counters;
    }

    @Override
    public List<OpKind> kinds() {
        List<OpKind> kinds = new ArrayList<>();
        for (int i = 0; i < scripts.size(); i++) {
            kinds.add(new OpKind(kindNames.get(i), scripts.get(i).weight(), 1));
        }
        return kinds;
    }

    @Override
    public Session openSession(int workerIndex) throws Exception {
        PgPrng random = clientRandom[workerIndex % clientRandom.length];
        if (connectEach) {
            return new ClientSession(null, target::newConnection, null, target.dialect(), scripts, protocol, retries, skipLateNanos,
                    initial, defines, counters, log, workerIndex, random);
        }
        Connection c = connection();
        Connection r = null;
        try {
            ClientSession.Replicas onReplicas = null;
            if (replicas != null) {
                int writeHost = target.hostOf(c);
                r = replicas.newConnection(); // a client's own physical connection, as its primary one
                r.setReadOnly(true);
                onReplicas = new ClientSession.Replicas(r, readOnly, writeHost, replicas.hostOf(r));
            }
            return new ClientSession(c, null, onReplicas, target.dialect(), scripts, protocol, retries, skipLateNanos, initial,
                    defines, counters, log, workerIndex, random);
        } catch (SQLException | RuntimeException e) {
            JdbcTarget.closeQuietly(r == null ? List.of(c) : List.of(c, r));
            throw e;
        }
    }

    /** The read-only scripts' transactions: they write nothing (and go to replicas with --reads-to replicas). */
    @Override
    public boolean isReadOnly(OpKind kind) {
        return readOnly[kindNames.indexOf(kind.name())];
    }

    @Override
    public boolean onReplicas(OpKind kind) {
        return replicas != null && isReadOnly(kind);
    }

    /** A client's own physical connection, as in pgbench: one opened before the run, else a new one. */
    private Connection connection() throws SQLException {
        Connection c = opened.poll();
        return c != null ? c : target.newConnection();
    }

    @Override
    public ErrorKind classify(Exception failure) {
        if (failure instanceof ClientSession.SkippedTransaction || ClientAbort.in(failure)) {
            return ErrorKind.FAILED;
        }
        return switch (SqlErrors.classify(failure)) {
            case CONNECTION -> ErrorKind.CONNECTION;
            case RETRYABLE -> ErrorKind.FAILED;
            default -> ErrorKind.FATAL;
        };
    }

    List<String> kindNames() {
        return kindNames;
    }
}
