package dev.bench.cli.pgbench;

import dev.bench.core.run.Benchmark;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.pgbench.ClientAborts;
import dev.bench.workloads.pgbench.PgbenchSettings;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.Consumer;

/**
 * pgbench's workload type, keeping the benchmark it opens: after the run (report printed, results
 * written) the command asks it whether a client aborted, for pgbench's exit code 2.
 */
final class AbortWatch implements WorkloadType<PgbenchSettings> {

    private final WorkloadType<PgbenchSettings> type = Workloads.PGBENCH;
    private volatile Benchmark opened;

    boolean anyClientAborted() {
        return opened instanceof ClientAborts a && a.anyClientAborted();
    }

    boolean processedNone() {
        return opened instanceof ClientAborts a && a.processedNone();
    }

    @Override
    public String name() {
        return type.name();
    }

    @Override
    public Class<PgbenchSettings> settingsType() {
        return type.settingsType();
    }

    @Override
    public PgbenchSettings defaults() {
        return type.defaults();
    }

    @Override
    public boolean readsToReplicas() {
        return type.readsToReplicas();
    }

    @Override
    public List<String> opKinds(PgbenchSettings settings) {
        return type.opKinds(settings);
    }

    @Override
    public Opener plan(PgbenchSettings settings, TargetSettings target, RunSettings run, SettingNames names, Consumer<String> warnings) {
        Opener planned = type.plan(settings, target, run, names, warnings);
        return new Opener() {
            @Override
            public Benchmark open() throws Exception {
                return keep(planned.open());
            }

            @Override
            public Benchmark open(PrintWriter err) throws Exception {
                return keep(planned.open(err));
            }
        };
    }

    private Benchmark keep(Benchmark b) {
        opened = b;
        return b;
    }
}
