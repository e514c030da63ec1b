package dev.bench.workloads.pgbench;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one client's scripts, command by command as pgbench does: meta-commands here (\set, \sleep,
 * \shell, \setshell, the \if family), SQL and pipelines through the {@link JdbcExecutor}. Each kind
 * of command is dispatched to its method by {@link Command#accept}, which returns the next command's
 * index. A meta-command that fails aborts the client with pgbench's lines.
 *
 * <p>Threading: the client's worker thread.
 */
final class ScriptInterpreter implements Command.Visitor<Integer, SQLException> {

    /** pgbench's words for a \sleep, \shell or \setshell that failed (an expression's failure is an evaluation's). */
    private static final String EXECUTION_FAILED = "execution of meta-command failed";

    private final List<Script> scripts;
    private final Variables variables;
    private final JdbcExecutor executor;
    private final PgbenchCounters counters;
    private final CommandStats stats;
    private final int clientId;
    /** The script running, and its command running (or that failed): for debug(), the messages, -r. */
    private int script;
    private int pc;
    /** Whether a false \if or \elif sent the client to the command running now: an \elif then tests, an \else runs. */
    private boolean arrivedFalse;
    /** Whether the command running is a false \if or \elif (so the command it goes to is reached that way). */
    private boolean wentFalse;

    ScriptInterpreter(List<Script> scripts, Variables variables, JdbcExecutor executor, PgbenchCounters counters, CommandStats stats,
                      int clientId) {
        this.scripts = scripts;
        this.variables = variables;
        this.executor = executor;
        this.counters = counters;
        this.stats = stats;
        this.clientId = clientId;
    }

    int script() {
        return script;
    }

    /** The command running, or the one that failed (pgbench's 0-based number). */
    int pc() {
        return pc;
    }

    /**
     * Runs script {@code s} from its first command.
     *
     * @param measured whether the transaction counts: then each command's time goes to -r's statistics
     * @return an abort for after the transaction is counted (pgbench's end of script inside a transaction), or null
     * @throws ClientAbort a failed meta-command, a result \gset could not take, a pipeline left open
     */
    ClientAbort run(int s, boolean measured) throws SQLException {
        Script running = scripts.get(s);
        List<Command> commands = running.commands();
        script = s;
        pc = 0;
        arrivedFalse = false;
        executor.start(s);
        counters.trace(clientId, "executing script \"" + running.name() + "\"");
        while (pc < commands.size()) {
            Command c = commands.get(pc);
            long t0 = System.nanoTime();
            wentFalse = false;
            int next;
            try {
                next = c.accept(this);
            } catch (EvalException e) {
                throw failure(c, e.getMessage(), "evaluation of meta-command failed");
            }
            if (measured) {
                stats.ran(s, pc, System.nanoTime() - t0);
            }
            arrivedFalse = wentFalse;
            pc = next;
        }
        if (executor.inPipeline()) {
            throw new ClientAbort("client " + clientId + " aborted: end of script reached with pipeline open", null);
        }
        if (executor.inTransaction()) {
            return new ClientAbort("client " + clientId + " aborted: end of script reached without completing the last transaction", null);
        }
        return null;
    }

    /**
     * pgbench's lines for a meta-command that failed: the error (none when pgbench prints none), then
     * {@code client N aborted in command C (NAME) of script S; WHAT}.
     */
    private ClientAbort failure(Command c, String error, String what) {
        String line = "client " + clientId + " aborted in command " + pc + " (" + c.pgbenchName() + ") of script " + script + "; " + what;
        return new ClientAbort(error == null ? line : error + "\npgbench: error: " + line, null);
    }

    /** debug()'s line, with pgbench's words: the script's index and the command's number from 1. */
    void debug(String line) {
        counters.debug("debug(script=" + script + ",command=" + (pc + 1) + "): " + line);
    }

    @Override
    public Integer sql(Command.Sql c) throws SQLException {
        executor.sql(script, pc, c);
        counters.trace(clientId, "receiving");
        return pc + 1;
    }

    @Override
    public Integer set(Command.Set c) {
        counters.trace(clientId, "executing \\set " + c.variable());
        Value v = c.expression().eval(variables);
        if (variables.raw(c.variable()) == null && !Variables.isValidName(c.variable())) {
            throw failure(c, "set: invalid variable name: \"" + c.variable() + "\"", "assignment of meta-command failed");
        }
        variables.set(c.variable(), v);
        return pc + 1;
    }

    /** pgbench's evaluateSleep: a variable's text read by atoi (an error when it has no digit first), times the unit. */
    @Override
    public Integer sleep(Command.Sleep c) {
        long amount = c.amount();
        if (c.variable() != null) {
            String v = variables.text(c.variable());
            if (v == null) {
                throw failure(c, "sleep: undefined variable \"" + c.variable() + "\"", EXECUTION_FAILED);
            }
            amount = MetaLine.atoi(v);
            if (amount == 0 && (v.isEmpty() || !Character.isDigit(v.charAt(0)))) {
                throw failure(c, "sleep: invalid sleep time \"" + v + "\" for variable \"" + c.variable() + "\"", EXECUTION_FAILED);
            }
        }
        long micros = amount * c.unitMicros();
        if (micros > 0) {
            LockSupport.parkNanos(micros * 1000);
        }
        return pc + 1;
    }

    @Override
    public Integer shell(Command.Shell c) {
        try {
            ShellCommands.run(c, variables);
        } catch (EvalException e) {
            throw failure(c, e.getMessage(), EXECUTION_FAILED);
        }
        return pc + 1;
    }

    @Override
    public Integer pipeline(Command.Pipeline c) throws SQLException {
        boolean start = c.step() == Command.PipelineStep.START;
        if (start == executor.inPipeline()) {
            throw failure(c, null, start ? "already in pipeline mode" : "not in pipeline mode");
        }
        executor.pipeline(c.step());
        return pc + 1;
    }

    @Override
    public Integer branch(Command.Branch c) {
        return test(c.condition(), c.elseTarget());
    }

    /** Reached after the branch before it ran: on to the \endif; reached by that branch's false condition: as \if. */
    @Override
    public Integer elif(Command.Elif c) {
        return arrivedFalse ? test(c.condition(), c.elseTarget()) : c.endTarget();
    }

    /** Reached after the branch before it ran: on to the \endif; reached by a false condition: its branch runs. */
    @Override
    public Integer otherwise(Command.Else c) {
        return arrivedFalse ? pc + 1 : c.endTarget();
    }

    @Override
    public Integer endif(Command.Endif c) {
        return pc + 1;
    }

    private int test(Expr condition, int elseTarget) {
        if (condition.eval(variables).truth()) {
            return pc + 1;
        }
        wentFalse = true;
        return elseTarget;
    }
}
