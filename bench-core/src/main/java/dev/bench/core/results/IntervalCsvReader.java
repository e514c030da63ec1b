package dev.bench.core.results;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads intervals.csv as {@link IntervalCsvWriter} writes it, as CSV by Jackson (quoted fields read
 * back whole). Columns are found by header name, so files with columns added later still read; a
 * missing column reads as 0 (or NaN for a latency or the scheduled rate).
 */
public final class IntervalCsvReader {

    private IntervalCsvReader() {
    }

    public static List<IntervalRow> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new BenchException("cannot read " + file + ": no such file");
        }
        CsvSchema header = CsvSchema.emptySchema().withHeader();
        try (MappingIterator<Map<String, String>> it = new CsvMapper().readerForMapOf(String.class).with(header).readValues(file.toFile())) {
            List<IntervalRow> rows = new ArrayList<>();
            while (it.hasNextValue()) {
                Map<String, String> row = it.nextValue();
                if (!row.values().stream().allMatch(String::isBlank)) {
                    rows.add(row(row, file, it.getCurrentLocation().getLineNr()));
                }
            }
            return rows;
        } catch (IOException | RuntimeException e) {
            if (e instanceof BenchException b) {
                throw b;
            }
            throw new BenchException("cannot read " + file + ": " + (e instanceof IOException io ? Failures.ofIo(io)
                    : Failures.describe(e)), e);
        }
    }

    private static IntervalRow row(Map<String, String> f, Path file, int lineNo) {
        try {
            return new IntervalRow(num(f, "start_s"), num(f, "end_s"), "warmup".equals(f.get("phase")),
                    f.getOrDefault("kind", ""), count(f, "completed"), num(f, "ops_per_s"),
                    count(f, "rejected"), count(f, "failed"), count(f, "retries"),
                    count(f, "reconnects"), latencies(f, "sojourn_"), latencies(f, "service_"), num(f, "lag_ms"),
                    orNaN(f.get("scheduled_ops_per_s")));
        } catch (NumberFormatException e) {
            throw new BenchException(file + " line " + lineNo + ": not a number: " + e.getMessage(), e);
        }
    }

    /** A count, read exactly: through a double, 2^62 + 955 would read as 2^62, and 2^64 as 2^63-1. */
    private static long count(Map<String, String> f, String name) {
        String v = f.get(name);
        if (v == null || v.isEmpty()) {
            return 0;
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n < 0) {
                throw new NumberFormatException(name + " " + v + " is negative");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new NumberFormatException(name + " '" + v + "' is not a count (a whole number 0.." + Long.MAX_VALUE + ")");
        }
    }

    private static double[] latencies(Map<String, String> f, String prefix) {
        double[] us = new double[IntervalRow.PERCENTILE_COLUMNS.length];
        for (int i = 0; i < us.length; i++) {
            us[i] = orNaN(f.get(prefix + IntervalRow.PERCENTILE_COLUMNS[i] + "_us"));
        }
        return us;
    }

    private static double orNaN(String v) {
        return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    private static double num(Map<String, String> f, String name) {
        String v = f.get(name);
        return v == null || v.isEmpty() ? 0 : Double.parseDouble(v);
    }
}
