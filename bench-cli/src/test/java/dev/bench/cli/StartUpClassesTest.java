package dev.bench.cli;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The start-up cache's class list matches this build: a driver upgrade that renames its classes leaves
 * names that no longer load, and the cache silently holds less (regenerate with
 * scripts/start-up-classes.sh). JDK-internal names differ a little between JDKs, hence a share.
 */
class StartUpClassesTest {

    @Test
    void nearlyEveryListedClassLoadsWithThisBuild() throws IOException {
        List<String> names = listed();
        List<String> missing = new ArrayList<>();
        for (String name : names) {
            try {
                Class.forName(name, false, getClass().getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                missing.add(name);
            }
        }
        assertTrue(names.size() > 1000, "only " + names.size() + " names listed");
        assertTrue(missing.size() < names.size() / 20,
                "listed classes this build does not have (run scripts/start-up-classes.sh): " + missing);
        assertEquals(names.size() - missing.size(), StartUpClasses.load());
    }

    @Test
    void onlyTheTrainingRunLoadsThem() {
        assertFalse(StartUpClasses.training());
        System.setProperty("bench.train", "true");
        try {
            assertTrue(StartUpClasses.training());
        } finally {
            System.clearProperty("bench.train");
        }
    }

    private static List<String> listed() throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = StartUpClasses.class.getResourceAsStream(StartUpClasses.LIST)) {
            assertNotNull(in, StartUpClasses.LIST);
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                names.add(line.trim());
            }
        }
        return names;
    }
}
