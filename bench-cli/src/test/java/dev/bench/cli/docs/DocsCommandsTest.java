package dev.bench.cli.docs;

import dev.bench.cli.BenchMain;
import dev.bench.cli.CliRunner;
import dev.bench.core.ServerVariables;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.SkipOrFail;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every {@code bench} command in a shell block of the README and docs/ runs as written, shortened by
 * {@link ShortRun}'s one rule, in the block's order (a prepare before its run and cleanup): exit 0, and each
 * results directory it writes keeps the results invariants. The commands that can't run here are listed
 * below with the reason; each must still be in the docs, so the list can't outlive them.
 *
 * <p>Commands run in this JVM through {@link BenchMain}, in bench-cli/ (their default results/ lands there,
 * gitignored; the test removes what it verified); those that address services.sh's PostgreSQL as libpq does
 * ({@code -h 127.0.0.1 -U bench bench}) run in a child JVM given PGPASSWORD, as the reader's shell would.
 */
class DocsCommandsTest {

    static final Path REPO = Path.of("..");
    private static final Path RESULTS = Path.of("results");
    private static final Pattern PG_URL = Pattern.compile("jdbc:postgresql://([^:/]+):(\\d+)/([^?]+)\\?user=([^&]+)&password=([^&]+)");

    /** The commands not run, each with why. */
    static final Map<String, String> NOT_RUN = notRun();

    private static Map<String, String> notRun() {
        Map<String, String> m = new LinkedHashMap<>();
        String syntax = "a syntax summary: its DIR, FILE and A B are placeholders; the tool's own tests run each command";
        m.put("bench report DIR... | FILE.json...", syntax);
        m.put("bench compare A B [C...] [--html FILE]", syntax);
        m.put("bench compare a.json b.json", syntax);
        m.put("bench sweep --slo p99=10ms [--start N] -- vote --runtime 10 postgres --url ...", syntax);
        m.put("bench merge --results OUT DIR...", syntax);
        m.put("bench verify DIR...", syntax);
        String resident = "the launcher's (bin/bench, lib/bench-resident.bash), not BenchMain's: scripts/test-launcher.sh runs it";
        m.put("bench resident start", resident);
        m.put("bench resident status", resident);
        m.put("bench resident stop", resident);
        String placeholder = "`--url ...` is a placeholder for the reader's server";
        m.put("bench tpcc run --scale 10 --threads 8 --time 60 --report-interval 10 --url ...", placeholder);
        m.put("bench tpcc check --scale 10 --url ...", placeholder);
        m.put("bench tpcc cleanup --url ...", placeholder);
        m.put("java -jar bench-cli/target/bench.jar tpcc run --scale 10 --threads 8 --time 60 --report-interval 10 --url ... "
                + "--user bench --password bench", placeholder);
        m.put("java -jar bench-cli/target/bench.jar tpcc check --scale 10 --url ... --user bench --password bench", placeholder);
        String cloudSuite = "CloudSuite's server (database sbtest, user cloudsuite: docker/compose.yaml's), not CI's";
        m.put("bench tpcc prepare --scale 10 --url \"jdbc:postgresql://127.0.0.1:5432/sbtest\" --user cloudsuite", cloudSuite);
        m.put("bench data-serving --oltp-rw --run --server-ip=10.0.0.5", cloudSuite + ", at a reader's address");
        m.put("bench vote --target 5000 postgres --url \"jdbc:postgresql://127.0.0.1:5432/sbtest?user=cloudsuite&password=cloudsuite\"",
                cloudSuite);
        m.put("java -jar bench-cli/target/bench.jar tpcc prepare --scale 10 --url jdbc:postgresql://127.0.0.1:5432/m8 --user bench "
                + "--password bench", "a database (m8) of the measured run's, not CI's; the same command on CI's runs in docs/tpcc.md");
        m.put("bench vote --target 5000 mysql --address db.example:3306 --database soup --user me", "a reader's server (db.example)");
        m.put("bench vote --target 50000 --write-every 20 memcached --address 10.0.0.1:11211,10.0.0.2:11211",
                "a reader's two memcached servers");
        m.put("bench vote --target 5000 mssql --address sql.example --database soup --user sa",
                "SQL Server: no Debian package, CI has none (MssqlVoteTest runs it where Docker is)");
        m.put("bench vote --target 400 --runtime 30 postgres --url "
                + "'jdbc:postgresql://127.0.0.1:5441,127.0.0.1:5442/bench?targetServerType=primary&user=bench&password=bench'",
                "needs scripts/replicas.sh's pair and a failover by hand (PostgresFailoverTest runs it with one)");
        m.put("bench vote --target 5000 postgres --container", "needs a Docker engine (ContainerOptionTest covers its no-Docker answer)");
        m.put("bench pgbench -f my.sql@2 -N -D step=3 -t 1000 --check 'select count(*) > 0 from pgbench_history'",
                "my.sql is the reader's script");
        m.put("bench tao run -E experiments.txt -c A --url \"$BENCH_POSTGRES_URL\"", "experiments.txt is the reader's file");
        m.put("bench tao -load-threads 4 -db mysql -c O -load -n 100000 -run -E '16,10,60;128,10,60'",
                "TAOBench's spelling: connects as the OS user with no password, which CI's MariaDB refuses");
        return m;
    }

    static List<DocCommand> allCommands() throws IOException {
        List<DocCommand> all = new ArrayList<>(DocCommand.read(REPO, "README.md"));
        for (String doc : docs()) {
            all.addAll(DocCommand.read(REPO, doc));
        }
        return all;
    }

    private static List<String> docs() throws IOException {
        try (Stream<Path> files = Files.list(REPO.resolve("docs"))) {
            return files.map(f -> "docs/" + f.getFileName()).filter(f -> f.endsWith(".md")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyShortCommandRuns() throws IOException {
        Map<String, List<DocCommand>> blocks = allCommands().stream().filter(c -> !NOT_RUN.containsKey(c.text()))
                .collect(Collectors.groupingBy(DocCommand::block, LinkedHashMap::new, Collectors.toList()));
        assertTrue(blocks.size() >= 10, "the docs' blocks of commands to run: " + blocks.keySet());
        return blocks.entrySet().stream().map(b -> DynamicTest.dynamicTest(b.getKey(), () -> runBlock(b.getValue())));
    }

    /** The block's commands in order; after a failure its clean-up commands still run, so the next run starts clean. */
    private void runBlock(List<DocCommand> block) {
        for (int i = 0; i < block.size(); i++) {
            try {
                run(block.get(i));
            } catch (AssertionError | RuntimeException e) {
                block.subList(i + 1, block.size()).stream().filter(DocsCommandsTest::cleansUp).forEach(c -> {
                    try {
                        run(c);
                    } catch (AssertionError | RuntimeException alsoFailed) {
                        e.addSuppressed(alsoFailed);
                    }
                });
                throw e;
            }
        }
    }

    private static boolean cleansUp(DocCommand c) {
        return c.text().contains(" cleanup ") || c.text().contains(" -I d ");
    }

    /** What isn't run still parses: its subcommands and options are the CLI's (placeholders taken as values). */
    @Test
    void everyCommandNotRunParses() throws IOException {
        List<String> broken = new ArrayList<>();
        for (DocCommand c : allCommands()) {
            // bench resident is the launcher's (bin/bench hands it to lib/bench-resident.bash): BenchMain never sees it
            if (NOT_RUN.containsKey(c.text()) && !c.text().startsWith("bench resident ")) {
                try {
                    BenchMain.commandLine().parseArgs(c.args(name -> "jdbc:postgresql://db.example/bench").toArray(String[]::new));
                } catch (CommandLine.ParameterException e) {
                    broken.add(c + ": " + e.getMessage());
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void everyCommandNotRunIsStillInTheDocs() throws IOException {
        Set<String> inDocs = allCommands().stream().map(DocCommand::text).collect(Collectors.toSet());
        List<String> gone = NOT_RUN.keySet().stream().filter(c -> !inDocs.contains(c)).toList();
        assertEquals(List.of(), gone, "commands listed as not run that the docs no longer hold: take them off NOT_RUN");
    }

    @Test
    void everyBenchCommandIsInAShellBlock() throws IOException {
        List<String> untagged = new ArrayList<>(DocCommand.untaggedCommands(REPO, "README.md"));
        for (String doc : docs()) {
            untagged.addAll(DocCommand.untaggedCommands(REPO, doc));
        }
        assertEquals(List.of(), untagged, "tag these blocks ```sh so this test runs their commands");
    }

    private void run(DocCommand command) {
        List<String> args = ShortRun.of(command.args(DocsCommandsTest::variable), REPO);
        System.out.println("docs command " + command + "\n  runs as: " + shown(args));
        Matcher libpq = libpqStyle(args);
        try {
            Path work = libpq == null ? null : Files.createTempDirectory("docs-command");
            Path results = libpq == null ? RESULTS : work.resolve(RESULTS);
            Set<Path> before = list(results);
            Outcome outcome = libpq == null ? inProcess(args) : inChildJvm(args, libpq, work);
            assertEquals(0, outcome.exitCode(), command + "\nran as: " + shown(args) + "\n" + outcome.err());
            for (Path dir : list(results)) {
                if (!before.contains(dir)) {
                    verify(dir);
                    deleteTree(dir);
                }
            }
            if (work != null) {
                deleteTree(work);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The command as run, its URLs' passwords masked (the servers' URLs carry them). */
    private static String shown(List<String> args) {
        return "bench " + String.join(" ", args).replaceAll("password=[^&\"\\s]*", "password=***")
                .replaceAll("(--password[ =])\\S+", "$1***");
    }

    private static String variable(String name) {
        return switch (name) {
            case ServerVariables.POSTGRES_URL -> TestServers.postgresUrl();
            case ServerVariables.MYSQL_URL -> TestServers.mysqlUrl();
            default -> {
                String value = ServerVariables.value(name);
                yield value != null ? value : SkipOrFail.missing(name + " is not set (run: eval \"$(scripts/services.sh)\")");
            }
        };
    }

    /**
     * The command addresses PostgreSQL as libpq does, services.sh's server ({@code -h 127.0.0.1 -U bench bench}):
     * BENCH_POSTGRES_URL's parts, or null when it doesn't.
     */
    private static Matcher libpqStyle(List<String> args) {
        if (!args.contains("-h")) {
            return null;
        }
        Matcher url = PG_URL.matcher(TestServers.postgresUrl());
        boolean servicesServer = url.matches() && url.group(1).equals("127.0.0.1") && url.group(2).equals("5432")
                && url.group(3).equals("bench") && url.group(4).equals("bench");
        SkipOrFail.unless(servicesServer, "the command addresses services.sh's PostgreSQL (127.0.0.1:5432, bench), which"
                + " BENCH_POSTGRES_URL doesn't name");
        return url;
    }

    private record Outcome(int exitCode, String err) {
    }

    private static Outcome inProcess(List<String> args) {
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        return new Outcome(r.exitCode(), r.err());
    }

    /** In a child JVM with the password in PGPASSWORD, as the reader's shell gives it, working in {@code dir}. */
    private static Outcome inChildJvm(List<String> args, Matcher url, Path dir) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PGPASSWORD", url.group(5));
        Path err = dir.resolve("stderr");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Outcome(-1, "still running after 120 s");
            }
            return new Outcome(p.exitValue(), Files.readString(err));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return new Outcome(-1, "interrupted");
        }
    }

    /** A run's directory, or a launcher's (voter --clients): the clients' directories and their merge. */
    private static void verify(Path dir) throws IOException {
        if (Files.exists(dir.resolve("summary.json"))) {
            ResultsInvariants.assertHold(dir);
            return;
        }
        Path merged = dir.resolve("merged");
        List<Path> clients = list(dir).stream().filter(d -> !d.equals(merged)).sorted().toList();
        assertTrue(Files.exists(merged.resolve("summary.json")) && !clients.isEmpty(), dir + ": neither a run's results nor a merge");
        ResultsInvariants.assertHold(merged, clients.toArray(Path[]::new));
    }

    private static Set<Path> list(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Set.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.collect(Collectors.toSet());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
