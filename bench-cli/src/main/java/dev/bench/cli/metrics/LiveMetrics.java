package dev.bench.cli.metrics;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.OfferedLoad;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * {@code --metrics-port}: the run's live figures in the Prometheus text format at {@code /metrics},
 * through the Prometheus Java client (its registry, exposition and HTTP server). Updated once per
 * report interval from the engine's snapshots, so the hot path pays nothing and a scrape costs what
 * the client's exposition costs.
 *
 * <pre>{@code
 * try (LiveMetrics metrics = LiveMetrics.start(9400, "vote")) {   // binds now: a busy port fails here
 *     BenchmarkRun.execute(benchmark, context.with(metrics));      // an IntervalListener
 * }                                                                 // serves a moment longer, then stops
 * }</pre>
 *
 * <p>Counters count the measured window (warmup left out), so their final values are summary.json's.
 * Labels: workload, kind, client (the client id).
 *
 * <p>Threading: the listener methods come from the one reporting thread; the client's metrics are
 * thread-safe for the HTTP server's scrapes.
 */
public final class LiveMetrics implements IntervalListener, AutoCloseable {

    /** After the results are written the endpoint stays this long, so a 1 s scrape sees the final values. */
    static final long LINGER_MS = 2_000;

    private final HTTPServer server;
    private final String workload;
    private final Counter completed;
    private final Counter failed;
    private final Counter retries;
    private final Counter reconnects;
    private final Gauge scheduled;
    private final Gauge achieved;
    private final Gauge backlogAge;
    private final Gauge waiting;
    private final Gauge busy;
    private final LatencyHistograms latency = new LatencyHistograms();
    private String client = "0";
    private RunConfig config;

    private LiveMetrics(HTTPServer server, PrometheusRegistry registry, String workload) {
        this.server = server;
        this.workload = workload;
        String[] perKind = {"workload", "kind", "client"};
        String[] perRun = {"workload", "client"};
        completed = Counter.builder().name("bench_ops_completed").help("Ops completed in the measured window")
                .labelNames(perKind).register(registry);
        failed = Counter.builder().name("bench_ops_failed").help("Ops failed in the measured window")
                .labelNames(perKind).register(registry);
        retries = Counter.builder().name("bench_op_retries").help("Retries in the measured window")
                .labelNames(perKind).register(registry);
        reconnects = Counter.builder().name("bench_reconnects").help("Reconnects in the measured window")
                .labelNames(perKind).register(registry);
        scheduled = Gauge.builder().name("bench_scheduled_ops_per_second")
                .help("Rate the schedule offered over the last interval (open loop), all kinds").labelNames(perRun).register(registry);
        achieved = Gauge.builder().name("bench_completed_ops_per_second")
                .help("Ops completed per second over the last interval, all kinds").labelNames(perRun).register(registry);
        backlogAge = Gauge.builder().name("bench_backlog_age_seconds")
                .help("How late the oldest op due but not yet started was at the last interval's end").labelNames(perRun).register(registry);
        waiting = Gauge.builder().name("bench_waiting_ops")
                .help("Ops due but not yet taken by a worker at the last interval's end").labelNames(perRun).register(registry);
        busy = Gauge.builder().name("bench_busy_workers")
                .help("Workers serving a call at the last interval's end").labelNames(perRun).register(registry);
        registry.register(latency.collector("bench_sojourn_seconds", "Latency from each op's intended start", workload, true));
        registry.register(latency.collector("bench_service_seconds", "Latency from each op's send", workload, false));
    }

    /**
     * Binds the port now, before anything connects.
     *
     * @throws BenchException the port is out of range or taken, naming {@code --metrics-port}
     */
    public static LiveMetrics start(String option, int port, String workload) {
        if (port < 1 || port > 65535) {
            throw new BenchException(option + " must be 1..65535, got " + port);
        }
        PrometheusRegistry registry = new PrometheusRegistry();
        try {
            return new LiveMetrics(HTTPServer.builder().port(port).registry(registry).buildAndStart(), registry, workload);
        } catch (IOException e) {
            throw new BenchException(option + " " + port + ": cannot serve metrics there (" + e.getMessage()
                    + "); is the port in use? choose another");
        }
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void onStart(RunInfo info) {
        RunConfig config = info.config();
        client = config == null ? "0" : Integer.toString(config.clientId());
        this.config = config;
    }

    @Override
    public void onInterval(IntervalSnapshot s) {
        double rate = config == null ? Double.NaN : OfferedLoad.scheduledOpsPerSec(config, s.startNanos() / 1e9, s.endNanos() / 1e9);
        scheduled.labelValues(workload, client).set(Double.isNaN(rate) ? 0 : rate);
        achieved.labelValues(workload, client).set(s.completed() / s.seconds());
        backlogAge.labelValues(workload, client).set(s.lagNanos() / 1e9);
        waiting.labelValues(workload, client).set(s.waitingOps());
        busy.labelValues(workload, client).set(s.busyWorkers());
        if (s.warmup()) {
            return;
        }
        for (KindStats k : s.kinds()) {
            completed.labelValues(workload, k.name(), client).inc(k.completed());
            failed.labelValues(workload, k.name(), client).inc(k.outcomes().failed());
            retries.labelValues(workload, k.name(), client).inc(k.outcomes().retries());
            reconnects.labelValues(workload, k.name(), client).inc(k.outcomes().reconnects());
            latency.add(k.name(), client, k.sojourn(), k.service());
        }
    }

    /** Serves {@link #LINGER_MS} more for a last scrape, then stops. */
    @Override
    public void close() {
        try {
            TimeUnit.MILLISECONDS.sleep(LINGER_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close();
    }
}
