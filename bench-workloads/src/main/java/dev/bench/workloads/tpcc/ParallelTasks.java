package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs independent load or DDL tasks on a fixed number of threads, in list order; the first failure
 * cancels what has not started and is rethrown (with its cause) once every started task has ended.
 */
final class ParallelTasks {

    interface Task {
        void run() throws Exception;
    }

    private final int threads;

    ParallelTasks(int threads) {
        this.threads = Math.max(1, threads);
    }

    void run(List<Task> tasks) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, tasks.size())), r -> {
            Thread t = new Thread(r, "tpcc-load");
            t.setDaemon(true);
            return t;
        });
        try {
            Future<?>[] workers = new Future<?>[Math.min(threads, tasks.size())];
            for (int i = 0; i < workers.length; i++) {
                workers[i] = pool.submit(() -> {
                    for (int t = next.getAndIncrement(); t < tasks.size(); t = next.getAndIncrement()) {
                        try {
                            tasks.get(t).run();
                        } catch (Exception e) {
                            next.set(tasks.size()); // nobody starts another task
                            throw e;
                        }
                    }
                    return null;
                });
            }
            Exception first = null;
            for (Future<?> w : workers) {
                try {
                    w.get();
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause() instanceof Exception ex ? ex : new BenchException(e.getCause().toString(), e);
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
