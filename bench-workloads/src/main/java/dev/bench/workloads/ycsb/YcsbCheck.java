package dev.bench.workloads.ycsb;

/**
 * The after-phase check. A SQL table must hold the rows it held before plus the inserts acknowledged,
 * and at most the inserts in doubt more; memcached must hold every record's key (loaded, and inserted
 * with an acknowledgement). With dataintegrity, no read may have found a value other than the one written.
 */
public record YcsbCheck(boolean ok, String detail) {

    static YcsbCheck ofRows(String table, long before, long after, YcsbCounts.Snapshot told) {
        long expected = before + told.insertsAcknowledged();
        boolean rowsOk = after >= expected && after <= expected + told.insertsInDoubt();
        String detail = table + " holds " + after + " rows: " + before + " before + " + told.insertsAcknowledged()
                + " inserts acknowledged" + (told.insertsInDoubt() > 0 ? " (+ up to " + told.insertsInDoubt() + " in doubt)" : "");
        return withReads(rowsOk, detail, told);
    }

    static YcsbCheck ofKeys(long expected, long present, YcsbCounts.Snapshot told) {
        String detail = present + " of " + expected + " keys present (loaded and acknowledged inserts)";
        return withReads(present == expected, detail, told);
    }

    private static YcsbCheck withReads(boolean ok, String detail, YcsbCounts.Snapshot told) {
        long reads = told.verified() + told.verifyFailed();
        if (reads == 0) {
            return new YcsbCheck(ok, detail);
        }
        return new YcsbCheck(ok && told.verifyFailed() == 0, detail + "; " + told.verified() + " of " + reads
                + " reads verified");
    }
}
