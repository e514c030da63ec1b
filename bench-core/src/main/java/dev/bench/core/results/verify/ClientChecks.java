package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.metrics.ClientCost;

import java.util.Iterator;

/**
 * What the client cost adds up (summary.json's {@code client}): its ops are the run's completed ops, its
 * CPU per op is its user+system CPU over those ops, its utilisation that CPU over its span and cores, its
 * bottleneck verdict follows from the utilisation, the backlog's lag and the workers' serving share as
 * {@link ClientCost#clientBound} says, the longest GC pause is within their total, and the
 * schedule's lag is ordered: mean and p99 no more than the max.
 */
final class ClientChecks {

    /** The figures are written as doubles from ns: agreement to this relative error. */
    private static final double TOLERANCE = 1e-6;

    private ClientChecks() {
    }

    static void check(Block b, Findings out) {
        JsonNode c = b.numbers().path("client");
        if (!c.isObject()) {
            return;
        }
        long completed = 0;
        for (Iterator<JsonNode> it = b.numbers().path("ops").elements(); it.hasNext(); ) {
            completed += it.next().path("completed").asLong();
        }
        long ops = c.path("ops").asLong();
        long runCompleted = completed;
        out.check(ops == runCompleted, () -> b.name() + ": client.ops " + ops + ", the run completed " + runCompleted);
        double cpu = c.path("cpu_user_s").asDouble() + c.path("cpu_system_s").asDouble();
        if (ops > 0) {
            double perOp = c.path("cpu_us_per_op").asDouble();
            out.check(close(perOp, cpu * 1e6 / ops), () -> b.name() + ": client.cpu_us_per_op " + perOp
                    + ", but (user + system) / ops is " + cpu * 1e6 / ops);
        }
        double span = c.path("span_s").asDouble();
        int cores = c.path("cores").asInt();
        double utilisation = c.path("cpu_utilisation").asDouble();
        double expected = span <= 0 || cores <= 0 ? 0 : cpu / span / cores;
        out.check(close(utilisation, expected), () -> b.name() + ": client.cpu_utilisation " + utilisation
                + ", but cpu / span / cores is " + expected);
        boolean bound = c.path("client_bound").asBoolean();
        double serving = c.path("workers_serving_share").asDouble();
        double backlogLag = c.path("backlog_lag_max_s").asDouble();
        // late_workers_serving_share: the workers in calls while the backlog was late (null: never); before it was
        // written, the rule judged the whole run's serving share
        JsonNode late = c.get("late_workers_serving_share");
        boolean backlogRule = late == null
                ? backlogLag >= ClientCost.BOUND_BACKLOG_LAG_NANOS / 1e9 && serving < ClientCost.BOUND_SERVING_SHARE
                : !late.isNull() && late.asDouble() < ClientCost.BOUND_SERVING_SHARE;
        boolean rule = span >= ClientCost.BOUND_MIN_SPAN_NANOS / 1e9 && utilisation >= ClientCost.BOUND_UTILISATION || backlogRule;
        String whileLate = late == null || late.isNull() ? "" : ", " + late.asDouble() + " of them in a call while it was";
        out.check(bound == rule, () -> b.name() + ": client.client_bound " + bound + " with a utilisation of " + utilisation
                + ", a backlog " + backlogLag + " s late and the workers serving " + serving + " of the time" + whileLate);
        long gcMax = c.path("gc_pause_max_ms").asLong();
        long gcTotal = c.path("gc_pause_total_ms").asLong();
        out.check(gcMax <= gcTotal, () -> b.name() + ": client.gc_pause_max_ms " + gcMax + " > the total " + gcTotal);
        JsonNode lag = c.path("schedule_lag_us");
        double mean = lag.path("mean").asDouble();
        double p99 = lag.path("p99").asDouble();
        double max = lag.path("max").asDouble();
        out.check(mean <= max && p99 <= max && mean >= 0, () -> b.name() + ": client.schedule_lag_us mean " + mean
                + ", p99 " + p99 + ", max " + max + ": not ordered");
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }
}
