package dev.bench.cli.voter;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.workload.ExitCodes;
import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.results.LatencyLogReader;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.results.RunFiles;
import dev.bench.core.results.RunMerger;
import dev.bench.workloads.voter.VoterClientsReport;
import dev.bench.workloads.voter.VoterDatabase;
import dev.bench.workloads.voter.VoterRunSettings;
import dev.bench.workloads.voter.VoterWorkloadType;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * erlvolt's multi-VM run: creates the tables once, starts N client JVMs (this JVM's java and
 * classpath) with {@code --client-id i} and one shared {@code --start-at} {@code --start-delay} seconds ahead,
 * each writing its own results directory, passes their lines through, then prints
 * {@code Total transactions per second}, the merged latency percentiles (their HdrHistogram logs
 * added) and the check of the total against the database.
 *
 * <p>The password and the URL (which may hold one) go to the clients in their environment (BENCH_PASSWORD,
 * BENCH_URL), never on a command line, which any user of the machine can list.
 */
final class VoterLauncher {

    private static final int LAUNCHER_CONNECTIONS = 2;
    /** Options the launcher sets for each client itself. */
    private static final Set<String> OWN = Set.of("--clients", "--client-id", "--start-at", "--results", "--password",
            "--url", "--start-delay");
    private static final Pattern OVERALL = Pattern.compile(
            "Client '.*' overall: .* total transactions: ([\\d,]+), fails: (\\d+), total time: ([\\d.]+)sec");
    /** The client's accepted votes, from its summary.json ("votes": {"accepted": N, ...}). */

    private final VoterCommand o;
    private final VoterRunSettings settings;
    private final PrintWriter out;

    VoterLauncher(VoterCommand options, VoterRunSettings settings) {
        this.o = options;
        this.settings = settings;
        this.out = options.spec.commandLine().getOut();
    }

    int run() {
        Path dir = resultsDir();
        // The launcher only creates, counts and checks: two connections, so the clients get the server's rest.
        try (JdbcTarget target = VoterWorkloadType.open(o.target.settings(), LAUNCHER_CONNECTIONS)) {
            VoterDatabase db = new VoterDatabase(target);
            db.create(settings.contestants());
            VoterDatabase.Counts before = db.counts(settings.maxVotes());
            Instant startAt = Instant.now().plusMillis(Math.round(settings.startDelaySeconds() * 1000));
            List<Child> children = new ArrayList<>();
            for (int i = 0; i < o.run.clients; i++) {
                children.add(start(i, startAt, dir.resolve("client-" + i)));
            }
            boolean allOk = true;
            for (int i = 0; i < children.size(); i++) {
                int code = children.get(i).await();
                if (code != 0) {
                    out.println("# client " + i + " exited with " + code);
                    allOk = false;
                }
            }
            if (!allOk) {
                out.flush();
                return ExitCodes.FAILED;
            }
            VoterDatabase.Counts after = db.counts(settings.maxVotes());
            return report(children, dir.resolve("merged"), before, after) ? 0 : ExitCodes.FAILED;
        } catch (SQLException e) {
            throw new BenchException("voter: " + e.getMessage(), e);
        }
    }

    private Path resultsDir() {
        Path dir = o.run.results != null ? o.run.results
                : Paths.get("results", "voter-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            if (Files.exists(dir) && (!Files.isDirectory(dir) || Files.list(dir).findAny().isPresent())) {
                throw new ParameterException(o.spec.commandLine(), "results directory " + dir + " is not empty; choose another --results");
            }
            Files.createDirectories(dir);
            return dir;
        } catch (IOException e) {
            throw new BenchException("cannot create results directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private Child start(int id, Instant startAt, Path results) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(o.spec.root().userObject().getClass().getName()); // the running main class
        cmd.add("voter");
        // every option's value, not the words typed: a scenario file sets its values on the command without typing any
        for (OptionSpec option : o.spec.options()) {
            Object value = option.getValue();
            if (OWN.contains(option.longestName()) || option.usageHelp() || option.versionHelp() || value == null) {
                continue;
            }
            if (option.arity().max() == 0) {
                if (Boolean.TRUE.equals(value)) {
                    cmd.add(option.longestName());
                }
            } else {
                cmd.add(option.longestName());
                cmd.add(String.valueOf(value));
            }
        }
        cmd.addAll(List.of("--clients", String.valueOf(o.run.clients), "--client-id", String.valueOf(id),
                "--start-at", String.valueOf(startAt), "--results", results.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (o.target.password != null && !o.target.password.isEmpty()) {
            pb.environment().put("BENCH_PASSWORD", o.target.password);
        }
        pb.environment().put("BENCH_URL", o.target.url); // a URL may hold a password: not on a command line either
        try {
            return new Child(pb.start(), results, out, o.spec.commandLine().getErr());
        } catch (IOException e) {
            throw new BenchException("cannot start client " + id + ": " + e.getMessage(), e);
        }
    }

    /** The clients' results merged as 'bench merge' does (into {@code merged}), then erlvolt's closing lines. */
    private boolean report(List<Child> children, Path merged, VoterDatabase.Counts before, VoterDatabase.Counts after) {
        List<VoterClientsReport.Client> clients = new ArrayList<>();
        for (Child c : children) {
            JsonNode votes = c.votes();
            clients.add(new VoterClientsReport.Client(c.transactions, c.fails, c.seconds, votes.path("accepted").asLong(),
                    votes.path("in_doubt").asLong()));
        }
        LatencyLogReader latency = new RunMerger(children.stream().map(c -> RunFiles.read(c.results)).toList())
                .writeTo(merged).phases().get(0).latency();
        return VoterClientsReport.print(out, clients, latency.total("vote.sojourn"), latency.total("vote.service"),
                settings.maxVotes(), before, after).ok();
    }

    /** One client JVM: its stdout passed through line by line (and read for its totals), stderr too. */
    private static final class Child {
        final Process process;
        final Path results;
        final Thread outPump;
        final Thread errPump;
        volatile long transactions;
        volatile long fails;
        volatile double seconds;

        Child(Process process, Path results, PrintWriter out, PrintWriter err) {
            this.process = process;
            this.results = results;
            this.outPump = pump(process.getInputStream(), out, true);
            this.errPump = pump(process.getErrorStream(), err, false);
        }

        private Thread pump(InputStream in, PrintWriter to, boolean parse) {
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        if (parse) {
                            read(line);
                        }
                        synchronized (to) {
                            to.println(line);
                            to.flush();
                        }
                    }
                } catch (IOException ignored) {
                    // the client ended; its exit code says how
                }
            }, "voter-client-pump");
            t.setDaemon(true);
            t.start();
            return t;
        }

        private void read(String line) {
            Matcher m = OVERALL.matcher(line);
            if (m.find()) {
                transactions = Long.parseLong(m.group(1).replace(",", ""));
                fails = Long.parseLong(m.group(2));
                seconds = Double.parseDouble(m.group(3));
            }
        }

        /** What the client was told of its votes (accepted, in doubt), from its summary.json. */
        JsonNode votes() {
            Path summary = results.resolve(ResultsDirectory.SUMMARY);
            if (!Files.exists(summary)) {
                throw new BenchException("client results missing: " + summary);
            }
            JsonNode votes = ResultsJson.read(summary).path("votes");
            if (!votes.has("accepted")) {
                throw new BenchException("no accepted votes in " + summary);
            }
            return votes;
        }

        int await() {
            try {
                int code = process.waitFor();
                outPump.join();
                errPump.join();
                return code;
            } catch (InterruptedException e) {
                process.destroy();
                Thread.currentThread().interrupt();
                return ExitCodes.FAILED;
            }
        }
    }
}
