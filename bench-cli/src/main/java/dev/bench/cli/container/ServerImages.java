package dev.bench.cli.container;

/**
 * The pinned images {@code --container} starts. docker/compose.yaml uses the same ones
 * ({@code scripts/lint-workflows.sh} checks that they agree).
 */
public final class ServerImages {

    public static final String POSTGRES = "postgres:15";
    public static final String MYSQL = "mysql:8.4";
    public static final String MARIADB = "mariadb:10.11";
    public static final String MSSQL = "mcr.microsoft.com/mssql/server:2022-CU16-ubuntu-22.04";
    public static final String MEMCACHED = "memcached:1.6";

    private ServerImages() {
    }
}
