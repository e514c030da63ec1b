package dev.bench.cli.container;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.model.Container;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.SkipOrFail;
import org.testcontainers.DockerClientFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the --container tests share: the skip without an engine, the run's results, and that nothing is left running. */
final class CliContainers {

    private CliContainers() {
    }

    static void requireEngine() {
        SkipOrFail.skipWithoutDocker("no container engine answers (eval \"$(scripts/containers.sh)\" starts podman's)");
    }

    /** The containers the CLI started that still exist, running or not. */
    static List<Container> leftBehind() {
        return DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(ServerContainer.OWNER_LABEL + ".by", "cli")).exec();
    }

    /** Exit 0, the results' invariants hold, summary.json names the container's image and id, and it is gone. */
    static JsonNode assertRanOn(CliRunner r, Path results, String image) throws IOException {
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return assertResultsOn(results, image);
    }

    /** The results' invariants hold, summary.json names the container's image and id, and it is gone. */
    static JsonNode assertResultsOn(Path results, String image) throws IOException {
        ResultsInvariants.assertHold(results);
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        JsonNode container = summary.path("options").path("container").path(0);
        assertEquals(image, container.path("image").asText(), summary.path("options").toString());
        assertTrue(container.path("id").asText().matches("[0-9a-f]{64}"), container.toString());
        assertEquals(List.of(), leftBehind().stream().map(Container::getId).toList(), "nothing left running");
        return summary;
    }
}
