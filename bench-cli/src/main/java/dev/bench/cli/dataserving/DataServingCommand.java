package dev.bench.cli.dataserving;

import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.RunConfig;
import dev.bench.core.Secrets;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.oltp.OltpRunSettings;
import dev.bench.workloads.oltp.OltpSettings;
import dev.bench.workloads.oltp.OltpWorkloadType;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import dev.bench.workloads.tpcc.TpccRunSettings;
import dev.bench.workloads.tpcc.TpccSettings;
import dev.bench.workloads.tpcc.TpccWorkloadType;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * CloudSuite data-serving's client surface, mapped onto the oltp-rw or tpcc workload's settings:
 * {@code --warmup} is prepare (it loads data; it is not a cache warm-up), {@code --run} is run, against
 * PostgreSQL at --server-ip with CloudSuite's user, password and database. It prints the equivalent
 * bench command (password masked) on stderr first.
 */
@Command(name = "data-serving", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"CloudSuite data-serving (relational) client: --oltp-rw or --tpcc, --warmup (load) or --run (measure).",
                "Runs 'bench oltp-rw' or 'bench tpcc' with CloudSuite's defaults; prints that command (password masked) on stderr."})
public final class DataServingCommand implements Callable<Integer> {

    static final int OLTP_TABLES = 50;
    static final int TPCC_SCALE = 10;

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Workload workload;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Step step;

    static final class Workload {
        @Option(names = "--oltp-rw", required = true, description = "sysbench oltp_read_write.")
        boolean oltpRw;
        @Option(names = "--tpcc", required = true, description = "sysbench-tpcc.")
        boolean tpcc;
    }

    static final class Step {
        @Option(names = "--warmup", required = true, description = "Create and load the data (sysbench prepare).")
        boolean warmup;
        @Option(names = "--run", required = true, description = "Run the measured load (sysbench run).")
        boolean run;
    }

    @Option(names = "--server-ip", required = true, paramLabel = "IP", description = "PostgreSQL server address.")
    String serverIp;

    @Option(names = "--port", paramLabel = "N", defaultValue = "5432", description = "PostgreSQL port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "8", description = "Worker threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--report-interval", paramLabel = "S", defaultValue = "10", description = "Seconds between intermediate reports (default: ${DEFAULT-VALUE}).")
    long reportInterval;

    @Option(names = "--time", paramLabel = "S", defaultValue = "360", description = "Seconds to run (default: ${DEFAULT-VALUE}).")
    long time;

    @Option(names = "--rate", paramLabel = "TPS", description = "Transactions/s, open loop (default: unset, as fast as possible).")
    Double rate;

    @Option(names = "--record-count", paramLabel = "N", defaultValue = "1000000", description = "oltp-rw: rows per table (default: ${DEFAULT-VALUE}).")
    int recordCount;

    @Option(names = "--tables", paramLabel = "N", description = "Tables (oltp-rw default: " + OLTP_TABLES + "; tpcc: sets of the schema, its default).")
    Integer tables;

    @Option(names = "--scale", paramLabel = "N", description = "tpcc: warehouses (default: " + TPCC_SCALE + ").")
    Integer scale;

    @Option(names = "--user", defaultValue = "cloudsuite", description = "Database user (default: ${DEFAULT-VALUE}).")
    String user;

    @Option(names = "--password", defaultValue = "cloudsuite", description = "Database password (default: CloudSuite's).")
    String password;

    @Option(names = "--database", defaultValue = "sbtest", description = "Database name (default: ${DEFAULT-VALUE}).")
    String database;

    @Override
    public Integer call() {
        SettingNames names = FlagNames.of(spec);
        TargetSettings target = WorkloadRun.validated(spec, () -> target(names));
        spec.commandLine().getErr().println("# data-serving: bench " + String.join(" ", equivalent(target)));
        spec.commandLine().getErr().flush();
        SysbenchRunSettings sysbench = new SysbenchRunSettings(time, 0, rate != null ? rate : 0, 0, SysbenchRunSettings.PERCENTILE);
        RunSettings run = RunSettings.DEFAULTS.withReportInterval(step.run ? reportInterval : 0);
        if (workload.tpcc) {
            TpccSettings data = new TpccSettings(scale != null ? scale : TPCC_SCALE, tables != null ? tables : TpccSettings.TABLES,
                    true, TpccSettings.DEFAULTS.isolation());
            TpccRunSettings settings = new TpccRunSettings(data, threads, threads, true, sysbench);
            TpccWorkloadType tpcc = Workloads.TPCC;
            return step.warmup
                    ? tpcc.prepare(WorkloadRun.validated(spec, () -> settings.validate(names)), target, names,
                            spec.commandLine().getOut(), spec.commandLine().getErr())
                    : WorkloadRun.execute(tpcc, settings, target, run, spec, spec);
        }
        OltpSettings data = OltpSettings.DEFAULTS.withTables(tables != null ? tables : OLTP_TABLES, recordCount);
        OltpRunSettings settings = new OltpRunSettings(data, threads, 0, sysbench);
        OltpWorkloadType oltp = Workloads.OLTP_RW;
        return step.warmup
                ? oltp.prepare(WorkloadRun.validated(spec, () -> settings.validate(names)), target, RunConfig.DEFAULT_SEED, names,
                        spec.commandLine().getOut(), spec.commandLine().getErr())
                : WorkloadRun.execute(oltp, settings, target, run, spec, spec);
    }

    /** CloudSuite's server, user, password and database as the target, after checking the flags. */
    TargetSettings target(SettingNames names) {
        Require.that(serverIp != null && !serverIp.isBlank(), names.of("server-ip") + " must name the PostgreSQL server");
        Require.between(names.of("port"), port, 1, 65535);
        Require.that(workload.tpcc || scale == null, names.of("scale") + " is tpcc's warehouses; for --oltp-rw use "
                + names.of("tables") + " and " + names.of("record-count"));
        String host = serverIp.contains(":") && !serverIp.startsWith("[") ? "[" + serverIp + "]" : serverIp;
        return new TargetSettings(Dialect.POSTGRES.url(host + ":" + port, database), null, null, user, password, null, false)
                .validate(names);
    }

    /** The bench command line this run is the same as, password masked. */
    List<String> equivalent(TargetSettings target) {
        List<String> args = new ArrayList<>();
        args.add(workload.tpcc ? "tpcc" : "oltp-rw");
        args.add(step.warmup ? "prepare" : "run");
        add(args, "--url", Secrets.maskUrl(target.url()));
        add(args, "--user", user);
        add(args, "--password", Secrets.MASK);
        // tpcc loads with --load-threads; its --threads is the run's
        add(args, workload.tpcc && step.warmup ? "--load-threads" : "--threads", threads);
        if (workload.tpcc) {
            add(args, "--scale", scale != null ? scale : TPCC_SCALE);
            if (tables != null) {
                add(args, "--tables", tables);
            }
        } else {
            add(args, "--tables", tables != null ? tables : OLTP_TABLES);
            add(args, "--table-size", recordCount);
        }
        if (step.run) {
            add(args, "--time", time);
            add(args, "--report-interval", reportInterval);
            if (rate != null) {
                add(args, "--rate", rate);
            }
        }
        return args;
    }

    private static void add(List<String> args, String option, Object value) {
        args.add(option);
        args.add(String.valueOf(value));
    }
}
