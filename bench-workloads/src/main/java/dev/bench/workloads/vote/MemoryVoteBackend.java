package dev.bench.workloads.vote;

import dev.bench.core.BenchException;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * An in-process materialized view of {@code ArticleWithVoteCount}, updated incrementally on every
 * vote: our stand-in for Noria's embedded {@code localsoup}. The vote table is kept as its row count.
 *
 * <p>Threading: sessions run concurrently; counts are atomic per article.
 */
final class MemoryVoteBackend implements VoteBackend {

    private String[] titles = new String[0];
    private AtomicLongArray counts = new AtomicLongArray(0);
    private final LongAdder voteRows = new LongAdder();
    /** Keeps reads from being optimised away. */
    private volatile long sink;

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public String describe() {
        return "memory (in-process materialized view)";
    }

    @Override
    public void prime(long articles) {
        if (articles > Integer.MAX_VALUE - 1) {
            throw new BenchException("the memory backend holds at most " + (Integer.MAX_VALUE - 1) + " articles");
        }
        titles = new String[(int) articles + 1];
        for (int id = 1; id <= articles; id++) {
            titles[id] = "Article #" + id;
        }
        counts = new AtomicLongArray((int) articles + 1);
        voteRows.reset();
    }

    @Override
    public void requirePrimed(long articles) {
        if (titles == null) {
            throw new BenchException("the memory backend lives in this process only: it can't run with --no-prime");
        }
        if (titles.length - 1 < articles) {
            throw new BenchException("the memory backend holds " + (titles.length - 1) + " articles, fewer than --articles "
                    + articles + "; prime again or lower --articles");
        }
    }

    @Override
    public VoteSession openSession() {
        return new VoteSession() {
            @Override
            public void read(long[] ids, int n) {
                long seen = 0;
                for (int i = 0; i < n; i++) {
                    int id = (int) ids[i];
                    seen += titles[id].length() + counts.get(id);
                }
                sink = seen;
            }

            @Override
            public void write(long[] ids, int n) {
                for (int i = 0; i < n; i++) {
                    counts.incrementAndGet((int) ids[i]);
                }
                voteRows.add(n);
            }
        };
    }

    @Override
    public Optional<VoteCounts> count() {
        long sum = 0;
        for (int i = 0; i < counts.length(); i++) {
            sum += counts.get(i);
        }
        return Optional.of(new VoteCounts(voteRows.sum(), sum));
    }
}
