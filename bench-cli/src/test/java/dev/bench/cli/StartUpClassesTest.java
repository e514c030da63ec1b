package dev.bench.cli;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The start-up cache's class list matches this build: a driver upgrade that renames its classes leaves
 * names that no longer load, and the cache silently holds less (regenerate with
 * scripts/start-up-classes.sh). JDK-internal names differ a little between JDKs, hence a share.
 */
class StartUpClassesTest {

    @Test
    void nearlyEveryListedClassLoadsWithThisBuild() {
        List<String> names = StartUpClasses.names();
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
}
