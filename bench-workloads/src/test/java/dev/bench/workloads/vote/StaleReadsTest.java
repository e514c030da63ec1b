package dev.bench.workloads.vote;

import dev.bench.core.Hosts;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.metrics.HostStats;
import dev.bench.core.metrics.RunResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stale reads counted against a stub primary and replica whose lag is known in advance: one article,
 * one worker (so ops run one after another), and a replica that applies each write only when the next
 * write commits. Every read after the first acknowledged write then sees one write fewer than the client
 * was told of: each is stale, and the stub counts them as it serves them. A replica that is never
 * behind gives none.
 */
class StaleReadsTest {

    private static final String PRIMARY = "primary.stale-test:1";
    private static final String REPLICA = "replica.stale-test:2";
    private static final RunConfig CLOSED_LOOP = RunConfig.builder().threads(1).duration(Duration.ofMillis(300)).build();
    private static final VoteSettings ONE_ARTICLE = new VoteSettings(1, 2, false, VoteSettings.ZIPF, 1, true);

    /** Article 1's count on the primary, and on a replica {@code lagWrites} writes behind it. */
    static final class LaggingReplica implements VoteBackend {
        final int lagWrites;
        final AtomicLong primary = new AtomicLong();
        /** Reads the stub served while the replica was behind what had been acknowledged. */
        final AtomicLong servedBehind = new AtomicLong();

        LaggingReplica(int lagWrites) {
            this.lagWrites = lagWrites;
        }

        @Override
        public String name() {
            return "stub";
        }

        @Override
        public String describe() {
            return "a replica " + lagWrites + " writes behind";
        }

        @Override
        public void prime(long articles) {
        }

        @Override
        public void requirePrimed(long articles) {
        }

        @Override
        public boolean readsFromReplicas() {
            return true;
        }

        @Override
        public long[] countsByArticle(long articles) {
            return new long[] {0, primary.get()};
        }

        @Override
        public Optional<VoteCounts> count() {
            return Optional.of(new VoteCounts(primary.get(), primary.get()));
        }

        @Override
        public VoteSession openSession() {
            int primaryHost = Hosts.indexOf(PRIMARY);
            int replicaHost = Hosts.indexOf(REPLICA);
            return new VoteSession() {
                @Override
                public void read(long[] ids, int n) {
                }

                @Override
                public void readCounts(long[] ids, int n, long[] votes) {
                    long acknowledged = primary.get();
                    long replica = Math.max(0, acknowledged - lagWrites);
                    if (replica < acknowledged) {
                        servedBehind.incrementAndGet();
                    }
                    votes[0] = replica;
                }

                @Override
                public void write(long[] ids, int n) {
                    primary.addAndGet(n);
                }

                @Override
                public int readHost() {
                    return replicaHost;
                }

                @Override
                public int writeHost() {
                    return primaryHost;
                }
            };
        }
    }

    private static HostStats host(RunResult r, String name) {
        return r.hosts().stream().filter(h -> h.host().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aReplicaOneWriteBehindMakesEveryReadAfterTheFirstWriteStaleOnItsHost() {
        LaggingReplica backend = new LaggingReplica(1);
        VoteWorkload workload = new VoteWorkload(backend, ONE_ARTICLE, backend.countsByArticle(1));

        RunResult r = Engine.run(workload, CLOSED_LOOP, List.of());

        long stale = host(r, REPLICA).staleReads();
        assertTrue(stale > 100, "stale reads " + stale);
        assertEquals(backend.servedBehind.get(), stale);
        assertEquals(0, host(r, PRIMARY).staleReads());
        assertEquals(r.kind("read").completed(), host(r, REPLICA).kinds().get(1).completed());
        assertEquals(r.kind("write").completed(), host(r, PRIMARY).kinds().get(0).completed());
    }

    @Test
    void aReplicaThatIsNeverBehindGivesNoStaleReads() {
        LaggingReplica backend = new LaggingReplica(0);
        VoteWorkload workload = new VoteWorkload(backend, ONE_ARTICLE, backend.countsByArticle(1));

        RunResult r = Engine.run(workload, CLOSED_LOOP, List.of());

        assertTrue(r.kind("read").completed() > 100);
        assertEquals(0, host(r, REPLICA).staleReads());
    }
}
