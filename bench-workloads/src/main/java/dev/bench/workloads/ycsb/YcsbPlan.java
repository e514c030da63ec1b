package dev.bench.workloads.ycsb;

import dev.bench.core.RunConfig;

/**
 * A checked YCSB phase: its properties, how it runs (threads, rate, op count, time limit), its rows per
 * load statement and the binding's own properties.
 *
 * @param rowsPerInsert load: records a statement inserts (db.batchsize, else {@link YcsbWorkloadType#LOAD_BATCH})
 * @param fetchSize     jdbc.fetchsize; 0: the driver's
 */
public record YcsbPlan(YcsbSettings settings, CoreConfig config, RunConfig runConfig, int rowsPerInsert, int fetchSize) {

    public boolean isLoad() {
        return settings.isLoad();
    }
}
