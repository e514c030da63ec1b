package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Creates TAOBench's tables (only ever replacing tables the tool created) and counts their rows. */
final class TaoSchema {

    private TaoSchema() {
    }

    static void recreate(JdbcTarget target, TaoSql sql) throws SQLException {
        try (Connection c = target.connection()) {
            init(c, sql);
            OwnedTables owned = new OwnedTables(c);
            owned.dropOwnedOrRefuse(TaoSql.TABLES);
            owned.claim("tao", TaoSql.TABLES);
            try (Statement s = c.createStatement()) {
                for (String ddl : sql.ddl) {
                    s.execute(ddl);
                }
            }
            owned.register("tao", TaoSql.TABLES);
        }
    }

    /** @throws BenchException with one line saying to load first, when the tables aren't there */
    static void requireLoaded(Connection c) throws SQLException {
        OwnedTables owned = new OwnedTables(c);
        owned.requireExisting(TaoSql.TABLES, "run 'bench tao load' (or -load) first");
        if (count(c, TaoSql.COUNT_EDGES) == 0) {
            throw new BenchException("the edges table is empty; run 'bench tao load' (or -load) first");
        }
    }

    static void init(Connection c, TaoSql sql) throws SQLException {
        if (sql.sessionInit != null) {
            try (Statement s = c.createStatement()) {
                s.execute(sql.sessionInit);
            }
        }
    }

    static long count(Connection c, String countSql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(countSql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
