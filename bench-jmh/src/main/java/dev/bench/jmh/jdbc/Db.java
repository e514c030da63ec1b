package dev.bench.jmh.jdbc;

/** The SQL databases benchmarked here, and how each driver takes extra options in its URL. */
public enum Db {
    POSTGRES, MYSQL, H2, MSSQL;

    /** Appends driver options ({@code a=1&b=2}) to a JDBC URL in the driver's own syntax. */
    public String withOptions(String url, String options) {
        if (options.isEmpty()) {
            return url;
        }
        if (this == MSSQL) {
            return url + ";" + options.replace('&', ';');
        }
        return url + (url.contains("?") ? "&" : "?") + options;
    }
}
