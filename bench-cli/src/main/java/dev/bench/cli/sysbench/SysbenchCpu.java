package dev.bench.cli.sysbench;

import dev.bench.core.BenchException;
import dev.bench.workloads.sysbench.SysbenchCheckpoints;
import dev.bench.workloads.sysbench.SysbenchReport;
import dev.bench.workloads.sysbench.ThreadFairness;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * sysbench 1.0.20's built-in {@code cpu} test: each event counts the primes below --cpu-max-prime by trial
 * division up to the square root (its sb_cpu.c), on --threads threads, for --time or --events, closed loop
 * or at --rate through sysbench's event queue of 131072 entries (full: its FATAL, exit 1); with its header,
 * its {@code eps} intermediate lines, --report-checkpoints and its report. On plain threads, not bench's
 * engine: it touches no server, and writes no results directory.
 *
 * <p>Threading: the workers and the rate generator share only atomics, the recorders and the queue; the
 * caller's thread prints.
 */
final class SysbenchCpu {

    static final String QUEUE_FULL = "The event queue is full. This means the worker threads are unable to keep up with"
            + " the specified event generation rate";
    private static final int MAX_QUEUE_LEN = 131072;
    private static final Set<String> OPTIONS = Set.of("threads", "num-threads", "events", "max-requests", "time", "max-time",
            "rate", "tx-rate", "report-interval", "report-checkpoints", "percentile", "rand-seed", "rand-type", "verbosity",
            "cpu-max-prime", "help", "version");
    private static final long POLL_MS = 10;
    /** How often the printing thread looks whether the generator found the queue full. */
    private static final long WATCH_NANOS = 20_000_000;

    private final int threads;
    private final long timeNanos;
    private final long events;
    private final double rate;
    private final double reportInterval;
    private final List<Long> checkpoints = new ArrayList<>();
    private final int percentile;
    private final int maxPrime;
    private final long seed;
    private final PrintWriter out;

    private final Recorder interval = new Recorder(3);
    private final Recorder sinceCheckpoint = new Recorder(3);
    private final LongAdder intervalEvents = new LongAdder();
    private final LongAdder checkpointEvents = new LongAdder();
    private final AtomicLong claimed = new AtomicLong();
    private final AtomicInteger busy = new AtomicInteger();
    private volatile ThreadFairness fairness;
    private volatile boolean stop;
    private volatile boolean queueFull;
    private volatile long sink;
    private BlockingQueue<Long> queue;
    private long start;

    private SysbenchCpu(SysbenchArgs args, PrintWriter out) {
        for (String name : args.options().keySet()) {
            if (!OPTIONS.contains(name) && !(name.equals("forced-shutdown") && args.text("", name).equals("off"))) {
                throw new BenchException("invalid option: --" + name);
            }
        }
        this.threads = args.integer("threads", 1, "num-threads");
        this.timeNanos = (long) (args.decimal("time", 10, "max-time") * 1e9);
        this.events = args.number("events", 0, "max-requests");
        this.rate = args.decimal("rate", 0, "tx-rate");
        this.reportInterval = args.decimal("report-interval", 0);
        this.percentile = args.integer("percentile", 95);
        this.maxPrime = args.integer("cpu-max-prime", 10000);
        this.seed = args.number("rand-seed", 0);
        this.out = out;
        checkpoints.addAll(SysbenchCheckpoints.parse(args.text("", "report-checkpoints")));
        if (threads < 1) {
            throw new BenchException("Invalid value for --threads: " + threads);
        }
        if (maxPrime <= 0) {
            throw new BenchException("Invalid value of cpu-max-prime: " + maxPrime + ".");
        }
    }

    /** {@code help}, {@code run}, or sysbench's line for a command the cpu test has not; after the caller's banner. */
    static int command(String command, SysbenchArgs args, PrintWriter out, PrintWriter err) {
        return switch (command) {
            case "help" -> {
                out.print("cpu options:\n  --cpu-max-prime=N upper limit for primes generator [10000]\n\n");
                yield 0;
            }
            case "run" -> new SysbenchCpu(args, out).run();
            default -> {
                err.println("'cpu' test does not implement the '" + command + "' command.");
                yield SysbenchCommand.EXIT_FAILED;
            }
        };
    }

    private int run() {
        header();
        fairness = new ThreadFairness(threads);
        CountDownLatch done = new CountDownLatch(threads);
        start = System.nanoTime();
        if (rate > 0) {
            queue = new ArrayBlockingQueue<>(MAX_QUEUE_LEN);
            daemon(this::generate, "sysbench-cpu-events").start();
        }
        for (int i = 0; i < threads; i++) {
            int worker = i;
            daemon(() -> {
                try {
                    work(worker);
                } finally {
                    done.countDown();
                }
            }, "sysbench-cpu-" + i).start();
        }
        long nextReport = reportInterval > 0 ? start + (long) (reportInterval * 1e9) : Long.MAX_VALUE;
        int checkpoint = 0;
        long checkpointStart = start;
        try {
            while (true) {
                long nextCheckpoint = checkpoint < checkpoints.size() ? start + checkpoints.get(checkpoint) * 1_000_000_000L : Long.MAX_VALUE;
                long wait = Math.min(Math.min(nextReport, nextCheckpoint) - System.nanoTime(), WATCH_NANOS);
                if (done.await(Math.max(wait, 0), TimeUnit.NANOSECONDS) || queueFull) {
                    break;
                }
                long now = System.nanoTime();
                if (now >= nextReport) {
                    intervalLine(now, nextReport);
                    nextReport += (long) (reportInterval * 1e9);
                }
                if (now >= nextCheckpoint) {
                    out.println(String.format(Locale.ROOT, "[ %ds ] Checkpoint report:", checkpoints.get(checkpoint++)));
                    report(now, checkpointStart);
                    checkpointStart = now;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            stop = true;
        }
        if (queueFull) {
            throw new BenchException(QUEUE_FULL);
        }
        report(System.nanoTime(), checkpointStart);
        return 0;
    }

    /** One thread's events until --time or --events; in rate mode each from the queue, its latency from its enqueueing. */
    private void work(int worker) {
        try {
            while (!stop) {
                long queued = System.nanoTime();
                if (queue != null) {
                    Long at = queue.poll(POLL_MS, TimeUnit.MILLISECONDS);
                    if (at == null) {
                        continue;
                    }
                    queued = at;
                }
                if ((events > 0 && claimed.incrementAndGet() > events) || (timeNanos > 0 && System.nanoTime() - start >= timeNanos)) {
                    return;
                }
                busy.incrementAndGet();
                sink += primes(maxPrime);
                busy.decrementAndGet();
                long latency = System.nanoTime() - queued;
                interval.recordValue(latency);
                sinceCheckpoint.recordValue(latency);
                intervalEvents.increment();
                checkpointEvents.increment();
                fairness.record(worker, latency);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** sb_cpu.c's event: the primes in [3, max) by trial division by 2..sqrt(c). */
    static long primes(int max) {
        long n = 0;
        for (long c = 3; c < max; c++) {
            double t = Math.sqrt(c);
            long l = 2;
            while (l <= t && c % l != 0) {
                l++;
            }
            if (l > t) {
                n++;
            }
        }
        return n;
    }

    /** sysbench's event generator: exponential gaps at --rate; an event that finds the queue full ends the run. */
    private void generate() {
        SplittableRandom random = new SplittableRandom(seed != 0 ? seed : System.nanoTime());
        double meanGapNanos = 1e9 / rate;
        long next = System.nanoTime();
        while (!stop && (timeNanos == 0 || System.nanoTime() - start < timeNanos)) {
            next += (long) (-meanGapNanos * Math.log(1 - random.nextDouble()));
            long now = System.nanoTime();
            if (next > now) {
                LockSupport.parkNanos(next - now);
            }
            if (!queue.offer(System.nanoTime())) {
                queueFull = true;
                return;
            }
        }
    }

    private void header() {
        out.println("Running the test with following options:");
        out.println("Number of threads: " + threads);
        if (rate > 0) {
            out.println("Target transaction rate: " + SysbenchReport.number(rate) + "/sec");
        }
        if (reportInterval > 0) {
            out.println("Report intermediate results every " + SysbenchReport.number(reportInterval) + " second(s)");
        }
        if (!checkpoints.isEmpty()) {
            out.println(SysbenchCheckpoints.headerLine(checkpoints));
        }
        out.println(seed == 0 ? "Initializing random number generator from current time"
                : "Initializing random number generator from seed (" + seed + ").");
        out.print("\n\nPrime numbers limit: " + maxPrime + "\n\nInitializing worker threads...\n\nThreads started!\n\n");
        out.flush();
    }

    /** {@code [ 1s ] thds: 1 eps: ... lat (ms,95%): ...}, and in rate mode the queue line. */
    private void intervalLine(long now, long tick) {
        double seconds = reportInterval;
        Histogram h = interval.getIntervalHistogram();
        long at = Math.round((tick - start) / 1e9);
        out.println(String.format(Locale.ROOT, "[ %ds ] thds: %d eps: %4.2f lat (ms,%d%%): %4.2f", at, threads,
                intervalEvents.sumThenReset() / seconds, percentile, SysbenchReport.percentileMs(h, percentile)));
        if (queue != null) {
            out.println(SysbenchReport.queueLine(at, queue.size(), busy.get()));
        }
        out.flush();
    }

    /** cpu's report (events per second since the last checkpoint) and sysbench's common blocks; resets the counters. */
    private void report(long now, long since) {
        long n = checkpointEvents.sumThenReset();
        Histogram latency = sinceCheckpoint.getIntervalHistogram();
        ThreadFairness done = fairness;
        fairness = new ThreadFairness(threads);
        out.println("CPU speed:");
        out.println(String.format(Locale.ROOT, "    events per second: %8.2f", n / ((now - since) / 1e9)));
        out.println();
        out.print(SysbenchReport.general((now - start) / 1e9, n, latency, done, percentile));
        out.flush();
    }

    private static Thread daemon(Runnable body, String name) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        return t;
    }
}
