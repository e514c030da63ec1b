package dev.bench.cli;

import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.core.run.WorkloadType;
import dev.bench.workloads.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A command with no flags maps onto its workload's defaults (the origin's), and runs the workload the
 * registry has under its name: --help's defaults and a scenario file's can't drift apart.
 */
class WorkloadDefaultsTest {

    @ParameterizedTest
    @CsvSource({"vote, vote", "oltp-rw run, oltp-rw", "tpcc run, tpcc", "tao run, tao", "voter, voter", "pgbench, pgbench", "ycsb run, ycsb"})
    void aCommandWithoutFlagsHasItsWorkloadsDefaults(String command, String workload) {
        CommandLine cli = BenchMain.commandLine();
        List<CommandLine> parsed = cli.parseArgs(command.split(" ")).asCommandLineList();
        WorkloadCommand leaf = parsed.get(parsed.size() - 1).getCommand();
        WorkloadRequest<?> request = leaf.request();
        WorkloadType<?> type = Workloads.named(workload);
        assertSame(type, request.type());
        assertEquals(type.defaults(), request.settings());
        assertEquals(type.settingsType(), request.settings().getClass());
    }

    @Test
    void everyRegisteredWorkloadIsACommand() {
        for (WorkloadType<?> type : Workloads.all()) {
            assertTrue(BenchMain.commandLine().getSubcommands().containsKey(type.name()), type.name());
        }
    }
}
