package dev.bench.core.run;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunInfo;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Says on stderr, once the sessions are open, what a run with {@code --start-at} waits for and how long,
 * so a wait of minutes isn't mistaken for a hang:
 * <pre>bench: waiting until 2026-11-22T06:00:00Z to start (in 41 s), as --start-at asks</pre>
 * Not thread-safe: the engine calls listeners from one thread.
 */
final class StartAtNotice implements IntervalListener {

    private final PrintWriter err;
    private final Supplier<Instant> clock;

    StartAtNotice(PrintWriter err, Supplier<Instant> clock) {
        this.err = err;
        this.clock = clock;
    }

    @Override
    public void onStart(RunInfo info) {
        Instant at = info.config().startAt();
        if (at == null) {
            return;
        }
        long inSeconds = Duration.between(clock.get(), at).toSeconds();
        if (inSeconds >= 1) {
            err.println("bench: waiting until " + at + " to start (in " + inSeconds + " s), as --start-at asks");
            err.flush();
        }
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
    }
}
