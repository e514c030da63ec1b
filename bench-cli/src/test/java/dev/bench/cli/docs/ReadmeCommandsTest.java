package dev.bench.cli.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** What CI (.ci/run) and the README promise each other; DocsCommandsTest runs the commands themselves. */
class ReadmeCommandsTest {

    /** The README's two commands: CI (.ci/run) runs the same main job and test command. */
    @Test
    void theReadmeHoldsTheTwoCommands() throws IOException {
        List<String> readme = DocCommand.read(DocsCommandsTest.REPO, "README.md").stream().map(DocCommand::text).toList();
        assertTrue(readme.stream().anyMatch(c -> c.matches("bench-cli/target/bench/bin/bench vote --target \\d+ .*") && !c.contains(" null")
                && !c.contains("--url")), "the main job, vote on the embedded default: " + readme);
        assertTrue(Files.readString(DocsCommandsTest.REPO.resolve("README.md")).contains("\n./mvnw -B verify\n"), "the test command");
        // the tests of scripts/container-pass.tests are left to the container pass, which runs them once
        String ci = Files.readString(DocsCommandsTest.REPO.resolve(".ci/run"));
        assertTrue(ci.contains("\n./mvnw -B -ntp verify -Dsurefire.excludesFile=\"$PWD/scripts/container-pass.tests\"\n"),
                ".ci/run runs the README's test command");
        assertTrue(ci.contains("-Dtest=\"$(grep -v \"^#\" scripts/container-pass.tests | paste -sd, -)\""),
                ".ci/run's container pass runs the tests its verify leaves out");
    }
}
