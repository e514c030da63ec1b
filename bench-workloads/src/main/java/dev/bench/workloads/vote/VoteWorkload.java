package dev.bench.workloads.vote;

import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.random.KeyDistribution;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Noria's vote load on any {@link VoteBackend}: op kinds "write" (weight 1) and "read" (weight
 * writeEvery − 1), batched. Read ids are sorted and de-duplicated, write ids are kept as drawn.
 * Counts every vote the backend acknowledged, for the after-run check. When reads go to replicas
 * ({@link StaleReads}), counts reads that saw fewer votes than the client had been told of, per host.
 *
 * <p>Threading: sessions are per worker; {@link #acknowledgedVotes()} is safe from any thread.
 */
public final class VoteWorkload implements Workload {

    private final VoteBackend backend;
    private final KeyDistribution keys;
    private final List<OpKind> kinds;
    /** Index of the write kind in {@link #kinds}: batches name their kind by index. */
    private final int writeKind;
    /** The op kinds, in order. */
    static final List<String> KIND_NAMES = List.of("write", "read");

    private final LongAdder acknowledged = new LongAdder();
    private final LongAdder inDoubt = new LongAdder();
    /** Null unless reads go to replicas. */
    private final StaleReads stale;

    public VoteWorkload(VoteBackend backend, VoteSettings settings) {
        this(backend, settings, null);
    }

    /** @param countsAtStart each article's count before the run (by id), to count stale reads from; null: don't */
    VoteWorkload(VoteBackend backend, VoteSettings settings, long[] countsAtStart) {
        this.stale = countsAtStart == null ? null : new StaleReads(countsAtStart);
        this.backend = backend;
        this.keys = settings.keys();
        OpKind write = new OpKind(KIND_NAMES.get(0), 1, settings.maxBatch());
        OpKind read = new OpKind(KIND_NAMES.get(1), settings.writeEvery() - 1, settings.maxBatch());
        this.kinds = List.of(write, read);
        this.writeKind = kinds.indexOf(write);
    }

    @Override
    public List<OpKind> kinds() {
        return kinds;
    }

    public long acknowledgedVotes() {
        return acknowledged.sum();
    }

    /**
     * Votes whose connection broke before the commit was confirmed: the database may or may not have
     * them (and a retried batch may have them twice). The after-run check allows for them, and says so.
     */
    public long inDoubtVotes() {
        return inDoubt.sum();
    }

    @Override
    public boolean isReadOnly(OpKind kind) {
        return kind.name().equals(KIND_NAMES.get(1));
    }

    @Override
    public boolean onReplicas(OpKind kind) {
        return backend.readsFromReplicas() && isReadOnly(kind);
    }

    @Override
    public long staleReads(int host) {
        return stale == null ? -1 : stale.count(host);
    }

    @Override
    public ErrorKind classify(Exception failure) {
        return backend.classify(failure);
    }

    @Override
    public Session openSession(int workerIndex) throws Exception {
        VoteBackend.VoteSession session = backend.openSession();
        int capacity = kinds.stream().mapToInt(OpKind::maxBatch).max().orElse(1);
        long[] ids = new long[capacity];
        long[] floors = stale == null ? null : new long[capacity];
        long[] seen = stale == null ? null : new long[capacity];
        boolean hostPerArticle = session.hostPerArticle();
        return new Session() {
            @Override
            public void execute(Batch batch) throws Exception {
                int n = batch.size();
                for (int i = 0; i < n; i++) {
                    ids[i] = keys.next(batch.random(i));
                    if (hostPerArticle) {
                        batch.servedBy(i, session.hostOf(ids[i])); // before reads sort the ids
                    }
                }
                if (batch.kind() == writeKind) {
                    try {
                        session.write(ids, n);
                    } catch (PartialWriteException e) {
                        acknowledged.add(e.landed());
                        inDoubt.add(e.inDoubt());
                        throw e;
                    } catch (Exception e) {
                        if (backend.mayHaveLanded(e)) {
                            inDoubt.add(n);
                        }
                        throw e;
                    }
                    acknowledged.add(n);
                    if (stale != null) {
                        stale.acknowledged(ids, n);
                    }
                } else if (stale == null) {
                    session.read(ids, sortDistinct(ids, n));
                } else {
                    int d = sortDistinct(ids, n);
                    stale.floors(ids, d, floors);
                    session.readCounts(ids, d, seen);
                    if (batch.isMeasured(0)) {
                        stale.check(floors, seen, d, session.readHost());
                    }
                }
            }

            @Override
            public int host(int kind) {
                return kind == writeKind ? session.writeHost() : session.readHost();
            }

            @Override
            public void abort() {
                session.abort();
            }

            @Override
            public void close() throws Exception {
                session.close();
            }
        };
    }

    /** Sorts ids[0..n) and moves the distinct ones to the front; returns how many. */
    static int sortDistinct(long[] ids, int n) {
        Arrays.sort(ids, 0, n);
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (d == 0 || ids[d - 1] != ids[i]) {
                ids[d++] = ids[i];
            }
        }
        return d;
    }
}
