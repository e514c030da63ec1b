package dev.bench.workloads;

import dev.bench.core.BenchException;
import dev.bench.core.run.WorkloadType;
import dev.bench.workloads.oltp.OltpWorkloadType;
import dev.bench.workloads.pgbench.PgbenchWorkloadType;
import dev.bench.workloads.tao.TaoWorkloadType;
import dev.bench.workloads.tpcc.TpccWorkloadType;
import dev.bench.workloads.vote.VoteWorkloadType;
import dev.bench.workloads.voter.VoterWorkloadType;
import dev.bench.workloads.ycsb.YcsbWorkloadType;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Every workload by name: its settings type, its origin's defaults, and the factory of its benchmark.
 * Commands, the data-serving front end and scenario files build workloads through these; adding a
 * workload is one line here.
 */
public final class Workloads {

    public static final VoteWorkloadType VOTE = new VoteWorkloadType();
    public static final OltpWorkloadType OLTP_RW = new OltpWorkloadType();
    public static final TpccWorkloadType TPCC = new TpccWorkloadType();
    public static final VoterWorkloadType VOTER = new VoterWorkloadType();
    public static final TaoWorkloadType TAO = new TaoWorkloadType();
    public static final PgbenchWorkloadType PGBENCH = new PgbenchWorkloadType();
    public static final YcsbWorkloadType YCSB = new YcsbWorkloadType();

    private static final List<WorkloadType<?>> ALL = List.of(VOTE, OLTP_RW, TPCC, VOTER, TAO, PGBENCH, YCSB);

    private Workloads() {
    }

    public static List<WorkloadType<?>> all() {
        return ALL;
    }

    /** @throws BenchException naming the workloads there are */
    public static WorkloadType<?> named(String name) {
        return ALL.stream().filter(w -> w.name().equals(name)).findFirst().orElseThrow(() -> new BenchException(
                "no workload '" + name + "': " + ALL.stream().map(WorkloadType::name).collect(Collectors.joining(", "))));
    }
}
