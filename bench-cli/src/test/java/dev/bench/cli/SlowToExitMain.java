package dev.bench.cli;

import java.lang.reflect.Field;
import java.util.concurrent.CountDownLatch;

/**
 * A child for {@link SignalStatusTest} that stages the race which, about once in forty real runs, made
 * bench exit 1 instead of 130: the signal stops the command (status 1), the shutdown hooks finish, and
 * the main thread reaches its exit in the instant before the signal's halt. Holding the JDK's halt lock
 * (java.lang.Shutdown.haltLock, opened by the test) freezes that instant: the signal's thread waits on
 * the lock after the hooks, the main thread is let go to its exit, and the child prints what the main
 * thread then does: waits for the signal's halt ({@code TIMED_WAITING}), or halts with its own status
 * ({@code BLOCKED} on the same lock).
 */
public final class SlowToExitMain {

    public static void main(String[] args) throws Exception {
        Field field = Class.forName("java.lang.Shutdown").getDeclaredField("haltLock");
        field.setAccessible(true);
        Object haltLock = field.get(null);
        Thread main = Thread.currentThread();
        CountDownLatch toExit = new CountDownLatch(1);
        CountDownLatch locked = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (haltLock) {
                locked.countDown();
                try {
                    awaitHalting(signalThread());
                    toExit.countDown();
                    while (main.getState() == Thread.State.RUNNABLE) {
                        Thread.sleep(10);
                    }
                    Thread.sleep(200); // either way, the main thread has settled by now
                    System.out.println("main " + main.getState());
                    System.out.flush();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "halt-lock-holder");
        holder.setDaemon(true);
        holder.start();
        locked.await();
        int status = BenchMain.runStoppingOnCtrlC(() -> {
            System.out.println("ready");
            System.out.flush();
            try {
                Thread.sleep(60_000);
                return 0;
            } catch (InterruptedException stopped) {
                return 1;
            }
        });
        toExit.await();
        BenchMain.exit(status);
    }

    private static Thread signalThread() throws InterruptedException {
        while (true) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().endsWith(" handler")) {
                    return t;
                }
            }
            Thread.sleep(10);
        }
    }

    /** Waits until {@code t} is blocked on the halt lock: the hooks are done and the JVM is marked shut down. */
    private static void awaitHalting(Thread t) throws InterruptedException {
        while (true) {
            StackTraceElement[] stack = t.getStackTrace();
            if (t.getState() == Thread.State.BLOCKED && stack.length > 0
                    && stack[0].getClassName().equals("java.lang.Shutdown") && stack[0].getMethodName().equals("halt")) {
                return;
            }
            Thread.sleep(10);
        }
    }
}
