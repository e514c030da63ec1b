package dev.bench.workloads.pgbench;

import java.util.Locale;

/**
 * A pgbench script value: NULL, boolean, 64-bit integer or double, with pgbench's coercions (a double
 * becomes an int by rounding to nearest, a boolean or NULL never becomes a number) and its text forms.
 */
public record Value(Type type, long intValue, double doubleValue) {

    public enum Type { NULL, BOOLEAN, INT, DOUBLE }

    public static final Value NULL = new Value(Type.NULL, 0, 0);
    public static final Value TRUE = new Value(Type.BOOLEAN, 1, 0);
    public static final Value FALSE = new Value(Type.BOOLEAN, 0, 0);

    public static Value of(long v) {
        return new Value(Type.INT, v, 0);
    }

    public static Value of(double v) {
        return new Value(Type.DOUBLE, 0, v);
    }

    public static Value of(boolean v) {
        return v ? TRUE : FALSE;
    }

    public boolean isNull() {
        return type == Type.NULL;
    }

    public long asInt() {
        return switch (type) {
            case INT -> intValue;
            case DOUBLE -> {
                double r = Math.rint(doubleValue);
                if (Double.isNaN(r) || r < -0x1p63 || r >= 0x1p63) {
                    throw new EvalException("double to int overflow for " + fixed(doubleValue));
                }
                yield (long) r;
            }
            default -> throw new EvalException("cannot coerce " + typeName() + " to int");
        };
    }

    public double asDouble() {
        return switch (type) {
            case DOUBLE -> doubleValue;
            case INT -> intValue;
            default -> throw new EvalException("cannot coerce " + typeName() + " to double");
        };
    }

    public boolean asBoolean() {
        if (type != Type.BOOLEAN) {
            throw new EvalException("cannot coerce " + typeName() + " to boolean");
        }
        return intValue != 0;
    }

    /** \if's and CASE's truth: NULL and zero are false. */
    public boolean truth() {
        return switch (type) {
            case NULL -> false;
            case BOOLEAN, INT -> intValue != 0;
            case DOUBLE -> doubleValue != 0.0;
        };
    }

    public String typeName() {
        return type.name().toLowerCase(Locale.ROOT);
    }

    /** The text pgbench substitutes for {@code :name}: doubles with 15 significant digits, as its {@code %.*g}. */
    public String text() {
        return switch (type) {
            case NULL -> "NULL";
            case BOOLEAN -> intValue != 0 ? "true" : "false";
            case INT -> Long.toString(intValue);
            case DOUBLE -> format(doubleValue);
        };
    }

    /** C's {@code %f}: the double's exact decimal value to six places (Java's %f rounds its shortest form instead). */
    static String fixed(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        return new java.math.BigDecimal(d).setScale(6, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }

    /** C's {@code %.15g}. */
    static String format(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        String s = String.format(Locale.ROOT, "%.15g", d);
        // C's %g drops trailing zeros and uses the shorter of fixed and exponent forms
        double abs = Math.abs(d);
        if (abs != 0 && (abs < 1e-4 || abs >= 1e15)) {
            s = String.format(Locale.ROOT, "%.14e", d);
            String mantissa = stripZeros(s.substring(0, s.indexOf('e')));
            String exp = s.substring(s.indexOf('e') + 1);
            int e = Integer.parseInt(exp);
            return mantissa + "e" + (e < 0 ? "-" : "+") + (Math.abs(e) < 10 ? "0" : "") + Math.abs(e);
        }
        return stripZeros(s);
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /**
     * A variable's text (from -D or \gset) read as pgbench's {@code makeVariableValue} reads it:
     * {@code null}; a prefix of true, yes, false or no, or on, off, of (any case); an int when it looks
     * like one (it must then fit); else a double as C's strtod reads it.
     *
     * @throws EvalException when it is none of them (pgbench's message; none for the empty text)
     */
    public static Value parse(String name, String text) {
        int len = text.length();
        if (len == 0) {
            throw new EvalException(null);
        }
        if (text.equalsIgnoreCase("null")) {
            return NULL;
        }
        if (prefixOf(text, "true") || prefixOf(text, "yes") || text.equalsIgnoreCase("on")) {
            return TRUE;
        }
        if (prefixOf(text, "false") || prefixOf(text, "no") || text.equalsIgnoreCase("off") || text.equalsIgnoreCase("of")) {
            return FALSE;
        }
        if (looksLikeInt(text)) {
            Long v = strtoint64(text);
            if (v == null) {
                throw new EvalException(null);
            }
            return of(v);
        }
        Double d = strtod(text);
        if (d == null) {
            throw new EvalException("malformed variable \"" + name + "\" value: \"" + text + "\"");
        }
        return of(d);
    }

    /** pg_strncasecmp(text, word, strlen(text)) == 0: text is a prefix of word, ignoring case. */
    private static boolean prefixOf(String text, String word) {
        return text.length() <= word.length() && word.regionMatches(true, 0, text, 0, text.length());
    }

    /** pgbench's is_an_int: spaces, a sign, digits, and nothing after them. */
    private static boolean looksLikeInt(String s) {
        int i = 0;
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        if (i < s.length() && !isDigit(s.charAt(i))) {
            return false;
        }
        while (i < s.length() && isDigit(s.charAt(i))) {
            i++;
        }
        return i == s.length();
    }

    /** pgbench's strtoint64 on a text that {@link #looksLikeInt}: null when it has no digit or is out of range. */
    private static Long strtoint64(String s) {
        try {
            return Long.parseLong(s.stripLeading());
        } catch (NumberFormatException noDigitOrOutOfRange) {
            return null;
        }
    }

    /**
     * C's strtod on the whole text, as pgbench's strtodouble: leading spaces, decimal or hexadecimal
     * forms, inf/infinity/nan in any case; null for trailing characters, overflow or underflow (ERANGE).
     */
    static Double strtod(String s) {
        int i = 0;
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        String t = s.substring(i);
        if (t.isEmpty()) {
            return null;
        }
        String unsigned = t.charAt(0) == '+' || t.charAt(0) == '-' ? t.substring(1) : t;
        double sign = t.charAt(0) == '-' ? -1.0 : 1.0;
        if (unsigned.equalsIgnoreCase("inf") || unsigned.equalsIgnoreCase("infinity")) {
            return sign * Double.POSITIVE_INFINITY;
        }
        if (unsigned.equalsIgnoreCase("nan")) {
            return Double.NaN;
        }
        if (unsigned.isEmpty() || isSpace(t.charAt(t.length() - 1)) || !unsigned.matches(
                "(?i)(\\d+\\.?\\d*|\\.\\d+)(e[+-]?\\d+)?|0x([0-9a-f]+\\.?[0-9a-f]*|\\.[0-9a-f]+)(p[+-]?\\d+)?")) {
            return null;
        }
        String javaText = unsigned.toLowerCase(Locale.ROOT).startsWith("0x") && !unsigned.toLowerCase(Locale.ROOT).contains("p")
                ? unsigned + "p0" : unsigned;
        double d;
        try {
            d = Double.parseDouble(javaText);
        } catch (NumberFormatException e) {
            return null;
        }
        if (Double.isInfinite(d) || d != 0 && d < Double.MIN_NORMAL) {
            return null; // ERANGE: overflow, or a subnormal result
        }
        if (d == 0 && mantissaHasNonZeroDigit(unsigned)) {
            return null; // ERANGE: underflow to zero
        }
        return sign * d;
    }

    private static boolean mantissaHasNonZeroDigit(String s) {
        String lower = s.toLowerCase(Locale.ROOT);
        boolean hex = lower.startsWith("0x");
        String m = hex ? lower.substring(2) : lower;
        int end = m.indexOf(hex ? 'p' : 'e');
        m = end < 0 ? m : m.substring(0, end);
        for (char c : m.toCharArray()) {
            if (c != '0' && c != '.') {
                return true;
            }
        }
        return false;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
