package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
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

    /** 1 MiB: YCSB's workload files are under 4 KB. */
    static final int MAX_FILE_BYTES = 1 << 20;

    private final Properties properties;

    PropertyReader(Properties properties) {
        this.properties = properties;
    }

    /** @throws BenchException naming a file that can't be read */
    public static PropertyReader of(List<String> files, Map<String, String> overrides) {
        Properties p = new Properties();
        for (String file : files) {
            try (InputStream in = Files.newInputStream(Path.of(file))) {
                byte[] text = in.readNBytes(MAX_FILE_BYTES + 1);
                checkText(file, text);
                p.load(new StringReader(new String(text, StandardCharsets.ISO_8859_1)));
            } catch (NoSuchFileException e) {
                throw new BenchException("-P " + file + ": no such file");
            } catch (IOException | IllegalArgumentException e) {
                throw new BenchException("-P " + file + ": cannot read it: " + (e instanceof IOException io
                        ? dev.bench.core.Failures.ofIo(io) : e.getMessage()));
            }
        }
        overrides.forEach(p::setProperty);
        return new PropertyReader(p);
    }

    /**
     * A properties file is a few lines of text: a binary file (a control byte, other than whitespace) or one
     * past {@link #MAX_FILE_BYTES} (/dev/zero) is refused, not read as keys made of its bytes.
     */
    private static void checkText(String file, byte[] text) {
        if (text.length > MAX_FILE_BYTES) {
            throw new BenchException("-P " + file + ": more than " + MAX_FILE_BYTES + " bytes; a properties file is lines of key=value");
        }
        for (int i = 0; i < text.length; i++) {
            int b = text[i] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) {
                throw new BenchException(String.format(java.util.Locale.ROOT, "-P %s: not a properties file: a binary byte "
                        + "0x%02x at offset %d", file, b, i));
            }
        }
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
