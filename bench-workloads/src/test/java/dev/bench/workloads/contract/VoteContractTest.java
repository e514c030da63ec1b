package dev.bench.workloads.contract;

import dev.bench.core.run.WorkloadType;
import dev.bench.core.testing.TestServers;
import dev.bench.workloads.WorkloadContract;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.vote.VoteBackendKind;
import dev.bench.workloads.vote.VoteBackendSettings;
import dev.bench.workloads.vote.VoteRunSettings;
import dev.bench.workloads.vote.VoteSettings;
import org.junit.jupiter.api.Nested;

/** Noria's vote on its SQL backends. */
class VoteContractTest {

    abstract static class Vote extends WorkloadContract<VoteRunSettings> {
        abstract VoteBackendKind backend();

        @Override
        protected WorkloadType<VoteRunSettings> type() {
            return Workloads.VOTE;
        }

        @Override
        protected VoteRunSettings shortRun() {
            return new VoteRunSettings(new VoteSettings(1000, 5, true, VoteSettings.ZIPF, 16, true), 1000, 2, 3, 0, null,
                    VoteBackendSettings.of(backend()));
        }
    }

    @Nested
    class OnPostgres extends Vote {
        @Override
        protected String url() {
            return TestServers.postgresUrl();
        }

        @Override
        VoteBackendKind backend() {
            return VoteBackendKind.POSTGRES;
        }
    }

    @Nested
    class OnMysql extends Vote {
        @Override
        protected String url() {
            return TestServers.mysqlUrl();
        }

        @Override
        VoteBackendKind backend() {
            return VoteBackendKind.MYSQL;
        }
    }
}
