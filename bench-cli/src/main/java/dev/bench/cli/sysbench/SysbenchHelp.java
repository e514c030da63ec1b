package dev.bench.cli.sysbench;

import dev.bench.core.BenchException;
import dev.bench.workloads.oltp.OltpScript;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * sysbench 1.0.20's help texts, as its test suite checks them: {@code --help} (with a line saying what
 * bench sysbench runs) and a script's {@code help} command (its options, from oltp_common.lua and the
 * script's own).
 */
final class SysbenchHelp {

    private static final String GENERAL = "help.txt";
    private static final String SCRIPT_OPTIONS = "script-options.txt";
    /** Options only one script declares; every other line is oltp_common.lua's. */
    private static final Set<String> POINTS_ONLY = Set.of("random_points");
    private static final Set<String> RANGES_ONLY = Set.of("number_of_ranges", "delta");

    private SysbenchHelp() {
    }

    static String general() {
        return resource(GENERAL);
    }

    /** @param test the script as the user named it: the header says "NAME options:" with it, path stripped */
    static String script(String test, OltpScript script) {
        StringBuilder b = new StringBuilder(test.substring(test.lastIndexOf('/') + 1)).append(" options:\n");
        for (String line : resource(SCRIPT_OPTIONS).split("\n")) {
            String name = line.trim().substring(2).split("[=\\[]", 2)[0];
            boolean points = POINTS_ONLY.contains(name);
            boolean ranges = RANGES_ONLY.contains(name);
            if ((!points || script == OltpScript.SELECT_RANDOM_POINTS) && (!ranges || script == OltpScript.SELECT_RANDOM_RANGES)) {
                b.append(line).append('\n');
            }
        }
        return b.append('\n').toString();
    }

    private static String resource(String name) {
        try (InputStream in = SysbenchHelp.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new BenchException("bench is missing its resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
