package dev.bench.jmh.tpcc;

import dev.bench.core.Batch;
import dev.bench.core.Session;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.ServerVariables;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.tpcc.TpccDatabase;
import dev.bench.workloads.tpcc.TpccSettings;
import dev.bench.workloads.tpcc.TpccWorkload;
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
 * tpcc's hot transaction, new-order (about 30 statements: the district's next order id, the order and
 * its lines, a stock update per item), as the workload runs it, through each SQL driver it ships with:
 * {@code server} = {@code postgres} (pgjdbc, BENCH_POSTGRES_URL) or {@code mariadb} (MariaDB
 * Connector/J on BENCH_MYSQL_URL's server). One thread, one warehouse: no lock waits, so the time is the
 * round trips and each driver's and server's work per statement. Needs tpcc's scale-1 tables:
 * {@code bench tpcc prepare --scale 1 --url ...} ({@code scripts/jmh-ci.sh} prepares them).
 */
@State(Scope.Thread)
@Threads(1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class TpccNewOrder {

    @Param({"postgres", "mariadb"})
    public String server;

    private JdbcTarget target;
    private Session session;
    private final Batch batch = new Batch(42, 1);
    private long index;

    @Setup
    public void setUp() throws Exception {
        String url = server.equals("postgres") ? ServerVariables.require(ServerVariables.POSTGRES_URL)
                : ServerVariables.require(ServerVariables.MYSQL_URL).replaceFirst("^jdbc:mysql:", "jdbc:mariadb:");
        target = TargetSettings.url(url).withPoolSize(2).openUrlOrEmbedded(1, url);
        TpccSettings scaleOne = new TpccSettings(1, 1, TpccSettings.DEFAULTS.useFk(), TpccSettings.DEFAULTS.isolation());
        try {
            TpccDatabase.requirePrepared(target, scaleOne);
        } catch (RuntimeException e) {
            throw new IllegalStateException("tpcc's tables are not there: run 'bench tpcc prepare --scale 1 --url ...' first ("
                    + e.getMessage() + ")", e);
        }
        session = new TpccWorkload(target, scaleOne, 1).openSession(0);
    }

    @TearDown
    public void tearDown() throws Exception {
        if (session != null) {
            session.close();
        }
        if (target != null) {
            target.close();
        }
    }

    /** One new-order transaction, committed (1 % of them roll back by design, as TPC-C's unused item does). */
    @Benchmark
    public long newOrder() throws Exception {
        batch.clear(TpccWorkload.NEW_ORDER_INDEX);
        batch.add(index++, 0);
        session.execute(batch);
        return index;
    }
}
