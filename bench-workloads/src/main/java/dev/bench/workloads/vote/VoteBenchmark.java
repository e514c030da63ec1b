package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.RunConfig;
import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;
import dev.bench.core.results.LatencyLogWriter;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;

import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Noria's vote experiment as the run template's parts: prime (or check the data is there), one open-loop
 * phase, then check that the database agrees with what the client was told, and print Noria's table.
 * Owns the backend and closes it.
 */
public final class VoteBenchmark extends Benchmark {

    private final VoteBackend backend;
    private final VoteSettings settings;
    private final RunConfig config;
    private final Path histogram;
    private LatencyLogWriter histogramCopy;
    private Optional<VoteCounts> before = Optional.empty();
    /** When {@link #before} was read: of several clients, the earliest read is the state before any wrote. */
    private long beforeAtMillis;
    private VoteWorkload workload;

    public VoteBenchmark(VoteBackend backend, VoteSettings settings, RunConfig config) {
        this(backend, settings, config, null);
    }

    /** @param histogram Noria's --histogram: also write the HdrHistogram interval log here, or null */
    public VoteBenchmark(VoteBackend backend, VoteSettings settings, RunConfig config, Path histogram) {
        this.backend = backend;
        this.settings = settings;
        this.config = config;
        this.histogram = histogram;
    }

    @Override
    public String name() {
        return "vote";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("backend", backend.name());
        fields.put("target", backend.describe());
        return fields;
    }

    @Override
    protected void prepare() throws Exception {
        try {
            if (settings.prime()) {
                backend.prime(settings.articles());
            } else {
                backend.requirePrimed(settings.articles());
            }
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException((settings.prime() ? "priming failed: " : "checking the data failed: ")
                    + Failures.describe(e), e);
        }
        before = backend.count();
        beforeAtMillis = System.currentTimeMillis();
    }

    @Override
    protected List<PhasePlan> phases() {
        return List.of(new PhasePlan("run", config));
    }

    @Override
    protected Workload workload(PhasePlan phase) {
        workload = new VoteWorkload(backend, settings, backend.readsFromReplicas() ? countsByArticle() : null);
        return workload;
    }

    /** Each article's count on the primary before the run: the stale-read check's start. */
    private long[] countsByArticle() {
        try {
            return backend.countsByArticle(settings.articles());
        } catch (Exception e) {
            throw new dev.bench.core.BenchException("cannot read the articles' counts to count stale reads from: "
                    + dev.bench.core.Failures.rootMessage(e), e);
        }
    }

    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        if (histogram == null) {
            return List.of();
        }
        try {
            histogramCopy = new LatencyLogWriter(histogram);
        } catch (FileNotFoundException e) {
            throw new BenchException("cannot write --histogram " + histogram + ": " + e.getMessage(), e);
        }
        return List.of(histogramCopy);
    }

    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception {
        return VoteCheck.of(workload.acknowledgedVotes(), workload.inDoubtVotes(), before, backend.count());
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        Figures figures = new Figures().sum("acknowledged_votes", workload.acknowledgedVotes());
        backend.addFigures(figures);
        return figures;
    }

    @Override
    protected Map<String, Object> told(PhasePlan phase, RunResult result) {
        Map<String, Object> told = VoteTold.of(backend.name(), workload.acknowledgedVotes(), workload.inDoubtVotes(), before,
                beforeAtMillis);
        told.put("articles", settings.articles());
        told.putAll(backend.checkShape());
        return told;
    }

    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        out.print(NoriaReport.render(outcome.result()));
        out.println("# integrity: " + outcome.check().verdict());
        Figures figures = new Figures();
        backend.addFigures(figures);
        figures.values().forEach((name, value) -> out.println("# " + name + ": " + value));
    }

    /** Votes the backend acknowledged in the last phase (warmup included). */
    public long acknowledgedVotes() {
        return workload == null ? 0 : workload.acknowledgedVotes();
    }

    @Override
    public void close() throws Exception {
        try {
            backend.close();
        } finally {
            if (histogramCopy != null) {
                histogramCopy.close();
            }
        }
    }
}
