package dev.bench.workloads.voter;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.Bursts;
import dev.bench.core.RunConfig;
import dev.bench.core.RunConfigBuilder;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcDriver;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * VoltDB's Voter as data: its settings and the factory of its benchmark. Without a URL it runs on
 * embedded H2. With several clients, each process plans its own share ({@link VoterPlan}); the tables
 * and the check over all of them are the launcher's.
 */
public final class VoterWorkloadType implements WorkloadType<VoterRunSettings> {

    public static final String NAME = "voter";
    /** A run bounded by its calls still gets an end time; this one is never the reason a run ends. */
    static final Duration NO_TIME_BOUND = Duration.ofDays(1);
    private static final int MAX_DEFAULT_CONNECTIONS = 16;

    @Override
    public List<String> opKinds(VoterRunSettings settings) {
        return List.of(VoterWorkload.KIND);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<VoterRunSettings> settingsType() {
        return VoterRunSettings.class;
    }

    @Override
    public VoterRunSettings defaults() {
        return VoterRunSettings.DEFAULTS;
    }

    @Override
    public VoterRunSettings withTargetRate(VoterRunSettings s, double opsPerSec) {
        return new VoterRunSettings(s.preset(), s.calls(), s.rhythm(), s.burstSize(), s.delayMs(), s.mode(), s.queueSize(),
                s.slots(), s.queueTimeoutMs(), s.limit(), opsPerSec, s.verbosity(), s.dumpIntervalMs(), s.contestants(),
                s.maxVotes(), s.uniform(), s.procedure(), s.startDelaySeconds(), s.clientName());
    }

    /** The Results read after the run (its one read-only query): on a replica, compared with the votes the client was told. */
    @Override
    public boolean readsToReplicas() {
        return true;
    }

    /** Several clients: this process is one a launcher started (it created the tables and checks the total). */
    @Override
    public Opener plan(VoterRunSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        VoterPlan plan = check(settings, target, run, names);
        boolean launched = run.clients() > 1;
        VoterSettings voter = voterSettings(settings, plan, target, names);
        RunConfig config = config(plan, settings, run, names);
        VoterBenchmark.Options options = new VoterBenchmark.Options(plan.client(), settings.verbosity(), launched, run.clients());
        return () -> {
            JdbcTarget primary = open(target, voter.connections() + 1);
            return new VoterBenchmark(primary, target.openReplicasBeside(primary, 0), voter, config, options);
        };
    }

    /**
     * The checks of every voter run, the launcher's included, before anything connects.
     *
     * @throws dev.bench.core.BenchException naming the bad option or key
     */
    public static VoterPlan check(VoterRunSettings settings, TargetSettings target, RunSettings run, SettingNames names) {
        run.requireNoSchedule(names, "voter's rhythms (steady, bursts, managed) release calls as calls return");
        Require.that(settings.startDelaySeconds() >= 1 && settings.startDelaySeconds() <= 3600,
                names.of("start-delay") + " must be 1..3600 s, got " + settings.startDelaySeconds());
        String url = target.urlOrEmbedded(Dialect.H2.embeddedUrl(), names);
        if (run.clients() > 1) {
            target.requireReadsToPrimary(names, "voter with several clients (the launcher reads the results)");
        }
        target.replicasUrl(Dialect.fromUrl(url), names);
        Require.between(names.of("dump-interval"), settings.dumpIntervalMs(), 10, Require.MAX_SECONDS * 1000);
        if (settings.procedure()) {
            Dialect dialect = target.url() == null ? Dialect.H2 : Dialect.fromUrl(target.url());
            Require.that(dialect == Dialect.POSTGRES || dialect == Dialect.MYSQL,
                    names.of("procedure") + " needs PostgreSQL or MySQL/MariaDB (" + names.of("url") + ")");
        }
        VoterPlan plan = VoterPlan.of(settings, run.clients(), run.clients() > 1 ? run.clientId() : -1, names);
        Require.that(run.clients() == 1 || target.url() != null && !isInMemory(target.url()),
                names.of("clients") + " needs a server the clients share: give " + names.of("url"));
        voterSettings(settings, plan, target, names);
        return plan;
    }

    /** Connections: the pool size given, else one per worker (managed: per slot) up to 16. */
    private static VoterSettings voterSettings(VoterRunSettings s, VoterPlan plan, TargetSettings target, SettingNames names) {
        int wanted = plan.managed() != null ? Math.min(plan.managed().slots(), plan.workers()) : plan.workers();
        int connections = target.poolSize() != null ? target.poolSize() : Math.min(wanted, MAX_DEFAULT_CONNECTIONS);
        Require.atLeast(names.of("pool-size"), connections, 1);
        Require.between(names.of("contestants"), s.contestants(), 1, VoterDatabase.NAMES.size());
        Require.atLeast(names.of("max-votes"), s.maxVotes(), 1);
        return new VoterSettings(s.contestants(), s.maxVotes(), s.uniform(), s.procedure(), connections, plan.managed());
    }

    /**
     * Steady is a burst of one released whenever fewer than burst-size calls are pending, i.e. as a
     * worker frees up: the engine's closed loop would start its workers before the shared start.
     */
    private static RunConfig config(VoterPlan plan, VoterRunSettings settings, RunSettings run, SettingNames names) {
        RunConfigBuilder b = run.applyTo(RunConfig.builder(), names).threads(plan.workers())
                .reportInterval(Duration.ofMillis(settings.dumpIntervalMs())).maxOps(plan.calls());
        if (plan.targetOps() > 0) {
            return b.targetOpsPerSec(plan.targetOps()).duration(Duration.ZERO).build();
        }
        Bursts bursts = plan.bursts() != null ? plan.bursts() : new Bursts(1, Duration.ZERO, plan.workers() - 1);
        return b.bursts(bursts).duration(NO_TIME_BOUND).build();
    }

    private static boolean isInMemory(String url) {
        return JdbcDriver.fromUrl(url) == JdbcDriver.H2 && url.contains(":mem:");
    }

    /** Several clients' votes, checked once: the rows now against all the accepted votes, in doubt allowed. */
    @Override
    public IntegrityCheck checkTogether(TargetSettings target, List<JsonNode> told) throws Exception {
        VoterTold all = VoterTold.together(told);
        try (JdbcTarget t = open(target, 1)) {
            VoterDatabase.Counts after = new VoterDatabase(t).counts(all.maxVotes());
            VoterCheck check = VoterCheck.of(all.accepted(), all.inDoubt(), all.maxVotes(),
                    VoterDatabase.Counts.rowsOnly(all.voteRowsBefore()), after);
            return new IntegrityCheck(true, check.ok(), check.verdict());
        }
    }

    /** A pool of exactly {@code connections} on the URL's server, or embedded H2. */
    public static JdbcTarget open(TargetSettings target, int connections) {
        return target.withPoolSize(connections).openUrlOrEmbedded(connections, Dialect.H2.embeddedUrl());
    }
}
