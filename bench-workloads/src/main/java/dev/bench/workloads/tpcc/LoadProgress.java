package dev.bench.workloads.tpcc;

import java.io.PrintWriter;
import java.util.concurrent.atomic.LongAdder;

/**
 * The loader's progress line, once a second on the given writer (stderr):
 * {@code loading: 1,234,567 of 5,123,456 rows (24%), 612,345 rows/s}.
 *
 * <p>Threading: its own daemon thread reads the shared row counter; {@link #close} from the loader.
 */
final class LoadProgress implements AutoCloseable {

    private final Thread thread;

    LoadProgress(PrintWriter out, LongAdder rows, long expected) {
        long start = System.nanoTime();
        this.thread = new Thread(() -> {
            long last = 0;
            long lastNanos = start;
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                long now = System.nanoTime();
                long sum = rows.sum();
                out.printf("loading: %,d of %,d rows (%d%%), %,.0f rows/s%n", sum, expected,
                        expected == 0 ? 100 : Math.min(100, sum * 100 / expected), (sum - last) / ((now - lastNanos) / 1e9));
                out.flush();
                last = sum;
                lastNanos = now;
            }
        }, "tpcc-load-progress");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
