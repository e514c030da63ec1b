package dev.bench.workloads.pgbench;

import java.util.List;

/**
 * One step of a parsed script, one for each of pgbench's commands (so that their numbers are pgbench's).
 * {@code \if}/{@code \elif}/{@code \else}/{@code \endif} carry absolute targets, so a client runs a
 * script as a flat program: a false condition goes on at the next \elif, \else or \endif, a branch
 * that ran goes on at its \endif.
 */
public sealed interface Command {

    /** The script line the command starts on (1-based). */
    int line();

    /** pgbench's name for the command in its messages: the meta-command's, or SQL. */
    String pgbenchName();

    /** Calls the visitor's method for this kind of command: each record implements it, so every kind is handled. */
    <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X;

    /**
     * What to do with each kind of command, one method a kind (Java 17 has no pattern-matching switch).
     *
     * @param <R> what each method returns
     * @param <X> what each method may throw
     */
    interface Visitor<R, X extends Exception> {
        R sql(Sql c) throws X;

        R set(Set c) throws X;

        R sleep(Sleep c) throws X;

        R shell(Shell c) throws X;

        R pipeline(Pipeline c) throws X;

        R branch(Branch c) throws X;

        R elif(Elif c) throws X;

        R otherwise(Else c) throws X;

        R endif(Endif c) throws X;
    }

    /**
     * One SQL statement with its {@code :name} references in order; the JDBC text has {@code ?} for each.
     * Transaction control (BEGIN, END, ...) is recognised once, here, and run as JDBC calls.
     */
    record Query(String text, String jdbcText, List<String> parameters, Transaction transaction) {
    }

    /** What a statement does to the transaction, if it is one of the transaction-control statements. */
    enum Transaction {
        NONE, BEGIN, BEGIN_WITH_OPTIONS, COMMIT, ROLLBACK;

        static Transaction of(String sql) {
            String t = sql.strip().toUpperCase(java.util.Locale.ROOT).replaceAll("\\s+", " ");
            if (!options(sql).isEmpty()) {
                return BEGIN_WITH_OPTIONS;
            }
            return switch (t) {
                case "BEGIN", "BEGIN TRANSACTION", "BEGIN WORK", "START TRANSACTION" -> BEGIN;
                case "END", "END TRANSACTION", "END WORK", "COMMIT", "COMMIT TRANSACTION", "COMMIT WORK" -> COMMIT;
                case "ROLLBACK", "ABORT", "ROLLBACK TRANSACTION", "ROLLBACK WORK" -> ROLLBACK;
                default -> NONE;
            };
        }

        /**
         * What follows BEGIN [TRANSACTION|WORK] or START TRANSACTION: "ISOLATION LEVEL SERIALIZABLE", ...;
         * "" when nothing does, or the statement is no BEGIN.
         */
        static String options(String sql) {
            java.util.regex.Matcher m = BEGIN_OPTIONS.matcher(sql.strip());
            return m.matches() ? m.group(1).strip() : "";
        }

        private static final java.util.regex.Pattern BEGIN_OPTIONS = java.util.regex.Pattern.compile(
                "(?is)(?:begin(?:\\s+(?:transaction|work))?|start\\s+transaction)\\s+((?!transaction\\b|work\\b)\\S.*)");
    }

    /** What a SQL command does with its result rows. */
    enum Results { DISCARD, GSET, ASET }

    /**
     * SQL, possibly several statements joined by {@code \;} (a compound sent together by pgbench).
     *
     * @param prefix \gset/\aset's variable name prefix ("" for none)
     */
    record Sql(int line, List<Query> queries, Results results, String prefix) implements Command {
        @Override
        public String pgbenchName() {
            return "SQL";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.sql(this);
        }

        /** Whether its last statement commits (lost with the connection, the transaction is in doubt). */
        public boolean commits() {
            return queries.get(queries.size() - 1).transaction() == Transaction.COMMIT;
        }

        public String firstLine() {
            String t = queries.get(0).text().strip();
            int nl = t.indexOf('\n');
            return nl < 0 ? t : t.substring(0, nl);
        }
    }

    record Set(int line, String variable, Expr expression) implements Command {
        @Override
        public String pgbenchName() {
            return "set";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.set(this);
        }
    }

    /** {@code \sleep}: the variable's value (its text read as C's atoi reads it), else the amount, times {@code unitMicros} microseconds. */
    record Sleep(int line, String variable, long amount, long unitMicros) implements Command {
        @Override
        public String pgbenchName() {
            return "sleep";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.sleep(this);
        }
    }

    /**
     * {@code \shell} (variable null) or {@code \setshell variable}: the words joined by spaces, {@code :name}
     * replaced by the variable's text and {@code ::x} by {@code :x}, run by {@code /bin/sh -c}.
     */
    record Shell(int line, String variable, List<String> words) implements Command {
        @Override
        public String pgbenchName() {
            return variable == null ? "shell" : "setshell";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.shell(this);
        }
    }

    /** Where a pipeline's statements go out: START opens it, SYNC sends what was queued, END sends it and closes it. */
    enum PipelineStep { START, SYNC, END }

    /** {@code \startpipeline}, {@code \syncpipeline} or {@code \endpipeline}. */
    record Pipeline(int line, PipelineStep step) implements Command {
        @Override
        public String pgbenchName() {
            return switch (step) {
                case START -> "startpipeline";
                case SYNC -> "syncpipeline";
                default -> "endpipeline";
            };
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.pipeline(this);
        }
    }

    /** \if: go on when the condition holds, else continue at {@code elseTarget} (the next \elif, \else or \endif). */
    record Branch(int line, Expr condition, int elseTarget) implements Command {
        @Override
        public String pgbenchName() {
            return "if";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.branch(this);
        }
    }

    /**
     * \elif: reached after the branch before it ran, continue at {@code endTarget} (its \endif); reached by
     * that branch's false condition, as {@link Branch}.
     */
    record Elif(int line, Expr condition, int elseTarget, int endTarget) implements Command {
        @Override
        public String pgbenchName() {
            return "elif";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.elif(this);
        }
    }

    /** \else: reached after the branch before it ran, continue at {@code endTarget}; reached by a false condition, go on. */
    record Else(int line, int endTarget) implements Command {
        @Override
        public String pgbenchName() {
            return "else";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.otherwise(this);
        }
    }

    /** \endif: nothing to do. */
    record Endif(int line) implements Command {
        @Override
        public String pgbenchName() {
            return "endif";
        }

        @Override
        public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
            return visitor.endif(this);
        }
    }
}
