package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;

import java.util.List;

/**
 * One vote experiment: {@link #prepare} (prime, or check the data is there), then {@link #run} the
 * load and check that the database agrees with what the client was told.
 */
public final class VoteBenchmark {

    private VoteBenchmark() {
    }

    public record Outcome(RunResult result, VoteCheck check, long acknowledgedVotes) {
    }

    /** @return the counts before the run, the baseline for the after-run check (null: stateless backend) */
    public static VoteCounts prepare(VoteBackend backend, VoteSettings settings) {
        try {
            if (settings.prime()) {
                backend.prime(settings.articles());
            } else {
                backend.requirePrimed(settings.articles());
            }
            return backend.count();
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException((settings.prime() ? "priming failed: " : "checking the data failed: ")
                    + e.getMessage(), e);
        }
    }

    public static Outcome run(VoteBackend backend, VoteSettings settings, RunConfig config,
                              List<IntervalListener> listeners, VoteCounts before) {
        VoteWorkload workload = new VoteWorkload(backend, settings);
        RunResult result = Engine.run(workload, config, listeners);
        try {
            VoteCheck check = VoteCheck.of(workload.acknowledgedVotes(), workload.inDoubtVotes(), before, backend.count());
            return new Outcome(result, check, workload.acknowledgedVotes());
        } catch (Exception e) {
            throw new BenchException("the run finished but the after-run check could not read the counts: "
                    + e.getMessage(), e);
        }
    }
}
