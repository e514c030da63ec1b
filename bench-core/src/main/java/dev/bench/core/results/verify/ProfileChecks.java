package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A profiled run's {@code profile} (summary.json, {@code --profile}) names files that are there: each a plain
 * name in its block's directory, not empty, and an event that sampled. A profile that could not be written
 * names none and says why in its note.
 */
final class ProfileChecks {

    private ProfileChecks() {
    }

    static void check(Block b, Findings out) {
        JsonNode profile = b.numbers().path("profile");
        if (!profile.isObject()) {
            return;
        }
        String event = profile.path("event").asText("");
        out.check(!event.isBlank(), () -> b.name() + ": profile names no event");
        JsonNode files = profile.path("files");
        out.check(files.isArray() && (!files.isEmpty() || profile.hasNonNull("note")),
                () -> b.name() + ": profile names no file and no note why");
        for (JsonNode file : files) {
            String name = file.asText("");
            boolean plain = name.matches("[A-Za-z0-9._-]+") && !name.equals("..") && !name.equals(".");
            out.check(plain && Files.isRegularFile(b.dir().resolve(name)) && size(b.dir().resolve(name)) > 0,
                    () -> b.name() + ": profile file '" + name + "' is not a non-empty file in the directory");
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
