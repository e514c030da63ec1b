package dev.bench.cli.resident;

import dev.bench.cli.BenchMain;
import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.bench.cli.resident.ResidentFixture.read;
import static dev.bench.cli.resident.ResidentFixture.umask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The resident process as the launcher uses it: a real resident JVM (this build's classes), the real client
 * (src/dist/lib/bench-resident.bash), and beside each call the same command line in a JVM of its own, in the
 * same kind of working directory with the same environment: stdout, stderr and the exit code must match
 * (figures that are timings aside), and no call may have fallen back to a JVM of its own.
 */
class ResidentProcessTest {

    private static final Path CLIENT = Path.of("src", "dist", "lib", "bench-resident.bash").toAbsolutePath();
    /** Timings and the results directory's time stamp: the only figures two runs of one command may differ in. */
    private static final Pattern TIMED = Pattern.compile("latency|tps|connection time|# results:|done in|# client:");
    /**
     * -i's progress, every 5 s: how many lines depends on the machine's speed; so does whether a run was
     * client-bound (a served run shares its JVM, a fresh one has JIT and start-up of its own).
     */
    private static final Pattern PROGRESS = Pattern.compile("^[0-9]+ of [0-9]+ tuples|^# the client was the bottleneck");

    @TempDir
    static Path shared;

    private static Path stateDir;
    private static Path launcher;
    private static Process resident;
    private static String classes;

    @BeforeAll
    static void startResident() throws Exception {
        stateDir = Files.createDirectory(shared.resolve("state"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path residentCwd = Files.createDirectory(shared.resolve("resident-cwd"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("java.class.path");
        classes = Path.of(ResidentProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        // the fresh-JVM launcher the client falls back to, and the calls it is compared with
        launcher = shared.resolve("bench");
        Files.writeString(launcher, "#!/bin/sh\nexec '" + java + "' -cp '" + classPath + "' " + BenchMain.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", classPath, ResidentMain.class.getName(), stateDir.toString(), umask(), "600")
                .directory(residentCwd.toFile())
                .redirectOutput(stateDir.resolve("out").toFile()).redirectError(stateDir.resolve("log").toFile());
        // the resident's own PG* point nowhere: a call that used them, not its caller's, could not connect
        pb.environment().put("PGHOST", "/nonexistent-resident-socket-dir");
        pb.environment().put("PGDATABASE", "not_the_callers");
        resident = pb.start();
        for (int i = 0; i < 600 && !Files.exists(stateDir.resolve(ResidentMain.PORT)); i++) {
            assertTrue(resident.isAlive(), () -> "the resident process ended: " + read(stateDir.resolve("log")));
            Thread.sleep(50);
        }
        assertTrue(Files.exists(stateDir.resolve(ResidentMain.PORT)), "no port file after 30 s");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(stateDir.resolve(ResidentMain.TOKEN))));
    }

    @AfterAll
    static void stopResident() throws Exception {
        if (resident != null) {
            resident.destroy();
            resident.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void helpBadOptionsAndVersionAreAsInAJvmOfTheirOwn(@TempDir Path cwd) throws Exception {
        for (List<String> args : List.of(List.of("pgbench", "--help"), List.of("pgbench", "-c", "three"), List.of("pgbench", "-V"),
                List.of("pgbench", "--no-such-option"), List.of("pgbench", "-f", "no-such-file.sql"))) {
            Result fresh = fresh(cwd, Map.of(), args);
            Result served = served(cwd, Map.of(), args);
            assertEquals(fresh, served, args.toString());
            assertServed(served);
        }
        assertEquals(1, fresh(cwd, Map.of(), List.of("pgbench", "-c", "three")).code(), "pgbench's exit code for a bad option");
    }

    @Test
    void anotherCommandFallsBackToAJvmOfItsOwn(@TempDir Path cwd) throws Exception {
        List<String> args = List.of("vote", "--version");
        Result served = served(cwd, Map.of(), args);
        assertEquals(fresh(cwd, Map.of(), args), served);
        assertTrue(read(stateDir.resolve("log")).contains("pid " + served.pid() + ": fallback only "), read(stateDir.resolve("log")));
    }

    @Test
    void aCallerWithAnotherBenchUrlGetsAJvmOfItsOwn(@TempDir Path cwd) throws Exception {
        // picocli reads --url's default from the JVM's own environment: the resident's would be wrong
        Map<String, String> env = Map.of("BENCH_URL", "jdbc:h2:mem:callers_own");
        List<String> args = List.of("pgbench", "-t", "1", "-n", "--show-script", "select-only");
        Result served = served(cwd, env, args);
        assertEquals(fresh(cwd, env, args), served);
        assertTrue(read(stateDir.resolve("log")).contains("pid " + served.pid() + ": fallback another BENCH_URL"), read(stateDir.resolve("log")));
    }

    @Test
    void aRunOnTheEmbeddedDefaultWritesItsDatabaseInTheCallersDirectory(@TempDir Path dir) throws Exception {
        Path freshCwd = Files.createDirectory(dir.resolve("fresh"));
        Path servedCwd = Files.createDirectory(dir.resolve("served"));
        List<String> init = List.of("pgbench", "-i", "-s", "1", "-q");
        List<String> run = List.of("pgbench", "-t", "20", "-c", "2", "--random-seed", "5432");
        assertEquals(normalized(fresh(freshCwd, Map.of(), init)), normalized(served(servedCwd, Map.of(), init)));
        Result fresh = fresh(freshCwd, Map.of(), run);
        Result served = served(servedCwd, Map.of(), run);
        assertEquals(0, fresh.code(), fresh.toString());
        assertEquals(normalized(fresh), normalized(served));
        assertServed(served);
        assertTrue(Files.exists(servedCwd.resolve("bench-h2").resolve("pgbench.mv.db")), "the embedded database in the caller's directory");
        assertFalse(Files.exists(shared.resolve("resident-cwd").resolve("bench-h2")), "nothing in the resident's directory");
        try (Stream<Path> results = Files.list(servedCwd.resolve("results"))) {
            assertEquals(1, results.count(), "the results directory in the caller's directory");
        }
    }

    @Test
    void aRunAgainstPostgresReadsTheCallersScriptEnvironmentAndDirectory(@TempDir Path dir) throws Exception {
        Map<String, String> pg = callersPostgresEnvironment();
        List<String> args = List.of("pgbench", "-n", "-t", "3", "-f", "script.sql", "-l", "--log-prefix=logs/tx", "--random-seed", "1");
        Map<String, Result> byMode = new HashMap<>();
        for (String mode : List.of("fresh", "served")) {
            Path cwd = Files.createDirectory(dir.resolve(mode));
            Files.createDirectory(cwd.resolve("logs"));
            // \shell runs in the caller's directory with its environment: it writes a file there
            Files.writeString(cwd.resolve("script.sql"), "\\set x random(1, 10)\n\\shell echo \"$PGDATABASE\" > shell-saw.txt\n"
                    + "select :x as x, current_database();\n");
            Result r = mode.equals("fresh") ? fresh(cwd, pg, args) : served(cwd, pg, args);
            assertEquals(0, r.code(), r.toString());
            assertEquals(pg.get("PGDATABASE") + "\n", Files.readString(cwd.resolve("shell-saw.txt")));
            List<String> log = Files.readAllLines(cwd.resolve("logs").resolve("tx." + r.pid()));
            assertEquals(3, log.size(), "pgbench's log, named by the caller's pid, in the caller's directory: " + log);
            byMode.put(mode, r);
        }
        assertEquals(normalized(byMode.get("fresh")), normalized(byMode.get("served")));
        assertServed(byMode.get("served"));
    }

    @Test
    void aRequestWithAWrongTokenIsRefusedAndRunsNothing(@TempDir Path cwd) throws Exception {
        String port = Files.readString(stateDir.resolve(ResidentMain.PORT)).strip().split(" ")[0];
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(port))) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            out.write((ResidentHandshake.GREETING + "\0" + "1".repeat(32) + "\0").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            StringBuilder challenge = new StringBuilder();
            for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
                challenge.append((char) b);
            }
            assertTrue(challenge.toString().matches("challenge [0-9a-f]{32} [0-9a-f]{64}"), challenge.toString());
            // a proof made with another token, then a request
            String serverNonce = challenge.toString().split(" ")[1];
            String wrong = new ResidentHandshake("0".repeat(64).getBytes(StandardCharsets.US_ASCII)).proof("client", "1".repeat(32), serverNonce);
            List<String> fields = List.of(wrong, "run", classes, Long.toString(ProcessHandle.current().pid()), cwd.toString(),
                    umask(), "0", "3", "pgbench", "-i", "-q", "0");
            for (String f : fields) {
                out.write(f.getBytes(StandardCharsets.UTF_8));
                out.write(0);
            }
            out.flush();
            assertEquals("refused\n", new String(in.readNBytes(8), StandardCharsets.UTF_8));
        }
        assertFalse(Files.exists(cwd.resolve("bench-h2")), "nothing ran");
        assertTrue(read(stateDir.resolve("log")).contains("refused a connection: a wrong token"));
    }

    @Test
    void ctrlCOnTheClientEndsTheCommandWithItsReportAndExit130(@TempDir Path cwd) throws Exception {
        assertEquals(0, served(cwd, Map.of(), List.of("pgbench", "-i", "-s", "1", "-q")).code());
        ProcessBuilder pb = clientCommand(cwd, Map.of(), List.of("pgbench", "-T", "60", "-n", "-P", "1"));
        // a non-interactive shell's background child starts with SIGINT ignored; the test's client must not
        pb.command().addAll(0, List.of("env", "--default-signal=INT"));
        Process client = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(client.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(client.getErrorStream()));
        Thread.sleep(3000);
        assertTrue(client.isAlive(), "the run was to last 60 s");
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(client.pid())).start().waitFor());
        assertTrue(client.waitFor(30, TimeUnit.SECONDS), "the client did not end 30 s after Ctrl-C");
        assertEquals(130, client.exitValue(), () -> err.join());
        assertTrue(out.join().contains("number of transactions actually processed"), "the report after Ctrl-C: " + out.join());
        // the resident serves the next call
        assertEquals(0, served(cwd, Map.of(), List.of("pgbench", "-V")).code());
    }

    // --- helpers ---------------------------------------------------------------------------------

    record Result(String out, String err, int code, long pid) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && out.equals(r.out) && err.equals(r.err) && code == r.code;
        }

        @Override
        public int hashCode() {
            return out.hashCode();
        }
    }

    private static Result fresh(Path cwd, Map<String, String> env, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(args);
        return run(processBuilder(cwd, env, command));
    }

    private static Result served(Path cwd, Map<String, String> env, List<String> args) throws Exception {
        return run(clientCommand(cwd, env, args));
    }

    private static ProcessBuilder clientCommand(Path cwd, Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>(List.of("bash", CLIENT.toString(), "call", stateDir.toString(), launcher.toString(), classes));
        command.addAll(args);
        return processBuilder(cwd, env, command);
    }

    private static ProcessBuilder processBuilder(Path cwd, Map<String, String> env, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().remove("PGHOST");
        pb.environment().remove("PGDATABASE");
        pb.environment().putAll(env);
        return pb;
    }

    private static Result run(ProcessBuilder pb) throws Exception {
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a call took over 120 s");
        return new Result(out.join(), err.join(), p.exitValue(), p.pid());
    }

    /** The output with the figures that are timings replaced (they differ between any two runs). */
    private static Result normalized(Result r) {
        return new Result(normalized(r.out()), normalized(r.err()), r.code(), r.pid());
    }

    private static String normalized(String text) {
        return text.lines().filter(l -> !PROGRESS.matcher(l).find()).map(l -> TIMED.matcher(l).find() ? l.replaceAll("[0-9]+(\\.[0-9]+)?", "N") : l)
                .collect(Collectors.joining("\n"));
    }

    private static void assertServed(Result served) throws IOException {
        String log = read(stateDir.resolve("log"));
        assertFalse(log.contains("pid " + served.pid() + ": fallback"), log);
    }

    private static Map<String, String> callersPostgresEnvironment() {
        String url = System.getenv("BENCH_POSTGRES_URL");
        if (url == null) {
            return SkipOrFail.missing("BENCH_POSTGRES_URL is not set (scripts/services.sh sets it)");
        }
        URI uri = URI.create(url.substring("jdbc:".length()));
        Map<String, String> env = new HashMap<>();
        env.put("PGHOST", uri.getHost());
        env.put("PGPORT", Integer.toString(uri.getPort() < 0 ? 5432 : uri.getPort()));
        env.put("PGDATABASE", uri.getPath().substring(1));
        for (String kv : uri.getQuery() == null ? new String[0] : uri.getQuery().split("&")) {
            String[] p = kv.split("=", 2);
            if (p[0].equals("user")) {
                env.put("PGUSER", p[1]);
            } else if (p[0].equals("password")) {
                env.put("PGPASSWORD", p[1]);
            }
        }
        return env;
    }
}
