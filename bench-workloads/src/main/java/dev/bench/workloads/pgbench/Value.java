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
                    throw new EvalException("double to int overflow for " + format(r));
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
     * A variable's text (from -D or \gset) read as pgbench does: null, a boolean word, an int, a double.
     *
     * @throws EvalException when it is none of them
     */
    public static Value parse(String name, String text) {
        String t = text.trim();
        String lower = t.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "null" -> {
                return NULL;
            }
            case "true", "on", "yes", "t", "y" -> {
                return TRUE;
            }
            case "false", "off", "no", "f", "n" -> {
                return FALSE;
            }
            default -> {
            }
        }
        try {
            return of(Long.parseLong(t));
        } catch (NumberFormatException notInt) {
            try {
                if (!t.isEmpty() && !lower.contains("x") && !lower.endsWith("d") && !lower.endsWith("f")) {
                    return of(Double.parseDouble(t));
                }
            } catch (NumberFormatException notDouble) {
                // below
            }
        }
        throw new EvalException("malformed variable \"" + name + "\" value: \"" + text + "\"");
    }
}
