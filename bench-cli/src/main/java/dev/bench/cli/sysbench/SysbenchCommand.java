package dev.bench.cli.sysbench;

import dev.bench.cli.pgbench.EngineProgressFilter;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.RunConfig;
import dev.bench.core.Secrets;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.oltp.OltpRunSettings;
import dev.bench.workloads.oltp.OltpScript;
import dev.bench.workloads.oltp.OltpWorkloadType;
import dev.bench.core.results.BuildInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * {@code bench sysbench [options] SCRIPT [options] prepare|prewarm|run|cleanup|help}: sysbench 1.0.20's
 * command line ({@link SysbenchArgs}) and its bundled OLTP scripts ({@link OltpScript}) on bench's oltp
 * workload, on PostgreSQL ({@code --db-driver=pgsql}), MySQL/MariaDB ({@code mysql}) or, with neither,
 * --url or the embedded H2.
 *
 * <p>What it prints is sysbench's: its banner, its lines, {@code FATAL: ...} and exit 1 on any error.
 * bench's own lines (# results: DIR, the live progress) are left out below --verbosity 4; the results
 * directory is written as for every run.
 */
@Command(name = "sysbench", description = {"sysbench 1.0.20's command line and its bundled OLTP scripts (oltp_read_write,"
        + " oltp_read_only, oltp_point_select, oltp_write_only, oltp_update_index, oltp_update_non_index, oltp_insert,"
        + " oltp_delete, select_random_points, select_random_ranges): bench sysbench --help lists its options."})
public final class SysbenchCommand implements Callable<Integer> {

    /** sysbench's exit code for every failure. */
    static final int EXIT_FAILED = 1;
    private static final String VERSION = "sysbench 1.0.20";
    /** What sysbench prints and bench's additions that it does not: live lines, {@code # ...} notes. */
    private static final Pattern BENCH_LINES = Pattern.compile(EngineProgressFilter.LIVE_LINE + "|# .*");
    /**
     * Below --verbosity 3 sysbench's logger is quiet (its banner, the run's report) but the scripts' own
     * print() lines and FATAL still show.
     */
    private static final Pattern BELOW_NOTICE = Pattern.compile("(?!(Creating table |Inserting \\d+ records |Creating a secondary index "
            + "|Dropping table |Prewarming table |FATAL: )).*");
    private static final int NOTICE = 3;

    @Spec
    CommandSpec spec;

    /** Everything: sysbench's grammar is not picocli's (options anywhere, -/_ alike, --name=value only). */
    @Unmatched
    List<String> argv = new ArrayList<>();

    private EngineProgressFilter out;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        SysbenchArgs args = SysbenchArgs.parse(argv);
        int verbosity = verbosity(args);
        Pattern drop = verbosity > NOTICE ? Pattern.compile("(?!)") : verbosity < NOTICE ? BELOW_NOTICE : BENCH_LINES;
        out = new EngineProgressFilter(stdout, drop);
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = EngineProgressFilter.around(stderr, drop);
        try {
            return dispatch(args, o, e);
        } catch (BenchException | ParameterException failure) {
            return fatal(o, failure.getMessage());
        } finally {
            o.flush();
            e.flush();
        }
    }

    private int dispatch(SysbenchArgs args, PrintWriter o, PrintWriter e) {
        if (args.flag("version", false)) {
            o.println(VERSION);
            return 0;
        }
        List<String> positionals = args.positionals();
        if (args.flag("help", false) || positionals.isEmpty()) {
            o.print(SysbenchHelp.general());
            return 0;
        }
        if (positionals.size() > 2) {
            o.println("Unrecognized command line argument: " + positionals.get(2));
            return EXIT_FAILED;
        }
        String test = positionals.get(0);
        boolean cpu = test.equals("cpu");
        OltpScript script = cpu ? null : OltpScript.of(test);
        if (positionals.size() == 1) {
            banner(o);
            o.println("The '" + test + "' test requires a command argument. See 'sysbench " + test + " help'");
            return EXIT_FAILED;
        }
        String command = positionals.get(1);
        if (cpu) {
            banner(o);
            return SysbenchCpu.command(command, args, o, e);
        }
        if (command.equals("help") && script == OltpScript.BULK_INSERT) {
            banner(o);
            e.println("'" + test.substring(test.lastIndexOf('/') + 1) + "' test does not implement the 'help' command."); // no options
            return EXIT_FAILED;
        }
        if (command.equals("help")) {
            banner(o);
            o.print(SysbenchHelp.script(test, script));
            return 0;
        }
        SysbenchOptionValues values = new SysbenchOptionValues(args);
        String driver = values.driver();
        if (args.has("db-driver") && !driver.equals("pgsql") && !driver.equals("mysql")) {
            banner(o);
            o.println("FATAL: invalid database driver name: '" + driver + "'");
            o.println("FATAL: `" + command + "' function failed: bench sysbench: failed to initialize the DB driver");
            return EXIT_FAILED;
        }
        values.requireKnown();
        return run(command, script, values, o, e);
    }

    private int run(String command, OltpScript script, SysbenchOptionValues values, PrintWriter o, PrintWriter e) {
        SysbenchBenchOptions bench = new SysbenchBenchOptions();
        CommandLine benchLine = new CommandLine(bench).setCaseInsensitiveEnumValuesAllowed(true);
        benchLine.setOut(o);
        benchLine.setErr(e);
        benchLine.parseArgs(values.benchArgs().toArray(String[]::new));
        TargetSettings target = values.target(bench.target.settings());
        Secrets.remember(target.password());
        OltpRunSettings settings = values.settings(script);
        return command(command, script, settings, target, bench, benchLine, o, e);
    }

    private int command(String command, OltpScript script, OltpRunSettings settings, TargetSettings target,
                        SysbenchBenchOptions bench, CommandLine benchLine, PrintWriter o, PrintWriter e) {
        OltpWorkloadType oltp = Workloads.OLTP_RW;
        SettingNames names = SettingNames.FLAGS;
        return switch (command) {
            case "prepare" -> oltp.prepare(settings, target, RunConfig.DEFAULT_SEED, names, o, e);
            case "prewarm" -> {
                if (script == OltpScript.BULK_INSERT) {
                    throw new BenchException("'bulk_insert' test does not implement the 'prewarm' command.");
                }
                if (target.url() == null || Dialect.fromUrl(target.url()) != Dialect.MYSQL) {
                    throw new BenchException("oltp_common.lua: prewarm is currently MySQL only");
                }
                yield oltp.prewarm(settings, target, names, o);
            }
            case "cleanup" -> oltp.cleanup(settings, target, names, o);
            case "run" -> {
                RunSettings run = bench.run.settings();
                CommandSpec echoed = benchLine.getCommandSpec();
                WorkloadType.Opener opener = WorkloadRun.planned(oltp, settings, target, run, names,
                        w -> e.println("WARNING: " + w));
                yield WorkloadRun.execute(opener, run, List.of(), echoed, echoed);
            }
            default -> throw new BenchException("'" + script.luaName() + "' test does not implement the '" + command + "' command.");
        };
    }

    /** --verbosity, sysbench's 3 when absent or unreadable (its error comes when the options are read). */
    private static int verbosity(SysbenchArgs args) {
        try {
            return new SysbenchOptionValues(args).verbosity();
        } catch (BenchException notANumber) {
            return NOTICE;
        }
    }

    /** sysbench's first two lines, which every test command prints before anything else. */
    private static void banner(PrintWriter o) {
        o.println(OltpWorkloadType.SYSBENCH_BANNER_PREFIX + BuildInfo.current().version() + ")");
        o.println();
    }

    /** sysbench's {@code FATAL: ...}, after its banner if nothing came before; exit 1. */
    private int fatal(PrintWriter o, String message) {
        if (!out.wroteAny()) {
            banner(o);
        }
        o.println("FATAL: " + Secrets.mask(Failures.firstLine(message)));
        return EXIT_FAILED;
    }
}
