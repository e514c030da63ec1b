package dev.bench.workloads.ycsb;

import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * YCSB's CoreWorkload on one store. {@code load}: one kind, "insert", each op one statement of up to
 * {@code rowsPerInsert} records numbered from insertstart (op i loads records i x rows ...). {@code run}:
 * the kinds with a proportion above 0, weighted by it; each op one YCSB operation, keys from
 * {@link KeyChooser}, inserts numbered from recordcount by the insert's op index.
 *
 * <p>Threading: {@link #openSession} and {@link #classify} from any worker; the generators, counters
 * and the inserted-key list are thread-safe.
 */
public final class YcsbWorkload implements Workload {

    private final YcsbStore store;
    private final CoreConfig config;
    private final boolean load;
    private final int rowsPerInsert;
    private final Records records;
    private final AcknowledgedCounter inserted;
    private final KeyChooser keys;
    private final LongGenerator scanLength;
    private final List<YcsbOp> ops;
    private final YcsbCounts counts = new YcsbCounts();
    private final Queue<String> insertedKeys = new ConcurrentLinkedQueue<>();
    /** Run: the inserts acknowledged, by record number less recordcount (a bit each), to name lost ones. */
    private final BitSet acknowledgedInserts = new BitSet();

    /** @param rowsPerInsert load only: records a statement inserts */
    public YcsbWorkload(YcsbStore store, CoreConfig config, boolean load, int rowsPerInsert) {
        this.store = store;
        this.config = config;
        this.load = load;
        this.rowsPerInsert = rowsPerInsert;
        this.records = new Records(config);
        this.inserted = new AcknowledgedCounter(config.recordCount());
        this.keys = load ? null : new KeyChooser(config, inserted);
        this.scanLength = config.scanLengthDistribution().equals("zipfian")
                ? new Zipfian(config.minScanLength(), config.maxScanLength())
                : LongGenerator.uniform(config.minScanLength(), config.maxScanLength());
        this.ops = load ? List.of(YcsbOp.INSERT) : YcsbOp.of(config);
    }

    @Override
    public List<OpKind> kinds() {
        List<OpKind> kinds = new ArrayList<>();
        for (YcsbOp op : ops) {
            kinds.add(new OpKind(op.kind(), load ? 1 : op.proportion(config), 1));
        }
        return kinds;
    }

    @Override
    public Session openSession(int workerIndex) throws Exception {
        YcsbStore.Connection connection = store.open(workerIndex);
        try {
            return new YcsbSession(this, connection, load ? null : store.openReads(workerIndex));
        } catch (Exception e) {
            connection.close();
            throw e;
        }
    }

    /** Reads and scans, when the store reads from replicas ({@code --reads-to replicas}). */
    @Override
    public boolean onReplicas(OpKind kind) {
        return !load && onReplicas(ops.get(kinds().indexOf(kind)));
    }

    boolean onReplicas(YcsbOp op) {
        return store.readsFromReplicas() && (op == YcsbOp.READ || op == YcsbOp.SCAN);
    }

    @Override
    public ErrorKind classify(Exception failure) {
        return store.classify(failure);
    }

    /**
     * Whether an insert that failed so may have happened: yes unless the server refused it (a duplicate
     * key: FAILED) or rolled it back (RETRYABLE); a statement is atomic and autocommitted.
     */
    boolean inDoubtAfter(Exception failure) {
        ErrorKind kind = store.classify(failure);
        return kind != ErrorKind.FAILED && kind != ErrorKind.RETRYABLE;
    }

    /** Statements the load takes: insertcount records, rowsPerInsert a statement. */
    public long loadStatements() {
        return (config.insertCount() + rowsPerInsert - 1) / rowsPerInsert;
    }

    /** The keys the store must hold after this phase, for a store that counts keys (memcached). */
    public List<String> expectedKeys() {
        List<String> expected = new ArrayList<>();
        long from = load ? config.insertStart() : 0;
        long to = load ? config.insertStart() + config.insertCount() : config.recordCount();
        for (long k = from; k < to; k++) {
            expected.add(records.key(k));
        }
        if (!load) {
            expected.addAll(insertedKeys);
        }
        return expected;
    }

    YcsbOp op(int kind) {
        return ops.get(kind);
    }

    boolean isLoad() {
        return load;
    }

    int rowsPerInsert() {
        return rowsPerInsert;
    }

    CoreConfig config() {
        return config;
    }

    Records records() {
        return records;
    }

    KeyChooser keys() {
        return keys;
    }

    LongGenerator scanLength() {
        return scanLength;
    }

    AcknowledgedCounter inserted() {
        return inserted;
    }

    /** A run's insert of record {@code keynum} was acknowledged. */
    void acknowledgedInsert(long keynum) {
        long offset = keynum - config.recordCount();
        if (!load && offset >= 0 && offset < Integer.MAX_VALUE) {
            synchronized (acknowledgedInserts) {
                acknowledgedInserts.set((int) offset);
            }
        }
    }

    /** The keys of the run's acknowledged inserts, for the check to name those missing. */
    public List<String> acknowledgedInsertKeys() {
        List<String> keys = new ArrayList<>();
        synchronized (acknowledgedInserts) {
            for (int i = acknowledgedInserts.nextSetBit(0); i >= 0; i = acknowledgedInserts.nextSetBit(i + 1)) {
                keys.add(records.key(config.recordCount() + i));
            }
        }
        return keys;
    }

    void insertedKey(String key) {
        if (store.countsKeys()) {
            insertedKeys.add(key);
        }
    }

    public YcsbCounts counts() {
        return counts;
    }
}
