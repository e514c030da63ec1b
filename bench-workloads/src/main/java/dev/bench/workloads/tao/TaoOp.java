package dev.bench.workloads.tao;

import java.util.Locale;

/**
 * TAOBench's operation types, in the order they are listed in a config, with the report category each
 * belongs to. These are also the engine's op kinds (13 of them).
 */
enum TaoOp {
    OBJ_READ(Category.READ),
    EDGE_POINT_READ(Category.READ),
    EDGE_RANGE_READ(Category.READ),
    EDGE_COUNT_READ(Category.READ),
    EDGE_TIME_READ(Category.READ),
    OBJ_ADD(Category.INSERT),
    OBJ_UPDATE(Category.UPDATE),
    OBJ_DELETE(Category.DELETE),
    EDGE_ADD(Category.INSERT),
    EDGE_UPDATE(Category.UPDATE),
    EDGE_DELETE(Category.DELETE),
    READ_TXN(Category.READTRANSACTION),
    WRITE_TXN(Category.WRITETRANSACTION);

    /** TAOBench's report categories, in its print order (SCAN and READMODIFYWRITE never occur here). */
    enum Category { INSERT, READ, UPDATE, SCAN, READMODIFYWRITE, DELETE, READTRANSACTION, WRITETRANSACTION }

    static final TaoOp[] READS = {OBJ_READ, EDGE_POINT_READ, EDGE_RANGE_READ, EDGE_COUNT_READ, EDGE_TIME_READ};
    static final TaoOp[] WRITES = {OBJ_ADD, OBJ_UPDATE, OBJ_DELETE, EDGE_ADD, EDGE_UPDATE, EDGE_DELETE};

    final Category category;

    TaoOp(Category category) {
        this.category = category;
    }

    /** The name in configs and reports: "edge_point_read". */
    String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Contains "edge": works on an edge key, else on an object (TAOBench's rule). */
    boolean onEdge() {
        return name().startsWith("EDGE");
    }

    boolean isRead() {
        return category == Category.READ;
    }

    /** A single read or a read transaction: what reads-to replicas sends to a replica. */
    boolean readsOnly() {
        return isRead() || this == READ_TXN;
    }

    static TaoOp byConfigName(String name) {
        for (TaoOp op : values()) {
            if (op.configName().equals(name)) {
                return op;
            }
        }
        return null;
    }
}
