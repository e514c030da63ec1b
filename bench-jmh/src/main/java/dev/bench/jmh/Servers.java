package dev.bench.jmh;

/**
 * Where benchmarks find their servers: the environment variables the integration tests use, so one
 * {@code eval "$(scripts/services.sh)"} serves both.
 */
public final class Servers {

    public static final String POSTGRES_URL = "BENCH_POSTGRES_URL";
    public static final String MYSQL_URL = "BENCH_MYSQL_URL";
    public static final String MSSQL_URL = "BENCH_MSSQL_URL";
    /** host:port, several separated by spaces or commas. */
    public static final String MEMCACHED = "BENCH_MEMCACHED";

    private Servers() {
    }

    /**
     * The variable's value. When unset, fails the benchmark's setup with a one-line reason (JMH reports it
     * as that benchmark's failure and goes on); {@code scripts/jmh-ci.sh} never selects such a benchmark.
     */
    public static String require(String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(variable + " is not set, so this benchmark has no server: skipped."
                    + " Set it (eval \"$(scripts/services.sh)\") or select other benchmarks (docs/jmh.md)");
        }
        return value.trim();
    }
}
