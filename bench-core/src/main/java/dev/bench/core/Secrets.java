package dev.bench.core;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps passwords out of every line and file the tool writes. Two mechanisms: passwords are masked
 * wherever their spelling says they are passwords (in URLs and connection strings, every form the
 * drivers accept), and every password the user gave is remembered, so that it is masked wherever it
 * turns up verbatim too: in a driver's message that quotes part of a URL, in a stack trace.
 */
public final class Secrets {

    public static final String MASK = "****";
    /**
     * Remembered values shorter than this are masked only where their spelling marks them as
     * passwords: masking every "bench" (the test servers' password) in free text would garble the
     * tool's own lines.
     */
    static final int MIN_REMEMBERED_LENGTH = 6;

    /**
     * password=, password1=, passwd=, pwd= in URL queries, property lists and Connector/J's
     * (host=..,password=..) form; SQL Server's braced {a;b} values whole. A value already masked and
     * followed by ": " is left with its colon: that is a masked URL in a line "URL: message". An option's
     * help line ({@code --mysql-password=STRING   MySQL password []}) names a type, not a value: STRING
     * before blanks is left (a password spelled STRING is remembered and masked all the same).
     */
    private static final Pattern KEYED_PASSWORD =
            Pattern.compile("(?i)((?:password\\d*|passwd|pwd)[ \\t]*=[ \\t]*)(?!(?-i:STRING)[ \\t])"
                    + "(\\{(?:[^}\\n]|\\}\\})*\\}?|\\*{4}(?=: )|[^&;,)\\s\"']*)");
    /** user:password@ in URL authorities. */
    private static final Pattern AUTHORITY_PASSWORD = Pattern.compile("(//[^/:@\\s]+:)([^@/\\s]*)(@)");
    /** The same value up to the next query separator only, as a driver may read it (a password with a comma). */
    private static final Pattern KEYED_PASSWORD_TO_SEPARATOR = Pattern.compile("(?i)(?:password\\d*|passwd|pwd)[ \\t]*=[ \\t]*([^&;\\s\"']*)");

    private static final Set<String> REMEMBERED = ConcurrentHashMap.newKeySet();

    private Secrets() {
    }

    /** Forgets every remembered password: a new command line names its own. */
    public static void forgetAll() {
        REMEMBERED.clear();
    }

    /** Remembers a password the user gave (an option, an environment variable, a properties file). */
    public static void remember(String secret) {
        if (secret != null && !secret.isEmpty()) {
            REMEMBERED.add(secret);
        }
    }

    /** Remembers the passwords written inside a URL, connection string or address, in every spelling. */
    public static void rememberFrom(String text) {
        if (text == null) {
            return;
        }
        for (Pattern p : List.of(KEYED_PASSWORD, KEYED_PASSWORD_TO_SEPARATOR)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                String value = m.group(m.groupCount());
                remember(value);
                if (value.startsWith("{") && value.endsWith("}") && value.length() > 2) {
                    remember(value.substring(1, value.length() - 1).replace("}}", "}"));
                }
            }
        }
        Matcher m = AUTHORITY_PASSWORD.matcher(text);
        while (m.find()) {
            remember(m.group(2));
        }
    }

    /** A URL or connection string with its passwords masked, in every spelling the drivers accept. */
    public static String maskUrl(String url) {
        if (url == null) {
            return null;
        }
        String masked = KEYED_PASSWORD.matcher(url).replaceAll(r -> Matcher.quoteReplacement(r.group(1) + MASK));
        return AUTHORITY_PASSWORD.matcher(masked).replaceAll(r -> Matcher.quoteReplacement(r.group(1) + MASK + r.group(3)));
    }

    /** Any text the tool is about to write, with every password spelling and every remembered password masked. */
    public static String mask(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String masked = maskUrl(text);
        List<String> longestFirst = REMEMBERED.stream().filter(s -> s.length() >= MIN_REMEMBERED_LENGTH)
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
        for (String secret : longestFirst) {
            masked = masked.replace(secret, MASK);
        }
        return masked;
    }

    /** Whether an option or property of this name holds a secret. */
    public static boolean isSecretName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.contains("password") || n.contains("passwd") || n.equals("pwd") || n.contains("secret");
    }
}
