package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * Parses a pgbench script: SQL statements ending at {@code ;} (over as many lines as they take,
 * {@code \;} joining a compound), and backslash meta-commands, each to the end of its line (a trailing
 * {@code \} continues it). Errors are pgbench's: a syntax error {@code FILE:LINE: message in command "NAME"}
 * with the command's line and a caret under the error ({@link MetaLine}), CheckConditional's and addScript's.
 *
 * <p>Usage: {@code Script s = ScriptParser.parse("my.sql", Files.readString(path));}
 */
public final class ScriptParser {

    private final String file;
    private final String text;
    private final List<Command> commands = new ArrayList<>();
    private final List<String> sources = new ArrayList<>();
    private String metaSource = "";
    private final Deque<OpenIf> ifs = new ArrayDeque<>();
    private final StringBuilder sql = new StringBuilder();
    private final List<Command.Query> compound = new ArrayList<>();
    private int sqlLine;
    private int line = 1;

    /** An \if being parsed: the \if or \elif whose else-target is still open, and the \elif and \else that jump to its \endif. */
    private static final class OpenIf {
        int pendingBranch;
        boolean seenElse;
        final List<Integer> jumps = new ArrayList<>();

        OpenIf(int pendingBranch) {
            this.pendingBranch = pendingBranch;
        }
    }

    private ScriptParser(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /** @throws BenchException pgbench's message for the first error */
    public static Script parse(String file, String text) {
        return new ScriptParser(file, text).parse();
    }

    private Script parse() {
        int i = 0;
        while (i < text.length()) {
            int skipped = SqlText.skipQuoted(text, i);
            if (skipped > i) {
                boolean comment = text.startsWith("--", i) || text.startsWith("/*", i);
                if (!comment) {
                    markSqlStart();
                    sql.append(text, i, skipped);
                }
                line += count(text, i, skipped);
                i = skipped;
                continue;
            }
            char c = text.charAt(i);
            if (c == ';') {
                endQuery();
                endSql(Command.Results.DISCARD, "");
                i++;
            } else if (c == '\\' && text.startsWith("\\;", i)) {
                endQuery();
                i += 2;
            } else if (c == '\\') {
                i = meta(i + 1);
            } else {
                if (c == '\n') {
                    line++;
                } else if (!Character.isWhitespace(c)) {
                    markSqlStart();
                }
                if (sqlLine > 0) {
                    sql.append(c);
                }
                i++;
            }
        }
        endQuery();
        endSql(Command.Results.DISCARD, "");
        if (!ifs.isEmpty()) {
            throw conditionError("\\if without matching \\endif");
        }
        if (commands.isEmpty()) {
            throw new BenchException("empty command list for script \"" + file + "\"");
        }
        return new Script(file, false, 1, List.copyOf(commands), List.copyOf(sources));
    }

    private void markSqlStart() {
        if (sqlLine == 0) {
            sqlLine = line;
        }
    }

    private void endQuery() {
        String q = sql.toString().strip();
        sql.setLength(0);
        if (!q.isEmpty()) {
            compound.add(SqlText.query(q));
        }
    }

    private void endSql(Command.Results results, String prefix) {
        if (compound.isEmpty()) {
            if (results != Command.Results.DISCARD) {
                throw MetaLine.syntaxError(file, line, null, null, "\\gset must follow an SQL command", null, -1);
            }
            sqlLine = 0;
            return;
        }
        String first = compound.get(0).text();
        add(new Command.Sql(sqlLine, List.copyOf(compound), results, prefix),
                (first.indexOf('\n') < 0 ? first : first.substring(0, first.indexOf('\n'))) + (compound.size() > 1 ? " ..." : ""));
        compound.clear();
        sqlLine = 0;
    }

    /** pgbench's MAX_ARGS: a meta-command's words, its name included, and an SQL command's parameters plus one. */
    static final int MAX_ARGS = 256;

    /** A meta-command starting after the backslash at {@code start}; returns where parsing goes on. */
    private int meta(int start) {
        int metaLine = line;
        int i = start;
        while (i < text.length() && text.charAt(i) != '\n') {
            if (text.charAt(i) == '\\' && (text.startsWith("\n", i + 1) || text.startsWith("\r\n", i + 1))) {
                i += text.charAt(i + 1) == '\n' ? 2 : 3;
                line++;
                continue;
            }
            i++;
        }
        String raw = text.substring(start - 1, i);
        String firstLine = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
        // continuations become spaces of the same length, so that offsets in the flat line are the raw line's
        String flat = firstLine.replace("\\\r\n", "   ").replace("\\\n", "  ");
        MetaLine m = new MetaLine(file, metaLine, firstLine, flat);
        List<MetaLine.Word> words = m.words;
        String word = words.isEmpty() ? "" : words.get(0).text().substring(1);
        String lower = word.toLowerCase(Locale.ROOT);
        if (lower.equals("gset") || lower.equals("aset")) {
            if (words.size() > 2) {
                throw m.error("too many arguments", null, -1);
            }
            endQuery();
            if (compound.isEmpty()) {
                throw MetaLine.syntaxError(file, metaLine, null, null, "\\gset must follow an SQL command", null, -1);
            }
            endSql(lower.equals("gset") ? Command.Results.GSET : Command.Results.ASET, words.size() > 1 ? words.get(1).text() : "");
            return i;
        }
        endQuery();
        endSql(Command.Results.DISCARD, "");
        metaSource = firstLine.strip();
        command(lower, m);
        return i;
    }

    private void command(String word, MetaLine m) {
        switch (word) {
            case "set" -> {
                if (m.argc() < 2) {
                    throw m.error("missing argument", null, -1);
                }
                add(new Command.Set(m.at, m.arg(1), m.expression(m.after(1))), metaSource);
                return;
            }
            case "if" -> {
                add(new Command.Branch(m.at, m.expression(m.after(0)), -1), metaSource);
                ifs.push(new OpenIf(commands.size() - 1));
                return;
            }
            case "elif" -> {
                Expr condition = m.expression(m.after(0));
                OpenIf open = openIf("elif");
                closePending(open);
                add(new Command.Elif(m.at, condition, -1, -1), metaSource);
                open.jumps.add(commands.size() - 1);
                open.pendingBranch = commands.size() - 1;
                return;
            }
            default -> {
            }
        }
        if (m.argc() > MAX_ARGS) {
            throw m.error("too many arguments", null, -1);
        }
        switch (word) {
            case "sleep" -> add(SleepArguments.parse(m), metaSource);
            case "setshell" -> {
                if (m.argc() < 3) {
                    throw m.error("missing argument", null, -1);
                }
                add(new Command.Shell(m.at, m.arg(1), m.args(2)), metaSource);
            }
            case "shell" -> {
                if (m.argc() < 2) {
                    throw m.error("missing command", null, -1);
                }
                add(new Command.Shell(m.at, null, m.args(1)), metaSource);
            }
            case "else" -> {
                noArguments(m);
                OpenIf open = openIf("else");
                closePending(open);
                add(new Command.Else(m.at, -1), metaSource);
                open.jumps.add(commands.size() - 1);
                open.seenElse = true;
            }
            case "endif" -> {
                noArguments(m);
                if (ifs.isEmpty()) {
                    throw conditionError("\\endif without matching \\if");
                }
                OpenIf open = ifs.pop();
                closePending(open);
                int endif = commands.size();
                add(new Command.Endif(m.at), metaSource);
                for (int j : open.jumps) {
                    Command c = commands.get(j);
                    commands.set(j, c instanceof Command.Elif e ? new Command.Elif(e.line(), e.condition(), e.elseTarget(), endif)
                            : new Command.Else(c.line(), endif));
                }
            }
            case "startpipeline", "syncpipeline", "endpipeline" -> {
                noArguments(m);
                add(new Command.Pipeline(m.at, switch (word) {
                    case "startpipeline" -> Command.PipelineStep.START;
                    case "syncpipeline" -> Command.PipelineStep.SYNC;
                    default -> Command.PipelineStep.END;
                }), metaSource);
            }
            default -> throw m.error("invalid command", null, -1);
        }
    }

    private void add(Command c, String source) {
        commands.add(c);
        sources.add(source);
    }

    /** pgbench's CheckConditional message: the command's number counts from 1. */
    private BenchException conditionError(String message) {
        return new BenchException("condition error in script \"" + file + "\" command " + (commands.size() + 1) + ": " + message);
    }

    private OpenIf openIf(String word) {
        if (ifs.isEmpty()) {
            throw conditionError("\\" + word + " without matching \\if");
        }
        OpenIf open = ifs.peek();
        if (open.seenElse) {
            throw conditionError("\\" + word + " after \\else");
        }
        return open;
    }

    /** The pending \if's or \elif's else-target is here: the next command to be added (an \elif, \else or \endif). */
    private void closePending(OpenIf open) {
        if (open.pendingBranch >= 0) {
            int target = commands.size();
            Command c = commands.get(open.pendingBranch);
            commands.set(open.pendingBranch, c instanceof Command.Elif e ? new Command.Elif(e.line(), e.condition(), target, e.endTarget())
                    : new Command.Branch(c.line(), ((Command.Branch) c).condition(), target));
            open.pendingBranch = -1;
        }
    }

    private void noArguments(MetaLine m) {
        if (m.argc() != 1) {
            throw m.error("unexpected argument", null, -1);
        }
    }

    private static int count(String s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }
}
