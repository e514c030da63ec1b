package dev.bench.jmh.jdbc;

import java.util.List;

/** The SQL databases benchmarked here and the few statements whose syntax differs between them. */
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

    /** One row holding the table's comment (maybe null) if the table exists in the current schema; no row if not. */
    String commentQuery() {
        return switch (this) {
            case POSTGRES -> "SELECT obj_description(c.oid, 'pg_class') FROM pg_class c WHERE c.oid = to_regclass(?)";
            case MYSQL -> "SELECT table_comment FROM information_schema.tables"
                    + " WHERE table_schema = DATABASE() AND table_name = ?";
            case H2 -> "SELECT remarks FROM information_schema.tables"
                    + " WHERE table_schema = CURRENT_SCHEMA AND table_name = UPPER(?)";
            case MSSQL -> "SELECT CAST(ep.value AS NVARCHAR(128)) FROM sys.tables t"
                    + " LEFT JOIN sys.extended_properties ep ON ep.class = 1 AND ep.major_id = t.object_id"
                    + " AND ep.minor_id = 0 AND ep.name = N'MS_Description' WHERE t.object_id = OBJECT_ID(?)";
        };
    }

    /** Creates the table with {@code comment} as its table comment. */
    List<String> createWithComment(String table, String columns, String comment) {
        String create = "CREATE TABLE " + table + " (" + columns + ")";
        return switch (this) {
            case POSTGRES, H2 -> List.of(create, "COMMENT ON TABLE " + table + " IS '" + comment + "'");
            case MYSQL -> List.of(create + " COMMENT='" + comment + "'");
            // Untested here (no SQL Server on these machines): a table comment is an extended property.
            case MSSQL -> List.of(create, "DECLARE @s sysname = SCHEMA_NAME();"
                    + " EXEC sys.sp_addextendedproperty @name = N'MS_Description', @value = N'" + comment + "',"
                    + " @level0type = N'SCHEMA', @level0name = @s, @level1type = N'TABLE', @level1name = N'" + table + "'");
        };
    }
}
