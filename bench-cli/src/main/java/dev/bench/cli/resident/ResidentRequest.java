package dev.bench.cli.resident;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request to the resident process, as the client (lib/bench-resident.bash) sends it after the handshake
 * ({@link ResidentHandshake}): fields each ended by a NUL byte (no argument or variable can hold one), in this
 * order: the verb ({@code run},
 * {@code ping}, {@code stop}); for {@code run} then the launcher's jar, the caller's pid, working directory,
 * umask and whether it has a terminal (1 or 0), the number of arguments and the arguments, the number of
 * environment entries and the entries ({@code NAME=VALUE}). Text is decoded as the JVM decodes its own
 * arguments and environment (sun.jnu.encoding), so a call sees the bytes a plain run would.
 */
record ResidentRequest(String verb, String jar, long pid, String workingDirectory, String umask, boolean terminal,
                       List<String> args, Map<String, String> environment) {

    /** Far more than any command line or environment; a longer field is not a client's. */
    private static final int MAX_FIELD_BYTES = 1 << 20;
    private static final int MAX_COUNT = 100_000;

    /** A field of ASCII of at most {@code maxBytes}: what the handshake reads from a connection not yet proven. */
    static String shortField(InputStream in, int maxBytes) throws IOException {
        return field(in, StandardCharsets.US_ASCII, maxBytes);
    }

    /** The request, from a client that has proven itself. @throws IOException a malformed request or a closed connection */
    static ResidentRequest read(InputStream in, Charset charset) throws IOException {
        String verb = field(in, charset);
        if (!verb.equals("run")) {
            return new ResidentRequest(verb, null, 0, null, null, false, List.of(), Map.of());
        }
        String jar = field(in, charset);
        long pid = number(field(in, charset));
        String cwd = field(in, charset);
        String umask = field(in, charset);
        boolean terminal = field(in, charset).equals("1");
        int argc = count(field(in, charset));
        List<String> args = new ArrayList<>(argc);
        for (int i = 0; i < argc; i++) {
            args.add(field(in, charset));
        }
        int envc = count(field(in, charset));
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < envc; i++) {
            String entry = field(in, charset);
            int eq = entry.indexOf('=');
            if (eq > 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return new ResidentRequest(verb, jar, pid, cwd, umask, terminal, List.copyOf(args), env);
    }

    private static String field(InputStream in, Charset charset) throws IOException {
        return field(in, charset, MAX_FIELD_BYTES);
    }

    private static String field(InputStream in, Charset charset, int maxBytes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b != 0; b = in.read()) {
            if (b < 0) {
                throw new EOFException("the request ended early");
            }
            if (bytes.size() == maxBytes) {
                throw new IOException("a field longer than " + maxBytes + " bytes");
            }
            bytes.write(b);
        }
        return bytes.toString(charset);
    }

    private static long number(String field) throws IOException {
        try {
            return Long.parseLong(field);
        } catch (NumberFormatException e) {
            throw new IOException("not a number: " + field);
        }
    }

    private static int count(String field) throws IOException {
        long n = number(field);
        if (n < 0 || n > MAX_COUNT) {
            throw new IOException("a count out of range: " + field);
        }
        return (int) n;
    }
}
