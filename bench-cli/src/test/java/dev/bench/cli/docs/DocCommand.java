package dev.bench.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code bench} command of a fenced shell block in the README or docs/: where it is, its block, and its
 * text as written (continuation lines joined, the comment after it and the rest of an {@code &&} chain left
 * out, runs of spaces as one). {@code bench}, {@code .../bin/bench}, {@code java -jar .../bench.jar} and
 * {@code <(bench ...)} all count.
 *
 * @param block the file and the line its block opens on, e.g. {@code docs/tpcc.md:16}: a block's commands run in order
 */
record DocCommand(String block, int line, String text) {

    static final Set<String> SHELL_BLOCKS = Set.of("sh", "bash", "shell");
    private static final Pattern FENCE = Pattern.compile("^```\\s*(\\S*)");
    private static final Pattern LAUNCHER = Pattern.compile("^(bench|\\S*/bin/bench|java -jar \\S*bench\\.jar)(\\s|$)");
    private static final Pattern PROCESS_SUBSTITUTION = Pattern.compile("<\\((bench [^)]*)\\)");

    /** The command's arguments: its words after the launcher, variables expanded. */
    List<String> args(UnaryOperator<String> variables) {
        List<String> words = ShellWords.split(text, variables);
        int first = words.get(0).equals("java") ? 3 : 1;
        return words.subList(first, words.size());
    }

    @Override
    public String toString() {
        return block.substring(0, block.indexOf(':')) + ":" + line + ": " + text;
    }

    /** The bench commands of the file's shell blocks, in order. */
    static List<DocCommand> read(Path repo, String file) {
        List<String> lines = lines(repo.resolve(file));
        List<DocCommand> commands = new ArrayList<>();
        String block = null;
        boolean open = false;
        for (int i = 0; i < lines.size(); i++) {
            Matcher fence = FENCE.matcher(lines.get(i));
            if (fence.find()) {
                open = !open;
                block = open && SHELL_BLOCKS.contains(fence.group(1)) ? file + ":" + (i + 1) : null;
                continue;
            }
            if (block == null) {
                continue;
            }
            int first = i;
            StringBuilder joined = new StringBuilder(lines.get(i).strip());
            while (joined.toString().endsWith("\\") && i + 1 < lines.size()) {
                joined.setLength(joined.length() - 1);
                joined.append(' ').append(lines.get(++i).strip());
            }
            for (String segment : uncommented(joined.toString()).split("&&")) {
                String command = benchCommand(segment.strip());
                if (command != null) {
                    commands.add(new DocCommand(block, first + 1, command.replaceAll("\\s+", " ")));
                }
            }
        }
        return commands;
    }

    /** Lines of the file's blocks that aren't shell blocks but start with {@code bench }: a command the test would miss. */
    static List<String> untaggedCommands(Path repo, String file) {
        List<String> lines = lines(repo.resolve(file));
        List<String> found = new ArrayList<>();
        String language = null;
        for (int i = 0; i < lines.size(); i++) {
            Matcher fence = FENCE.matcher(lines.get(i));
            if (fence.find()) {
                language = language == null ? fence.group(1) : null;
            } else if (language != null && !SHELL_BLOCKS.contains(language) && LAUNCHER.matcher(lines.get(i).strip()).find()) {
                found.add(file + ":" + (i + 1) + ": " + lines.get(i));
            }
        }
        return found;
    }

    private static String benchCommand(String segment) {
        Matcher substituted = PROCESS_SUBSTITUTION.matcher(segment);
        String command = substituted.find() ? substituted.group(1) : segment;
        return LAUNCHER.matcher(command).find() ? command : null;
    }

    /** The line without its comment: from an unquoted '#' that starts a word. */
    private static String uncommented(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i).strip();
            }
        }
        return line;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
