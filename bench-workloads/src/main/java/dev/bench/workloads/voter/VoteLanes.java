package dev.bench.workloads.voter;

import dev.bench.core.ErrorKind;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How workers reach the database's connections, erlvolt's two modes.
 * <ul>
 *   <li><b>direct</b>: worker i always uses connection i mod n (erlvolt's round-robin); workers that
 *   share a connection take turns on its lock, first come first served.</li>
 *   <li><b>managed</b>: a {@link SlotGate} admits {@code slots} calls and queues up to {@code queueSize}
 *   more (a full queue or a queue timeout refuses the call); an admitted call takes any idle connection.</li>
 * </ul>
 * Time spent waiting here is part of each call's sojourn latency, as it would be in the client.
 *
 * <p>Threading: {@link #vote} from any number of workers.
 */
final class VoteLanes implements AutoCloseable {

    /** What one vote does on a lane; {@link VoteLane#vote} in production. */
    interface Call {
        int on(VoteLane lane) throws SQLException;
    }

    private final VoteLane[] lanes;
    private final ReentrantLock[] locks;
    private final SlotGate gate;
    private final BlockingQueue<VoteLane> idle;

    VoteLanes(JdbcTarget target, VoterSql sql, VoterSettings settings) {
        boolean routine = settings.procedure();
        lanes = new VoteLane[settings.connections()];
        locks = new ReentrantLock[lanes.length];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = new VoteLane(target, sql, routine);
            locks[i] = new ReentrantLock(true);
        }
        VoterSettings.Managed managed = settings.managed();
        if (managed == null) {
            gate = null;
            idle = null;
        } else {
            gate = new SlotGate(managed.slots(), managed.queueSize(), managed.queueTimeout());
            idle = new ArrayBlockingQueue<>(lanes.length, true, List.of(lanes));
        }
    }

    int vote(int worker, Call call) throws SQLException, SlotGate.Refused, InterruptedException {
        return gate == null ? direct(worker, call) : managed(call);
    }

    private int direct(int worker, Call call) throws SQLException {
        int i = worker % lanes.length;
        locks[i].lock();
        try {
            return callOrDiscard(lanes[i], call);
        } finally {
            locks[i].unlock();
        }
    }

    private int managed(Call call) throws SQLException, SlotGate.Refused, InterruptedException {
        gate.acquire();
        try {
            VoteLane lane = idle.take();
            try {
                return callOrDiscard(lane, call);
            } finally {
                idle.add(lane);
            }
        } finally {
            gate.release();
        }
    }

    private static int callOrDiscard(VoteLane lane, Call call) throws SQLException {
        try {
            return call.on(lane);
        } catch (SQLException e) {
            if (SqlErrors.classify(e) == ErrorKind.CONNECTION) {
                lane.discard();
            }
            throw e;
        }
    }

    /** Cuts every lane's connection off (a worker may wait on any lane): the run is abandoning its workers. */
    void abortAll() {
        for (VoteLane lane : lanes) {
            lane.abort();
        }
    }

    @Override
    public void close() {
        for (VoteLane lane : lanes) {
            lane.close();
        }
    }
}
