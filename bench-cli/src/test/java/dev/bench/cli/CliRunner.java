package dev.bench.cli;

import dev.bench.core.results.verify.ResultsInvariants;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the bench command line in-process and keeps what it printed: the CLI tests of every package use it. */
public record CliRunner(int exitCode, String out, String err) {

    public static CliRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = BenchMain.execute(args, out, err);
        return new CliRunner(code, out.toString(), err.toString());
    }

    /** A real short vote run on the memory backend, results in {@code dir} (checked by {@link ResultsInvariants}). */
    public static CliRunner shortVote(Path dir, String... extra) {
        List<String> args = new ArrayList<>(List.of("vote", "--target", "2000", "--runtime", "2", "--warmup", "0.5",
                "--articles", "1000", "--write-every", "20", "--threads", "2", "--report-interval", "0.25", "--results", dir.toString()));
        args.addAll(List.of(extra));
        args.add("memory");
        CliRunner r = run(args.toArray(String[]::new));
        if (Files.exists(dir.resolve("summary.json"))) {
            ResultsInvariants.assertHold(dir);
        }
        return r;
    }

    /** Lines on stderr that aren't live progress. */
    public List<String> errorLines() {
        return err.lines().filter(l -> !l.startsWith("[")).toList();
    }
}
