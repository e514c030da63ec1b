package dev.bench.cli.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsVerifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --profile} end to end: a short vote run (the engine's workers on the memory backend, warmup first)
 * writes a flame graph of the measured window that shows the engine's workers, summary.json names it, the
 * report says where it is, and {@code bench verify}'s invariants still hold.
 */
class ProfileOptionTest {

    private static final String WORKER = "dev/bench/core/engine/Worker.run";

    /** A sample per ms of CPU: a 2 s run at 2000 ops/s spends too little for the default's 10 ms. */
    @BeforeAll
    static void sampleFinely() {
        System.setProperty("bench.profile-interval-us", "1000");
    }

    @AfterAll
    static void sampleAsDefault() {
        System.clearProperty("bench.profile-interval-us");
    }

    @Test
    void aProfiledRunWritesAFlameGraphOfTheWorkers(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("run");
        CliRunner r = CliRunner.shortVote(dir, "--profile");

        assertEquals(0, r.exitCode(), r.err());
        JsonNode profile = new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("profile");
        assertTrue(profile.path("profiler").asText().startsWith("async-profiler "), profile.toString());
        String event = profile.path("event").asText();
        assertTrue(List.of("cpu-clock", "ctimer", "itimer").contains(event), event);
        assertEquals("[\"profile.html\",\"profile-collapsed.txt\"]", profile.path("files").toString());
        assertEquals(1000, profile.path("interval_us").asLong(), profile.toString());
        assertTrue(r.out().contains("# profile: " + dir.resolve("profile.html") + " (async-profiler "), r.out());

        String html = Files.readString(dir.resolve("profile.html"));
        assertTrue(html.startsWith("<!DOCTYPE html>"), html.substring(0, Math.min(200, html.length())));
        assertTrue(html.contains("<canvas") && html.contains("bench client CPU over the measured window"), "a flame graph page");
        assertTrue(framesOf(html).stream().anyMatch(f -> f.startsWith(WORKER)), "the flame graph has the engine's workers");
        assertTrue(Files.readString(dir.resolve("profile-collapsed.txt")).contains(WORKER + ";"), "the stacks have them too");

        Files.delete(dir.resolve("profile.html"));
        assertEquals(List.of(dir + ": profile file 'profile.html' is not a non-empty file in the directory"),
                ResultsVerifier.verify(List.of(dir)).broken(), "verify misses it");
    }

    @Test
    void aRunWithoutTheOptionHasNoProfile(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("run");
        CliRunner r = CliRunner.shortVote(dir);

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("profile").isMissingNode());
        assertFalse(r.out().contains("# profile:"), r.out());
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("profile")), "no profile file");
        }
    }

    /**
     * The flame graph's frame names: async-profiler's page keeps them in {@code cpool}, each entry after the
     * first as one character (32 + the length of the prefix it shares with the entry before) and the rest.
     */
    static List<String> framesOf(String html) {
        int from = html.indexOf("const cpool = [");
        assertTrue(from >= 0, "a cpool of frame names");
        Matcher entry = Pattern.compile("^'((?:[^'\\\\]|\\\\.)*)',?$", Pattern.MULTILINE)
                .matcher(html.substring(from, html.indexOf("];", from)));
        List<String> frames = new ArrayList<>();
        String previous = "";
        while (entry.find()) {
            String packed = entry.group(1).replace("\\'", "'").replace("\\\\", "\\");
            String frame = frames.isEmpty() ? packed : previous.substring(0, packed.charAt(0) - ' ') + packed.substring(1);
            frames.add(frame);
            previous = frame;
        }
        return frames;
    }
}
