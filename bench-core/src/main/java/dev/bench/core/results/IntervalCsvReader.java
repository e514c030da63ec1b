package dev.bench.core.results;

import dev.bench.core.BenchException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads intervals.csv as {@link IntervalCsv} writes it. Columns are found by header name, so files
 * with columns added later still read; a missing column reads as 0 (or NaN for a latency).
 */
public final class IntervalCsvReader {

    private IntervalCsvReader() {
    }

    public static List<IntervalRow> read(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String header = in.readLine();
            if (header == null) {
                return List.of();
            }
            Map<String, Integer> columns = columns(header);
            List<IntervalRow> rows = new ArrayList<>();
            int lineNo = 1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (!line.isBlank()) {
                    rows.add(row(line.split(",", -1), columns, file, lineNo));
                }
            }
            return rows;
        } catch (IOException e) {
            throw new BenchException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Integer> columns(String header) {
        Map<String, Integer> columns = new HashMap<>();
        String[] names = header.split(",");
        for (int i = 0; i < names.length; i++) {
            columns.put(names[i].trim(), i);
        }
        return columns;
    }

    private static IntervalRow row(String[] f, Map<String, Integer> c, Path file, int lineNo) {
        try {
            return new IntervalRow(num(f, c, "start_s"), num(f, c, "end_s"), "warmup".equals(text(f, c, "phase")),
                    text(f, c, "kind"), (long) num(f, c, "completed"), num(f, c, "ops_per_s"),
                    (long) num(f, c, "rejected"), (long) num(f, c, "failed"), (long) num(f, c, "retries"),
                    (long) num(f, c, "reconnects"), latencies(f, c, "sojourn_"), latencies(f, c, "service_"),
                    num(f, c, "lag_ms"));
        } catch (NumberFormatException e) {
            throw new BenchException(file + " line " + lineNo + ": not a number: " + e.getMessage(), e);
        }
    }

    private static double[] latencies(String[] f, Map<String, Integer> c, String prefix) {
        double[] us = new double[IntervalRow.PERCENTILE_COLUMNS.length];
        for (int i = 0; i < us.length; i++) {
            Integer at = c.get(prefix + IntervalRow.PERCENTILE_COLUMNS[i] + "_us");
            us[i] = at == null || at >= f.length || f[at].isEmpty() ? Double.NaN : Double.parseDouble(f[at]);
        }
        return us;
    }

    private static double num(String[] f, Map<String, Integer> c, String name) {
        Integer at = c.get(name);
        return at == null || at >= f.length || f[at].isEmpty() ? 0 : Double.parseDouble(f[at]);
    }

    private static String text(String[] f, Map<String, Integer> c, String name) {
        Integer at = c.get(name);
        return at == null || at >= f.length ? "" : f[at];
    }
}
