package dev.bench.cli;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run that names one command gets only that one built; the commands that reach others get them all. */
class SubcommandsTest {

    @Test
    void aWorkloadRunBuildsOnlyItsOwnCommand() {
        assertEquals(Set.of("vote"), BenchMain.commandLine("vote").getSubcommands().keySet());
        assertEquals(Set.of("pgbench"), BenchMain.commandLine("pgbench").getSubcommands().keySet());
    }

    @Test
    void helpCompletionScenariosSweepsAndUnknownNamesGetEveryCommand() {
        int all = BenchCommands.ALL.size();
        for (String first : new String[] {"help", "generate-completion", "run", "sweep", "--help", "votee"}) {
            assertEquals(all, BenchMain.commandLine(first).getSubcommands().size(), first);
        }
        assertEquals(all, BenchMain.commandLine().getSubcommands().size());
        assertTrue(BenchCommands.STANDALONE.contains("tpcc") && !BenchCommands.STANDALONE.contains("run"));
    }
}
