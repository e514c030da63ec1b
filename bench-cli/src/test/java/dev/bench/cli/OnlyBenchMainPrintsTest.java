package dev.bench.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Only BenchMain touches System.out and System.err: everything else prints through the writers a run was
 * given, which mask passwords and which {@code BenchMain.execute(args, out, err)} lets a test capture.
 * bench-jmh is left out: its AlternatingForks is a program of its own, outside the bench command; so is the
 * resident process's ResidentMain, whose own log (reasons, never a call's arguments) is its stderr.
 */
class OnlyBenchMainPrintsTest {

    private static final List<Path> MAIN_CODE = List.of(Path.of("..", "bench-core", "src", "main", "java"),
            Path.of("..", "bench-workloads", "src", "main", "java"), Path.of("src", "main", "java"));
    private static final Pattern STANDARD_STREAM = Pattern.compile("System\\s*\\.\\s*(out|err)\\b");

    @Test
    void noMainCodeButBenchMainWritesSystemOutOrErr() throws IOException {
        List<String> offenders = new ArrayList<>();
        int files = 0;
        for (Path root : MAIN_CODE) {
            assertTrue(Files.isDirectory(root), root.toAbsolutePath() + " (the test runs in bench-cli)");
            try (Stream<Path> sources = Files.walk(root)) {
                for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                    files++;
                    if (!source.endsWith(Path.of("dev", "bench", "cli", "BenchMain.java"))
                            && !source.endsWith(Path.of("dev", "bench", "cli", "resident", "ResidentMain.java"))
                            && STANDARD_STREAM.matcher(withoutComments(Files.readString(source))).find()) {
                        offenders.add(source.toString());
                    }
                }
            }
        }
        assertTrue(files > 100, "read " + files + " sources");
        assertEquals(List.of(), offenders);
    }

    @Test
    void commentsAreLeftOutButCodeAndStringsAreKept() {
        String code = "/** e.g. new ConsoleProgress(System.err) */ int a; // System.out\nString s = \"//\"; System.out.print(s);";
        assertEquals(" int a; \nString s = \"//\"; System.out.print(s);", withoutComments(code));
        assertEquals("x = \"/* not a comment */\";", withoutComments("x = \"/* not a comment */\";"));
        assertEquals("c = '\"'; ", withoutComments("c = '\"'; /* \" */"));
    }

    /** The source with its comments removed; string and char literals (which may hold "//" or a quote) kept. */
    static String withoutComments(String source) {
        StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? source.length() : end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? source.length() : end + 2;
            } else if (c == '"' || c == '\'') {
                int end = literalEnd(source, i);
                code.append(source, i, end);
                i = end;
            } else {
                code.append(c);
                i++;
            }
        }
        return code.toString();
    }

    /** Just past the string, text block or char literal opening at {@code start}. */
    private static int literalEnd(String source, int start) {
        String quote = source.startsWith("\"\"\"", start) ? "\"\"\"" : String.valueOf(source.charAt(start));
        int i = start + quote.length();
        while (i < source.length() && !source.startsWith(quote, i)) {
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(source.length(), i + quote.length());
    }
}
