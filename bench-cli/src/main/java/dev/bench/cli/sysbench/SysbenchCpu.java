package dev.bench.cli.sysbench;

import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.sysbench.SysbenchCheckpoints;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import dev.bench.workloads.sysbench.cpu.CpuSettings;
import dev.bench.workloads.sysbench.cpu.CpuWorkloadType;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;

/**
 * sysbench 1.0.20's built-in {@code cpu} test's command line: {@code help}, and {@code run} on bench's
 * engine as the {@link CpuWorkloadType} workload (each event counts the primes below --cpu-max-prime, its
 * sb_cpu.c), with sysbench's header, {@code eps} lines, --report-checkpoints, report, and with --rate its
 * event queue's FATAL; like every run it writes a results directory (--results DIR) for {@code bench verify}.
 * The caller has printed sysbench's banner.
 */
final class SysbenchCpu {

    /** sysbench's options the cpu test reads (and the ones it ignores, as sysbench does: --rand-type). */
    private static final Set<String> OPTIONS = Set.of("threads", "num-threads", "events", "max-requests", "time", "max-time",
            "rate", "tx-rate", "report-interval", "report-checkpoints", "percentile", "rand-seed", "rand-type", "verbosity",
            "cpu-max-prime", "help", "version");
    /** bench's own options a cpu run takes: where its results go, its profile and metrics, clients sharing the rate. */
    private static final Set<String> BENCH_OPTIONS = Set.of("results", "profile", "metrics-port", "arrivals", "clients",
            "client-id", "start-at");

    private SysbenchCpu() {
    }

    /** {@code help}, {@code run}, or sysbench's line for a command the cpu test has not; after the caller's banner. */
    static int command(String command, SysbenchArgs args, PrintWriter out, PrintWriter err) {
        return switch (command) {
            case "help" -> {
                out.print("cpu options:\n  --cpu-max-prime=N upper limit for primes generator [" + CpuSettings.MAX_PRIME + "]\n\n");
                yield 0;
            }
            case "run" -> run(args, out, err);
            default -> {
                err.println("'cpu' test does not implement the '" + command + "' command.");
                yield SysbenchCommand.EXIT_FAILED;
            }
        };
    }

    /** The run through the run template, as {@code bench sysbench SCRIPT run}'s: bench's options by its mixins. */
    private static int run(SysbenchArgs args, PrintWriter out, PrintWriter err) {
        for (String name : args.options().keySet()) {
            if (!OPTIONS.contains(name) && !BENCH_OPTIONS.contains(name)
                    && !(name.equals("forced-shutdown") && args.text("", name).equals("off"))) {
                throw new BenchException("invalid option: --" + name);
            }
        }
        CpuSettings settings = settings(args);
        SysbenchBenchOptions bench = new SysbenchBenchOptions();
        CommandLine benchLine = new CommandLine(bench).setCaseInsensitiveEnumValuesAllowed(true);
        benchLine.setOut(out);
        benchLine.setErr(err);
        benchLine.parseArgs(new SysbenchOptionValues(args).benchArgs().toArray(String[]::new));
        RunSettings run = bench.run.settings();
        CommandSpec echoed = benchLine.getCommandSpec();
        WorkloadType.Opener opener = WorkloadRun.planned(CpuWorkloadType.TYPE, settings, bench.target.settings(), run,
                SettingNames.FLAGS, w -> err.println("WARNING: " + w));
        return WorkloadRun.execute(opener, run, List.of(), echoed, echoed);
    }

    /** sysbench's options, their defaults sysbench's. */
    private static CpuSettings settings(SysbenchArgs args) {
        SysbenchRunSettings run = new SysbenchRunSettings(args.decimal("time", SysbenchRunSettings.TIME_S, "max-time"),
                args.number("events", 0, "max-requests"), args.decimal("rate", 0, "tx-rate"), 0,
                args.integer("percentile", SysbenchRunSettings.PERCENTILE),
                SysbenchCheckpoints.parse(args.text("", "report-checkpoints")));
        return new CpuSettings(args.integer("threads", CpuSettings.THREADS, "num-threads"),
                args.integer("cpu-max-prime", CpuSettings.MAX_PRIME), args.number("rand-seed", 0), run);
    }
}
