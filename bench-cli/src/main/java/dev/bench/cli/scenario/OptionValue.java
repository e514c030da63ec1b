package dev.bench.cli.scenario;

import dev.bench.core.BenchException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.OptionSpec;

import java.lang.reflect.Array;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A scenario file's value as the typed value of the option its key names, converted as picocli converts
 * that option's text on a command line (the option's own converter if it declares one, else picocli's
 * built-in one for its type), with picocli's messages ({@code 'many' is not a long}). The file's values
 * are set on the command's model this way ({@link OptionSpec#setValue}); no command line is built from them.
 */
final class OptionValue {

    private OptionValue() {
    }

    /**
     * @param text the file's value; for an option that takes no value, {@code true} or {@code false}
     * @throws BenchException the message alone; the caller puts the key and line in front
     */
    static Object of(OptionSpec option, String text) {
        if (option.isMultiValue()) {
            return many(option, text);
        }
        if (option.arity().max() == 0) {
            return flag(text);
        }
        return one(option, option.type(), text);
    }

    /** A repeatable option given once: a list or array of that one value (a flag's {@code false}: none). */
    private static Object many(OptionSpec option, String text) {
        Class<?> element = option.auxiliaryTypes().length > 0 ? option.auxiliaryTypes()[0] : String.class;
        boolean flag = option.arity().max() == 0;
        Object value = flag ? flag(text) : one(option, element, text);
        boolean none = flag && !(Boolean) value;
        if (option.type().isArray()) {
            Object array = Array.newInstance(option.type().getComponentType(), none ? 0 : 1);
            if (!none) {
                Array.set(array, 0, value);
            }
            return array;
        }
        if (List.class.isAssignableFrom(option.type())) {
            return none ? new java.util.ArrayList<>() : new java.util.ArrayList<>(List.of(value));
        }
        throw new BenchException("takes several values; it can't be given in a scenario file (give it after the file)");
    }

    private static Boolean flag(String text) {
        if (!text.equals("true") && !text.equals("false")) {
            throw new BenchException("must be true or false, got '" + text + "'");
        }
        return Boolean.valueOf(text);
    }

    private static Object one(OptionSpec option, Class<?> type, String text) {
        ITypeConverter<?>[] own = option.converters();
        try {
            if (own != null && own.length > 0) {
                return own[0].convert(text);
            }
        } catch (Exception e) {
            throw new BenchException(e.getMessage() == null ? "'" + text + "' is not valid" : e.getMessage());
        }
        return builtIn(type, text);
    }

    private static Object builtIn(Class<?> type, String text) {
        try {
            if (type == String.class || type == Object.class) {
                return text;
            } else if (type == int.class || type == Integer.class) {
                return Integer.valueOf(text);
            } else if (type == long.class || type == Long.class) {
                return Long.valueOf(text);
            } else if (type == double.class || type == Double.class) {
                return Double.valueOf(text);
            } else if (type == float.class || type == Float.class) {
                return Float.valueOf(text);
            } else if (type == boolean.class || type == Boolean.class) {
                return flag(text.toLowerCase(Locale.ROOT));
            } else if (type == Path.class) {
                return Path.of(text);
            } else if (type.isEnum()) {
                return enumValue(type, text);
            }
        } catch (NumberFormatException | InvalidPathException e) {
            throw new BenchException("'" + text + "' is not " + article(type));
        }
        throw new BenchException("is of a type (" + type.getSimpleName() + ") a scenario file can't give; give it after the file");
    }

    /** As bench's command line takes enums: case-insensitive. */
    private static Object enumValue(Class<?> type, String text) {
        List<String> names = new java.util.ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
            String name = ((Enum<?>) constant).name();
            if (name.equalsIgnoreCase(text) || constant.toString().equalsIgnoreCase(text)) {
                return constant;
            }
            names.add(name);
        }
        throw new BenchException("expected one of " + names + " (case-insensitive) but was '" + text + "'");
    }

    /** picocli's words: "an int", "a long", "a double", "a path". */
    private static String article(Class<?> type) {
        String name = type == Path.class ? "path" : type.isPrimitive() ? type.getName()
                : type.getSimpleName().equals("Integer") ? "int" : type.getSimpleName().toLowerCase(Locale.ROOT);
        return (name.matches("[aeiou].*") ? "an " : "a ") + name;
    }
}
