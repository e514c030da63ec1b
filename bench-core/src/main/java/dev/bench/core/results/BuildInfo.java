package dev.bench.core.results;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The build a run comes from: version, git commit (with "-dirty" when the tree had changes) and the commit's
 * time, which is also the build's timestamp (the build is reproducible, so it has no clock of its own).
 * git-commit-id-maven-plugin writes them into build.properties next to this class.
 */
public record BuildInfo(String version, String commit, String commitTime) {

    private static final String UNKNOWN = "unknown";
    private static final BuildInfo CURRENT = load();

    /** This build's; "unknown" parts when the classes were built without Maven (an IDE). */
    public static BuildInfo current() {
        return CURRENT;
    }

    static BuildInfo from(Properties p) {
        String commit = p.getProperty("git.commit.id.abbrev", UNKNOWN);
        if ("true".equals(p.getProperty("git.dirty"))) {
            commit += "-dirty";
        }
        return new BuildInfo(p.getProperty("git.build.version", UNKNOWN), commit,
                p.getProperty("git.commit.time", UNKNOWN));
    }

    private static BuildInfo load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return from(p);
    }
}
