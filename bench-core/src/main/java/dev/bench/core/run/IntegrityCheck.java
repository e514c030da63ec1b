package dev.bench.core.run;

/**
 * The after-run verdict: does the database agree with what the client was told?
 *
 * @param checked false when there was nothing to check (a backend that keeps no state)
 * @param ok      true when it agrees, or when nothing was checked
 * @param verdict one line for people: "ok: ...", "MISMATCH: ..." or "NOT CONFIRMED: ..." with the numbers compared
 */
public record IntegrityCheck(boolean checked, boolean ok, String verdict) {

    public static IntegrityCheck notChecked(String why) {
        return new IntegrityCheck(false, true, "not checked (" + why + ")");
    }

    /** The check itself failed (the server unreachable after the run): not ok, since nothing was confirmed. */
    public static IntegrityCheck couldNotRun(String why) {
        return new IntegrityCheck(true, false, "NOT CONFIRMED: the check could not run: " + why);
    }

    /**
     * The check ran but its numbers cannot tell agreement from loss (a cache that evicts may have dropped
     * what is missing): not ok, since nothing was confirmed, but not a MISMATCH either.
     */
    public static IntegrityCheck notConfirmed(String detail) {
        return new IntegrityCheck(true, false, "NOT CONFIRMED: " + detail);
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
        long mismatched = checks.stream().filter(c -> c.verdict().startsWith("MISMATCH")).count();
        String verdict = !checked ? "not checked" : ok ? "ok: every phase agreed"
                : mismatched > 0 ? "MISMATCH: " + mismatched + " of " + checks.size() + " phases disagreed"
                : "NOT CONFIRMED: " + failed + " of " + checks.size() + " phases not confirmed";
        return new IntegrityCheck(checked, ok, verdict);
    }
}
