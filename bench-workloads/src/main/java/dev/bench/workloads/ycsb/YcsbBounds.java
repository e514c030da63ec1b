package dev.bench.workloads.ycsb;

import dev.bench.core.settings.Require;

import java.util.Locale;

/**
 * What YCSB would take and then spend a long time on, refused before anything connects, each in one line
 * naming the property and its bound: a load with no end (no recordcount or insertcount: YCSB's 2^31
 * records), a load paced below one statement a second (it offers 0 ops for minutes), and records that
 * can't be held in memory (fieldlength 2000000000 ran out of heap 14 s in).
 */
final class YcsbBounds {

    /** The share of the heap the records in flight may take: values are built, bound and copied by the driver. */
    private static final int HEAP_SHARE = 4;

    private YcsbBounds() {
    }

    static void check(YcsbSettings settings, PropertyReader p, CoreConfig config, int rowsPerStatement, int threads,
                      double rate) {
        if (settings.isLoad()) {
            Require.that(p.has("recordcount") || p.has("insertcount"), "a load needs recordcount (or insertcount): "
                    + "without them YCSB loads " + Integer.MAX_VALUE + " records");
            Require.that(rate == 0 || rate >= rowsPerStatement, String.format(Locale.ROOT, "-target %s ops/s paces a load "
                    + "in statements of %d records: it must be 0 (unpaced) or at least %d, or set db.batchsize lower",
                    fmt(rate), rowsPerStatement, rowsPerStatement));
        }
        boolean scans = !settings.isLoad() && config.scanProportion() > 0;
        long recordsAtOnce = Math.max(rowsPerStatement, scans ? config.maxScanLength() : 1);
        long recordBytes = (long) config.fieldCount() * config.fieldLength();
        long inFlight = saturatedProduct(recordBytes, recordsAtOnce, threads);
        long allowed = Runtime.getRuntime().maxMemory() / HEAP_SHARE;
        Require.that(inFlight <= allowed, String.format(Locale.ROOT, "fieldlength %d x fieldcount %d = %,d bytes a record, "
                + "x %d records at once (%s) x %d threads: %,d bytes in flight, more than a quarter of this JVM's heap "
                + "(%,d MiB); lower fieldlength, fieldcount, %s or the threads, or give Java more heap (JAVA_OPTS=-Xmx...)",
                config.fieldLength(), config.fieldCount(), recordBytes, recordsAtOnce,
                scans ? "maxscanlength" : settings.isLoad() ? "db.batchsize" : "one", threads, inFlight,
                Runtime.getRuntime().maxMemory() >> 20, scans ? "maxscanlength" : "db.batchsize"));
    }

    private static long saturatedProduct(long a, long b, long c) {
        try {
            return Math.multiplyExact(Math.multiplyExact(a, b), c);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
