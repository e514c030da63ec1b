package dev.bench.cli.voter;

import dev.bench.cli.EngineOptions;
import dev.bench.cli.JdbcOptions;
import dev.bench.core.BenchException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code bench voter}: VoltDB's Voter application, driven the way the erlvolt bench drives it.
 * Without --url it runs on embedded H2.
 */
@Command(name = "voter", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"VoltDB's Voter (phone-in votes, at most --max-votes per phone, as one transaction), driven like "
                + "the erlvolt bench: steady workers or bursts, direct or managed, presets VSD VSM VBM VBD.",
                "Prints erlvolt's lap and overall lines and VoltDB's client summary, then checks the database "
                        + "against what the client was told."})
public final class VoterCommand implements Callable<Integer> {

    enum Verbosity { quiet, nonverbose, verbose, veryverbose }

    @Spec
    CommandSpec spec;

    @Option(names = "--preset", paramLabel = "VSD|VSM|VBM|VBD", description = "erlvolt's named runs; explicit options override their values.")
    Preset preset;

    @Option(names = "--calls", paramLabel = "N", description = "Calls in all (default 100000); a multiple of --burst-size.")
    Long calls;

    @Option(names = "--rhythm", paramLabel = "steady|bursts", description = "steady: each worker calls, waits, calls again; bursts: --burst-size calls at once, wait until pending <= --limit, sleep --delay (default steady).")
    Preset.Rhythm rhythm;

    @Option(names = "--burst-size", paramLabel = "N", description = "Calls per burst, or the number of steady workers (default 200).")
    Integer burstSize;

    @Option(names = "--delay", paramLabel = "MS", description = "Bursts: sleep between bursts (default 1).")
    Integer delayMs;

    @Option(names = "--mode", paramLabel = "direct|managed", description = "direct: workers share the connections round-robin; managed: --slots in flight, a --queue-size queue, a full queue or --queue-timeout is a counted fail (default direct).")
    Preset.Mode mode;

    @Option(names = "--queue-size", paramLabel = "N", description = "Managed: calls that may wait for a slot (default 10000).")
    Integer queueSize;

    @Option(names = "--slots", paramLabel = "N", description = "Managed: calls in flight (default 100).")
    Integer slots;

    @Option(names = "--queue-timeout", paramLabel = "MS", description = "Managed: longest wait for a slot (default 5000, ours).")
    Integer queueTimeoutMs;

    @Option(names = "--limit", paramLabel = "N", description = "Bursts: pending calls allowed before the sleep (default --burst-size).")
    Integer limit;

    @Option(names = "--target", paramLabel = "N", description = "Open loop instead: calls arrive at N/s (Poisson) for --calls/N seconds, served by --burst-size workers.")
    Double target;

    @Option(names = "--verbosity", paramLabel = "LEVEL", defaultValue = "verbose", description = "quiet: the overall line; nonverbose: + check, results, summaries; verbose: + lap lines; veryverbose: + the engine's progress on stderr (default ${DEFAULT-VALUE}).")
    Verbosity verbosity;

    @Option(names = "--dump-interval", paramLabel = "MS", defaultValue = "1000", description = "Lap lines every MS (default ${DEFAULT-VALUE}).")
    long dumpIntervalMs;

    @Option(names = "--contestants", paramLabel = "N", defaultValue = "6", description = "Contestants, 1..12 (default ${DEFAULT-VALUE}).")
    int contestants;

    @Option(names = "--max-votes", paramLabel = "N", defaultValue = "2", description = "Votes allowed per phone (default ${DEFAULT-VALUE}; erlvolt used 20000).")
    int maxVotes;

    @Option(names = "--uniform", description = "erlvolt's uniform contestants, no invalid calls (default: VoltDB's skewed ones, 1 % invalid).")
    boolean uniform;

    @Option(names = "--procedure", description = "The vote as one server-side routine call: a PostgreSQL function or a MySQL/MariaDB procedure.")
    boolean procedure;

    @Option(names = "--client-name", paramLabel = "NAME", description = "Name in erlvolt's lines (default: the preset, or 'voter').")
    String clientName;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1", description = "Client processes (JVMs) at once, sharing --calls, started together; then their total (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--client-id", paramLabel = "I", description = "This process is client I of --clients (set by the launcher).")
    Integer clientId;

    @Option(names = "--start-at", paramLabel = "EPOCH_MS", description = "Start offering load at this wall-clock time (set by the launcher).")
    Long startAtEpochMillis;

    @Mixin
    JdbcOptions jdbc;

    @Mixin
    EngineOptions engine;

    @Override
    public Integer call() {
        VoterPlan plan;
        try {
            if (clients < 1) {
                throw new BenchException("--clients must be >= 1, got " + clients);
            }
            if (clientId != null && (clientId < 0 || clientId >= clients)) {
                throw new BenchException("--client-id must be 0.." + (clients - 1) + ", got " + clientId);
            }
            if (dumpIntervalMs < 10) {
                throw new BenchException("--dump-interval must be >= 10 ms, got " + dumpIntervalMs);
            }
            if (jdbc.address != null && jdbc.url == null) {
                throw new BenchException("voter takes a JDBC --url (jdbc:postgresql://..., jdbc:mysql://...), not --address");
            }
            plan = VoterPlan.of(this, clients);
        } catch (BenchException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (clients > 1 && clientId == null) {
            return new VoterLauncher(this, plan).run();
        }
        return new VoterClient(this, plan).run();
    }
}
