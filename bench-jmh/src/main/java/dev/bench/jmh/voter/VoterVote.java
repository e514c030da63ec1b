package dev.bench.jmh.voter;

import dev.bench.core.Batch;
import dev.bench.core.Session;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.ServerVariables;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.voter.VoterDatabase;
import dev.bench.workloads.voter.VoterSettings;
import dev.bench.workloads.voter.VoterWorkload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * voter's hot statement, the vote, as the workload sends it: the driver-level question is how many
 * round trips one vote takes. {@code procedure=false}: PostgreSQL sends one statement (data-modifying
 * CTEs), MySQL/MariaDB three in a transaction (insert the vote, raise the phone's count, read it back);
 * {@code procedure=true}: one call of a stored routine on both. The workload's own session (VoterWorkload),
 * its own tables, one connection, one thread; votes accumulate in the tables as in a run.
 */
@State(Scope.Thread)
@Threads(1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class VoterVote {

    private static final int CONTESTANTS = 6;
    /** Far above what one phone gets in a benchmark: every vote is accepted, none refused at the limit. */
    private static final int MAX_VOTES = 1_000_000;

    /** Which server: BENCH_POSTGRES_URL or BENCH_MYSQL_URL. */
    @Param({"postgres", "mysql"})
    public String server;

    @Param({"false", "true"})
    public boolean procedure;

    private JdbcTarget target;
    private VoterWorkload workload;
    private Session session;
    private final Batch batch = new Batch(42, 1);
    private long index;

    @Setup
    public void setUp() throws Exception {
        String url = ServerVariables.require(server.equals("postgres") ? ServerVariables.POSTGRES_URL : ServerVariables.MYSQL_URL);
        target = TargetSettings.url(url).withPoolSize(2).openUrlOrEmbedded(1, url);
        VoterDatabase db = new VoterDatabase(target);
        db.create(CONTESTANTS);
        workload = new VoterWorkload(db, new VoterSettings(CONTESTANTS, MAX_VOTES, true, procedure, 1, null), 42);
        session = workload.openSession(0);
    }

    @TearDown
    public void tearDown() throws Exception {
        if (session != null) {
            session.close();
        }
        if (workload != null) {
            workload.close();
        }
        if (target != null) {
            target.close();
        }
    }

    /** One vote; the batch's index draws the phone and contestant, as in a run. */
    @Benchmark
    public long vote() throws Exception {
        batch.clear(0);
        batch.add(index++, 0);
        session.execute(batch);
        return workload.accepted();
    }
}
