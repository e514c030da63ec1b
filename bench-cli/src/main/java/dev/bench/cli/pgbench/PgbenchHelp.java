package dev.bench.cli.pgbench;

import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code bench pgbench --help}: laid out as pgbench's help is (what it is, usage, initialization options,
 * what to run, benchmarking options, common options, where to report bugs), each option described by
 * its picocli annotation, then bench's own options (the target and the run).
 */
final class PgbenchHelp {

    static final List<String> INITIALIZATION = List.of("-i", "-I", "-F", "-n", "-q", "-s", "--foreign-keys", "--index-tablespace",
            "--partition-method", "--partitions", "--tablespace", "--unlogged-tables");
    static final List<String> WHAT_TO_RUN = List.of("-b", "-f", "-N", "-S", "--show-script");
    static final List<String> BENCHMARKING = List.of("-c", "-C", "-D", "-j", "-l", "-L", "-M", "-n", "-P", "-r", "-R", "-s", "-t",
            "-T", "-v", "--aggregate-interval", "--failures-detailed", "--log-prefix", "--max-tries", "--progress-timestamp",
            "--random-seed", "--sampling-rate", "--verbose-errors", "--check", "--warmup");
    static final List<String> COMMON = List.of("-d", "-h", "-p", "-U", "-V", "--help");

    private PgbenchHelp() {
    }

    static String text(CommandSpec spec) {
        Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
        StringBuilder b = new StringBuilder();
        b.append(spec.qualifiedName()).append(" is a benchmarking tool for PostgreSQL (and the other JDBC databases),")
                .append(" with pgbench ").append(PgbenchCommand.PGBENCH_VERSION).append("'s options and scripts.\n\n");
        b.append("Usage:\n  ").append(spec.qualifiedName()).append(" [OPTION]... [DBNAME]\n");
        Set<OptionSpec> shown = new HashSet<>();
        section(b, help, spec, "Initialization options:", INITIALIZATION, shown);
        section(b, help, spec, "Options to select what to run:", WHAT_TO_RUN, shown);
        section(b, help, spec, "Benchmarking options:", BENCHMARKING, shown);
        section(b, help, spec, "Common options:", COMMON, shown);
        List<String> rest = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!shown.contains(o) && !o.hidden()) {
                rest.add(o.longestName());
            }
        }
        section(b, help, spec, "bench's options (the target, the run and its results):", rest, shown);
        b.append("\nReport bugs to the bench project's issue tracker.\n");
        return b.toString();
    }

    private static void section(StringBuilder b, Help help, CommandSpec spec, String heading, List<String> names, Set<OptionSpec> shown) {
        Help.Layout layout = help.createDefaultLayout();
        for (String name : names) {
            OptionSpec o = spec.findOption(name);
            if (o != null && !o.hidden()) {
                layout.addOption(o, help.createDefaultParamLabelRenderer());
                shown.add(o);
            }
        }
        b.append('\n').append(heading).append('\n').append(layout);
    }
}
