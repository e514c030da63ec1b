package dev.bench.cli.resident;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, finding 1: the client sent its environment to whatever listened on the port its directory
 * named. Here another listener (this test, knowing no token) stands where a resident would: the client
 * must refuse the directory or the listener, send no environment, and run the call in a JVM of its own.
 * "Another user" is uid 65534 (root here can chown to it).
 */
class ResidentClientTrustTest {

    private static final String SECRET = "PGPASSWORD=not-for-another-user";
    private static final int OTHER_UID = 65534;

    @TempDir
    Path root;
    private ResidentFixture fixture;
    private ServerSocket listener;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final AtomicInteger connections = new AtomicInteger();

    @BeforeEach
    void listen() throws Exception {
        fixture = new ResidentFixture(root);
        // the fallback: a JVM of its own, here a script that says it ran
        Files.writeString(fixture.launcher, "#!/bin/sh\necho own-jvm \"$@\"\n");
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Files.writeString(fixture.dir.resolve(ResidentMain.TOKEN), "ab".repeat(32) + "\n");
        // a live process of this user's, with its true start time: only the handshake can tell it is no resident
        Files.writeString(fixture.dir.resolve(ResidentMain.PORT), listener.getLocalPort() + " " + ProcessHandle.current().pid() + " "
                + ResidentMain.startTime() + "\n");
    }

    @AfterEach
    void close() throws Exception {
        listener.close();
        fixture.close();
    }

    /** Accepts connections; {@code answer} (or nothing, when null) is its reply to each greeting. */
    private void serve(String answer) {
        Thread t = new Thread(() -> {
            while (!listener.isClosed()) {
                try (Socket s = listener.accept()) {
                    connections.incrementAndGet();
                    InputStream in = s.getInputStream();
                    byte[] buf = new byte[4096];
                    s.setSoTimeout(answer == null ? 5000 : 500);
                    if (answer != null) {
                        s.getOutputStream().write(answer.getBytes(StandardCharsets.US_ASCII));
                    }
                    for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                        synchronized (received) {
                            received.write(buf, 0, n);
                        }
                    }
                } catch (IOException ignored) {
                    // the client went, or the listener closed
                }
            }
        });
        t.setDaemon(true);
        t.start();
    }

    private ResidentFixture.Running call() throws IOException {
        ProcessBuilder pb = fixture.call(root, List.of("pgbench", "-V"));
        pb.environment().put("PGPASSWORD", "not-for-another-user");
        return ResidentFixture.Running.of(pb);
    }

    private String receivedText() {
        synchronized (received) {
            return received.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private void assertRanOnItsOwn(ResidentFixture.Running r, String why) throws Exception {
        assertEquals(0, r.exit(20), r.err()::join);
        assertEquals("own-jvm pgbench -V\n", r.out().join());
        assertTrue(r.err().join().contains(why), r.err().join());
        assertFalse(receivedText().contains(SECRET), "the environment went to the listener");
    }

    @Test
    void aDirectoryOfAnotherUserIsNotUsed() throws Exception {
        serve("challenge " + "0".repeat(32) + " " + "0".repeat(64) + "\n");
        Files.setAttribute(fixture.dir, "unix:uid", OTHER_UID);
        assertRanOnItsOwn(call(), "is another user's");
        assertEquals(0, connections.get(), "connected to another user's port");
    }

    @Test
    void aDirectoryOthersMayEnterOrASymbolicLinkIsNotUsed() throws Exception {
        serve("challenge " + "0".repeat(32) + " " + "0".repeat(64) + "\n");
        Files.setPosixFilePermissions(fixture.dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertRanOnItsOwn(call(), "has mode 755, not 700");
        Files.setPosixFilePermissions(fixture.dir, PosixFilePermissions.fromString("rwx------"));
        Path real = fixture.dir.resolveSibling("real");
        Files.move(fixture.dir, real);
        Files.createSymbolicLink(fixture.dir, real);
        assertRanOnItsOwn(call(), "is a symbolic link");
        assertEquals(0, connections.get());
    }

    @Test
    void aPortFileThatIsALinkOrAnotherUsersIsNotUsed() throws Exception {
        serve("challenge " + "0".repeat(32) + " " + "0".repeat(64) + "\n");
        Path port = fixture.dir.resolve(ResidentMain.PORT);
        Files.move(port, root.resolve("elsewhere"));
        Files.createSymbolicLink(port, root.resolve("elsewhere"));
        assertRanOnItsOwn(call(), "port is a symbolic link");
        Files.delete(port);
        Files.move(root.resolve("elsewhere"), port);
        Files.setAttribute(port, "unix:uid", OTHER_UID);
        assertRanOnItsOwn(call(), "port is another user's");
        assertEquals(0, connections.get());
    }

    @Test
    void aPortLeftByADeadResidentIsIgnored() throws Exception {
        serve("challenge " + "0".repeat(32) + " " + "0".repeat(64) + "\n");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(fixture.dir.resolve(ResidentMain.PORT), listener.getLocalPort() + " " + gone.pid() + " 1\n");
        ResidentFixture.Running r = call();
        assertEquals(0, r.exit(20));
        assertEquals("own-jvm pgbench -V\n", r.out().join());
        assertEquals(0, connections.get(), "connected to a port whose resident has gone");
    }

    @Test
    void aListenerThatCannotProveItKnowsTheTokenGetsNoEnvironment() throws Exception {
        serve("challenge " + "0".repeat(32) + " " + "0".repeat(64) + "\n");
        assertRanOnItsOwn(call(), "did not prove it knows");
        assertEquals(1, connections.get());
        assertTrue(receivedText().startsWith(ResidentHandshake.GREETING + "\0"), receivedText());
        assertTrue(receivedText().length() <= ResidentHandshake.GREETING.length() + 34, "more than the greeting and a nonce: " + receivedText());
    }

    @Test
    void aListenerThatNeverAnswersIsLeftAfterTheWaitAndSigtermEndsTheCallerAtOnce() throws Exception {
        serve(null);
        long t0 = System.nanoTime();
        assertRanOnItsOwn(call(), "did not answer in 2 s");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds < 6, "fell back after " + seconds + " s");
        ResidentFixture.Running waiting = call();
        Thread.sleep(700);
        waiting.signal("TERM");
        assertEquals(143, waiting.exit(2), "SIGTERM did not end a caller waiting for a silent listener within 2 s");
    }

    @Test
    void startRefusesAnotherUsersDirectoryAndNeverTruncatesALinkedLog() throws Exception {
        Path target = root.resolve("precious");
        Files.writeString(target, "keep me\n");
        Files.delete(fixture.dir.resolve(ResidentMain.PORT));
        Files.createSymbolicLink(fixture.dir.resolve("log"), target);
        ResidentFixture.Running r = ResidentFixture.Running.of(fixture.manage(root, "start"));
        assertEquals(2, r.exit(30), r.err()::join);
        assertTrue(r.err().join().contains("log is a symbolic link"), r.err().join());
        assertEquals("keep me\n", Files.readString(target));
        Files.delete(fixture.dir.resolve("log"));
        Files.setAttribute(fixture.dir, "unix:uid", OTHER_UID);
        r = ResidentFixture.Running.of(fixture.manage(root, "start"));
        assertEquals(2, r.exit(30), r.err()::join);
        assertTrue(r.err().join().contains("is another user's"), r.err().join());
        assertFalse(Files.exists(fixture.dir.resolve("start.lock")), "opened a file in another user's directory");
    }
}
