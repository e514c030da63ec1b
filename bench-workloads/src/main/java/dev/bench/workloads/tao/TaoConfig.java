package dev.bench.workloads.tao;

import dev.bench.core.OpKind;


import java.util.ArrayList;
import java.util.List;

/**
 * A TAOBench workload config, validated: which operations, of which types, on which shards, with
 * which edge types, in transactions of which sizes.
 *
 * @param operations    read, write, read transaction, write transaction
 * @param readTypes     types of single reads
 * @param writeTypes    types of single writes
 * @param readTxnTypes  types of the reads inside a read transaction
 * @param writeTxnTypes types of the writes inside a write transaction
 * @param primaryShards shard of the edge a request works on (50 shards)
 * @param remoteShards  shard of an edge's id2 at load and for new edges
 */
public record TaoConfig(String source, Weighted<Operation> operations, Weighted<TaoOp> readTypes,
                 Weighted<TaoOp> writeTypes, Weighted<TaoOp> readTxnTypes, Weighted<TaoOp> writeTxnTypes,
                 Weighted<Integer> readTxnSizes, Weighted<Integer> writeTxnSizes, Weighted<EdgeType> edgeTypes,
                 Weighted<Integer> primaryShards, Weighted<Integer> remoteShards) {

    static final int SHARDS = 50;

    /**
     * Reads a config: "A" or "O" for the shipped ones, else a file in TAOBench's JSON-lines format.
     *
     * @param warnings receives one line per ignored unknown name
     * @throws dev.bench.core.BenchException naming file and line when it is malformed
     */
    public static TaoConfig read(String nameOrPath, java.util.function.Consumer<String> warnings) {
        return TaoConfigReader.read(nameOrPath, warnings);
    }

    /** TAOBench's four top-level operations, in the order of the {@code operations} weights. */
    enum Operation { READ, WRITE, READ_TXN, WRITE_TXN }

    /**
     * The engine's op kinds, one per {@link TaoOp}: a single read's weight is P(read) x P(its type), and
     * so on; a whole transaction is one op, as TAOBench counts throughput.
     */
    List<OpKind> kinds() {
        List<OpKind> kinds = new ArrayList<>();
        for (TaoOp op : TaoOp.values()) {
            kinds.add(new OpKind(op.configName(), weight(op), 1));
        }
        return kinds;
    }

    double weight(TaoOp op) {
        return switch (op) {
            case READ_TXN -> operations.probabilityOf(Operation.READ_TXN);
            case WRITE_TXN -> operations.probabilityOf(Operation.WRITE_TXN);
            default -> op.isRead()
                    ? operations.probabilityOf(Operation.READ) * readTypes.probabilityOf(op)
                    : operations.probabilityOf(Operation.WRITE) * writeTypes.probabilityOf(op);
        };
    }

    static double mean(Weighted<Integer> sizes) {
        double mean = 0;
        for (int i = 0; i < sizes.values().size(); i++) {
            mean += sizes.values().get(i) * sizes.probability(i);
        }
        return mean;
    }
}
