package dev.bench.core;

import java.util.regex.Pattern;

/** Masks passwords wherever a result file or message might repeat user input. */
public final class Secrets {

    public static final String MASK = "****";

    /** password=..., pwd=..., passwd=... in JDBC URL query strings and property lists. */
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)((?:password|passwd|pwd)=)([^&;]*)");
    /** user:password@ in URL authorities. */
    private static final Pattern AUTHORITY_PASSWORD = Pattern.compile("(//[^/:@]+:)([^@/]*)(@)");

    private Secrets() {
    }

    public static String maskUrl(String url) {
        if (url == null) {
            return null;
        }
        String masked = URL_PASSWORD.matcher(url).replaceAll("$1" + MASK);
        return AUTHORITY_PASSWORD.matcher(masked).replaceAll("$1" + MASK + "$3");
    }

    /** Whether an option or property of this name holds a secret. */
    public static boolean isSecretName(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        return n.contains("password") || n.contains("passwd") || n.equals("pwd") || n.contains("secret");
    }
}
