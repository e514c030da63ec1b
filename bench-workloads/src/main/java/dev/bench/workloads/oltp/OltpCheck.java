package dev.bench.workloads.oltp;

/**
 * After a run every table must still hold --table-size rows: each event's delete is paired with an
 * insert of the same id in one transaction, so any other count means lost or duplicated writes.
 *
 * @param rows rows found per table, index 0 = sbtest1
 */
public record OltpCheck(long expectedPerTable, long[] rows) {

    public boolean ok() {
        for (long r : rows) {
            if (r != expectedPerTable) {
                return false;
            }
        }
        return true;
    }

    /** The numbers compared, for {@code IntegrityCheck.of}: which tables hold how many rows. */
    public String detail() {
        StringBuilder wrong = new StringBuilder();
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != expectedPerTable) {
                wrong.append(wrong.length() == 0 ? "" : ", ").append("sbtest").append(i + 1).append(" holds ").append(rows[i]);
            }
        }
        if (wrong.length() == 0) {
            return "all " + rows.length + " table(s) hold " + expectedPerTable + " rows";
        }
        return "expected " + expectedPerTable + " rows per table; " + wrong;
    }

    public String verdict() {
        return (ok() ? "ok: " : "MISMATCH: ") + detail();
    }
}
