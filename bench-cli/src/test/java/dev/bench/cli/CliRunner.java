package dev.bench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the bench command line in-process and keeps what it printed. */
record CliRunner(int exitCode, String out, String err) {

    static CliRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = BenchMain.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new CliRunner(code, out.toString(), err.toString());
    }

    /** Lines on stderr that aren't live progress. */
    java.util.List<String> errorLines() {
        return err.lines().filter(l -> !l.startsWith("[")).toList();
    }
}
