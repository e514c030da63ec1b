package dev.bench.cli.dataserving;

import dev.bench.core.settings.SettingNames;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** CloudSuite's words to bench's, without running anything: the command line data-serving says it runs. */
class DataServingTranslationTest {

    private static List<String> translate(String... args) {
        DataServingCommand command = new DataServingCommand();
        new CommandLine(command).parseArgs(args);
        return command.equivalent(command.target(SettingNames.FLAGS));
    }

    @Test
    void tpccWarmupIsPrepareWithScaleAndLoadThreads() {
        assertEquals(List.of("tpcc", "prepare", "--url", "jdbc:postgresql://10.1.2.3:5432/sbtest", "--user", "cloudsuite",
                        "--password", "****", "--load-threads", "8", "--scale", "10"),
                translate("--tpcc", "--warmup", "--server-ip=10.1.2.3"));
    }

    @Test
    void tpccRunCarriesTimeIntervalRateTablesAndScale() {
        assertEquals(List.of("tpcc", "run", "--url", "jdbc:postgresql://db:6432/sbtest", "--user", "cloudsuite",
                        "--password", "****", "--threads", "16", "--scale", "50", "--tables", "2",
                        "--time", "60", "--report-interval", "5", "--rate", "100.0"),
                translate("--tpcc", "--run", "--server-ip=db", "--port=6432", "--threads=16", "--scale=50", "--tables=2",
                        "--time=60", "--report-interval=5", "--rate=100"));
    }

    @Test
    void oltpRwDefaultsAreCloudSuitesAndAnIpv6AddressIsBracketed() {
        assertEquals(List.of("oltp-rw", "prepare", "--url", "jdbc:postgresql://[::1]:5432/sbtest", "--user", "cloudsuite",
                        "--password", "****", "--threads", "8", "--tables", "50", "--table-size", "1000000"),
                translate("--oltp-rw", "--warmup", "--server-ip=::1"));
    }
}
