package dev.bench.core.results.verify;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The one check every test that produces a results directory runs: {@code bench verify}'s invariants,
 * in-process. It also keeps a copy of the directory in {@code target/results-dirs/<n>-<name>} of the
 * module under test, so CI runs {@code bench verify} (the command) over every directory the suite made.
 *
 * <pre>{@code
 * CliRunner r = CliRunner.run("vote", "--results", dir.toString(), ...);
 * ResultsInvariants.assertHold(dir);
 * }</pre>
 *
 * <p>Threading: any test thread; copies go to distinct directories.
 */
public final class ResultsInvariants {

    /** Where copies go, relative to the module (surefire's working directory). */
    public static final Path KEPT = Paths.get("target", "results-dirs");

    private ResultsInvariants() {
    }

    /**
     * Fails with the broken invariants' lines, one each.
     *
     * @param dir       a results directory (a run, a phase or segment directory, a merge)
     * @param alongside the clients' directories when {@code dir} is a merge (its counts are checked against theirs)
     */
    public static void assertHold(Path dir, Path... alongside) {
        List<Path> dirs = new ArrayList<>();
        dirs.add(dir);
        dirs.addAll(List.of(alongside));
        Findings f = ResultsVerifier.verify(dirs);
        keep(dir);
        if (!f.allHold()) {
            fail(f.broken().size() + " of " + f.checked() + " results invariants broken in " + dir + ":\n"
                    + String.join("\n", f.broken()));
        }
    }

    /**
     * The broken invariants' lines (empty when all hold), for tests that collect problems into a table
     * rather than fail at the first; the directory is kept for CI's {@code bench verify} as by {@link #assertHold}.
     */
    public static List<String> broken(Path dir) {
        Findings f = ResultsVerifier.verify(List.of(dir));
        keep(dir);
        return f.broken();
    }

    private static void keep(Path dir) {
        try {
            Files.createDirectories(KEPT);
            for (int n = 1; ; n++) {
                Path copy = KEPT.resolve(n + "-" + dir.getFileName());
                try {
                    Files.createDirectory(copy);
                    copyTree(dir, copy);
                    return;
                } catch (FileAlreadyExistsException taken) {
                    // another test's copy: the next number
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep a copy of " + dir + " in " + KEPT, e);
        }
    }

    /** The results files only (no report.html: it is large and not checked; profile.html is, when a run has one). */
    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (!p.getFileName().toString().equals("report.html")) {
                    Files.copy(p, target);
                }
            }
        }
    }
}
