package dev.bench.core.results;

import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BuildInfoTest {

    @Test
    void summaryEnvironmentNamesTheBuildMavenMade() {
        Map<String, Object> env = ResultsDirectory.environment();
        BuildInfo build = BuildInfo.current();
        // build.properties comes from git-commit-id-maven-plugin; without it these would say "unknown".
        assertTrue(build.version().matches("\\d+\\.\\d+\\.\\d+.*"), build.version());
        assertTrue(build.commit().matches("[0-9a-f]{10}(-dirty)?"), build.commit());
        OffsetDateTime.parse(build.commitTime());
        assertEquals(build.version(), env.get("bench_version"));
        assertEquals(build.commit(), env.get("git_commit"));
        assertEquals(build.commitTime(), env.get("build_time"));
    }

    @Test
    void aDirtyTreeIsSaidSoAndMissingPartsAreUnknown() {
        Properties p = new Properties();
        p.setProperty("git.commit.id.abbrev", "0123456789");
        p.setProperty("git.dirty", "true");
        assertEquals(new BuildInfo("unknown", "0123456789-dirty", "unknown"), BuildInfo.from(p));
        p.setProperty("git.dirty", "false");
        assertEquals("0123456789", BuildInfo.from(p).commit());
    }
}
