package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;

import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;

/**
 * sysbench oltp_read_write's three steps on a JDBC target: {@link OltpLoader#prepare prepare},
 * {@link #run} (the load, then the row-count check), {@link OltpTables#cleanup cleanup}.
 */
public final class OltpRw {

    private OltpRw() {
    }

    public record Outcome(RunResult result, QueryCounts queries, ThreadFairness fairness, OltpCheck check) {
    }

    /**
     * @param listeners made once the workload exists, so they can read its query counters
     * @throws BenchException when the tables are missing or don't match --table-size, or the run failed
     */
    public static Outcome run(JdbcTarget target, OltpSettings settings, RunConfig config,
                              Function<OltpWorkload, List<IntervalListener>> listeners) {
        OltpTables.requirePrepared(target, settings);
        OltpWorkload workload = new OltpWorkload(target, settings, config.threads());
        RunResult result = Engine.run(workload, config, listeners.apply(workload));
        try {
            OltpCheck check = new OltpCheck(settings.tableSize(), OltpTables.countRows(target, settings));
            return new Outcome(result, workload.counters().snapshot(), workload.fairness(), check);
        } catch (SQLException e) {
            throw new BenchException("the run finished but the after-run check could not count the rows: "
                    + e.getMessage(), e);
        }
    }
}
