package dev.bench.cli.container;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Frame;
import dev.bench.cli.BenchMain;
import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * --container's faults: no engine, an image that can't be had, a container that exits while starting,
 * one killed mid-run, the tool stopped by SIGTERM; after each, no container of the tool's is left.
 */
class ContainerFaultsContainerTest {

    private static final String[] VOTE = {"vote", "--target", "200", "--runtime", "20", "--warmup", "0", "-a", "200"};

    @Test
    void noEngineIsOneLineNamingWhatIsMissingAndExitTwo() throws Exception {
        Process p = bench(List.of("oltp-rw", "run", "--container", "--time", "1"), "unix:///nonexistent/h5-no-engine.sock");
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), err);
        assertTrue(err.startsWith("bench: --container needs a container engine and none answered (nothing answers at"
                + " DOCKER_HOST=unix:///nonexistent/h5-no-engine.sock)"), err);
    }

    @Test
    void anImageThatCantBeHadIsOneLineNamingItAndHowToGetIt() {
        CliContainers.requireEngine();
        assumeTrue(!present(ServerImages.MYSQL), ServerImages.MYSQL + " is here: nothing to miss");
        long start = System.nanoTime();
        CliRunner r = CliRunner.run("oltp-rw", "run", "--container", "mysql", "--time", "1");

        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.errorLines().size(), r.err());
        assertTrue(r.err().startsWith("bench: --container: image mysql:8.4 is not here and could not be pulled ("), r.err());
        assertTrue(r.err().contains("'docker pull mysql:8.4' or build it (on Debian: scripts/containers.sh)"), r.err());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(LocalImages.PULL_SECONDS + 15), "fails within the pull's bound");
        assertEquals(List.of(), CliContainers.leftBehind());
    }

    @Test
    void aContainerThatExitsWhileStartingShowsItsLastLogLinesAndIsRemoved() {
        CliContainers.requireEngine();
        PostgreSQLContainer<?> bad = new PostgreSQLContainer<>(ServerImages.POSTGRES);
        bad.setCommand("postgres", "-c", "no_such_setting=1");
        bad.withStartupTimeout(java.time.Duration.ofSeconds(20)); // it never logs ready: don't wait the default minute

        ServerContainer.StartFailed e = assertThrows(ServerContainer.StartFailed.class, () -> ServerContainer.started(bad));

        assertTrue(e.getMessage().startsWith("--container: postgres:15 did not start: "), e.getMessage());
        assertTrue(e.logTail().stream().anyMatch(l -> l.contains("no_such_setting")), String.join("\n", e.logTail()));
        assertEquals(List.of(), CliContainers.leftBehind());
    }

    /** podman kill mid-run: the run ends as a lost server does (exit 1, results written), and the container is removed. */
    @Test
    void aContainerKilledMidRunEndsTheRunAsALostServer(@TempDir Path tmp) throws Exception {
        CliContainers.requireEngine();
        Path results = tmp.resolve("killed");
        AtomicReference<CliRunner> ran = new AtomicReference<>();
        Thread run = new Thread(() -> ran.set(CliRunner.run(concat(VOTE, "--results", results.toString(), "postgres", "--container"))));
        run.start();
        Container c = runningFor(5);
        DockerClientFactory.instance().client().killContainerCmd(c.getId()).exec();
        run.join(TimeUnit.SECONDS.toMillis(120));

        CliRunner r = ran.get();
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(Files.exists(results.resolve("summary.json")), "results written: " + r.err());
        assertEquals(List.of(), CliContainers.leftBehind());
    }

    /** SIGTERM, as from a terminal's Ctrl-C: the hook interrupts the command, whose finally removes the container. */
    @Test
    void sigtermEndsTheRunAndRemovesTheContainer(@TempDir Path tmp) throws Exception {
        CliContainers.requireEngine();
        List<String> args = new ArrayList<>(List.of(concat(VOTE, "--results", tmp.resolve("term").toString(), "postgres", "--container")));
        Process p = bench(args, System.getenv("DOCKER_HOST"));
        runningFor(3);
        p.toHandle().destroy(); // SIGTERM; Process.destroy would also close the pipe stderr is read from
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));

        assertEquals(143, p.exitValue(), err);
        assertTrue(Files.exists(tmp.resolve("term/summary.json")), "results written");
        assertEquals(List.of(), CliContainers.leftBehind());
    }

    /** The tool's PostgreSQL container, {@code seconds} after it logged ready (PostgreSQL's image: twice), when the run is under way. */
    private static Container runningFor(int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            List<Container> running = CliContainers.leftBehind().stream().filter(c -> "running".equals(c.getState())).toList();
            if (!running.isEmpty() && logs(running.get(0).getId()).split("ready to accept connections", -1).length > 2) {
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                return running.get(0);
            }
            Thread.sleep(300);
        }
        throw new AssertionError("no container of the tool's was ready within 120 s");
    }

    private static String logs(String id) throws InterruptedException {
        StringBuilder text = new StringBuilder();
        DockerClientFactory.instance().client().logContainerCmd(id).withStdOut(true).withStdErr(true)
                .exec(new ResultCallback.Adapter<Frame>() {
                    @Override
                    public void onNext(Frame frame) {
                        text.append(new String(frame.getPayload(), StandardCharsets.UTF_8));
                    }
                }).awaitCompletion(10, TimeUnit.SECONDS);
        return text.toString();
    }

    private static boolean present(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return true;
        } catch (com.github.dockerjava.api.exception.NotFoundException e) {
            return false;
        }
    }

    private static Process bench(List<String> args, String dockerHost) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.PIPE);
        pb.environment().put("DOCKER_HOST", dockerHost);
        return pb.start();
    }

    private static String[] concat(String[] a, String... b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }
}
