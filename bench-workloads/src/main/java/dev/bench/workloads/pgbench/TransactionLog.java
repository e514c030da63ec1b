package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * pgbench 15's {@code -l} files: one per {@code -j} thread (clients split among them in contiguous blocks,
 * as pgbench does), each a line per transaction
 * {@code client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]}, or with
 * {@code --aggregate-interval} a line per interval
 * {@code interval_start num_transactions sum_latency sum_latency_2 min_latency max_latency sum_lag sum_lag_2
 * min_lag max_lag skipped retried retries serialization_failures deadlock_failures}. Times in µs. A failed
 * transaction's time is {@code failed} ({@code serialization} or {@code deadlock} with
 * {@code --failures-detailed}).
 *
 * <p>Threading: {@link #transaction} from any client's worker; each file is written under its own lock.
 */
final class TransactionLog implements AutoCloseable {

    /** What one transaction came to, for its log line. */
    record Entry(int client, long number, int script, long latencyMicros, long lagMicros, int retries, FailureKind failure,
                 boolean skipped, long endEpochMicros) {
    }

    private final TransactionLogSettings settings;
    private final boolean withLag;
    private final boolean withRetries;
    private final boolean failuresDetailed;
    private final int clients;
    private final List<ThreadFile> files = new ArrayList<>();

    /**
     * @param directory where pgbench writes them: the working directory
     * @param pid       this process's, in the file names
     */
    TransactionLog(TransactionLogSettings settings, Path directory, long pid, int clients, int jobs, boolean withLag,
                   boolean withRetries, boolean failuresDetailed) {
        this.settings = settings;
        this.withLag = withLag;
        this.withRetries = withRetries;
        this.failuresDetailed = failuresDetailed;
        this.clients = clients;
        int threads = Math.min(jobs, clients);
        for (int t = 0; t < threads; t++) {
            String name = settings.effectivePrefix() + "." + pid + (t == 0 ? "" : "." + t);
            Path file = directory.resolve(name);
            try {
                files.add(new ThreadFile(Files.newBufferedWriter(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)));
            } catch (IOException e) {
                close();
                throw new BenchException("could not open log file \"" + name + "\": " + dev.bench.core.Failures.ofIo(e), e);
            }
        }
    }

    /** Whether this transaction is one of the sample (always, without --sampling-rate); {@code draw} in [0, 1). */
    boolean sampled(double draw) {
        return draw < settings.samplingRate();
    }

    void transaction(Entry e) {
        ThreadFile f = files.get((int) ((long) e.client() * files.size() / clients));
        synchronized (f) {
            if (settings.aggregateSeconds() > 0) {
                f.aggregate(e);
            } else {
                f.line(perTransaction(e));
            }
        }
    }

    private String perTransaction(Entry e) {
        String time = e.skipped() ? "skipped" : e.failure() == null ? Long.toString(e.latencyMicros())
                : !failuresDetailed || e.failure() == FailureKind.OTHER ? "failed" : e.failure().name().toLowerCase(Locale.ROOT);
        StringBuilder line = new StringBuilder().append(e.client()).append(' ').append(e.number()).append(' ').append(time)
                .append(' ').append(e.script()).append(' ').append(e.endEpochMicros() / 1_000_000).append(' ')
                .append(e.endEpochMicros() % 1_000_000);
        if (withLag) {
            line.append(' ').append(e.lagMicros());
        }
        if (withRetries) {
            line.append(' ').append(e.retries());
        }
        return line.toString();
    }

    /** Writes what the last intervals hold, and closes the files. */
    @Override
    public void close() {
        IOException first = null;
        for (ThreadFile f : files) {
            synchronized (f) {
                try {
                    f.flushInterval();
                    f.out.close();
                } catch (IOException | UncheckedIOException e) {
                    first = first != null ? first : e instanceof IOException io ? io : ((UncheckedIOException) e).getCause();
                }
            }
        }
        if (first != null) {
            throw new BenchException("could not write the transaction log: " + first.getMessage(), first);
        }
    }

    /** One thread's file and, with --aggregate-interval, the interval being summed. */
    private final class ThreadFile {
        private final BufferedWriter out;
        private long intervalStart = -1;
        private long count;
        private double sum;
        private double sum2;
        private long min;
        private long max;
        private double lagSum;
        private double lagSum2;
        private long lagMin;
        private long lagMax;
        private long retried;
        private long retries;
        private long serialization;
        private long deadlock;
        private long skipped;

        ThreadFile(BufferedWriter out) {
            this.out = out;
        }

        void line(String text) {
            try {
                out.write(text);
                out.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void aggregate(Entry e) {
            long second = e.endEpochMicros() / 1_000_000;
            long interval = settings.aggregateSeconds();
            if (intervalStart < 0) {
                intervalStart = second;
            }
            while (second >= intervalStart + interval) {
                flushInterval();
                intervalStart += interval; // an interval without transactions is a line of zeros, as in pgbench
            }
            if (e.retries() > 0) {
                retried++;
                retries += e.retries();
            }
            if (e.skipped()) {
                skipped++;
                return;
            }
            if (e.failure() != null) {
                serialization += e.failure() == FailureKind.SERIALIZATION ? 1 : 0;
                deadlock += e.failure() == FailureKind.DEADLOCK ? 1 : 0;
                return;
            }
            long latency = e.latencyMicros();
            min = count == 0 ? latency : Math.min(min, latency);
            max = count == 0 ? latency : Math.max(max, latency);
            lagMin = count == 0 ? e.lagMicros() : Math.min(lagMin, e.lagMicros());
            lagMax = count == 0 ? e.lagMicros() : Math.max(lagMax, e.lagMicros());
            count++;
            sum += latency;
            sum2 += (double) latency * latency;
            if (withLag) {
                lagSum += e.lagMicros();
                lagSum2 += (double) e.lagMicros() * e.lagMicros();
            }
        }

        void flushInterval() {
            if (intervalStart < 0) {
                return;
            }
            line(String.format(Locale.ROOT, "%d %d %.0f %.0f %d %d %.0f %.0f %d %d %d %d %d %d %d", intervalStart, count, sum, sum2,
                    min, max, lagSum, lagSum2, withLag ? lagMin : 0, withLag ? lagMax : 0, skipped, retried, retries, serialization, deadlock));
            count = 0;
            sum = 0;
            sum2 = 0;
            min = 0;
            max = 0;
            lagSum = 0;
            lagSum2 = 0;
            lagMin = 0;
            lagMax = 0;
            retried = 0;
            retries = 0;
            serialization = 0;
            deadlock = 0;
            skipped = 0;
        }
    }
}
