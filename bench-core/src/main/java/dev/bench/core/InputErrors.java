package dev.bench.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Every error found in one input (a scenario file, a command line's load options), each one line that
 * names where it is ({@code FILE:LINE: key: ...} or {@code --flag ...}), so a user fixes them all in one
 * pass rather than one per run. The message is the lines joined by newlines.
 *
 * <pre>{@code
 * InputErrors.Collector errors = new InputErrors.Collector();
 * Schedule s = errors.check(() -> Schedule.parse("--schedule", text));   // null when it failed
 * OpMix m = errors.check(() -> OpMix.parse("--mix", mixText));
 * errors.throwIfAny();   // both errors at once
 * }</pre>
 */
public final class InputErrors extends BenchException {

    private final List<String> lines;

    private InputErrors(List<String> lines) {
        super(String.join("\n", lines));
        this.lines = List.copyOf(lines);
    }

    /** Each error, one line each, in the order found. */
    public List<String> lines() {
        return lines;
    }

    /** The lines of any bench exception: an InputErrors' each, another's its message. */
    public static List<String> linesOf(BenchException e) {
        return e instanceof InputErrors errors ? errors.lines() : List.of(e.getMessage());
    }

    /** Gathers errors one check at a time; not thread-safe (one input is read by one thread). */
    public static final class Collector {
        private final List<String> lines = new ArrayList<>();

        /** One error; the same line twice is kept once (two checks of one setting say the same). */
        public void add(String line) {
            if (!lines.contains(line)) {
                lines.add(line);
            }
        }

        public void add(BenchException e) {
            linesOf(e).forEach(this::add);
        }

        /** Runs a check or a parse; its error is kept and null returned, so the next check still runs. */
        public <T> T check(java.util.function.Supplier<T> step) {
            try {
                return step.get();
            } catch (BenchException e) {
                add(e);
                return null;
            }
        }

        /** Runs a check that returns nothing of use ({@code Require.that}); its error is kept, so the next check still runs. */
        public void run(Runnable check) {
            check(() -> {
                check.run();
                return null;
            });
        }

        public boolean isEmpty() {
            return lines.isEmpty();
        }

        /** How many errors so far. */
        public int size() {
            return lines.size();
        }

        /** @throws InputErrors every error gathered, when there is one */
        public void throwIfAny() {
            if (!lines.isEmpty()) {
                throw new InputErrors(lines);
            }
        }
    }
}
