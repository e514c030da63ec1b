package dev.bench.cli.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;

import java.util.concurrent.Callable;

/** Runs a tpcc action that isn't a run (prepare, check, cleanup): any failure becomes one line (exit 1). */
final class Actions {

    private Actions() {
    }

    static int oneLine(String what, Callable<Integer> action) {
        try {
            return action.call();
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException(what + " failed: " + Failures.describe(e), e);
        }
    }
}
