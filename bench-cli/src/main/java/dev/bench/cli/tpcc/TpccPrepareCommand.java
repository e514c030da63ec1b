package dev.bench.cli.tpcc;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.sysbench.OnOff;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import dev.bench.workloads.tpcc.TpccRunSettings;
import dev.bench.workloads.tpcc.TpccSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code bench tpcc prepare}: creates and loads the tables, builds keys, then checks condition 11. */
@Command(name = "prepare", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Creates the tables (refuses if they exist: run cleanup first), loads TPC-C's population in parallel,"
                + " adds keys and indexes (and foreign keys), then checks consistency condition 11.")
public final class TpccPrepareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TpccOptions options;

    @Option(names = {"--use-fk", "--use_fk"}, paramLabel = "0|1", arity = "0..1", fallbackValue = "1", defaultValue = "1",
            description = "Add sysbench-tpcc's foreign keys after loading (default: ${DEFAULT-VALUE}).")
    String useFk;

    @Option(names = "--load-threads", paramLabel = "N", description = "Loader threads and connections (default: 2 per CPU, at least 4).")
    Integer loadThreads;

    @Override
    public Integer call() {
        ContainerRun.refuseSetupAlone(spec, options.target.container != null, "tpcc run");
        TpccRunSettings settings = WorkloadRun.validated(spec, () -> new TpccRunSettings(
                options.settings(OnOff.parse("--use-fk", useFk), TpccSettings.TRX_LEVEL), TpccRunSettings.THREADS,
                loadThreads != null ? loadThreads : TpccRunSettings.LOAD_THREADS, true, SysbenchRunSettings.DEFAULTS).validate(FlagNames.of(spec)));
        return Workloads.TPCC.prepare(settings, options.target.settings(), FlagNames.of(spec),
                spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
