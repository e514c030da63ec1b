package dev.bench.workloads.pgbench;

import java.util.List;

/**
 * A parsed pgbench script with its weight ({@code -b NAME@W}, {@code -f FILE@W}).
 *
 * @param name     the builtin's name or the file name, as pgbench's report prints it
 * @param sources  each command's first source line, for -r's listing
 * @param builtin  whether it is one of pgbench's builtin scripts (the after-run check knows what they write)
 */
public record Script(String name, boolean builtin, int weight, List<Command> commands, List<String> sources) {

    private static final java.util.regex.Pattern READ_ONLY_SELECT = java.util.regex.Pattern.compile(
            "(?is)\\s*select\\b(?!.*\\bfor\\s+(?:update|share|no\\s+key\\s+update|key\\s+share)\\b)(?!.*\\binto\\b).*");

    public Script withWeight(int w) {
        return new Script(name, builtin, w, commands, sources);
    }

    /**
     * Whether it writes nothing, so that --reads-to replicas may run it on a replica: every statement a plain
     * SELECT (not FOR UPDATE/SHARE, not INTO) or BEGIN/COMMIT/ROLLBACK, and no pipeline; meta-commands (\set,
     * \sleep, \if ...) write nothing. A SELECT of a function that writes is not seen: on a standby it fails.
     */
    public boolean readOnly() {
        for (Command c : commands) {
            if (c instanceof Command.Pipeline) {
                return false;
            }
            if (c instanceof Command.Sql sql) {
                for (Command.Query q : sql.queries()) {
                    boolean control = q.transaction() != Command.Transaction.NONE && q.transaction() != Command.Transaction.BEGIN_WITH_OPTIONS;
                    if (!control && !READ_ONLY_SELECT.matcher(q.text()).matches()) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The SQL commands, in order, for {@code -r}'s per-statement latencies. */
    public long sqlCount() {
        return commands.stream().filter(c -> c instanceof Command.Sql).count();
    }
}
