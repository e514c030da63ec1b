package dev.bench.workloads.ycsb;

/**
 * The after-phase check. A SQL table must hold the rows it held before plus the inserts acknowledged
 * plus the inserts in doubt that are there (each looked up by key); memcached must hold every record's key (loaded, and inserted
 * with an acknowledgement). With dataintegrity, no read may have found a value other than the one written.
 */
public record YcsbCheck(boolean ok, String detail) {

    /**
     * Exact: the rows after are those before, plus every acknowledged insert, plus those of the inserts in
     * doubt that the look-up found ({@code inDoubtFound} of {@code told.insertsInDoubt()}).
     */
    static YcsbCheck ofRows(String table, long before, long after, YcsbCounts.Snapshot told, long inDoubtFound) {
        long expected = before + told.insertsAcknowledged() + inDoubtFound;
        String detail = table + " holds " + after + " rows: " + before + " before + " + told.insertsAcknowledged()
                + " inserts acknowledged" + (told.insertsInDoubt() > 0 ? " + " + inDoubtFound + " of " + told.insertsInDoubt()
                + " inserts in doubt found there" : "") + (after == expected ? "" : ", expected " + expected);
        return withReads(after == expected, detail, told);
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
