package dev.bench.workloads.sysbench.cpu;

import dev.bench.core.RunConfig;
import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;
import dev.bench.workloads.sysbench.QueryCounters;
import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.SysbenchCheckpoints;
import dev.bench.workloads.sysbench.SysbenchIntervalLines;
import dev.bench.workloads.sysbench.SysbenchReport;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * sysbench's cpu test's {@code run} as the run template's parts: nothing to prepare or check, one phase,
 * sysbench's header and intermediate lines ({@link SysbenchIntervalLines} in {@link CpuFormat}), its
 * --report-checkpoints and its report. A run that stopped because the oldest waiting event fell
 * {@link CpuSettings#QUEUE_LENGTH} / --rate seconds behind (the engine's max lag, set so) filled sysbench's
 * event queue: sysbench's FATAL line in place of the report, and the exit code 1 the stop gives.
 */
public final class CpuBenchmark extends Benchmark {

    /** sysbench's line when its event queue is full, after "FATAL: ". */
    public static final String QUEUE_FULL = "The event queue is full. This means the worker threads are unable to keep up with"
            + " the specified event generation rate";

    private final CpuSettings settings;
    private final RunConfig config;
    private final double reportIntervalSeconds;
    private final CpuFormat format;
    /** Statement counts, which the cpu test has none of: always zero. */
    private final QueryCounters noQueries = new QueryCounters();
    private CpuWorkload workload;
    /** --report-checkpoints' reports, or null without it. */
    private SysbenchCheckpoints checkpoints;

    /** @param reportIntervalSeconds sysbench's --report-interval: its intermediate lines; 0 for none */
    CpuBenchmark(CpuSettings settings, RunConfig config, double reportIntervalSeconds) {
        this.settings = settings;
        this.config = config;
        this.reportIntervalSeconds = reportIntervalSeconds;
        this.format = new CpuFormat(settings.maxPrime());
    }

    @Override
    public String name() {
        return CpuWorkloadType.NAME;
    }

    @Override
    public Map<String, Object> describe() {
        return Map.of("target", "none: sysbench's cpu test, the primes below " + settings.maxPrime() + " by trial division per event");
    }

    @Override
    protected void prepare() {
    }

    @Override
    protected List<PhasePlan> phases() {
        return List.of(new PhasePlan("run", config));
    }

    @Override
    protected Workload workload(PhasePlan phase) {
        workload = new CpuWorkload(settings.maxPrime(), phase.config().threads());
        return workload;
    }

    /**
     * sysbench's header when the run starts (after its banner, which {@code bench sysbench} prints first, as
     * for every test command), then its intermediate lines and checkpoint reports.
     */
    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        int percentile = settings.sysbench().percentile();
        List<Long> at = settings.sysbench().checkpoints();
        checkpoints = at.isEmpty() ? null : new SysbenchCheckpoints(at, noQueries, workload.fairness(), percentile, format);
        return List.of(new SysbenchIntervalLines(out, noQueries, null, phase.config(), reportIntervalSeconds, percentile,
                settings.clockSeeded(), checkpoints, format));
    }

    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) {
        return IntegrityCheck.notChecked("the cpu test keeps no data");
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        return new Figures().same("cpu_max_prime", settings.maxPrime());
    }

    /** sysbench's report of the run, or of what came since the last checkpoint; its FATAL when the queue filled. */
    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        RunResult result = outcome.result();
        if (queueFilled(result)) {
            out.println("FATAL: " + QUEUE_FULL);
            return;
        }
        SysbenchReport.Totals totals = checkpoints == null ? SysbenchReport.Totals.of(result, QueryCounts.ZERO, workload.fairness())
                : checkpoints.sinceLast(result, QueryCounts.ZERO);
        out.print(format.report(totals, settings.sysbench().percentile()));
    }

    /** The run stopped for its lag (not Ctrl-C): the oldest waiting event was later than the queue allows. */
    static boolean queueFilled(RunResult result) {
        return !result.completedAsPlanned() && !result.interrupted()
                && result.maxLagNanos() > result.config().maxLag().toNanos();
    }
}
