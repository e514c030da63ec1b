package dev.bench.cli.report;

import dev.bench.core.BenchException;
import dev.bench.core.report.JmhReport;
import dev.bench.core.report.RunReport;
import dev.bench.core.results.RunFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bench report PATH...}: (re)builds report.html of results directories, or a report of JMH JSON files. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Writes report.html into each results directory (rebuilding it), or FILE.html beside each "
                + "JMH JSON file (bench-jmh's -rf json output). The HTML is self-contained and opens offline."})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Results directories or JMH JSON files.")
    List<Path> paths;

    @Override
    public Integer call() {
        for (Path p : paths) {
            Path written;
            if (Files.isDirectory(p)) {
                written = RunReport.write(RunFiles.read(p));
            } else if (Files.isRegularFile(p) && p.toString().endsWith(".json")) {
                written = JmhReport.write(p);
            } else {
                throw new BenchException(p + " is neither a results directory nor a JMH .json file");
            }
            spec.commandLine().getOut().println("# report: " + written);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
