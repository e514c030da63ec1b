package dev.bench.cli.report;

import dev.bench.cli.CliRunner;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47's tampered results, each made from a copy of one real run and given to {@code bench verify}: none
 * verifies. A broken invariant is exit 1 (its lines on stdout); what is no bench run, or misses a file, or
 * holds a log no run writes, is exit 2 in one line on stderr.
 */
class VerifyTamperedRunTest {

    @TempDir
    static Path tmp;
    static Path run;

    @BeforeAll
    static void oneRealRun() {
        run = tmp.resolve("run");
        assertEquals(0, CliRunner.shortVote(run).exitCode());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "four rows of 2^62 ops wrap the sums         | 1 | counts that no run can hold",
        "a summary count past a long                 | 1 | is not a whole number within a long",
        "phases[].directory '.' over completed 999999 | 2 | phase p's directory '.' is not a subdirectory of",
        "phases[].directory an absolute path elsewhere | 2 | is not a subdirectory of",
        "phases[].directory ../ out of the run       | 2 | phase p's directory '../elsewhere' is not a subdirectory of",
        "summary.json {}                             | 2 | is not a bench run's summary",
        "another tool's JSON                         | 2 | is not a bench run's summary",
        "intervals.csv missing                       | 2 | has no intervals.csv: the results are incomplete",
        "latency.hlog missing                        | 2 | has no latency.hlog: the results are incomplete",
        "summary.json missing                        | 2 | is not a results directory: it has no summary.json",
        "latency.hlog of 5 digits up to 2^62         | 2 | is not an HdrHistogram log line: a histogram of 5 significant digits",
        "latency.hlog line cut short                 | 2 | is not an HdrHistogram log line: too few fields",
        "latency.hlog binary                         | 2 | latency.hlog: it is not UTF-8 text (a binary file?)",
    })
    void eachTamperedCopyFailsVerify(String tampering, int exit, String expected) throws Exception {
        Path copy = tmp.resolve(tampering.replaceAll("[^a-z0-9]+", "-"));
        copy(run, copy);
        tamper(tampering, copy);
        CliRunner r = CliRunner.run("verify", copy.toString());
        assertEquals(exit, r.exitCode(), r.out() + r.err());
        assertFalse(r.out().contains("verified:"), r.out());
        if (exit == 2) {
            assertEquals(1, r.errorLines().size(), r.err());
            assertTrue(r.errorLines().get(0).contains(expected), r.err());
        } else {
            assertTrue(r.out().contains(expected), r.out());
        }
    }

    private static void tamper(String how, Path dir) throws IOException {
        Path summary = dir.resolve("summary.json");
        Path csv = dir.resolve("intervals.csv");
        Path hlog = dir.resolve("latency.hlog");
        String s = Files.readString(summary);
        switch (how) {
            case "four rows of 2^62 ops wrap the sums" -> {
                String row = Files.readAllLines(csv).stream().filter(l -> l.contains(",measure,read,")).findFirst().orElseThrow();
                String[] f = row.split(",");
                f[4] = String.valueOf(1L << 62);
                Files.writeString(csv, (String.join(",", f) + "\n").repeat(4), java.nio.file.StandardOpenOption.APPEND);
            }
            case "a summary count past a long" -> Files.writeString(summary, s.replaceFirst("\"completed\": \\d+",
                    "\"completed\": 18446744073709551616"));
            case "phases[].directory '.' over completed 999999" -> Files.writeString(summary, withPhase(
                    s.replaceFirst("\"completed_ops\": \\d+", "\"completed_ops\": 999999"), "."));
            case "phases[].directory an absolute path elsewhere" -> Files.writeString(summary, withPhase(s, run.toString()));
            case "phases[].directory ../ out of the run" -> Files.writeString(summary, withPhase(s, "../elsewhere"));
            case "summary.json {}" -> Files.writeString(summary, "{}");
            case "another tool's JSON" -> Files.writeString(summary, "{\"metrics\": {\"iterations\": {\"count\": 5}}, \"root_group\": {}}");
            case "intervals.csv missing" -> Files.delete(csv);
            case "latency.hlog missing" -> Files.delete(hlog);
            case "summary.json missing" -> Files.delete(summary);
            case "latency.hlog of 5 digits up to 2^62" -> Files.writeString(hlog, Files.readString(hlog).replaceFirst(
                    "(?m)^(Tag=[^,]+,[^,]+,[^,]+,[^,]+,).*$", "$1" + hugeHistogram()));
            case "latency.hlog line cut short" -> Files.writeString(hlog, Files.readString(hlog).replaceFirst("(?m)^(Tag=[^,]+,[^,]+),.*$", "$1"));
            case "latency.hlog binary" -> Files.write(hlog, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
            default -> throw new IllegalArgumentException(how);
        }
    }

    /** The summary with one "phases" entry (a copy of its own numbers) in {@code directory}. */
    private static String withPhase(String summary, String directory) {
        String body = summary.substring(summary.indexOf('{') + 1, summary.lastIndexOf('}'));
        return "{" + body + ", \"phases\": [{\"name\": \"p\", \"directory\": \"" + directory.replace("\\", "\\\\") + "\", " + body + "}]}";
    }

    private static String hugeHistogram() {
        Histogram h = new Histogram(1, 1L << 62, 5);
        h.recordValue(1_000_000);
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), n));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(from.relativize(f).toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
