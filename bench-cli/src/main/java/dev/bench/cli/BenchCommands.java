package dev.bench.cli;

import dev.bench.cli.dataserving.DataServingCommand;
import dev.bench.cli.oltp.OltpRwCommand;
import dev.bench.cli.pgbench.PgbenchCommand;
import dev.bench.cli.report.CompareCommand;
import dev.bench.cli.report.MergeCommand;
import dev.bench.cli.report.VerifyCommand;
import dev.bench.cli.report.ReportCommand;
import dev.bench.cli.report.SweepCommand;
import dev.bench.cli.scenario.ScenarioCommand;
import dev.bench.cli.sysbench.SysbenchCommand;
import dev.bench.cli.tao.TaoCommand;
import dev.bench.cli.tpcc.TpccCommand;
import dev.bench.cli.vote.VoteCommand;
import dev.bench.cli.voter.VoterCommand;
import dev.bench.cli.ycsb.YcsbCommand;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every subcommand of {@code bench}, in the order help lists them: the one list. {@link BenchMain} adds
 * them at run time (only the one a run names, when it runs alone); as a command ({@link BenchUsage}'s
 * text, with these subcommands) this class is what the man pages are generated from.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = {
        // workloads
        VoteCommand.class,
        OltpRwCommand.class,
        DataServingCommand.class,
        TpccCommand.class,
        VoterCommand.class,
        TaoCommand.class,
        PgbenchCommand.class,
        SysbenchCommand.class,
        YcsbCommand.class,
        ScenarioCommand.class,
        // results
        ReportCommand.class,
        CompareCommand.class,
        MergeCommand.class,
        VerifyCommand.class,
        SweepCommand.class,
        CommandLine.HelpCommand.class,
        AutoComplete.GenerateCompletion.class})
public class BenchCommands {

    @Mixin
    BenchUsage usage;

    static final List<Class<?>> ALL = List.of(BenchCommands.class.getAnnotation(Command.class).subcommands());

    /** Commands that run alone; help, completion, scenario files and sweeps reach the others. */
    static final Set<String> STANDALONE = ALL.stream().map(BenchCommands::name)
            .filter(n -> !Set.of("help", "generate-completion", "run", "sweep").contains(n)).collect(Collectors.toSet());

    static String name(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }
}
