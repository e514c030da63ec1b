package dev.bench.cli.resident;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, finding 2: any local user could stop the resident or skew a run: 85 connections of 1 MiB ran it
 * out of heap, a slowloris kept it past its idle limit, a flood of wrong tokens filled its log, and a run
 * during a flood reported nothing of it. Each attack here runs against a resident of its own.
 */
class ResidentLimitsTest {

    @Test
    void eightyFiveConnectionsOfAMebibyteEachLeaveItAliveAndServing(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600, "-Xmx96m")) {
            int port = f.port();
            List<Thread> senders = new ArrayList<>();
            byte[] mebibyte = new byte[1 << 20];
            java.util.Arrays.fill(mebibyte, (byte) 'x');
            for (int i = 0; i < 85; i++) {
                Thread t = new Thread(() -> {
                    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                        s.getOutputStream().write(mebibyte);
                        s.getInputStream().readAllBytes();
                    } catch (IOException cut) {
                        // the resident cut it off: what is wanted
                    }
                });
                t.start();
                senders.add(t);
            }
            for (Thread t : senders) {
                t.join(TimeUnit.SECONDS.toMillis(30));
            }
            assertTrue(f.resident.isAlive(), f::log);
            assertFalse(f.log().contains("OutOfMemoryError"), f::log);
            ResidentFixture.Running status = ResidentFixture.Running.of(f.manage(root, "status"));
            assertEquals(0, status.exit(20), () -> status.out().join() + status.err().join());
        }
    }

    @Test
    void aSlowlorisDoesNotKeepItPastItsIdleLimit(@TempDir Path root) throws Exception {
        AtomicBoolean attacking = new AtomicBoolean(true);
        try (ResidentFixture f = new ResidentFixture(root).start(3)) {
            int port = f.port();
            List<Thread> lorises = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                Thread t = new Thread(() -> trickle(port, attacking));
                t.setDaemon(true);
                t.start();
                lorises.add(t);
            }
            long t0 = System.nanoTime();
            assertTrue(f.resident.waitFor(20, TimeUnit.SECONDS), "still running 20 s into a slowloris, with an idle limit of 3 s");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds < 12, "ended " + seconds + " s into the attack");
            assertTrue(f.log().contains("ending: idle for 3 s"), f::log);
        } finally {
            attacking.set(false);
        }
    }

    /** A connection at a time, each a byte per 300 ms, reconnecting when cut off. */
    private static void trickle(int port, AtomicBoolean attacking) {
        while (attacking.get()) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                OutputStream out = s.getOutputStream();
                while (attacking.get()) {
                    out.write('b');
                    out.flush();
                    Thread.sleep(300);
                }
            } catch (IOException | InterruptedException cut) {
                // cut off, or the resident has gone: connect again while the attack lasts
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    @Test
    void aFloodOfWrongTokensWritesFewLogLinesAndAServedRunDuringItWarns(@TempDir Path root) throws Exception {
        try (ResidentFixture f = new ResidentFixture(root).start(600)) {
            int port = f.port();
            ResidentFixture.Running quiet = ResidentFixture.Running.of(f.call(root, List.of("pgbench", "-i", "-s", "1", "-q")));
            assertEquals(0, quiet.exit(120), quiet.err()::join);
            assertFalse(quiet.err().join().contains("warning"), "a warning with nothing else going on: " + quiet.err().join());
            AtomicBoolean attacking = new AtomicBoolean(true);
            int[] sent = {0};
            Thread flood = new Thread(() -> {
                while (attacking.get()) {
                    wrongToken(port);
                    sent[0]++;
                }
            });
            long t0 = System.nanoTime();
            flood.start();
            ResidentFixture.Running run = ResidentFixture.Running.of(f.call(root, List.of("pgbench", "-T", "3", "-n")));
            int code = run.exit(60);
            attacking.set(false);
            flood.join();
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertEquals(0, code, run.err()::join);
            assertTrue(run.err().join().contains("bench: warning: the resident process also handled"), run.err().join());
            long lines = f.log().lines().filter(l -> l.contains("refused")).count();
            assertTrue(sent[0] > 100, "the flood sent only " + sent[0]);
            assertTrue(lines <= 2 + seconds / ResidentLoad.REFUSAL_LOG_SECONDS,
                    lines + " log lines for " + sent[0] + " refusals in " + seconds + " s");
            assertTrue(f.resident.isAlive());
        }
    }

    /** The handshake with a proof made of another token. */
    private static void wrongToken(int port) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write((ResidentHandshake.GREETING + "\0" + "2".repeat(32) + "\0").getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            byte[] challenge = in.readNBytes("challenge ".length() + 32 + 1 + 64 + 1);
            if (challenge.length < 10) {
                return;  // turned away: busy
            }
            out.write(("f".repeat(64) + "\0").getBytes(StandardCharsets.US_ASCII));
            in.readAllBytes();
        } catch (IOException cut) {
            // refused and closed
        }
    }
}
