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
 * {@code \} continues it). Every error is one line, {@code FILE:LINE: message}.
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
    /** The line of the \startpipeline whose \endpipeline is still to come; 0: none. */
    private int pipelineLine;

    /** An \if being parsed: the branch whose else-target is still open, and the jumps to its \endif. */
    private static final class OpenIf {
        final int line;
        int pendingBranch;
        boolean seenElse;
        final List<Integer> jumps = new ArrayList<>();

        OpenIf(int line, int pendingBranch) {
            this.line = line;
            this.pendingBranch = pendingBranch;
        }
    }

    private ScriptParser(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /** @throws BenchException {@code FILE:LINE: message} for the first error */
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
            throw error(ifs.peek().line, "\\if without a matching \\endif");
        }
        if (pipelineLine > 0) {
            throw error(pipelineLine, "end of script reached with pipeline open");
        }
        if (commands.isEmpty()) {
            throw new BenchException(file + ": no commands in the script");
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
                throw error(line, "\\" + results.name().toLowerCase(Locale.ROOT) + " must follow an SQL command");
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

    /** A meta-command starting after the backslash at {@code start}; returns where parsing goes on. */
    private int meta(int start) {
        int wordEnd = start;
        while (wordEnd < text.length() && Character.isLetter(text.charAt(wordEnd))) {
            wordEnd++;
        }
        String word = text.substring(start, wordEnd).toLowerCase(Locale.ROOT);
        int metaLine = line;
        StringBuilder args = new StringBuilder();
        int i = wordEnd;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == '\n'
                    || text.startsWith("\r\n", i + 1))) {
                i += text.charAt(i + 1) == '\n' ? 2 : 3;
                line++;
                args.append(' ');
                continue;
            }
            if (c == '\n') {
                break;
            }
            args.append(c);
            i++;
        }
        String arguments = args.toString().strip();
        if (word.equals("gset") || word.equals("aset")) {
            if (pipelineLine > 0) {
                throw error(metaLine, "\\" + word + " is not allowed in pipeline mode");
            }
            endQuery();
            String prefix = arguments;
            if (word.equals("aset") && !prefix.isEmpty()) {
                throw error(metaLine, "\\aset takes no prefix");
            }
            if (!prefix.isEmpty() && !isVariableName(prefix)) {
                throw error(metaLine, "invalid variable prefix \"" + prefix + "\"");
            }
            endSql(word.equals("gset") ? Command.Results.GSET : Command.Results.ASET, prefix);
            return i;
        }
        endQuery();
        endSql(Command.Results.DISCARD, "");
        metaSource = ("\\" + word + " " + arguments).strip();
        command(word, arguments, metaLine);
        return i;
    }

    private void command(String word, String args, int at) {
        switch (word) {
            case "set" -> set(args, at);
            case "sleep" -> sleep(args, at);
            case "shell", "setshell" -> shell(word, args, at);
            case "if" -> {
                add(new Command.Branch(at, expression(args, at, "if"), -1), metaSource);
                ifs.push(new OpenIf(at, commands.size() - 1));
            }
            case "elif" -> {
                OpenIf open = openIf(at, "elif");
                jumpToEndif(open, at);
                closePending(open);
                add(new Command.Branch(at, expression(args, at, "elif"), -1), metaSource);
                open.pendingBranch = commands.size() - 1;
            }
            case "else" -> {
                OpenIf open = openIf(at, "else");
                noArguments(args, at, "else");
                jumpToEndif(open, at);
                closePending(open);
                open.pendingBranch = -1;
                open.seenElse = true;
            }
            case "endif" -> {
                if (ifs.isEmpty()) {
                    throw error(at, "\\endif without a matching \\if");
                }
                noArguments(args, at, "endif");
                OpenIf open = ifs.pop();
                closePending(open);
                for (int j : open.jumps) {
                    Command.Jump jump = (Command.Jump) commands.get(j);
                    commands.set(j, new Command.Jump(jump.line(), commands.size()));
                }
            }
            case "startpipeline", "syncpipeline", "endpipeline" -> pipeline(word, args, at);
            default -> {
                throw error(at, "invalid command \"\\" + word + "\"");
            }
        }
    }

    /** Pipelines open and close in the order they are written; pgbench finds these mistakes when a client runs into them. */
    private void pipeline(String word, String args, int at) {
        noArguments(args, at, word);
        Command.PipelineStep step = switch (word) {
            case "startpipeline" -> Command.PipelineStep.START;
            case "syncpipeline" -> Command.PipelineStep.SYNC;
            default -> Command.PipelineStep.END;
        };
        if (step == Command.PipelineStep.START && pipelineLine > 0) {
            throw error(at, "\\startpipeline: already in pipeline mode");
        }
        if (step != Command.PipelineStep.START && pipelineLine == 0) {
            throw error(at, "\\" + word + ": not in pipeline mode");
        }
        if (step == Command.PipelineStep.START) {
            pipelineLine = at;
        } else if (step == Command.PipelineStep.END) {
            pipelineLine = 0;
        }
        add(new Command.Pipeline(at, step), metaSource);
    }

    private void add(Command c, String source) {
        commands.add(c);
        sources.add(source);
    }

    private OpenIf openIf(int at, String word) {
        if (ifs.isEmpty()) {
            throw error(at, "\\" + word + " without a matching \\if");
        }
        OpenIf open = ifs.peek();
        if (open.seenElse) {
            throw error(at, "\\" + word + " after \\else");
        }
        return open;
    }

    private void jumpToEndif(OpenIf open, int at) {
        add(new Command.Jump(at, -1), metaSource);
        open.jumps.add(commands.size() - 1);
    }

    /** The pending branch's else-target is here: the next command to be added. */
    private void closePending(OpenIf open) {
        if (open.pendingBranch >= 0) {
            Command.Branch b = (Command.Branch) commands.get(open.pendingBranch);
            commands.set(open.pendingBranch, new Command.Branch(b.line(), b.condition(), commands.size()));
            open.pendingBranch = -1;
        }
    }

    private void set(String args, int at) {
        int space = 0;
        while (space < args.length() && !Character.isWhitespace(args.charAt(space))) {
            space++;
        }
        String name = args.substring(0, space);
        if (name.isEmpty()) {
            throw error(at, "missing argument in command \"set\"");
        }
        if (!isVariableName(name)) {
            throw error(at, "invalid variable name: \"" + name + "\"");
        }
        String expr = args.substring(space).strip();
        if (expr.isEmpty()) {
            throw error(at, "missing expression in command \"set\"");
        }
        add(new Command.Set(at, name, expression(expr, at, "set")), metaSource);
    }

    private void sleep(String args, int at) {
        String[] parts = args.split("\\s+");
        if (args.isEmpty() || parts.length > 2) {
            throw error(at, "\\sleep takes a number or :variable and an optional unit (us, ms, s)");
        }
        long unit = 1_000_000;
        if (parts.length == 2) {
            unit = switch (parts[1].toLowerCase(Locale.ROOT)) {
                case "us" -> 1;
                case "ms" -> 1_000;
                case "s" -> 1_000_000;
                default -> throw error(at, "unrecognized time unit \"" + parts[1] + "\": must be us, ms or s");
            };
        }
        String amount = parts[0];
        Expr e;
        if (amount.startsWith(":")) {
            if (!isVariableName(amount.substring(1))) {
                throw error(at, "invalid variable name: \"" + amount + "\"");
            }
            e = new Expr.Var(amount.substring(1));
        } else {
            try {
                e = new Expr.Const(Value.of(Long.parseLong(amount)));
            } catch (NumberFormatException notInt) {
                throw error(at, "invalid sleep time \"" + amount + "\": must be an integer or :variable");
            }
        }
        add(new Command.Sleep(at, e, unit), metaSource);
    }

    private void shell(String word, String args, int at) {
        List<String> words = new ArrayList<>(List.of(args.isEmpty() ? new String[0] : args.split("\\s+")));
        String variable = null;
        if (word.equals("setshell")) {
            if (words.isEmpty() || !isVariableName(words.get(0))) {
                throw error(at, "\\setshell needs a variable name first, then the command");
            }
            variable = words.remove(0);
        }
        if (words.isEmpty()) {
            throw error(at, "missing command in \\" + word);
        }
        add(new Command.Shell(at, variable, List.copyOf(words)), metaSource);
    }

    private void noArguments(String args, int at, String word) {
        if (!args.isEmpty()) {
            throw error(at, "unexpected argument \"" + args + "\" after \\" + word);
        }
    }

    private Expr expression(String expr, int at, String word) {
        if (expr.isEmpty()) {
            throw error(at, "missing expression in command \"" + word + "\"");
        }
        try {
            return ExprParser.parse(expr);
        } catch (ScriptSyntaxException e) {
            throw error(at, "syntax error in command \"" + word + "\": " + e.getMessage() + ": " + expr);
        }
    }

    static boolean isVariableName(String name) {
        if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
            return false;
        }
        return name.chars().allMatch(c -> ExprLexer.isNameChar((char) c) && (c < 0x80 ? Character.isLetterOrDigit(c) || c == '_' : true));
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

    private BenchException error(int at, String message) {
        return new BenchException(file + ":" + at + ": " + message);
    }
}
