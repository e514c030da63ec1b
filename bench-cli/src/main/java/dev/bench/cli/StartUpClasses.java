package dev.bench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The classes a run against a server loads (JDBC drivers, TLS, SCRAM, workload code) that the launcher's
 * training run on embedded H2 does not: {@code start-up-classes.txt}, written by
 * {@code scripts/start-up-classes.sh}. The training run ({@code -Dbench.train=true}) loads them, without
 * initializing any, so the start-up cache it makes holds them too and a server run's first second does
 * not read and verify them from the jar.
 */
final class StartUpClasses {

    static final String LIST = "start-up-classes.txt";

    private StartUpClasses() {
    }

    static boolean training() {
        return Boolean.getBoolean("bench.train");
    }

    /** @return how many of the listed classes loaded (a name this build no longer has is skipped) */
    static int load() {
        ClassLoader loader = StartUpClasses.class.getClassLoader();
        int loaded = 0;
        try (InputStream in = StartUpClasses.class.getResourceAsStream(LIST)) {
            if (in == null) {
                return 0;
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String name = lines.readLine(); name != null; name = lines.readLine()) {
                try {
                    Class.forName(name.trim(), false, loader);
                    loaded++;
                } catch (ClassNotFoundException | LinkageError skipped) {
                    // gone from this build or this JDK, or needs a library we don't ship: nothing to archive
                }
            }
        } catch (IOException e) {
            // a cache with fewer classes is still a cache
        }
        return loaded;
    }
}
