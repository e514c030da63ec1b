package dev.bench.cli.report;

import dev.bench.cli.BenchMain;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the bench command line in-process and keeps what it printed. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = BenchMain.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }

    /** A real short vote run on the memory backend, results in {@code dir}. */
    static Cli shortVote(Path dir, String... extra) {
        List<String> args = new ArrayList<>(List.of("vote", "--target", "2000", "--runtime", "2", "--warmup", "0.5",
                "--articles", "1000", "--write-every", "20", "--threads", "2", "--report-interval", "0.25", "--results", dir.toString()));
        args.addAll(List.of(extra));
        args.add("memory");
        return run(args.toArray(String[]::new));
    }
}
