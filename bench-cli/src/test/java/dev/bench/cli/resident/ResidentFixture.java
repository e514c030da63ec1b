package dev.bench.cli.resident;

import dev.bench.cli.BenchMain;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A resident process of this build's classes in a directory of its own, and the real client
 * (src/dist/lib/bench-resident.bash) to call it, for the tests that attack or break it.
 */
final class ResidentFixture implements AutoCloseable {

    static final Path CLIENT = Path.of("src", "dist", "lib", "bench-resident.bash").toAbsolutePath();
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    final Path dir;
    final Path launcher;
    final String classes;
    Process resident;

    /** {@code root}/state (0700) and a fresh-JVM launcher in {@code root}; no resident yet. */
    ResidentFixture(Path root) throws Exception {
        dir = Files.createDirectory(root.resolve("state"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        classes = Path.of(ResidentProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        launcher = root.resolve("bench");
        Files.writeString(launcher, "#!/bin/sh\nexec '" + JAVA + "' -cp '" + System.getProperty("java.class.path") + "' "
                + BenchMain.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
    }

    /** Starts the resident (its JVM options first, e.g. -Xmx96m) and waits for its port file. */
    ResidentFixture start(int idleSeconds, String... jvmOptions) throws Exception {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ResidentMain.class.getName(), dir.toString(), umask(),
                Integer.toString(idleSeconds)));
        resident = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(dir.resolve("log").toFile()).start();
        for (int i = 0; i < 600 && !Files.exists(dir.resolve(ResidentMain.PORT)); i++) {
            if (!resident.isAlive()) {
                throw new IllegalStateException("the resident process ended: " + log());
            }
            Thread.sleep(50);
        }
        return this;
    }

    int port() throws IOException {
        return Integer.parseInt(Files.readString(dir.resolve(ResidentMain.PORT)).strip().split(" ")[0]);
    }

    String log() {
        return read(dir.resolve("log"));
    }

    /** The client: {@code call DIR LAUNCHER CLASSES ARGS...} in {@code cwd}. */
    ProcessBuilder call(Path cwd, List<String> args) {
        List<String> command = new ArrayList<>(List.of("bash", CLIENT.toString(), "call", dir.toString(), launcher.toString(), classes));
        command.addAll(args);
        return client(cwd, command);
    }

    /** The client's start, stop or status, the resident's JVM being this build's. */
    ProcessBuilder manage(Path cwd, String verb) {
        return client(cwd, List.of("bash", CLIENT.toString(), verb, dir.toString(), JAVA, "-cp", System.getProperty("java.class.path")));
    }

    static ProcessBuilder client(Path cwd, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().putAll(Map.of("BENCH_RESIDENT_WAIT", "2"));
        return pb;
    }

    /** A started client's output, read as it comes (a full pipe would stop it). */
    record Running(Process process, CompletableFuture<String> out, CompletableFuture<String> err) {
        static Running of(ProcessBuilder pb) throws IOException {
            Process p = pb.start();
            return new Running(p, CompletableFuture.supplyAsync(() -> read(p.getInputStream())),
                    CompletableFuture.supplyAsync(() -> read(p.getErrorStream())));
        }

        /** Waits at most {@code seconds}; @return the exit code, or -1 still running */
        int exit(double seconds) throws InterruptedException {
            return process.waitFor((long) (seconds * 1000), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
        }

        /** Asserts it ends with {@code code} within {@code seconds}. @return its stderr */
        String assertExit(int code, double seconds) throws InterruptedException {
            int exit = exit(seconds);
            if (exit < 0) {
                throw new AssertionError("still running " + seconds + " s later; expected exit " + code);
            }
            if (exit != code) {
                throw new AssertionError("exit " + exit + ", expected " + code + "; stderr: " + err.join());
            }
            return err.join();
        }

        void signal(String name) throws Exception {
            new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor();
        }
    }

    static void signal(long pid, String name) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor();
    }

    static String umask() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "umask").start();
        String mask = read(p.getInputStream()).strip();
        p.waitFor();
        return mask;
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }

    static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws Exception {
        if (resident != null && resident.isAlive()) {
            signal(resident.pid(), "CONT");
            resident.destroyForcibly();
            resident.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
