package dev.bench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes a run against a server loads (JDBC drivers, TLS, SCRAM, workload code) that the launcher's
 * training run on embedded H2 does not: {@code start-up-classes.txt}, written by
 * {@code scripts/start-up-classes.sh}. The training run ({@code -Dbench.train=true}) loads them, without
 * initializing any, so the start-up cache it makes holds them too and a server run's first second does
 * not read and verify them from the jar.
 */
final class StartUpClasses {

    private static final String LIST = "start-up-classes.txt";

    private StartUpClasses() {
    }

    static boolean training() {
        return Boolean.getBoolean("bench.train");
    }

    /** @return how many of the listed classes loaded (a name this build no longer has is skipped) */
    static int load() {
        ClassLoader loader = StartUpClasses.class.getClassLoader();
        int loaded = 0;
        for (String name : names()) {
            try {
                Class.forName(name, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError skipped) {
                // gone from this build or this JDK, or needs a library we don't ship: nothing to archive
            }
        }
        return loaded;
    }

    /** The listed names; none when the list can't be read (a cache with fewer classes is still a cache). */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        try (InputStream in = StartUpClasses.class.getResourceAsStream(LIST)) {
            if (in != null) {
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    names.add(line.trim());
                }
            }
        } catch (IOException e) {
            // as above: the names read so far
        }
        return names;
    }
}
