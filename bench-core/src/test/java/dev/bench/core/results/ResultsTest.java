package dev.bench.core.results;

import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsTest {

    @Test
    void jsonEscapesAndNests() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("s", "a\"b\\c\nd\u0001");
        m.put("n", 1.5);
        m.put("nan", Double.NaN);
        m.put("list", List.of(1, true));
        m.put("none", null);
        m.put("empty", Map.of());
        m.put("inf", Float.POSITIVE_INFINITY);
        assertEquals("{\n  \"s\": \"a\\\"b\\\\c\\nd\\u0001\",\n  \"n\": 1.5,\n  \"nan\": null,\n"
                + "  \"list\": [\n    1,\n    true\n  ],\n  \"none\": null,\n  \"empty\": {},\n  \"inf\": null\n}\n",
                ResultsJson.write(m));
    }

    @Test
    void passwordsAreMaskedInUrls() {
        assertEquals("jdbc:postgresql://h:5432/db?user=bench&password=****&ssl=false",
                Secrets.maskUrl("jdbc:postgresql://h:5432/db?user=bench&password=s3cret&ssl=false"));
        assertEquals("jdbc:sqlserver://h;user=sa;Password=****;db=x",
                Secrets.maskUrl("jdbc:sqlserver://h;user=sa;Password=Pa55;db=x"));
        assertEquals("postgresql://bench:****@h/db", Secrets.maskUrl("postgresql://bench:pw@h/db"));
        assertEquals("cannot connect to jdbc:postgresql://h/db?password=****: FATAL: no",
                Secrets.mask("cannot connect to " + Secrets.maskUrl("jdbc:postgresql://h/db?password=pw") + ": FATAL: no"),
                "a masked URL's line keeps the colon after it");
        assertEquals("jdbc:postgresql://h/db?password=****", Secrets.maskUrl("jdbc:postgresql://h/db?password=****:x"));
        assertTrue(Secrets.isSecretName("password"));
        assertFalse(Secrets.isSecretName("user"));
    }

    @Test
    void neverWritesIntoANonEmptyDirectory(@TempDir Path tmp) throws Exception {
        Path mine = tmp.resolve("mine");
        Files.createDirectories(mine);
        Files.writeString(mine.resolve("notes.txt"), "keep me");
        BenchException e = assertThrows(BenchException.class, () -> ResultsDirectory.create(mine, "vote"));
        assertTrue(e.getMessage().contains("not empty"), e.getMessage());
        assertEquals("keep me", Files.readString(mine.resolve("notes.txt")));

        ResultsDirectory fresh = ResultsDirectory.create(tmp.resolve("new"), "vote");
        try (ResultsDirectory.PhaseFiles files = fresh.openPhase(1, "run", 1)) {
            assertEquals("", files.directory());
            assertTrue(Files.exists(fresh.path().resolve(ResultsDirectory.INTERVALS)));
            assertTrue(Files.exists(fresh.path().resolve(ResultsDirectory.HLOG)));
        }
    }

    @Test
    void severalPhasesEachGetADirectoryOfTheirOwn(@TempDir Path tmp) throws Exception {
        ResultsDirectory results = ResultsDirectory.create(tmp.resolve("tao"), "tao");
        for (int i = 1; i <= 2; i++) {
            try (ResultsDirectory.PhaseFiles files = results.openPhase(i, "16x10/60", 2)) {
                assertEquals(String.format("%02d-16x10_60", i), files.directory());
            }
        }
        assertTrue(Files.exists(results.path().resolve("01-16x10_60").resolve(ResultsDirectory.INTERVALS)));
        assertTrue(Files.exists(results.path().resolve("02-16x10_60").resolve(ResultsDirectory.HLOG)));
        assertFalse(Files.exists(results.path().resolve(ResultsDirectory.INTERVALS)));
    }
}
