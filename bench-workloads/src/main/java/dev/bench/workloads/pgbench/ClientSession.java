package dev.bench.workloads.pgbench;

import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.Session;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One pgbench client: a connection, its variables (kept across transactions), and the scripts it runs,
 * one whole script per op. Transaction control in a script (BEGIN, START TRANSACTION, END, COMMIT,
 * ROLLBACK) becomes the JDBC calls for it, so one script runs on every database; everything else is
 * sent as written: with {@code ?} parameters in extended and prepared modes, with the values as text in
 * simple mode.
 *
 * <p>Threading: one worker thread at a time (Session contract); the counters it adds to are thread-safe.
 */
final class ClientSession implements Session {

    /** Opens a connection of its own for each transaction (-C); null: one connection for the session. */
    interface Connector {
        Connection open() throws SQLException;
    }

    /** Volatile: {@link #abort} reads it from another thread. */
    private volatile Connection connection;
    private static final long ABORTED_PAUSE_MILLIS = 10;
    /** Set once this client aborted: it runs no more transactions (pgbench ends the client). */
    private ClientAbort aborted;
    private final Connector connectEach;
    /** -L with -R: a transaction already this late when its client gets to it is skipped; 0: none is. */
    private final long skipLateNanos;
    /** -l's files, or null. */
    private final TransactionLog log;
    /** Transactions this client ended, for -l's transaction_no. */
    private long transactions;
    private final Dialect dialect;
    private final List<Script> scripts;
    private final String protocol;
    private final Variables variables;
    private final PgbenchCounters counters;
    private final int clientId;
    private final PreparedStatement[][][] prepared;
    private final long[][] commandNanos;
    private final long[][] commandCounts;
    private final long[][] commandFailures;
    private final Retries retries;
    /** The command running (or that failed): for in-doubt commits and -r's failures. */
    private int pc;
    /** The script running now, for debug()'s lines. */
    private int currentScript;
    /** Between \startpipeline and \endpipeline (PostgreSQL): the statements not yet sent; null outside one. */
    private PipelineQueue pipeline;
    /** Whether the pipeline's last send held a COMMIT: lost with the connection, it is in doubt. */
    private boolean pipelineCommits;
    /** Each distinct pipeline text's statement, prepared once per connection as the single statements are. */
    private final Map<String, PreparedStatement> pipelineStatements = new HashMap<>();

    /**
     * @param connection  the session's connection, or null with {@code connectEach}
     * @param connectEach -C's connector, or null
     */
    ClientSession(Connection connection, Connector connectEach, Dialect dialect, List<Script> scripts, String protocol,
                  Retries retries, long skipLateNanos, Map<String, Value> initial, Map<String, String> defines,
                  PgbenchCounters counters, TransactionLog log, int clientId) throws SQLException {
        this.retries = retries;
        this.skipLateNanos = skipLateNanos;
        this.log = log;
        this.connection = connection;
        this.connectEach = connectEach;
        this.dialect = dialect;
        this.scripts = scripts;
        this.protocol = protocol;
        this.counters = counters;
        this.clientId = clientId;
        // pgbench's words: the script's index and the command's number from 1
        this.variables = new Variables(line -> counters.debug("debug(script=" + currentScript + ",command=" + (pc + 1) + "): " + line));
        defines.forEach(variables::setText);
        initial.forEach(variables::set);
        variables.set("client_id", Value.of(clientId));
        this.prepared = new PreparedStatement[scripts.size()][][];
        this.commandNanos = new long[scripts.size()][];
        this.commandCounts = new long[scripts.size()][];
        this.commandFailures = new long[scripts.size()][];
        for (int i = 0; i < scripts.size(); i++) {
            int n = scripts.get(i).commands().size();
            prepared[i] = new PreparedStatement[n][];
            commandNanos[i] = new long[n];
            commandCounts[i] = new long[n];
            commandFailures[i] = new long[n];
        }
        if (connection != null) {
            connection.setAutoCommit(true);
        }
        counters.register(this);
    }

    /**
     * One transaction: the script from the top. A serialization or deadlock failure is rolled back and
     * the script re-run with the same random draws while {@link Retries} allows, as pgbench 15 does.
     */
    @Override
    public void execute(Batch batch) throws Exception {
        if (connectEach == null) {
            transaction(batch);
            return;
        }
        long t0 = System.nanoTime();
        connection = connectEach.open();
        if (batch.isMeasured(0)) {
            counters.connected(System.nanoTime() - t0);
        }
        try {
            transaction(batch);
        } finally {
            Connection used = connection;
            connection = null;
            for (PreparedStatement[][] forScript : prepared) {
                Arrays.fill(forScript, null); // they belonged to the closed connection
            }
            pipelineStatements.clear();
            used.close();
        }
    }

    private void transaction(Batch batch) throws Exception {
        int s = batch.kind();
        boolean measured = batch.isMeasured(0);
        if (aborted != null) {
            // the engine still hands this client its share: not run, not failed, as pgbench's ended client
            if (measured) {
                counters.abortedTransaction(s);
            }
            if (retries.durationNanos() > 0) {
                Thread.sleep(ABORTED_PAUSE_MILLIS); // -T: no hot loop until the end
            }
            throw aborted;
        }
        long lagNanos = System.nanoTime() - batch.intendedNanos(0);
        if (skipLateNanos > 0 && lagNanos > skipLateNanos) {
            // pgbench -R -L: too late already, so not sent; the engine counts it failed (no latency), the report skipped
            if (measured) {
                counters.skipped(s);
            }
            log(batch, s, lagNanos, 0, null, true);
            throw new SkippedTransaction();
        }
        if (measured) {
            counters.lag(lagNanos);
        }
        for (int attempt = 1; ; attempt++) {
            variables.useRandom(batch.random(0));
            try {
                runScript(s, measured);
                counters.committed(s, attempt - 1, measured);
                log(batch, s, lagNanos, attempt - 1, null, false);
                return;
            } catch (SQLException e) {
                Command failed = pc < scripts.get(s).commands().size() ? scripts.get(s).commands().get(pc) : null;
                ErrorKind kind = SqlErrors.classify(e);
                rollbackQuietly();
                long now = System.nanoTime();
                boolean repeats = kind == ErrorKind.RETRYABLE
                        && retries.another(attempt, batch.intendedNanos(0), batch.windowStartNanos(), now);
                counters.tryFailed(clientId, pc, s, e, repeats, retries.describe(attempt, batch.intendedNanos(0), now));
                if (repeats) {
                    continue;
                }
                if (kind != ErrorKind.CONNECTION && kind != ErrorKind.RETRYABLE) {
                    throw abort(s, measured, new ClientAbort("client " + clientId + " script " + s + " aborted in command " + pc
                            + ": " + ServerErrors.libpqStyle(e), e));
                }
                if (kind == ErrorKind.CONNECTION && (failed instanceof Command.Sql q && isCommit(q)
                        || failed instanceof Command.Pipeline && pipelineCommits)) {
                    counters.inDoubt(s);
                }
                if (measured) {
                    if (failed != null) {
                        commandFailures[s][pc]++;
                    }
                    counters.failed(s, attempt - 1, e);
                }
                log(batch, s, lagNanos, attempt - 1, FailureKind.of(e), false);
                throw e; // the engine reconnects, or counts a failed transaction
            } catch (ClientAbort e) {
                rollbackQuietly();
                throw abort(s, measured, e);
            } catch (RuntimeException e) {
                rollbackQuietly();
                throw e;
            }
        }
    }

    /** This client's end: pgbench's error line now, its transaction neither processed nor failed in the report. */
    private ClientAbort abort(int script, boolean measured, ClientAbort e) {
        if (aborted == null) {
            aborted = e;
            counters.clientAborted(e.getMessage());
        }
        if (measured) {
            counters.abortedTransaction(script);
        }
        return aborted;
    }

    /** A transaction not sent because it was already later than -L (with -R). */
    static final class SkippedTransaction extends Exception {
        SkippedTransaction() {
            super("skipped: later than the latency limit before it started", null, false, false);
        }
    }

    /** -l: this transaction's line (or its share of an interval), when it is one of the sample; none in --warmup. */
    private void log(Batch batch, int script, long lagNanos, int retries, FailureKind failure, boolean skipped) {
        if (!batch.isMeasured(0)) {
            return;
        }
        transactions++;
        if (log == null || !log.sampled(ThreadLocalRandom.current().nextDouble())) {
            return;
        }
        Instant end = Instant.now();
        long latencyNanos = System.nanoTime() - batch.intendedNanos(0);
        log.transaction(new TransactionLog.Entry(clientId, transactions, script, latencyNanos / 1000, lagNanos / 1000, retries,
                failure, skipped, end.getEpochSecond() * 1_000_000 + end.getNano() / 1000));
    }

    private void runScript(int s, boolean measured) throws SQLException {
        Script script = scripts.get(s);
        List<Command> commands = script.commands();
        pc = 0;
        pipeline = null;
        currentScript = s;
        counters.trace(clientId, "executing script \"" + script.name() + "\"");
        while (pc < commands.size()) {
            Command c = commands.get(pc);
            long t0 = System.nanoTime();
            int next = pc + 1;
            try {
                if (c instanceof Command.Sql sql) {
                    sql(s, pc, sql);
                    counters.trace(clientId, "receiving");
                } else if (c instanceof Command.Set set) {
                    counters.trace(clientId, "executing \\set " + set.variable());
                    variables.set(set.variable(), set.expression().eval(variables));
                } else if (c instanceof Command.Sleep sleep) {
                    sleep(sleep.amount().eval(variables).asInt() * sleep.unitMicros());
                } else if (c instanceof Command.Branch b) {
                    next = b.condition().eval(variables).truth() ? pc + 1 : b.elseTarget();
                } else if (c instanceof Command.Jump j) {
                    next = j.target();
                } else if (c instanceof Command.Shell shell) {
                    ShellCommands.run(shell, variables);
                } else if (c instanceof Command.Pipeline p) {
                    pipeline(p.step());
                }
            } catch (EvalException e) {
                throw new ClientAbort("client " + clientId + " aborted in script " + script.name() + " line "
                        + c.line() + ": " + e.getMessage(), e);
            }
            if (measured) {
                commandNanos[s][pc] += System.nanoTime() - t0;
                commandCounts[s][pc]++;
            }
            pc = next;
        }
        if (!connection.getAutoCommit()) {
            throw new ClientAbort("client " + clientId + " aborted: script " + script.name()
                    + " ended inside a transaction (BEGIN without END)", null);
        }
    }

    private void sql(int s, int pc, Command.Sql sql) throws SQLException {
        List<Command.Query> queries = sql.queries();
        for (Command.Query q : queries) {
            counters.trace(clientId, "sending " + q.text());
        }
        if (pipeline != null) {
            for (Command.Query query : queries) {
                pipeline.add(query, values(query));
            }
            return;
        }
        for (int q = 0; q < queries.size(); q++) {
            Command.Query query = queries.get(q);
            if (transactionControl(query)) {
                continue;
            }
            boolean last = q == queries.size() - 1;
            Command.Results results = sql.results() == Command.Results.GSET && !last ? Command.Results.DISCARD : sql.results();
            if (protocol.equals("simple")) {
                try (Statement st = connection.createStatement()) {
                    boolean rows = st.execute(SqlText.substitute(query.text(), variables::text));
                    consume(st, rows, results, sql.prefix());
                }
            } else {
                PreparedStatement ps = statement(s, pc, q, query);
                bind(ps, query);
                consume(ps, ps.execute(), results, sql.prefix());
            }
        }
    }

    private void pipeline(Command.PipelineStep step) throws SQLException {
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
            bind(ps, i + 1, values.get(i));
        }
        pipelineCommits = queue.commits();
        queue.clear();
        try {
            consume(ps, ps.execute(), Command.Results.DISCARD, "");
        } finally {
            followServerTransaction();
        }
    }

    /**
     * BEGIN, COMMIT or an error inside a pipeline moved the server's transaction without JDBC's knowing:
     * auto-commit follows the server again, so an END after the pipeline commits, the end-of-script check
     * sees an open transaction and the rollback after an error is sent.
     */
    private void followServerTransaction() {
        try {
            boolean idle = connection.unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE;
            if (connection.getAutoCommit() != idle) {
                connection.setAutoCommit(idle);
            }
        } catch (SQLException broken) {
            // the connection is gone: the error that broke it is already on its way up
        }
    }

    /** A query's parameters' values now: a pipeline sends them later. */
    private List<Object> values(Command.Query query) {
        List<Object> values = new ArrayList<>(query.parameters().size());
        for (String name : query.parameters()) {
            values.add(defined(name));
        }
        return values;
    }

    /** A parameter's variable as it is now: the text it was set to, or a {@link Value}. */
    private Object defined(String name) {
        Object v = variables.raw(name);
        if (v == null) {
            throw new EvalException("undefined variable \"" + name + "\"");
        }
        return v;
    }

    /** BEGIN/END and friends as JDBC calls; true when the statement was one of them. */
    private boolean transactionControl(Command.Query query) throws SQLException {
        switch (query.transaction()) {
            case BEGIN -> connection.setAutoCommit(false);
            case BEGIN_WITH_OPTIONS -> {
                // BEGIN ISOLATION LEVEL ...: the options apply to the transaction JDBC opens next
                connection.setAutoCommit(false);
                try (Statement st = connection.createStatement()) {
                    st.execute("SET TRANSACTION " + Command.Transaction.options(query.text()));
                }
            }
            case COMMIT -> {
                if (!connection.getAutoCommit()) {
                    connection.commit();
                    connection.setAutoCommit(true);
                }
            }
            case ROLLBACK -> {
                if (!connection.getAutoCommit()) {
                    connection.rollback();
                    connection.setAutoCommit(true);
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean isCommit(Command.Sql sql) {
        return sql.queries().get(sql.queries().size() - 1).transaction() == Command.Transaction.COMMIT;
    }

    private PreparedStatement statement(int s, int pc, int q, Command.Query query) throws SQLException {
        PreparedStatement[] forCommand = prepared[s][pc];
        if (forCommand == null) {
            forCommand = new PreparedStatement[((Command.Sql) scripts.get(s).commands().get(pc)).queries().size()];
            prepared[s][pc] = forCommand;
        }
        if (forCommand[q] == null) {
            forCommand[q] = connection.prepareStatement(query.jdbcText());
        }
        return forCommand[q];
    }

    private void bind(PreparedStatement ps, Command.Query query) throws SQLException {
        List<String> names = query.parameters();
        for (int i = 0; i < names.size(); i++) {
            bind(ps, i + 1, defined(names.get(i)));
        }
    }

    /** @param v a variable's raw value: the text it was set to, or a {@link Value} */
    private void bind(PreparedStatement ps, int index, Object v) throws SQLException {
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

    /** Reads every result; \gset takes the one row of the last, \aset every row of every result. */
    private void consume(Statement st, boolean rows, Command.Results results, String prefix) throws SQLException {
        while (true) {
            if (rows) {
                try (ResultSet rs = st.getResultSet()) {
                    store(rs, results, prefix);
                }
            } else if (st.getUpdateCount() == -1) {
                return;
            }
            rows = st.getMoreResults();
        }
    }

    private void store(ResultSet rs, Command.Results results, String prefix) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int count = 0;
        while (rs.next()) {
            count++;
            if (results == Command.Results.DISCARD || results == Command.Results.GSET && count > 1) {
                continue;
            }
            for (int col = 1; col <= meta.getColumnCount(); col++) {
                String name = prefix + meta.getColumnLabel(col).toLowerCase(Locale.ROOT);
                String text = rs.getString(col);
                if (text == null) {
                    variables.set(name, Value.NULL);
                } else {
                    variables.setText(name, text);
                }
            }
        }
        if (results == Command.Results.GSET && count != 1) {
            throw new EvalException("expected one row, got " + count);
        }
    }

    private static void sleep(long micros) {
        if (micros > 0) {
            LockSupport.parkNanos(micros * 1000);
        }
    }

    private void rollbackQuietly() {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        } catch (SQLException ignored) {
            // the connection is broken; the engine reconnects
        }
    }

    /** Time spent in each command and how often, per script, for -r. */
    long[][] commandNanos() {
        return commandNanos;
    }

    long[][] commandCounts() {
        return commandCounts;
    }

    long[][] commandFailures() {
        return commandFailures;
    }

    /** Cuts the connection off (a run abandoning a blocked client); any thread, never blocks. */
    @Override
    public void abort() {
        JdbcTarget.abort(connection);
    }

    @Override
    public void close() throws Exception {
        Connection c = connection;
        if (c != null) {
            c.close();
        }
    }
}
