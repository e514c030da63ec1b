package dev.bench.workloads.pgbench;

import java.util.List;

/**
 * One client's -r statistics: for each script's each command, the time spent in it, how often it ran
 * and how often a transaction failed in it (measured transactions only). The report adds up every client's.
 *
 * <p>Threading: written by the client's worker thread; read after the run.
 */
final class CommandStats {

    private final long[][] nanos;
    private final long[][] counts;
    private final long[][] failures;

    CommandStats(List<Script> scripts) {
        nanos = new long[scripts.size()][];
        counts = new long[scripts.size()][];
        failures = new long[scripts.size()][];
        for (int i = 0; i < scripts.size(); i++) {
            int n = scripts.get(i).commands().size();
            nanos[i] = new long[n];
            counts[i] = new long[n];
            failures[i] = new long[n];
        }
    }

    /** Command {@code command} of script {@code script} ran for {@code elapsedNanos}. */
    void ran(int script, int command, long elapsedNanos) {
        nanos[script][command] += elapsedNanos;
        counts[script][command]++;
    }

    /** A measured transaction failed in this command. */
    void failed(int script, int command) {
        failures[script][command]++;
    }

    /** Time spent in each command, per script. */
    long[][] nanos() {
        return nanos;
    }

    /** How often each command ran, per script. */
    long[][] counts() {
        return counts;
    }

    /** How many transactions failed in each command, per script. */
    long[][] failures() {
        return failures;
    }
}
