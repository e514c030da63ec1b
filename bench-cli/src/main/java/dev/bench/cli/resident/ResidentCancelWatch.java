package dev.bench.cli.resident;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a call's connection from the moment it is taken, queued or running: a byte {@code i} or {@code t} is
 * the client's Ctrl-C or SIGTERM, the end of the stream a client gone. A signal is acknowledged at once with
 * a {@code cancelling} line, so the client knows the resident is alive and will answer (a stopped or hung
 * one does not: the client then ends without waiting); the command, once started, is interrupted.
 */
final class ResidentCancelWatch extends Thread {
    private final InputStream in;
    private final ResidentServer.Replies replies;
    private volatile Thread command;
    private volatile int status;
    private volatile boolean finished;

    ResidentCancelWatch(InputStream in, ResidentServer.Replies replies) {
        super("bench-call-cancel");
        setDaemon(true);
        this.in = in;
        this.replies = replies;
    }

    /** 0 while no signal came, else the exit status it asks for. */
    int signalStatus() {
        return status;
    }

    /** The command's thread, once the call has left the queue. */
    void watch(Thread commandThread) {
        command = commandThread;
        if (status != 0) {
            commandThread.interrupt();
        }
    }

    void finished() {
        finished = true;
    }

    @Override
    public void run() {
        int b;
        try {
            b = in.read();
        } catch (IOException e) {
            b = -1;
        }
        if (finished) {
            return;
        }
        // 130 and 143 as the JVM exits after SIGINT and SIGTERM; a client gone is treated as its SIGTERM
        status = b == 'i' ? 130 : 143;
        Thread c = command;
        if (c != null) {
            c.interrupt();
        }
        if (b >= 0) {
            try {
                replies.line("cancelling");
            } catch (IOException gone) {
                // the client will not read the answer either
            }
        }
    }
}
