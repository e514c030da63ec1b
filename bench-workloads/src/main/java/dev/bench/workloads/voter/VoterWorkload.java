package dev.bench.workloads.voter;

import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.SqlErrors;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * VoltDB's Voter: one op kind, "vote", one call per op. Return codes 1 (invalid contestant) and 2 (over
 * the phone's vote limit) complete as expected refusals ({@code batch.reject}); a managed-mode refusal
 * (queue full or timed out) is a failed op. Counts what every caller was told, for the check and for
 * VoltDB's summary.
 *
 * <p>Threading: sessions are per worker; the counters are safe to read from any thread.
 */
public final class VoterWorkload implements Workload, AutoCloseable {

    static final String KIND = "vote";

    /** Unique violations: two first votes of one phone raced to insert its count row; the loser retries. */
    private static final Set<String> RACE_STATES = Set.of("23505");
    private static final int MYSQL_DUPLICATE_KEY = 1062;

    private final VoterSettings settings;
    private final CallGenerator calls;
    private final VoteLanes lanes;
    private final LongAdder accepted = new LongAdder();
    private final LongAdder invalid = new LongAdder();
    private final LongAdder overLimit = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder inDoubt = new LongAdder();
    private final AtomicInteger pending = new AtomicInteger();

    public VoterWorkload(VoterDatabase database, VoterSettings settings, long seed) {
        this.settings = settings;
        this.calls = new CallGenerator(settings.contestants(), settings.uniform(), seed);
        this.lanes = new VoteLanes(database.target(), database.sql(), settings);
    }

    @Override
    public List<OpKind> kinds() {
        return List.of(new OpKind(KIND, 1, 1));
    }

    @Override
    public ErrorKind classify(Exception failure) {
        if (failure instanceof SlotGate.Refused) {
            return ErrorKind.FAILED;
        }
        if (failure instanceof SQLException sql
                && (RACE_STATES.contains(sql.getSQLState()) || sql.getErrorCode() == MYSQL_DUPLICATE_KEY)) {
            return ErrorKind.RETRYABLE;
        }
        return SqlErrors.classify(failure);
    }

    @Override
    public Session openSession(int workerIndex) {
        CallGenerator.Call call = new CallGenerator.Call();
        int maxVotes = settings.maxVotes();
        VoteLanes.Call vote = lane -> lane.vote(call.phone, call.contestant, maxVotes);
        return new Session() {
            @Override
            public void execute(Batch batch) throws Exception {
                calls.next(batch.random(0), call);
                pending.incrementAndGet();
                try {
                    count(batch, lanes.vote(workerIndex, vote));
                } catch (SlotGate.Refused e) {
                    refused.increment();
                    throw e;
                } catch (SQLException e) {
                    if (SqlErrors.classify(e) == ErrorKind.CONNECTION) {
                        inDoubt.increment(); // the commit may or may not have happened
                    }
                    throw e;
                } finally {
                    pending.decrementAndGet();
                }
            }

            @Override
            public void abort() {
                lanes.abortAll();
            }
        };
    }

    private void count(Batch batch, int code) throws SQLException {
        switch (code) {
            case VoteLane.ACCEPTED -> accepted.increment();
            case VoteLane.INVALID_CONTESTANT -> {
                invalid.increment();
                batch.reject(0);
            }
            case VoteLane.OVER_LIMIT -> {
                overLimit.increment();
                batch.reject(0);
            }
            default -> throw new SQLException("vote returned " + code + ", expected 0, 1 or 2");
        }
    }

    public long accepted() {
        return accepted.sum();
    }

    public long invalid() {
        return invalid.sum();
    }

    public long overLimit() {
        return overLimit.sum();
    }

    /** Managed-mode refusals (queue full or timed out). */
    public long refused() {
        return refused.sum();
    }

    /** Votes whose connection broke before their outcome was known. */
    public long inDoubt() {
        return inDoubt.sum();
    }

    /** Calls a worker has started and not finished, plus (managed) calls waiting in the queue. */
    public int pending() {
        return pending.get();
    }

    @Override
    public void close() {
        lanes.close();
    }
}
