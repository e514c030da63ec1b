package dev.bench.workloads.ycsb;

import java.util.ArrayList;
import java.util.List;

/** YCSB's operations: the op kind's name here and the label of YCSB's report ({@code [READ]}, ...). */
public enum YcsbOp {
    READ("read", "READ"),
    UPDATE("update", "UPDATE"),
    INSERT("insert", "INSERT"),
    SCAN("scan", "SCAN"),
    READ_MODIFY_WRITE("read-modify-write", "READ-MODIFY-WRITE");

    private final String kind;
    private final String label;

    YcsbOp(String kind, String label) {
        this.kind = kind;
        this.label = label;
    }

    public String kind() {
        return kind;
    }

    public String label() {
        return label;
    }

    public double proportion(CoreConfig c) {
        return switch (this) {
            case READ -> c.readProportion();
            case UPDATE -> c.updateProportion();
            case INSERT -> c.insertProportion();
            case SCAN -> c.scanProportion();
            case READ_MODIFY_WRITE -> c.readModifyWriteProportion();
        };
    }

    /** A run's ops: those with a proportion above 0, in YCSB's order. */
    public static List<YcsbOp> of(CoreConfig c) {
        List<YcsbOp> ops = new ArrayList<>();
        for (YcsbOp op : values()) {
            if (op.proportion(c) > 0) {
                ops.add(op);
            }
        }
        return ops;
    }

    public static YcsbOp ofKind(String kind) {
        for (YcsbOp op : values()) {
            if (op.kind.equals(kind)) {
                return op;
            }
        }
        throw new IllegalArgumentException("no YCSB op " + kind);
    }
}
