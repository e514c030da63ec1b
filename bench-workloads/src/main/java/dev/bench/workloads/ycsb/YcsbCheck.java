package dev.bench.workloads.ycsb;

import dev.bench.core.memcached.MemcachedStats;
import dev.bench.core.run.IntegrityCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The after-phase check. A SQL table must hold the rows it held before plus the inserts acknowledged
 * plus the inserts in doubt that are there (each looked up by key); memcached must hold every record's key (loaded, and inserted
 * with an acknowledgement), unless it evicted at least as many items as are missing: then the check can't tell
 * eviction from loss and is not confirmed. With dataintegrity, no read may have found a value other than the one written.
 *
 * @param mayBeEvicted not ok, but every missing key may have been evicted: NOT CONFIRMED rather than MISMATCH
 */
public record YcsbCheck(boolean ok, boolean mayBeEvicted, String detail) {

    /** Lost keys named on the verdict's line; summary.json's check names no more either. */
    static final int NAMED_LOST = 20;

    YcsbCheck(boolean ok, String detail) {
        this(ok, false, detail);
    }

    /**
     * Exact: the rows after are those before, plus every acknowledged insert, plus those of the inserts in
     * doubt that the look-up found ({@code inDoubtFound} of {@code told.insertsInDoubt()}).
     */
    static YcsbCheck ofRows(String table, long before, long after, YcsbCounts.Snapshot told, long inDoubtFound) {
        return ofRows(table, before, after, told, inDoubtFound, List.of());
    }

    /**
     * As above, naming the acknowledged inserts whose keys the table lacks ({@code lost}, looked up when it held
     * fewer rows than expected): "lost N acknowledged writes: keys ..." leads the line.
     */
    static YcsbCheck ofRows(String table, long before, long after, YcsbCounts.Snapshot told, long inDoubtFound, List<String> lost) {
        long expected = before + told.insertsAcknowledged() + inDoubtFound;
        String detail = lost(lost) + table + " holds " + after + " rows: " + before + " before + " + told.insertsAcknowledged()
                + " inserts acknowledged" + (told.insertsInDoubt() > 0 ? " + " + inDoubtFound + " of " + told.insertsInDoubt()
                + " inserts in doubt found there" : "") + (after == expected ? "" : ", expected " + expected);
        return withReads(after == expected, detail, told);
    }

    /**
     * @param evicted memcached's evictions from before the phase to after the check (any client's items), or
     *                null when unknown
     */
    static YcsbCheck ofKeys(long expected, long present, YcsbCounts.Snapshot told, MemcachedStats evicted) {
        return ofKeys(expected, present, told, evicted, Map.of());
    }

    /**
     * As above, in a pool that lost members: the records on the servers down ({@code onDownServers}, counted by
     * server) are lost acknowledged writes, named by server; the other keys are checked as above on the live servers.
     */
    static YcsbCheck ofKeys(long expected, long present, YcsbCounts.Snapshot told, MemcachedStats evicted,
                            Map<String, Long> onDownServers) {
        long lostWithServers = onDownServers.values().stream().mapToLong(Long::longValue).sum();
        if (lostWithServers == 0) {
            return ofKeys(present + " of " + expected + " keys present (loaded and acknowledged inserts)", expected - present,
                    told, evicted);
        }
        List<String> servers = new ArrayList<>();
        onDownServers.forEach((server, keys) -> servers.add(server + " (" + keys + ")"));
        YcsbCheck live = ofKeys(present + " of " + (expected - lostWithServers) + " keys on the live servers present",
                expected - lostWithServers - present, told, evicted);
        return new YcsbCheck(false, false, "lost " + lostWithServers + " acknowledged writes: the records on "
                + String.join(", ", servers) + ", down; " + live.detail());
    }

    private static YcsbCheck ofKeys(String detail, long missing, YcsbCounts.Snapshot told, MemcachedStats evicted) {
        if (missing <= 0 || evicted == null || evicted.evictions() == 0) {
            return withReads(missing == 0, detail, told);
        }
        detail += "; memcached evicted " + evicted.evictions() + " items meanwhile (limit " + evicted.limit() + ")";
        if (evicted.evictions() < missing) {
            return withReads(false, detail + ": fewer than the " + missing + " keys missing, so some were lost", told);
        }
        YcsbCheck withReads = withReads(false, detail + ": missing keys may be evicted, not lost", told);
        // a read that found a wrong value is no eviction: that stays a mismatch
        return new YcsbCheck(false, told.verifyFailed() == 0, withReads.detail());
    }

    private static String lost(List<String> keys) {
        if (keys.isEmpty()) {
            return "";
        }
        String named = String.join(", ", keys.subList(0, Math.min(keys.size(), NAMED_LOST)));
        return "lost " + keys.size() + " acknowledged writes: keys " + named + (keys.size() > NAMED_LOST ? ", ..." : "") + "; ";
    }

    /** The verdict: ok, MISMATCH, or NOT CONFIRMED when every missing key may have been evicted. */
    IntegrityCheck integrity() {
        return mayBeEvicted ? IntegrityCheck.notConfirmed(detail) : IntegrityCheck.of(ok, detail);
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
