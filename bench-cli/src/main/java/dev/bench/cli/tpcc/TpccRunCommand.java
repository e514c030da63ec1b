package dev.bench.cli.tpcc;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.cli.sysbench.SysbenchRunOptions;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import dev.bench.workloads.tpcc.TpccRunSettings;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code bench tpcc run}: the five transactions for --time seconds, sysbench's report plus tpmC and
 * per-transaction latency, then the consistency check (unless --no-check).
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = SysbenchRunOptions.Defaults.class,
        description = "Runs New-Order, Payment, Order-Status, Delivery and Stock-Level at 10:10:1:1:1, each one transaction;"
                + " reports as sysbench does, plus tpmC; then checks the consistency conditions."
                + " With --container: on a fresh server, prepared first.")
public final class TpccRunCommand implements Callable<Integer>, WorkloadCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    TpccOptions options;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "" + TpccRunSettings.THREADS, description = "Worker threads, one connection each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Mixin
    SysbenchRunOptions sysbench;

    @Option(names = {"--trx-level", "--trx_level"}, paramLabel = "RR|RC|SER", defaultValue = TpccSettings.TRX_LEVEL, description = "Isolation level (default: ${DEFAULT-VALUE}).")
    String trxLevel;

    @Option(names = "--no-check", description = "Don't check the consistency conditions after the run.")
    boolean noCheck;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        return runRequest(spec);
    }

    /** On a fresh server: 'tpcc prepare' first (its defaults: foreign keys, the default loader threads). */
    @Override
    public ContainerRun.Plan containerPlan() {
        Kind kind = options.target.sqlContainer();
        if (kind == null) {
            return null;
        }
        WorkloadRequest<TpccRunSettings> r = request();
        TpccRunSettings load = new TpccRunSettings(options.settings(true, TpccSettings.TRX_LEVEL), TpccRunSettings.THREADS,
                TpccRunSettings.LOAD_THREADS, true, SysbenchRunSettings.DEFAULTS);
        return ContainerRun.plan(kind, r, (server, echoed) -> Workloads.TPCC.prepare(load, server, FlagNames.of(spec),
                spec.commandLine().getOut(), spec.commandLine().getErr()));
    }

    @Override
    public WorkloadRequest<TpccRunSettings> request() {
        TpccRunSettings settings = WorkloadRun.validated(spec, () -> new TpccRunSettings(options.settings(true, trxLevel),
                threads, TpccRunSettings.LOAD_THREADS, !noCheck, sysbench.settings()));
        return new WorkloadRequest<>(Workloads.TPCC, settings, options.target.settings(), run.settings(), List.of(spec));
    }
}
