package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;

import java.util.ArrayList;
import java.util.List;

/**
 * A script's meta-command as pgbench's parser sees it: its line (from the backslash, continuations
 * included), its words and where each starts; and pgbench's syntax errors about it, in its words.
 */
final class MetaLine {

    /** A word of the line and where it starts (the backslash at 0). */
    record Word(String text, int offset) {
    }

    private final String file;
    /** The line of the script the command starts on. */
    final int at;
    /** The command's line as written: what a syntax error shows. */
    final String firstLine;
    /** The line with each continuation turned into spaces of its length: offsets in it are the written line's. */
    final String flat;
    final List<Word> words;

    MetaLine(String file, int at, String firstLine, String flat) {
        this.file = file;
        this.at = at;
        this.firstLine = firstLine;
        this.flat = flat;
        this.words = words(flat);
    }

    /** The command's name, without the backslash. */
    String name() {
        return words.get(0).text().substring(1);
    }

    int argc() {
        return words.size();
    }

    String arg(int k) {
        return words.get(k).text();
    }

    /** Where the text after word {@code k} starts (an expression follows the name, or \set's variable). */
    int after(int k) {
        Word w = words.get(k);
        return w.offset() + w.text().length();
    }

    /** A syntax error in this command, with its line; a caret under {@code column} when it is not -1. */
    BenchException error(String message, String more, int column) {
        return syntaxError(file, at, firstLine, name(), message, more, column);
    }

    /** The expression from {@code offset} of the line to its end; its syntax error shown under its place in the line. */
    Expr expression(int offset) {
        String expr = flat.substring(Math.min(offset, flat.length()));
        try {
            return ExprParser.parse(expr);
        } catch (ScriptSyntaxException e) {
            throw error(e.reason(), e.more(), offset + e.column());
        }
    }

    private static List<Word> words(String flat) {
        List<Word> words = new ArrayList<>();
        int i = 0;
        while (i < flat.length()) {
            while (i < flat.length() && Character.isWhitespace(flat.charAt(i))) {
                i++;
            }
            int from = i;
            while (i < flat.length() && !Character.isWhitespace(flat.charAt(i))) {
                i++;
            }
            if (i > from) {
                words.add(new Word(flat.substring(from, i), from));
            }
        }
        return words;
    }

    /** C's atoi: a sign and the digits that follow it, 0 without any. */
    static long atoi(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean negative = i < s.length() && s.charAt(i) == '-';
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            i++;
        }
        long v = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE) {
            v = v * 10 + (s.charAt(i++) - '0');
        }
        return (int) (negative ? -v : v);
    }

    /**
     * pgbench's syntax_error: {@code FILE:LINE: MESSAGE[ (MORE)][ at column N][ in command "NAME"]}, then the
     * command's line and a caret under the column when there is a line.
     */
    static BenchException syntaxError(String file, int at, String firstLine, String command, String message, String more, int column) {
        StringBuilder b = new StringBuilder(file).append(':').append(at).append(": ").append(message);
        if (more != null) {
            b.append(" (").append(more).append(')');
        }
        if (column >= 0 && firstLine == null) {
            b.append(" at column ").append(column + 1);
        }
        if (command != null) {
            b.append(" in command \"").append(command).append('"');
        }
        if (firstLine != null) {
            b.append('\n').append(firstLine);
            if (column >= 0) {
                b.append('\n').append(" ".repeat(column)).append("^ error found here");
            }
        }
        return new BenchException(b.toString());
    }

    /** The words from the {@code from}th on (the command's name is the 0th). */
    List<String> args(int from) {
        List<String> words = new ArrayList<>();
        for (int k = from; k < argc(); k++) {
            words.add(arg(k));
        }
        return List.copyOf(words);
    }
}
