package dev.bench.workloads.tao;

/** TAOBench's edge types, stored as their ordinal in the {@code type} column. */
enum EdgeType {
    UNIQUE, BIDIRECTIONAL, UNIQUE_AND_BIDIRECTIONAL, OTHER;

    String configName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** By name ("unique") or by number ("0"). */
    static EdgeType parse(String text) {
        for (EdgeType t : values()) {
            if (t.configName().equals(text) || String.valueOf(t.ordinal()).equals(text)) {
                return t;
            }
        }
        return null;
    }
}
