package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * YCSB's properties as its client builds them: each {@code -P} file read as a Java properties file, in
 * order, then the {@code -p} values over them. Typed reads name the property in their one-line errors.
 */
public final class PropertyReader {

    private final Properties properties;

    PropertyReader(Properties properties) {
        this.properties = properties;
    }

    /** @throws BenchException naming a file that can't be read */
    public static PropertyReader of(List<String> files, Map<String, String> overrides) {
        Properties p = new Properties();
        for (String file : files) {
            try (Reader in = Files.newBufferedReader(Path.of(file), java.nio.charset.StandardCharsets.ISO_8859_1)) {
                p.load(in);
            } catch (NoSuchFileException e) {
                throw new BenchException("-P " + file + ": no such file");
            } catch (IOException | IllegalArgumentException e) {
                throw new BenchException("-P " + file + ": cannot read it: " + e.getMessage());
            }
        }
        overrides.forEach(p::setProperty);
        return new PropertyReader(p);
    }

    public String string(String key, String fallback) {
        String v = properties.getProperty(key);
        return v == null ? fallback : v.trim();
    }

    public boolean has(String key) {
        return properties.getProperty(key) != null;
    }

    public long number(String key, long fallback) {
        String v = string(key, null);
        if (v == null) {
            return fallback;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new BenchException(key + " must be a whole number, got '" + v + "'");
        }
    }

    public int integer(String key, int fallback) {
        long v = number(key, fallback);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new BenchException(key + " must fit in an int, got " + v);
        }
        return (int) v;
    }

    public double decimal(String key, double fallback) {
        String v = string(key, null);
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new BenchException(key + " must be a number, got '" + v + "'");
        }
    }

    /** As YCSB's {@code Boolean.parseBoolean}: "true" in any case is true, anything else false. */
    public boolean bool(String key, boolean fallback) {
        String v = string(key, null);
        return v == null ? fallback : Boolean.parseBoolean(v);
    }

    /** One of {@code allowed}, or the fallback when unset. */
    public String choice(String key, String fallback, List<String> allowed) {
        String v = string(key, fallback);
        if (!allowed.contains(v)) {
            throw new BenchException(key + " must be one of " + String.join(", ", allowed) + ", got '" + v + "'");
        }
        return v;
    }
}
