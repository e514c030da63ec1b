package dev.bench.workloads.contract;

import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import dev.bench.core.testing.TestServers;
import dev.bench.workloads.WorkloadContract;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.tao.TaoSettings;
import dev.bench.workloads.voter.Preset;
import dev.bench.workloads.voter.VoterBenchmark.Verbosity;
import dev.bench.workloads.voter.VoterRunSettings;
import org.junit.jupiter.api.Nested;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** TAOBench and VoltDB's Voter on PostgreSQL and MySQL/MariaDB. */
class TaoVoterContractTest {

    abstract static class Tao extends WorkloadContract<TaoSettings> {
        @Override
        protected WorkloadType<TaoSettings> type() {
            return Workloads.TAO;
        }

        @Override
        protected TaoSettings shortRun() {
            return new TaoSettings(2000, 2, TaoSettings.CONFIG, "4,0,3", null, null, null, 0, TaoSettings.SLO_MS);
        }

        @Override
        protected void prepare(TaoSettings settings, TargetSettings target) {
            StringWriter out = new StringWriter();
            int code = Workloads.TAO.plan(settings, target, RunSettings.DEFAULTS, SettingNames.KEYS, w -> { })
                    .load(new PrintWriter(out), new PrintWriter(new StringWriter()));
            assertEquals(0, code, out.toString());
        }
    }

    abstract static class Voter extends WorkloadContract<VoterRunSettings> {
        @Override
        protected WorkloadType<VoterRunSettings> type() {
            return Workloads.VOTER;
        }

        /** erlvolt's steady rhythm, 4 workers: long enough for two rounds of ended sessions. */
        @Override
        protected VoterRunSettings shortRun() {
            return new VoterRunSettings(null, 40_000L, Preset.Rhythm.steady, 4, null, Preset.Mode.direct, null, null, null, null,
                    null, Verbosity.quiet, VoterRunSettings.DUMP_INTERVAL_MS, VoterRunSettings.CONTESTANTS,
                    VoterRunSettings.MAX_VOTES, false, false, VoterRunSettings.START_DELAY_S, null);
        }
    }

    @Nested
    class TaoOnPostgres extends Tao {
        @Override
        protected String url() {
            return TestServers.postgresUrl();
        }
    }

    @Nested
    class TaoOnMysql extends Tao {
        @Override
        protected String url() {
            return TestServers.mysqlUrl();
        }
    }

    @Nested
    class VoterOnPostgres extends Voter {
        @Override
        protected String url() {
            return TestServers.postgresUrl();
        }
    }

    @Nested
    class VoterOnMysql extends Voter {
        @Override
        protected String url() {
            return TestServers.mysqlUrl();
        }
    }
}
