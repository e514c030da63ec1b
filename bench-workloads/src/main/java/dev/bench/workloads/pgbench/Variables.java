package dev.bench.workloads.pgbench;


import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One client's variables, kept across its transactions as pgbench keeps them. A variable holds a
 * {@link Value} (from \set) or text (from -D and \gset), read as a value only when an expression needs it.
 *
 * <p>Threading: one client's worker thread.
 */
final class Variables implements Expr.Context {

    private final Map<String, Object> values = new HashMap<>();
    private final Consumer<String> debug;
    private PgPrng random;

    Variables(Consumer<String> debug) {
        this.debug = debug;
    }

    void set(String name, Value v) {
        values.put(name, v);
    }

    void setText(String name, String text) {
        values.put(name, text);
    }

    /** The variable as-is: a {@link Value} or a String; null when not set. */
    Object raw(String name) {
        return values.get(name);
    }

    /** The text {@code :name} stands for in simple mode; null when not set. */
    String text(String name) {
        Object v = values.get(name);
        return v == null ? null : v instanceof Value value ? value.text() : (String) v;
    }

    void useRandom(PgPrng r) {
        this.random = r;
    }

    @Override
    public Value variable(String name) {
        Object v = values.get(name);
        if (v == null) {
            throw new EvalException("undefined variable \"" + name + "\"");
        }
        if (v instanceof Value value) {
            return value;
        }
        return Value.parse(name, (String) v);
    }

    @Override
    public PgPrng random() {
        return random;
    }

    @Override
    public void debug(String line) {
        debug.accept(line);
    }

    /** pgbench's valid_variable_name: an ASCII letter, _ or a non-ASCII character, then those or digits. */
    static boolean isValidName(String name) {
        if (name.isEmpty() || name.charAt(0) >= '0' && name.charAt(0) <= '9') {
            return false;
        }
        return name.chars().allMatch(c -> c >= 0x80 || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9');
    }
}
