package dev.bench.workloads.voter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The 305 North-American area codes and their states (51, DC included) that VoltDB's Voter and
 * BenchBase both ship, read from {@code area-codes.txt} beside this class. Index order is the file's:
 * the call generator's skew is defined per index, so the order matters.
 *
 * <p>Threading: immutable after class initialisation.
 */
public final class AreaCodes {

    private static final short[] CODES;
    private static final String[] STATES;

    static {
        List<String> lines = read();
        CODES = new short[lines.size()];
        STATES = new String[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            String[] parts = lines.get(i).split(" ");
            CODES[i] = Short.parseShort(parts[0]);
            STATES[i] = parts[1];
        }
    }

    private AreaCodes() {
    }

    public static int size() {
        return CODES.length;
    }

    public static short code(int index) {
        return CODES[index];
    }

    public static String state(int index) {
        return STATES[index];
    }

    private static List<String> read() {
        try (InputStream in = AreaCodes.class.getResourceAsStream("area-codes.txt")) {
            if (in == null) {
                throw new IllegalStateException("area-codes.txt missing from the classpath");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            List<String> lines = new ArrayList<>();
            for (String line; (line = reader.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    lines.add(line.trim());
                }
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
