package dev.bench.workloads.pgbench;

import java.util.Locale;

/** Splits a pgbench expression into tokens: numbers, :variables, words, operators. */
final class ExprLexer {

    enum Kind { INT, DOUBLE, MAX_INT_PLUS_ONE, VARIABLE, WORD, OPERATOR, END }

    record Token(Kind kind, String text, int column, long intValue, double doubleValue) {
        boolean is(String operator) {
            return kind == Kind.OPERATOR && text.equals(operator);
        }

        boolean isWord(String lowerWord) {
            return kind == Kind.WORD && word().equals(lowerWord);
        }

        String word() {
            return text.toLowerCase(Locale.ROOT);
        }

        String describe() {
            return kind == Kind.END ? "end of expression" : "\"" + text + "\"";
        }
    }

    private static final String[] OPERATORS = {"<>", "!=", "<=", ">=", "<<", ">>", "+", "-", "*", "/", "%", "(", ")",
            ",", "<", ">", "=", "&", "|", "#", "~"};

    private final String s;
    private int pos;

    ExprLexer(String text) {
        this.s = text;
    }

    Token next() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
        int start = pos;
        if (pos >= s.length()) {
            return new Token(Kind.END, "", start, 0, 0);
        }
        char c = s.charAt(pos);
        if (Character.isDigit(c) || c == '.' && pos + 1 < s.length() && Character.isDigit(s.charAt(pos + 1))) {
            return number(start);
        }
        if (c == ':') {
            pos++;
            while (pos < s.length() && isNameChar(s.charAt(pos))) {
                pos++;
            }
            if (pos == start + 1 || Character.isDigit(s.charAt(start + 1))) {
                throw new ScriptSyntaxException("unexpected character", ":", start);
            }
            return new Token(Kind.VARIABLE, s.substring(start + 1, pos), start, 0, 0);
        }
        if (Character.isLetter(c) || c == '_') {
            while (pos < s.length() && isNameChar(s.charAt(pos))) {
                pos++;
            }
            return new Token(Kind.WORD, s.substring(start, pos), start, 0, 0);
        }
        for (String op : OPERATORS) {
            if (s.startsWith(op, pos)) {
                pos += op.length();
                return new Token(Kind.OPERATOR, op, start, 0, 0);
            }
        }
        throw new ScriptSyntaxException("unexpected character", String.valueOf(c), start);
    }

    private Token number(int start) {
        boolean isDouble = false;
        while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
            pos++;
        }
        if (pos < s.length() && s.charAt(pos) == '.') {
            isDouble = true;
            pos++;
            while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                pos++;
            }
        }
        if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
            int save = pos;
            pos++;
            if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                isDouble = true;
                while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = save;
            }
        }
        String text = s.substring(start, pos);
        if (isDouble) {
            Double d = Value.strtod(text);
            if (d == null) {
                throw new ScriptSyntaxException("double constant overflow", text, pos - 1);
            }
            return new Token(Kind.DOUBLE, text, start, 0, d);
        }
        try {
            return new Token(Kind.INT, text, start, Long.parseLong(text), 0);
        } catch (NumberFormatException overflow) {
            if (text.replaceFirst("^0+", "").equals("9223372036854775808")) {
                return new Token(Kind.MAX_INT_PLUS_ONE, text, start, 0, 0);
            }
            throw new ScriptSyntaxException("bigint constant overflow", text, pos - 1);
        }
    }

    /** The expression's length: where its end is. */
    int length() {
        return s.length();
    }

    static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c >= 0x80;
    }
}
