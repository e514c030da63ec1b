package dev.bench.jmh;

/** The benchmarks' fixture tables ({@code jmh_point}, {@code jmh_range}, {@code jmh_batch}) are registered under this owner. */
public final class JmhTables {

    public static final String OWNER = "bench-jmh";

    private JmhTables() {
    }
}
