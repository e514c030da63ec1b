package dev.bench.workloads.vote;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The articles whose cache invalidation failed after their write committed, waiting to be invalidated
 * again. An entry leaves only after an invalidation sent since it was queued has succeeded, so a flush
 * that returns has seen every entry queued before it started invalidated, by itself or by another.
 *
 * <p>Threading: any thread may {@link #add} and {@link #flush}, concurrently. Concurrent flushers help each
 * other: they may invalidate the same entry twice (harmless), and each then removes that entry, by identity.
 * Removing by value instead would let the second flusher remove a later entry of the same article, queued
 * after both had sent theirs, whose invalidation then never goes out.
 */
final class PendingInvalidations {

    /** Invalidates one article's cache entry, waiting for memcached's answer. */
    @FunctionalInterface
    interface Invalidator {
        void invalidate(long articleId) throws Exception;
    }

    private final ConcurrentLinkedQueue<Entry> queue = new ConcurrentLinkedQueue<>();

    void add(long articleId) {
        queue.add(new Entry(articleId));
    }

    /** Lock-free; a session checks it before every op. */
    boolean isEmpty() {
        return queue.isEmpty();
    }

    /**
     * Invalidates every entry until none is left.
     *
     * @throws Exception the first invalidation that failed (memcached still down); its entry stays queued
     */
    void flush(Invalidator invalidator) throws Exception {
        for (Entry e = queue.peek(); e != null; e = queue.peek()) {
            invalidator.invalidate(e.articleId);
            queue.remove(e);
        }
    }

    /** One failed invalidation; no equals(): two entries of one article are two entries. */
    private static final class Entry {
        final long articleId;

        Entry(long articleId) {
            this.articleId = articleId;
        }
    }
}
