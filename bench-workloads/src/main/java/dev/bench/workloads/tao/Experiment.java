package dev.bench.workloads.tao;

import dev.bench.core.BenchException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of TAOBench's experiments file: {@code num_threads,warmup_len,exp_len} (seconds).
 */
public record Experiment(int threads, int warmupSeconds, int seconds) {

    /** The shipped experiments.txt: TAOBench's default experiments file. */
    public static List<Experiment> defaults() {
        try (java.io.InputStream in = Experiment.class.getResourceAsStream("experiments.txt")) {
            return parse("shipped experiments.txt", new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BenchException("cannot read the shipped experiments.txt: " + e.getMessage(), e);
        }
    }

    public String describe() {
        return threads + " threads, " + warmupSeconds + " seconds (warmup), " + seconds + " seconds (experiment)";
    }

    /**
     * Reads a file of experiments; a text that is not a file but looks like lines
     * ({@code "16,10,60;128,10,60"}) is taken as the lines themselves.
     *
     * @throws BenchException naming file and line when malformed
     */
    public static List<Experiment> read(String pathOrLines) {
        if (!Files.exists(Path.of(pathOrLines)) && pathOrLines.matches("[0-9 ,;]+")) {
            return parse("experiments '" + pathOrLines + "'", pathOrLines.replace(';', '\n'));
        }
        try {
            return parse(pathOrLines, Files.readString(Path.of(pathOrLines)));
        } catch (NoSuchFileException e) {
            throw new BenchException("experiments file " + pathOrLines + ": no such file");
        } catch (IOException e) {
            throw new BenchException("experiments file " + pathOrLines + ": cannot read: " + dev.bench.core.Failures.ofIo(e), e);
        }
    }

    static List<Experiment> parse(String source, String text) {
        List<Experiment> experiments = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split(",");
            try {
                if (parts.length != 3) {
                    throw new NumberFormatException();
                }
                Experiment e = new Experiment(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()),
                        Integer.parseInt(parts[2].trim()));
                if (e.threads < 1 || e.threads > 10_000 || e.warmupSeconds < 0 || e.seconds < 1) {
                    throw new NumberFormatException();
                }
                experiments.add(e);
            } catch (NumberFormatException e) {
                throw new BenchException(source + " line " + (i + 1) + ": expected num_threads,warmup_len,exp_len"
                        + " (threads 1..10000, seconds: warmup >= 0, experiment >= 1), got '" + line + "'");
            }
        }
        if (experiments.isEmpty()) {
            throw new BenchException(source + ": no experiments in it");
        }
        return experiments;
    }
}
