package dev.bench.cli.resident;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The resident's work besides the call it runs: every connection it took (others' calls, pings, refused ones)
 * and those it turned away over its cap. A served run compares these before and after and warns when they
 * grew: that work took CPU and memory from the run, which a JVM of its own would not have shared. Refusals
 * are logged at most once per {@link #REFUSAL_LOG_SECONDS} s, so a flood of wrong tokens cannot fill the log.
 */
final class ResidentLoad {

    static final int REFUSAL_LOG_SECONDS = 10;

    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong turnedAway = new AtomicLong();
    private long refusalsUnlogged;
    private long lastRefusalLogNanos;
    private boolean refusalLogged;

    void connection() {
        connections.incrementAndGet();
    }

    void turnedAway() {
        turnedAway.incrementAndGet();
    }

    /** A connection that did not prove it knows the token: logged now, or counted into the next line. */
    void refused(String why, int port) {
        refused.incrementAndGet();
        long now = System.nanoTime();
        String line;
        synchronized (this) {
            refusalsUnlogged++;
            if (refusalLogged && now - lastRefusalLogNanos < TimeUnit.SECONDS.toNanos(REFUSAL_LOG_SECONDS)) {
                return;
            }
            line = refusalLogged
                    ? "refused " + refusalsUnlogged + " connections since the last such line (the latest: " + why + ", from port " + port + ")"
                    : "refused a connection: " + why + ", from port " + port + " (further refusals are counted, one line per "
                    + REFUSAL_LOG_SECONDS + " s at most)";
            refusalLogged = true;
            refusalsUnlogged = 0;
            lastRefusalLogNanos = now;
        }
        ResidentMain.log(line);
    }

    /** The refusals not yet logged, at the end. */
    synchronized void flush() {
        if (refusalsUnlogged > 0) {
            ResidentMain.log("refused " + refusalsUnlogged + " connections since the last such line");
            refusalsUnlogged = 0;
        }
    }

    long[] snapshot() {
        return new long[] {connections.get(), refused.get(), turnedAway.get()};
    }

    /** The warning line for a run during which {@code before} was taken, or null when nothing else came. */
    String warningSince(long[] before) {
        long[] now = snapshot();
        long others = now[0] - before[0];
        if (others == 0) {
            return null;
        }
        return "bench: warning: the resident process also handled " + others + " other connections during this run ("
                + (now[1] - before[1]) + " refused for a wrong token, " + (now[2] - before[2]) + " turned away over its cap): "
                + "they took CPU and memory from this run; BENCH_RESIDENT=off measures it in a JVM of its own";
    }
}
