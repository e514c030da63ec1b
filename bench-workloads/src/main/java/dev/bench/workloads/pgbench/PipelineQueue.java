package dev.bench.workloads.pgbench;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements of a pgbench pipeline waiting for its next {@code \syncpipeline} or {@code \endpipeline},
 * each with its parameters' values as they were when the client reached it (a later {@code \set} does
 * not change them). They go out as one multi-statement prepared statement: pgjdbc writes each
 * statement's Parse/Bind/Execute and a single Sync after them all, so a pipeline costs one round trip,
 * as with libpq's pipeline mode, and an error skips the rest up to the Sync, as there. Statements go as
 * written: BEGIN and COMMIT travel with the others.
 */
final class PipelineQueue {

    private final StringBuilder sql = new StringBuilder();
    private final List<Object> values = new ArrayList<>();
    private boolean commits;

    /** @param queryValues the query's parameters' values in order: a String or a {@link Value} each */
    void add(Command.Query query, List<Object> queryValues) {
        if (!sql.isEmpty()) {
            sql.append(";\n");
        }
        sql.append(query.jdbcText());
        values.addAll(queryValues);
        commits |= query.transaction() == Command.Transaction.COMMIT;
    }

    boolean isEmpty() {
        return sql.isEmpty();
    }

    /** The queued statements as one SQL text, {@code ?} for each parameter. */
    String sql() {
        return sql.toString();
    }

    List<Object> values() {
        return values;
    }

    /** Whether a COMMIT (or END) is among the queued statements: lost with the connection, it is in doubt. */
    boolean commits() {
        return commits;
    }

    void clear() {
        sql.setLength(0);
        values.clear();
        commits = false;
    }
}
