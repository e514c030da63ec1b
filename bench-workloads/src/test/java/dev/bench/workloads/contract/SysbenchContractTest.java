package dev.bench.workloads.contract;

import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import dev.bench.core.testing.TestServers;
import dev.bench.workloads.WorkloadContract;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.oltp.OltpRunSettings;
import dev.bench.workloads.oltp.OltpSettings;
import dev.bench.workloads.sysbench.SysbenchRunSettings;
import dev.bench.workloads.tpcc.TpccRunSettings;
import dev.bench.workloads.tpcc.TpccSettings;
import org.junit.jupiter.api.Nested;

import java.io.PrintWriter;
import java.io.StringWriter;

/** sysbench's oltp_read_write and sysbench-tpcc on PostgreSQL and MySQL/MariaDB. */
class SysbenchContractTest {

    private static final SysbenchRunSettings THREE_SECONDS = new SysbenchRunSettings(3, 0, 0, 0, SysbenchRunSettings.PERCENTILE);

    private static PrintWriter discard() {
        return new PrintWriter(new StringWriter());
    }

    abstract static class OltpRw extends WorkloadContract<OltpRunSettings> {
        @Override
        protected WorkloadType<OltpRunSettings> type() {
            return Workloads.OLTP_RW;
        }

        @Override
        protected OltpRunSettings shortRun() {
            return new OltpRunSettings(OltpSettings.DEFAULTS.withTables(2, 1000), 2, 0, THREE_SECONDS);
        }

        @Override
        protected void prepare(OltpRunSettings settings, TargetSettings target) {
            Workloads.OLTP_RW.prepare(settings, target, 42, SettingNames.KEYS, discard(), discard());
        }

        @Override
        protected void cleanup(OltpRunSettings settings, TargetSettings target) {
            Workloads.OLTP_RW.cleanup(settings, target, SettingNames.KEYS, discard());
        }
    }

    abstract static class Tpcc extends WorkloadContract<TpccRunSettings> {
        @Override
        protected WorkloadType<TpccRunSettings> type() {
            return Workloads.TPCC;
        }

        @Override
        protected TpccRunSettings shortRun() {
            TpccSettings oneWarehouse = new TpccSettings(1, 1, true, TpccSettings.DEFAULTS.isolation());
            return new TpccRunSettings(oneWarehouse, 2, 4, true, THREE_SECONDS);
        }

        @Override
        protected void prepare(TpccRunSettings settings, TargetSettings target) {
            Workloads.TPCC.prepare(settings, target, SettingNames.KEYS, discard(), discard());
        }

        @Override
        protected void cleanup(TpccRunSettings settings, TargetSettings target) {
            Workloads.TPCC.cleanup(settings, target, SettingNames.KEYS, discard());
        }
    }

    @Nested
    class OltpRwOnPostgres extends OltpRw {
        @Override
        protected String url() {
            return TestServers.postgresUrl();
        }
    }

    @Nested
    class OltpRwOnMysql extends OltpRw {
        @Override
        protected String url() {
            return TestServers.mysqlUrl();
        }
    }

    @Nested
    class TpccOnPostgres extends Tpcc {
        @Override
        protected String url() {
            return TestServers.postgresUrl();
        }
    }

    @Nested
    class TpccOnMysql extends Tpcc {
        @Override
        protected String url() {
            return TestServers.mysqlUrl();
        }
    }
}
