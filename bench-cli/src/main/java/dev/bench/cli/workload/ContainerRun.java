package dev.bench.cli.workload;

import dev.bench.cli.container.ContainerServers;
import dev.bench.cli.container.ServerContainer;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.core.run.TargetSettings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntBiFunction;

/**
 * A command's run under {@code --container}, the same for every workload: the input is checked against
 * a stand-in of the server's kind and an engine must answer (else bad input, exit 2) before anything
 * starts; then the servers start, the run (with its data set up first, since the server lives for this
 * invocation alone) goes against them, and they are removed on every ending: normal, failed, Ctrl-C.
 */
public final class ContainerRun {

    /** The started servers as targets (in the order asked for) and what summary.json records of them. */
    public record Started(List<TargetSettings> targets, Map<String, Object> echoed) {
        public TargetSettings target() {
            return targets.get(0);
        }
    }

    /** Whatever runs against the started servers; its result is the command's exit code. */
    @FunctionalInterface
    public interface Body {
        int run(Started started);
    }

    /**
     * Sets up the data a run needs on the fresh server (prepare, load, -i); a code other than 0 ends the
     * command. {@code echoed}: what a setup that writes results of its own (ycsb's load) adds to its summary.json.
     */
    @FunctionalInterface
    public interface Setup {
        int on(TargetSettings server, Map<String, Object> echoed);

        Setup NONE = (server, echoed) -> ExitCodes.OK;
    }

    private ContainerRun() {
    }

    /**
     * What a command runs under --container: the servers, the run pointed at them, and the data it needs
     * set up first. A sweep starts the servers and sets up once, then runs the request at each rate.
     */
    public record Plan(List<Kind> kinds, TargetSettings asked, Function<Started, WorkloadRequest<?>> onto, Setup setup) {
    }

    /**
     * The plan of a run on one fresh server of {@code kind}, after its input is checked against a stand-in
     * of that kind (bad input exits 2 before anything starts).
     */
    public static Plan plan(Kind kind, WorkloadRequest<?> asked, Setup setup) {
        asked.withTarget(standIn(kind, asked.target())).check();
        return new Plan(List.of(kind), asked.target(), started -> asked.withTarget(started.target()), setup);
    }

    /** Runs a plan: servers started, data set up, the run, servers removed. */
    public static int execute(CommandSpec spec, Plan plan) {
        return execute(spec, plan, WorkloadRequest::execute);
    }

    /** As above, the request run by {@code runner} (pgbench's, which reports as pgbench does), given what summary.json adds. */
    public static int execute(CommandSpec spec, Plan plan, ToIntBiFunction<WorkloadRequest<?>, Map<String, Object>> runner) {
        return around(spec, plan.kinds(), plan.asked(), started -> {
            WorkloadRequest<?> onServer = plan.onto().apply(started);
            int code = plan.setup().on(onServer.target(), started.echoed());
            return code != ExitCodes.OK ? code : runner.applyAsInt(onServer, started.echoed());
        });
    }

    /**
     * Refuses --container on a command that only sets up or removes data (prepare, load, cleanup): the
     * server is gone when it ends. Bad input, exit 2.
     */
    public static void refuseSetupAlone(CommandSpec spec, boolean container, String instead) {
        if (container) {
            throw new ParameterException(spec.commandLine(), "--container starts a server for this invocation alone, so '"
                    + spec.qualifiedName().replaceFirst("^bench ", "") + "' would leave nothing behind; run '" + instead
                    + " --container', which sets the data up first");
        }
    }

    /**
     * Starts the servers, runs {@code body} against them and removes them, also when it fails or Ctrl-C
     * interrupts it. No engine is bad input (exit 2); a container that exits while starting shows its
     * last log lines on stderr before the error.
     */
    public static int around(CommandSpec spec, List<Kind> kinds, TargetSettings asked, Body body) {
        WorkloadRun.validated(spec, () -> {
            ServerContainer.requireEngine();
            return kinds;
        });
        ContainerServers servers;
        try {
            servers = ContainerServers.start(kinds);
        } catch (ServerContainer.StartFailed e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("bench: the container's last log lines (it was removed):");
            e.logTail().forEach(line -> err.println("  " + line));
            err.flush();
            throw e;
        }
        try (servers) {
            return body.run(new Started(servers.targets(asked), Map.of("container", servers.describe())));
        }
    }

    /**
     * A target of the kind's dialect that is never connected to: the workload's checks before a run
     * (which depend on the dialect) see what the started server will be.
     */
    static TargetSettings standIn(Kind kind, TargetSettings asked) {
        String url = switch (kind) {
            case POSTGRES -> "jdbc:postgresql://127.0.0.1:5432/bench";
            case MYSQL, MARIADB -> "jdbc:mysql://127.0.0.1:3306/bench";
            case MSSQL -> "jdbc:sqlserver://127.0.0.1:1433;databaseName=bench";
            case MEMCACHED -> null;
        };
        return new TargetSettings(url, url == null ? "127.0.0.1:11211" : null, null, null, null, asked.poolSize(), false);
    }
}
