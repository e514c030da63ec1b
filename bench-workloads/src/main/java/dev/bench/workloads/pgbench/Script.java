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

    public Script withWeight(int w) {
        return new Script(name, builtin, w, commands, sources);
    }

    /** The SQL commands, in order, for {@code -r}'s per-statement latencies. */
    public long sqlCount() {
        return commands.stream().filter(c -> c instanceof Command.Sql).count();
    }
}
