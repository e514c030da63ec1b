package dev.bench.cli.oltp;

import dev.bench.cli.WorkloadRun;
import dev.bench.cli.BenchMain;
import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * CloudSuite data-serving's client surface, translated into {@code bench oltp-rw} or {@code bench tpcc}
 * in the same process: {@code --warmup} is prepare (it loads data; it is not a cache warm-up), {@code --run}
 * is run, against PostgreSQL at --server-ip with CloudSuite's user, password and database.
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
        List<String> args = WorkloadRun.validated(spec, this::translate);
        spec.commandLine().getErr().println("# data-serving: bench " + String.join(" ", masked(args)));
        spec.commandLine().getErr().flush();
        CommandLine bench = BenchMain.commandLine();
        bench.setOut(spec.commandLine().getOut());
        bench.setErr(spec.commandLine().getErr());
        return bench.execute(args.toArray(new String[0]));
    }

    /** The equivalent bench command line. */
    List<String> translate() {
        if (serverIp == null || serverIp.isBlank()) {
            throw new BenchException("--server-ip must name the PostgreSQL server");
        }
        if (port < 1 || port > 65535) {
            throw new BenchException("--port must be 1..65535, got " + port);
        }
        List<String> args = new ArrayList<>();
        args.add(workload.tpcc ? "tpcc" : "oltp-rw");
        args.add(step.warmup ? "prepare" : "run");
        String host = serverIp.contains(":") && !serverIp.startsWith("[") ? "[" + serverIp + "]" : serverIp;
        add(args, "--url", "jdbc:postgresql://" + host + ":" + port + "/" + database);
        add(args, "--user", user);
        add(args, "--password", password);
        // tpcc loads with --load-threads; its --threads is the run's
        add(args, workload.tpcc && step.warmup ? "--load-threads" : "--threads", threads);
        if (workload.tpcc) {
            add(args, "--scale", scale != null ? scale : TPCC_SCALE);
            if (tables != null) {
                add(args, "--tables", tables);
            }
        } else {
            if (scale != null) {
                throw new BenchException("--scale is tpcc's warehouses; for --oltp-rw use --tables and --record-count");
            }
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

    private static List<String> masked(List<String> args) {
        List<String> shown = new ArrayList<>(args);
        int i = shown.indexOf("--password");
        if (i >= 0 && i + 1 < shown.size()) {
            shown.set(i + 1, Secrets.MASK);
        }
        return shown;
    }
}
