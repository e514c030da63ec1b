package dev.bench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command's --help renders cleanly: picocli reads descriptions as format strings, so a bare '%' breaks one. */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersWithoutPicocliWarnings() {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        int commands;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            commands = renderAll(BenchMain.commandLine());
        } finally {
            System.setErr(stderr);
        }
        assertTrue(commands > 10, "walked " + commands + " commands");
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }

    private static int renderAll(CommandLine command) {
        command.getUsageMessage();
        int rendered = 1;
        for (CommandLine sub : command.getSubcommands().values()) {
            rendered += renderAll(sub);
        }
        return rendered;
    }
}
