package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Many physical connections outside the pool, opened {@value #AT_ONCE} at a time (pgbench's clients, one
 * connection each): each open mostly waits on the server (TLS, authentication, a backend starting), as
 * pgbench's threads wait on theirs. All or none: at the first failure every connection opened or still
 * arriving is closed.
 *
 * <p>Threading: {@link #open} from any thread; its opener threads end before it returns, bar those
 * still connecting after a failure, whose connections are closed as they arrive.
 */
final class ParallelOpens {

    /** Physical connections opened at once. */
    static final int AT_ONCE = 8;

    private ParallelOpens() {
    }

    /**
     * {@code count} new physical connections from {@code unpooled}, set up as the pool's are. The caller
     * closes them.
     *
     * @throws BenchException at the first failure or an interrupt, one line (a refusal says which
     *                        connection it was); no connection is left open, also those still being opened
     */
    static List<Connection> open(RefusalTrackingDataSource unpooled, int count, String maskedUrl) {
        ExecutorService opener = Executors.newFixedThreadPool(Math.min(count, AT_ONCE), r -> {
            Thread t = new Thread(r, "bench connect");
            t.setDaemon(true);
            return t;
        });
        OpenedConnections opened = new OpenedConnections(count);
        CompletionService<Void> done = new ExecutorCompletionService<>(opener);
        for (int i = 0; i < count; i++) {
            done.submit(() -> {
                opened.add(unpooled.getConnection());
                return null;
            });
        }
        opener.shutdown();
        Throwable failure = null;
        for (int i = 0; i < count && failure == null; i++) {
            try {
                done.take().get();
            } catch (ExecutionException e) {
                failure = e.getCause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = e;
            }
        }
        if (failure == null) {
            return opened.all();
        }
        int held = opened.abandon();
        opener.shutdownNow(); // the queued opens never start
        String why = failure instanceof SQLException sql && RefusalTrackingDataSource.isRefusal(sql)
                ? RefusalTrackingDataSource.refusedMessage(held, count, sql)
                : failure instanceof InterruptedException ? "interrupted while connecting" : Failures.rootMessage(failure);
        throw new BenchException("cannot connect to " + maskedUrl + ": " + why, failure);
    }

    /** The connections {@link #open} has opened; once given up, each one still arriving is closed. */
    private static final class OpenedConnections {
        private final List<Connection> connections;
        private boolean abandoned;

        OpenedConnections(int count) {
            connections = new ArrayList<>(count);
        }

        synchronized void add(Connection c) {
            if (abandoned) {
                JdbcTarget.closeQuietly(List.of(c));
            } else {
                connections.add(c);
            }
        }

        synchronized List<Connection> all() {
            return new ArrayList<>(connections);
        }

        /** Closes those held and every later one; returns how many were held. */
        synchronized int abandon() {
            abandoned = true;
            JdbcTarget.closeQuietly(connections);
            int held = connections.size();
            connections.clear();
            return held;
        }
    }
}
