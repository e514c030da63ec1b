package dev.bench.core.run;

/**
 * The after-run verdict: does the database agree with what the client was told?
 *
 * @param checked false when there was nothing to check (a backend that keeps no state)
 * @param ok      true when it agrees, or when nothing was checked
 * @param verdict one line for people: "ok: ..." or "MISMATCH: ..." with the numbers compared
 */
public record IntegrityCheck(boolean checked, boolean ok, String verdict) {

    public static IntegrityCheck notChecked(String why) {
        return new IntegrityCheck(false, true, "not checked (" + why + ")");
    }

    /** The check itself failed (the server unreachable after the run): not ok, since nothing was confirmed. */
    public static IntegrityCheck couldNotRun(String why) {
        return new IntegrityCheck(true, false, "NOT CONFIRMED: the check could not run: " + why);
    }

    /** @param detail the numbers compared, e.g. "votes acknowledged 10, new vote rows 10" */
    public static IntegrityCheck of(boolean ok, String detail) {
        return new IntegrityCheck(true, ok, (ok ? "ok: " : "MISMATCH: ") + detail);
    }

    /** All phases' checks as one: ok only if each is. */
    public static IntegrityCheck allOf(java.util.List<IntegrityCheck> checks) {
        if (checks.size() == 1) {
            return checks.get(0);
        }
        boolean checked = checks.stream().anyMatch(IntegrityCheck::checked);
        boolean ok = checks.stream().allMatch(IntegrityCheck::ok);
        long failed = checks.stream().filter(c -> !c.ok()).count();
        String verdict = !checked ? "not checked" : ok ? "ok: every phase agreed"
                : "MISMATCH: " + failed + " of " + checks.size() + " phases disagreed";
        return new IntegrityCheck(checked, ok, verdict);
    }
}
