package dev.bench.workloads.pgbench;

import dev.bench.core.jdbc.Dialect;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/** A statement's {@code ?} parameters set from the client's variables, as each database takes them. */
final class StatementParameters {

    private StatementParameters() {
    }

    /** @param v a variable's raw value: the text it was set to, a {@link Value}, or null when it is not set (sent as NULL) */
    static void bind(PreparedStatement ps, int index, Dialect dialect, Object v) throws SQLException {
        if (v == null) {
            ps.setNull(index, dialect == Dialect.POSTGRES ? Types.VARCHAR : Types.NULL);
            return;
        }
        if (v instanceof String text) {
            ps.setString(index, text);
            return;
        }
        Value value = (Value) v;
        if (dialect == Dialect.POSTGRES) {
            // untyped text, as pgbench sends its parameters: the server infers each one's type
            if (value.isNull()) {
                ps.setNull(index, Types.VARCHAR);
            } else {
                ps.setString(index, value.text());
            }
            return;
        }
        switch (value.type()) {
            case NULL -> ps.setNull(index, Types.NULL);
            case BOOLEAN -> ps.setBoolean(index, value.intValue() != 0);
            case INT -> ps.setLong(index, value.intValue());
            default -> ps.setDouble(index, value.doubleValue());
        }
    }
}
