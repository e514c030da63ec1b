package dev.bench.workloads.ycsb;

import dev.bench.core.Batch;
import dev.bench.core.Session;
import dev.bench.core.random.SplitMix64;

/**
 * One worker running YCSB's operations on its store connection, each op's keys and values drawn from
 * the op's own generator. A record not found is the op's expected refusal (YCSB's NOT_FOUND): it
 * completed, and is counted as rejected. With {@code --reads-to replicas}, reads and scans go to a
 * connection of their own on a replica; everything else (read-modify-write's read included, and the
 * look-up of an insert in doubt) stays on the primary's.
 *
 * <p>Threading: one worker; {@link #abort} from any thread.
 */
final class YcsbSession implements Session {

    private final YcsbWorkload workload;
    private final YcsbStore.Connection connection;
    /** The same as {@link #connection} unless reads go to replicas. */
    private final YcsbStore.Connection reads;
    private final Records records;
    private final CoreConfig config;
    private final String[] values;
    private final String[] keys;
    private final String[][] rows;
    /** Whether ops count against their key's server ({@link YcsbStore.Connection#hostPerKey}: a memcached pool). */
    private final boolean hostPerKey;
    /** The batch and op being served, for {@link #at}. */
    private Batch batch;
    private int op;

    /** @param reads the replica connection for reads and scans, or null to read on {@code connection} */
    YcsbSession(YcsbWorkload workload, YcsbStore.Connection connection, YcsbStore.Connection reads) {
        this.workload = workload;
        this.connection = connection;
        this.reads = reads == null ? connection : reads;
        this.records = workload.records();
        this.config = workload.config();
        this.values = new String[config.fieldCount()];
        int batch = workload.isLoad() ? workload.rowsPerInsert() : 1;
        this.keys = new String[batch];
        this.rows = new String[batch][config.fieldCount()];
        this.hostPerKey = connection.hostPerKey();
    }

    @Override
    public void execute(Batch batch) throws Exception {
        this.batch = batch;
        for (int i = 0; i < batch.size(); i++) {
            op = i;
            SplitMix64 random = batch.random(i);
            boolean found = workload.isLoad() ? load(batch.opIndex(i), random) : switch (workload.op(batch.kind())) {
                case READ -> read(random);
                case UPDATE -> update(workload.keys().next(random), random);
                case INSERT -> insert(batch.opIndex(i), random);
                case SCAN -> scan(random);
                case READ_MODIFY_WRITE -> readModifyWrite(random);
            };
            if (!found) {
                batch.reject(i);
            }
        }
    }

    private boolean load(long statement, SplitMix64 random) throws Exception {
        long first = config.insertStart() + statement * keys.length;
        int n = (int) Math.min(keys.length, config.insertStart() + config.insertCount() - first);
        for (int r = 0; r < n; r++) {
            keys[r] = records.key(first + r);
            fill(keys[r], rows[r], random);
        }
        at(keys[0]); // a statement of many records spans a pool's servers: it counts against its first record's
        if (landedEarlier(keys[0])) {
            workload.counts().acknowledged(keys, n);
            return true;
        }
        try {
            connection.insert(keys, rows, n);
        } catch (Exception e) {
            if (workload.inDoubtAfter(e)) {
                workload.counts().inDoubt(keys, n);
            }
            throw e;
        }
        workload.counts().acknowledged(keys, n);
        return true;
    }

    /**
     * A retry of an insert whose earlier attempt failed in doubt: whether that attempt landed after all (a
     * statement is atomic, so its first key tells), so the retry neither inserts twice nor fails on the key.
     */
    private boolean landedEarlier(String firstKey) throws Exception {
        return workload.counts().isInDoubt(firstKey) && connection.read(firstKey, -1, values);
    }

    private boolean read(SplitMix64 random) throws Exception {
        String key = records.key(workload.keys().next(random));
        at(key);
        int field = config.readAllFields() ? -1 : records.randomField(random);
        boolean found = reads.read(key, field, values);
        if (config.dataIntegrity()) {
            verify(key, found);
        }
        return found;
    }

    private boolean update(long keynum, SplitMix64 random) throws Exception {
        String key = records.key(keynum);
        at(key);
        writeValues(key, random);
        return connection.update(key, values);
    }

    /** As YCSB: the insert's record number is released to readers when it finished, whatever the outcome. */
    private boolean insert(long opIndex, SplitMix64 random) throws Exception {
        long keynum = config.recordCount() + opIndex;
        String key = records.key(keynum);
        at(key);
        try {
            keys[0] = key;
            fill(key, rows[0], random);
            if (!landedEarlier(key)) {
                connection.insert(keys, rows, 1);
            }
            workload.counts().acknowledged(keys, 1);
            workload.insertedKey(key);
            workload.acknowledgedInsert(keynum);
            return true;
        } catch (Exception e) {
            if (workload.inDoubtAfter(e)) {
                workload.counts().inDoubt(keys, 1);
            }
            throw e;
        } finally {
            workload.inserted().acknowledge(keynum);
        }
    }

    private boolean scan(SplitMix64 random) throws Exception {
        String start = records.key(workload.keys().next(random));
        int length = (int) workload.scanLength().next(random);
        int field = config.readAllFields() ? -1 : records.randomField(random);
        return reads.scan(start, length, field) > 0;
    }

    /** A read and an update of one record, timed as one op. */
    private boolean readModifyWrite(SplitMix64 random) throws Exception {
        long keynum = workload.keys().next(random);
        String key = records.key(keynum);
        at(key);
        int field = config.readAllFields() ? -1 : records.randomField(random);
        boolean found = connection.read(key, field, values);
        if (config.dataIntegrity()) {
            verify(key, found);
        }
        return update(keynum, random) && found;
    }

    /** The op's key, before it is sent: in a pool, the op counts against that key's server, failed or not. */
    private void at(String key) {
        if (hostPerKey) {
            batch.servedBy(op, connection.hostOf(key));
        }
    }

    private void verify(String key, boolean found) {
        boolean ok = found;
        boolean any = false;
        for (int i = 0; ok && i < values.length; i++) {
            if (values[i] != null) {
                any = true;
                ok = records.verify(key, i, values[i]);
            }
        }
        workload.counts().verification(ok && any);
    }

    /** writeallfields: every field; else one chosen uniformly, the others null. */
    private void writeValues(String key, SplitMix64 random) {
        if (config.writeAllFields()) {
            fill(key, values, random);
            return;
        }
        java.util.Arrays.fill(values, null);
        int field = records.randomField(random);
        values[field] = records.value(key, field, random);
    }

    private void fill(String key, String[] into, SplitMix64 random) {
        for (int f = 0; f < into.length; f++) {
            into[f] = records.value(key, f, random);
        }
    }

    @Override
    public int host(int kind) {
        return workload.isLoad() || !workload.onReplicas(workload.op(kind)) ? connection.host() : reads.host();
    }

    @Override
    public void abort() {
        connection.abort();
        if (reads != connection) {
            reads.abort();
        }
    }

    @Override
    public void close() throws Exception {
        try {
            connection.close();
        } finally {
            if (reads != connection) {
                reads.close();
            }
        }
    }
}
