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
    /** This client's generator (pgbench's cs_func_rs): a retry replays the draws of the failed try. */
    private final PgPrng random;
    /** The command running (or that failed): for in-doubt commits and -r's failures. */
    private int pc;
    /** The statement of the SQL command running (its index in a \\; compound), for pgbench's messages. */
    private int query;
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
                  PgbenchCounters counters, TransactionLog log, int clientId, PgPrng random) throws SQLException {
        this.random = random;
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
        variables.useRandom(random);
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
        PgPrng start = random.copy();
        for (int attempt = 1; ; attempt++) {
            if (attempt > 1) {
                random.restore(start);
            }
            try {
                ClientAbort openTransaction = runScript(s, measured);
                counters.committed(s, attempt - 1, measured);
                log(batch, s, lagNanos, attempt - 1, null, false);
                if (openTransaction != null) {
                    // pgbench counts the transaction, then ends the client
                    rollbackQuietly();
                    aborted = openTransaction;
                    counters.clientAborted(openTransaction.getMessage());
                }
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
                    throw abort(s, measured, new ClientAbort(sqlAbortMessage(s, e), e));
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

    /** pgbench's line for an SQL error that ends the client (COPY's own; a failed PREPARE's two, as -M prepared shows them). */
    private String sqlAbortMessage(int s, SQLException e) {
        Command failed = pc < scripts.get(s).commands().size() ? scripts.get(s).commands().get(pc) : null;
        if (failed instanceof Command.Sql sql && query < sql.queries().size()
                && sql.queries().get(query).text().stripLeading().regionMatches(true, 0, "copy", 0, 4)
                && String.valueOf(e.getMessage()).contains("COPY")) {
            return "COPY is not supported in pgbench, aborting";
        }
        String prefix = "client " + clientId + " script " + s + " aborted in command " + pc + " query " + query + ": ";
        if (protocol.equals("prepared") && "42601".equals(e.getSQLState())) {
            // pgbench's PREPARE failed with the syntax error; executing the statement then finds none
            return ServerErrors.libpqStyle(e) + "\npgbench: error: " + prefix + "ERROR:  prepared statement \"P_"
                    + preparedNumber(s, pc) + "\" does not exist";
        }
        return prefix + ServerErrors.libpqStyle(e);
    }

    /** pgbench's name for a prepared SQL command: P_ and its number among all scripts' SQL commands. */
    private int preparedNumber(int script, int command) {
        int n = 0;
        for (int i = 0; i <= script; i++) {
            List<Command> commands = scripts.get(i).commands();
            for (int c = 0; c < (i == script ? command : commands.size()); c++) {
                if (commands.get(c) instanceof Command.Sql) {
                    n++;
                }
            }
        }
        return n;
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

    /**
     * Runs the script from its first command.
     *
     * @return an abort for after the transaction is counted (pgbench's end of script inside a transaction), or null
     */
    private ClientAbort runScript(int s, boolean measured) throws SQLException {
        Script script = scripts.get(s);
        List<Command> commands = script.commands();
        pc = 0;
        query = 0;
        pipeline = null;
        currentScript = s;
        counters.trace(clientId, "executing script \"" + script.name() + "\"");
        boolean cameFalse = false;
        while (pc < commands.size()) {
            Command c = commands.get(pc);
            long t0 = System.nanoTime();
            int next = pc + 1;
            boolean arrivedFalse = cameFalse;
            cameFalse = false;
            try {
                if (c instanceof Command.Sql sql) {
                    sql(s, pc, sql);
                    counters.trace(clientId, "receiving");
                } else if (c instanceof Command.Set set) {
                    counters.trace(clientId, "executing \\set " + set.variable());
                    Value v = set.expression().eval(variables);
                    if (variables.raw(set.variable()) == null && !ScriptParser.isVariableName(set.variable())) {
                        throw metaFailure(c, "set: invalid variable name: \"" + set.variable() + "\"", "assignment of meta-command failed");
                    }
                    variables.set(set.variable(), v);
                } else if (c instanceof Command.Sleep sleep) {
                    sleep(sleepMicros(sleep));
                } else if (c instanceof Command.Branch b) {
                    if (!b.condition().eval(variables).truth()) {
                        next = b.elseTarget();
                        cameFalse = true;
                    }
                } else if (c instanceof Command.Elif e) {
                    if (!arrivedFalse) {
                        next = e.endTarget();
                    } else if (!e.condition().eval(variables).truth()) {
                        next = e.elseTarget();
                        cameFalse = true;
                    }
                } else if (c instanceof Command.Else e) {
                    if (!arrivedFalse) {
                        next = e.endTarget();
                    }
                } else if (c instanceof Command.Shell shell) {
                    ShellCommands.run(shell, variables);
                } else if (c instanceof Command.Pipeline p) {
                    pipeline(c, p.step());
                }
            } catch (EvalException e) {
                throw metaFailure(c, e.getMessage(), c instanceof Command.Sleep || c instanceof Command.Shell
                        ? "execution of meta-command failed" : "evaluation of meta-command failed");
            }
            if (measured) {
                commandNanos[s][pc] += System.nanoTime() - t0;
                commandCounts[s][pc]++;
            }
            pc = next;
        }
        if (pipeline != null) {
            throw new ClientAbort("client " + clientId + " aborted: end of script reached with pipeline open", null);
        }
        if (!connection.getAutoCommit()) {
            return new ClientAbort("client " + clientId + " aborted: end of script reached without completing the last transaction", null);
        }
        return null;
    }

    /**
     * pgbench's lines for a meta-command that failed: the error (none when pgbench prints none), then
     * {@code client N aborted in command C (NAME) of script S; WHAT}.
     */
    private ClientAbort metaFailure(Command c, String error, String what) {
        String name;
        if (c instanceof Command.Set) {
            name = "set";
        } else if (c instanceof Command.Branch) {
            name = "if";
        } else if (c instanceof Command.Elif) {
            name = "elif";
        } else if (c instanceof Command.Sleep) {
            name = "sleep";
        } else if (c instanceof Command.Shell shell) {
            name = shell.variable() == null ? "shell" : "setshell";
        } else if (c instanceof Command.Pipeline p) {
            name = p.step() == Command.PipelineStep.START ? "startpipeline" : p.step() == Command.PipelineStep.END ? "endpipeline"
                    : "syncpipeline";
        } else {
            name = "SQL";
        }
        String line = "client " + clientId + " aborted in command " + pc + " (" + name + ") of script " + currentScript + "; " + what;
        return new ClientAbort(error == null ? line : error + "\npgbench: error: " + line, null);
    }

    /** pgbench's evaluateSleep: a variable's text read by atoi (an error when it has no digit first), times the unit. */
    private long sleepMicros(Command.Sleep sleep) {
        long amount = sleep.amount();
        if (sleep.variable() != null) {
            String v = variables.text(sleep.variable());
            if (v == null) {
                throw new EvalException("sleep: undefined variable \"" + sleep.variable() + "\"");
            }
            amount = ScriptParser.atoi(v);
            if (amount == 0 && (v.isEmpty() || !Character.isDigit(v.charAt(0)))) {
                throw new EvalException("sleep: invalid sleep time \"" + v + "\" for variable \"" + sleep.variable() + "\"");
            }
        }
        return amount * sleep.unitMicros();
    }

    private void sql(int s, int pc, Command.Sql sql) throws SQLException {
        List<Command.Query> queries = sql.queries();
        if (pipeline != null) {
            if (sql.results() != Command.Results.DISCARD) {
                String word = sql.results() == Command.Results.GSET ? "gset" : "aset";
                throw new ClientAbort("client " + clientId + " aborted in command " + pc + " (" + word + ") of script " + s
                        + "; \\" + word + " is not allowed in pipeline mode", null);
            }
            for (Command.Query query : queries) {
                counters.trace(clientId, "sending " + query.text());
                pipeline.add(query, values(query));
            }
            return;
        }
        for (int q = 0; q < queries.size(); q++) {
            Command.Query query = queries.get(q);
            this.query = q;
            boolean simple = protocol.equals("simple");
            String text = simple ? SqlText.substitute(query.text(), variables::text) : query.text();
            counters.trace(clientId, "sending " + text);
            if (transactionControl(query)) {
                continue;
            }
            boolean last = q == queries.size() - 1;
            Command.Results results = sql.results() == Command.Results.GSET && !last ? Command.Results.DISCARD : sql.results();
            if (simple) {
                try (Statement st = connection.createStatement()) {
                    boolean rows = st.execute(text);
                    consume(st, rows, results, sql.prefix());
                }
            } else {
                PreparedStatement ps = statement(s, pc, q, query);
                bind(ps, query);
                consume(ps, ps.execute(), results, sql.prefix());
            }
        }
    }

    private void pipeline(Command c, Command.PipelineStep step) throws SQLException {
        if (step == Command.PipelineStep.START) {
            if (pipeline != null) {
                throw metaFailure(c, null, "already in pipeline mode");
            }
            pipeline = new PipelineQueue();
            return;
        }
        if (pipeline == null) {
            throw metaFailure(c, null, "not in pipeline mode");
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

    /** A parameter's variable as it is now: the text it was set to, or a {@link Value}; null (sent as NULL, as pgbench does) when not set. */
    private Object defined(String name) {
        return variables.raw(name);
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

    /** Reads every result; \gset takes the one row of the last, \aset the last row of every result. */
    private void consume(Statement st, boolean rows, Command.Results results, String prefix) throws SQLException {
        while (true) {
            if (rows) {
                try (ResultSet rs = st.getResultSet()) {
                    store(rs, results, prefix);
                }
            } else if (st.getUpdateCount() == -1) {
                return;
            } else if (results == Command.Results.GSET) {
                throw new ClientAbort(resultError("expected one row, got 0"), null);
            }
            rows = st.getMoreResults();
        }
    }

    /** pgbench's error about a command's result: {@code client N script S command C query Q: ...}. */
    private String resultError(String what) {
        return "client " + clientId + " script " + currentScript + " command " + pc + " query " + query + ": " + what;
    }

    private void store(ResultSet rs, Command.Results results, String prefix) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int count = 0;
        String[] row = null;
        while (rs.next()) {
            count++;
            if (results == Command.Results.DISCARD || results == Command.Results.GSET && count > 1) {
                continue;
            }
            row = new String[meta.getColumnCount()];
            for (int col = 1; col <= row.length; col++) {
                row[col - 1] = rs.getString(col);
            }
        }
        if (results == Command.Results.GSET && count != 1) {
            throw new ClientAbort(resultError("expected one row, got " + count), null);
        }
        if (row == null) {
            return; // discarded, or no row for \aset: nothing stored
        }
        for (int col = 1; col <= row.length; col++) {
            String label = meta.getColumnLabel(col);
            // PostgreSQL names columns as pgbench sees them; the other databases upper-case unquoted names
            String name = prefix + (dialect == Dialect.POSTGRES ? label : label.toLowerCase(Locale.ROOT));
            if (variables.raw(name) == null && !ScriptParser.isVariableName(name)) {
                throw new ClientAbort(resultError("error storing into variable " + name), null);
            }
            if (row[col - 1] == null) {
                variables.set(name, Value.NULL);
            } else {
                variables.setText(name, row[col - 1]);
            }
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
