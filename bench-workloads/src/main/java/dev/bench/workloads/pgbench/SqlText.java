package dev.bench.workloads.pgbench;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads SQL the way pgbench's scanner does as far as scripts need: where quoted strings, quoted
 * identifiers, dollar quotes and comments end, so that {@code ;}, {@code \} and {@code :name} inside
 * them are left alone.
 */
final class SqlText {

    private SqlText() {
    }

    /**
     * Where the literal or comment starting at {@code i} ends (the index after it), or {@code i} when none
     * starts there.
     */
    static int skipQuoted(String s, int i) {
        char c = s.charAt(i);
        if (c == '\'' || c == '"') {
            int j = i + 1;
            while (j < s.length()) {
                if (s.charAt(j) == c) {
                    if (j + 1 < s.length() && s.charAt(j + 1) == c) {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return s.length();
        }
        if (c == '-' && s.startsWith("--", i)) {
            int nl = s.indexOf('\n', i);
            return nl < 0 ? s.length() : nl;
        }
        if (c == '/' && s.startsWith("/*", i)) {
            int depth = 0;
            int j = i;
            while (j < s.length()) {
                if (s.startsWith("/*", j)) {
                    depth++;
                    j += 2;
                } else if (s.startsWith("*/", j)) {
                    depth--;
                    j += 2;
                    if (depth == 0) {
                        return j;
                    }
                } else {
                    j++;
                }
            }
            return s.length();
        }
        if (c == '$' && (i == 0 || !ExprLexer.isNameChar(s.charAt(i - 1)))) {
            int j = i + 1;
            while (j < s.length() && (Character.isLetter(s.charAt(j)) || s.charAt(j) == '_')) {
                j++;
            }
            if (j < s.length() && s.charAt(j) == '$') {
                String tag = s.substring(i, j + 1);
                int end = s.indexOf(tag, j + 1);
                return end < 0 ? s.length() : end + tag.length();
            }
        }
        return i;
    }

    /** One statement with {@code :name} references replaced by {@code ?}, names in order; {@code ::} casts stay. */
    static Command.Query query(String text) {
        List<String> params = new ArrayList<>();
        String jdbc = rewrite(text, name -> {
            params.add(name);
            return "?";
        });
        return new Command.Query(text, jdbc, List.copyOf(params), Command.Transaction.of(text));
    }

    /** Simple mode: the text with each set variable's value in place of {@code :name}; unset ones stay. */
    static String substitute(String text, java.util.function.Function<String, String> valueOf) {
        return rewrite(text, name -> {
            String v = valueOf.apply(name);
            return v != null ? v : ":" + name;
        });
    }

    /** The text with each {@code :name} outside literals and comments replaced by {@code replacement(name)}. */
    private static String rewrite(String text, java.util.function.Function<String, String> replacement) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        while (i < text.length()) {
            int skipped = skipQuoted(text, i);
            if (skipped > i) {
                out.append(text, i, skipped);
                i = skipped;
            } else if (text.startsWith("::", i)) {
                out.append("::");
                i += 2;
            } else {
                int end = variableEnd(text, i);
                if (end > i) {
                    out.append(replacement.apply(text.substring(i + 1, end)));
                    i = end;
                } else {
                    out.append(text.charAt(i++));
                }
            }
        }
        return out.toString();
    }

    /** The end of a {@code :name} starting at {@code i}, or {@code i} when none starts there. */
    static int variableEnd(String s, int i) {
        if (s.charAt(i) != ':' || i + 1 >= s.length()) {
            return i;
        }
        char first = s.charAt(i + 1);
        if (!(Character.isLetter(first) || first == '_' || first >= 0x80)) {
            return i;
        }
        int j = i + 2;
        while (j < s.length() && ExprLexer.isNameChar(s.charAt(j))) {
            j++;
        }
        return j;
    }
}
