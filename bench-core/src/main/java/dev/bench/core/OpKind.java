package dev.bench.core;

/**
 * One kind of operation a workload offers (vote's "read" and "write", TPC-C's "new-order", ...).
 *
 * @param name     short name used in reports and result files; lower case, no spaces
 * @param weight   relative share of the offered load; kinds with weight 0 are never generated
 * @param maxBatch how many due ops of this kind a worker may hand to the backend in one call (1 = no batching)
 */
public record OpKind(String name, double weight, int maxBatch) {

    public OpKind {
        if (name == null || !name.matches("[a-z][a-z0-9_-]*")) {
            throw new IllegalArgumentException("op kind name must be lower case letters, digits, '-' or '_': " + name);
        }
        if (!(weight >= 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("op kind '" + name + "' weight must be >= 0, got " + weight);
        }
        if (maxBatch < 1) {
            throw new IllegalArgumentException("op kind '" + name + "' maxBatch must be >= 1, got " + maxBatch);
        }
    }
}
