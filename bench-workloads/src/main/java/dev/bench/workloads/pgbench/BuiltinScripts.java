package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;

import java.util.List;
import java.util.stream.Collectors;

/**
 * pgbench's builtin scripts, word for word as PostgreSQL 15 ships them, chosen by a unique prefix of
 * their names ({@code -b si} is simple-update). {@code BEGIN}/{@code END} become JDBC transaction calls
 * in every dialect (see {@link ClientSession}).
 */
public final class BuiltinScripts {

    public static final String TPCB_LIKE = "tpcb-like";
    public static final String SIMPLE_UPDATE = "simple-update";
    public static final String SELECT_ONLY = "select-only";

    private static final String SET_IDS = """
            \\set aid random(1, 100000 * :scale)
            \\set bid random(1, 1 * :scale)
            \\set tid random(1, 10 * :scale)
            \\set delta random(-5000, 5000)
            """;

    private static final List<String[]> SCRIPTS = List.of(
            new String[]{TPCB_LIKE, "<builtin: TPC-B (sort of)>", SET_IDS + """
                    BEGIN;
                    UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
                    SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
                    UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
                    UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
                    INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
                    END;
                    """},
            new String[]{SIMPLE_UPDATE, "<builtin: simple update>", SET_IDS + """
                    BEGIN;
                    UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
                    SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
                    INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
                    END;
                    """},
            new String[]{SELECT_ONLY, "<builtin: select only>", """
                    \\set aid random(1, 100000 * :scale)
                    SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
                    """});

    private BuiltinScripts() {
    }

    /**
     * The builtin whose name starts with {@code prefix}.
     *
     * @throws BenchException naming the builtins when none or several match
     */
    public static Script named(String prefix) {
        List<String[]> matches = SCRIPTS.stream().filter(s -> s[0].startsWith(prefix)).toList();
        if (matches.size() != 1 || prefix.isEmpty()) {
            throw new BenchException((matches.size() > 1 ? "ambiguous builtin name: " + matches.size() + " builtin scripts found for prefix \""
                    : "no builtin script found for name \"") + prefix + "\"; available: "
                    + SCRIPTS.stream().map(s -> s[0]).collect(Collectors.joining(", ")));
        }
        String[] s = matches.get(0);
        Script parsed = ScriptParser.parse(s[0], s[2]);
        return new Script(s[0], true, 1, parsed.commands(), parsed.sources());
    }

    /** --show-script: as pgbench shows it, {@code -- NAME: TITLE}, then the builtin's text. */
    public static String text(String prefix) {
        String name = named(prefix).name();
        return SCRIPTS.stream().filter(s -> s[0].equals(name)).map(s -> "-- " + s[0] + ": " + s[1] + "\n" + s[2] + "\n")
                .findFirst().orElseThrow();
    }

    /** pgbench's report line for the builtin: {@code <builtin: TPC-B (sort of)>}. */
    public static String title(String name) {
        return SCRIPTS.stream().filter(s -> s[0].equals(name)).map(s -> s[1]).findFirst().orElse(name);
    }
}
