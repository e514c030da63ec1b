package dev.bench.workloads.vote;

import java.util.Optional;

/** Does nothing, instantly: what's left is the harness's own cost and ceiling. */
final class NullVoteBackend implements VoteBackend {

    @Override
    public String name() {
        return "null";
    }

    @Override
    public String describe() {
        return "null (no-op: measures the harness itself)";
    }

    @Override
    public void prime(long articles) {
    }

    @Override
    public void requirePrimed(long articles) {
    }

    @Override
    public VoteSession openSession() {
        return new VoteSession() {
            @Override
            public void read(long[] ids, int n) {
            }

            @Override
            public void write(long[] ids, int n) {
            }
        };
    }

    @Override
    public Optional<VoteCounts> count() {
        return Optional.empty();
    }
}
