package dev.bench.workloads.pgbench;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A client's SQL on its JDBC connection: each statement as pgbench sends it (in simple mode with the
 * variables' values in its text; in extended and prepared modes with {@code ?} parameters, a variable
 * not set going as NULL), transaction control (BEGIN, END, ...) as JDBC calls so that one script runs
 * on every database, \gset and \aset ({@link ResultVariables}), and pipelines (PostgreSQL).
 *
 * <p>Threading: the client's worker thread, but for {@link #abort} (any thread).
 */
final class JdbcExecutor {

    private final Dialect dialect;
    private final String protocol;
    private final List<Script> scripts;
    private final Variables variables;
    private final PgbenchCounters counters;
    private final int clientId;
    /** The connection the script running uses. Volatile: {@link #abort} reads it from another thread. */
    private volatile Connection connection;
    /** The client's own connection, for scripts that write (every script without --reads-to replicas). */
    private final Connection writes;
    /** The client's read-only connection on the replicas for its read-only scripts, or {@link #writes}. */
    private final Connection reads;
    private final ResultVariables resultVariables;
    private final PreparedStatement[][][] prepared;
    /** Each distinct pipeline text's statement, prepared once per connection as the single statements are. */
    private final Map<String, PreparedStatement> pipelineStatements = new HashMap<>();
    /** Between \startpipeline and \endpipeline (PostgreSQL): the statements not yet sent; null outside one. */
    private PipelineQueue pipeline;
    /** Whether the pipeline's last send held a COMMIT: lost with the connection, it is in doubt. */
    private boolean pipelineCommits;
    /** Where the statement running is: its script, command, and its index in a \; compound, for pgbench's messages. */
    private int script;
    private int command;
    private int query;

    /**
     * @param connection the client's connection; null with -C (each transaction {@link #use}s one)
     * @param reads      the client's connection on the replicas for read-only scripts, or null: they use {@code connection}
     */
    JdbcExecutor(Connection connection, Connection reads, Dialect dialect, String protocol, List<Script> scripts, Variables variables,
                 PgbenchCounters counters, int clientId) throws SQLException {
        this.connection = connection;
        this.writes = connection;
        this.reads = reads == null ? connection : reads;
        this.dialect = dialect;
        this.protocol = protocol;
        this.scripts = scripts;
        this.variables = variables;
        this.counters = counters;
        this.clientId = clientId;
        this.resultVariables = new ResultVariables(dialect, variables, clientId);
        this.prepared = new PreparedStatement[scripts.size()][][];
        for (int i = 0; i < scripts.size(); i++) {
            prepared[i] = new PreparedStatement[scripts.get(i).commands().size()][];
        }
        if (connection != null) {
            connection.setAutoCommit(true);
        }
    }

    /**
     * The connection for a transaction of a script: the replicas' for a read-only one. A script always runs on the
     * same one, so the statements prepared for it ({@link #prepared}) belong to it; read-only scripts have no pipeline.
     */
    void forScript(boolean readOnly) {
        connection = readOnly ? reads : writes;
    }

    /** -C: the connection for the next transaction. */
    void use(Connection c) throws SQLException {
        connection = c;
        c.setAutoCommit(true);
    }

    /** -C: closes the transaction's connection, and forgets the statements prepared on it. */
    void release() throws SQLException {
        Connection used = connection;
        connection = null;
        for (PreparedStatement[][] forScript : prepared) {
            Arrays.fill(forScript, null);
        }
        pipelineStatements.clear();
        used.close();
    }

    /** The script starts over: no pipeline open, no statement run yet. */
    void start(int s) {
        script = s;
        command = 0;
        query = 0;
        pipeline = null;
    }

    /** The statement of the SQL command running (its index in a \; compound). */
    int query() {
        return query;
    }

    boolean inPipeline() {
        return pipeline != null;
    }

    /** Whether the pipeline's last send held a COMMIT. */
    boolean pipelineCommits() {
        return pipelineCommits;
    }

    boolean inTransaction() throws SQLException {
        return !connection.getAutoCommit();
    }

    /** Command {@code pc} of script {@code s}: its statements, or their queueing in a pipeline. */
    void sql(int s, int pc, Command.Sql sql) throws SQLException {
        script = s;
        command = pc;
        List<Command.Query> queries = sql.queries();
        if (pipeline != null) {
            if (sql.results() != Command.Results.DISCARD) {
                String word = sql.results() == Command.Results.GSET ? "gset" : "aset";
                throw new ClientAbort("client " + clientId + " aborted in command " + pc + " (" + word + ") of script " + s
                        + "; \\" + word + " is not allowed in pipeline mode", null);
            }
            for (Command.Query q : queries) {
                counters.trace(clientId, "sending " + q.text());
                pipeline.add(q, values(q));
            }
            return;
        }
        for (int q = 0; q < queries.size(); q++) {
            Command.Query statement = queries.get(q);
            query = q;
            boolean simple = protocol.equals("simple");
            String text = simple ? SqlText.substitute(statement.text(), variables::text) : statement.text();
            counters.trace(clientId, "sending " + text);
            if (TransactionControl.apply(connection, statement)) {
                continue;
            }
            boolean last = q == queries.size() - 1;
            Command.Results results = sql.results() == Command.Results.GSET && !last ? Command.Results.DISCARD : sql.results();
            if (simple) {
                try (Statement st = connection.createStatement()) {
                    readResults(st, st.execute(text), results, sql.prefix());
                }
            } else {
                PreparedStatement ps = statement(s, pc, q, statement);
                List<String> names = statement.parameters();
                for (int i = 0; i < names.size(); i++) {
                    StatementParameters.bind(ps, i + 1, dialect, variables.raw(names.get(i)));
                }
                readResults(ps, ps.execute(), results, sql.prefix());
            }
        }
    }

    /** \startpipeline opens a pipeline; \syncpipeline and \endpipeline send what it queued, \endpipeline closes it. */
    void pipeline(Command.PipelineStep step) throws SQLException {
        if (step == Command.PipelineStep.START) {
            pipeline = new PipelineQueue();
            return;
        }
        send(pipeline);
        if (step == Command.PipelineStep.END) {
            pipeline = null;
        }
    }

    /** A pipeline's queued statements in one round trip; their result rows are discarded (no \gset in a pipeline). */
    private void send(PipelineQueue queue) throws SQLException {
        if (queue.isEmpty()) {
            return;
        }
        String sql = queue.sql();
        PreparedStatement ps = pipelineStatements.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            pipelineStatements.put(sql, ps);
        }
        List<Object> values = queue.values();
        for (int i = 0; i < values.size(); i++) {
            StatementParameters.bind(ps, i + 1, dialect, values.get(i));
        }
        pipelineCommits = queue.commits();
        queue.clear();
        try {
            readResults(ps, ps.execute(), Command.Results.DISCARD, "");
        } finally {
            TransactionControl.followServer(connection);
        }
    }

    /** A query's parameters' values now (a pipeline sends them later): the text or {@link Value} each variable holds, null if not set. */
    private List<Object> values(Command.Query q) {
        List<Object> values = new ArrayList<>(q.parameters().size());
        for (String name : q.parameters()) {
            values.add(variables.raw(name));
        }
        return values;
    }

    private PreparedStatement statement(int s, int pc, int q, Command.Query statement) throws SQLException {
        PreparedStatement[] forCommand = prepared[s][pc];
        if (forCommand == null) {
            forCommand = new PreparedStatement[((Command.Sql) scripts.get(s).commands().get(pc)).queries().size()];
            prepared[s][pc] = forCommand;
        }
        if (forCommand[q] == null) {
            forCommand[q] = connection.prepareStatement(statement.jdbcText());
        }
        return forCommand[q];
    }

    /** Every result read; \gset's or \aset's row into the variables, with where the statement is for the errors. */
    private void readResults(Statement st, boolean rows, Command.Results results, String prefix) throws SQLException {
        resultVariables.consume(st, rows, results, prefix, script, command, query);
    }

    /** Rolls back an open transaction; a broken connection is left to the engine to replace. */
    void rollbackQuietly() {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        } catch (SQLException ignored) {
            // the connection is broken; the engine reconnects
        }
    }

    /** Cuts the connection off (a run abandoning a blocked client); any thread, never blocks. */
    void abort() {
        JdbcTarget.abort(connection);
        if (reads != writes) {
            JdbcTarget.abort(reads);
            JdbcTarget.abort(writes);
        }
    }

    void close() throws SQLException {
        Connection c = connection;
        try {
            if (c != null) {
                c.close();
            }
        } finally {
            if (reads != writes) {
                try {
                    reads.close();
                } finally {
                    writes.close();
                }
            }
        }
    }
}
