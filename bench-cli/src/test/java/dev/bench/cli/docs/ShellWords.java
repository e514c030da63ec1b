package dev.bench.cli.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of one shell command line as a POSIX shell splits them, for the few constructs the docs use:
 * whitespace, single and double quotes, {@code $NAME}, {@code ${NAME}} and {@code ${NAME/from/to}}, a comment
 * from an unquoted {@code #} at a word's start, and {@code &&} between commands (returned as its own word).
 */
final class ShellWords {

    static final String AND = "&&";

    private ShellWords() {
    }

    /**
     * @param line      one command line, continuations already joined
     * @param variables a variable's value by name (it may skip or fail the test when the variable is missing)
     */
    static List<String> split(String line, UnaryOperator<String> variables) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '$' && i + 1 < line.length() && (line.charAt(i + 1) == '{' || Character.isLetter(line.charAt(i + 1)))) {
                word = word == null ? new StringBuilder() : word;
                i = expand(line, i, variables, word);
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                break;
            } else if (c == '&' && word == null && line.startsWith(AND, i)) {
                words.add(AND);
                i++;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed " + quote + " in: " + line);
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** Appends the value of the variable at {@code line[dollar]}; returns the index of its last character. */
    private static int expand(String line, int dollar, UnaryOperator<String> variables, StringBuilder word) {
        if (line.charAt(dollar + 1) == '{') {
            int close = line.indexOf('}', dollar);
            String[] nameAndSubstitution = line.substring(dollar + 2, close).split("/", 3);
            String value = variables.apply(nameAndSubstitution[0]);
            if (nameAndSubstitution.length == 3) {
                value = value.replaceFirst(Pattern.quote(nameAndSubstitution[1]),
                        Matcher.quoteReplacement(nameAndSubstitution[2]));
            }
            word.append(value);
            return close;
        }
        int end = dollar + 1;
        while (end < line.length() && (Character.isLetterOrDigit(line.charAt(end)) || line.charAt(end) == '_')) {
            end++;
        }
        word.append(variables.apply(line.substring(dollar + 1, end)));
        return end - 1;
    }
}
