package dev.bench.core;

/**
 * The environment variables that name the servers integration tests and JMH benchmarks run against,
 * as {@code scripts/services.sh} prints them: one {@code eval "$(scripts/services.sh)"} serves both.
 */
public final class ServerVariables {

    public static final String POSTGRES_URL = "BENCH_POSTGRES_URL";
    /** MySQL or MariaDB, for MySQL Connector/J ({@code jdbc:mysql:}). */
    public static final String MYSQL_URL = "BENCH_MYSQL_URL";
    public static final String MSSQL_URL = "BENCH_MSSQL_URL";
    /** host:port, several separated by spaces or commas. */
    public static final String MEMCACHED = "BENCH_MEMCACHED";
    /** Set (CI): a missing server is a failure, not a skip. */
    public static final String REQUIRE = "BENCH_REQUIRE_SERVICES";

    private ServerVariables() {
    }

    /** The variable's value, trimmed; null when unset or blank. */
    public static String value(String variable) {
        String v = Caller.getenv(variable);
        return v == null || v.isBlank() ? null : v.trim();
    }

    /**
     * The variable's value; when unset, an exception with a one-line reason (a JMH benchmark's setup then
     * fails with it, and JMH goes on with the others).
     */
    public static String require(String variable) {
        String value = value(variable);
        if (value == null) {
            throw new IllegalStateException(variable + " is not set, so this benchmark has no server: skipped."
                    + " Set it (eval \"$(scripts/services.sh)\") or select other benchmarks (docs/jmh.md)");
        }
        return value;
    }
}
