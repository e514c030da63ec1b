package dev.bench.core.results.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a verification found: how many invariants it checked, and one line for each that broke.
 *
 * <p>Threading: one thread.
 */
public final class Findings {

    private int checked;
    private final List<String> broken = new ArrayList<>();

    /** Counts one invariant; when it does not hold, keeps the line (built only then). */
    void check(boolean holds, Supplier<String> line) {
        checked++;
        if (!holds) {
            broken.add(line.get());
        }
    }

    /** Counts one invariant that is broken, whatever the rest holds. */
    void broken(String line) {
        check(false, () -> line);
    }

    public int checked() {
        return checked;
    }

    /** One line per broken invariant, in the order checked; empty when all hold. */
    public List<String> broken() {
        return List.copyOf(broken);
    }

    public boolean allHold() {
        return broken.isEmpty();
    }
}
