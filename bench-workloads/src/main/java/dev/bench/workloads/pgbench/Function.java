package dev.bench.workloads.pgbench;


import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * pgbench's operators and functions, with its argument counts and semantics (PostgreSQL 15
 * {@code evalStandardFunc}, {@code evalLazyFunc}): any NULL argument gives NULL except for IS and
 * debug; AND, OR and CASE evaluate lazily; integer arithmetic fails on overflow rather than wrapping.
 */
enum Function {
    ADD("+", 2, 2), SUB("-", 2, 2), MUL("*", 2, 2), DIV("/", 2, 2), MOD("mod", 2, 2),
    EQ("=", 2, 2), NE("<>", 2, 2), LE("<=", 2, 2), LT("<", 2, 2),
    BITAND("&", 2, 2), BITOR("|", 2, 2), BITXOR("#", 2, 2), LSHIFT("<<", 2, 2), RSHIFT(">>", 2, 2),
    AND("and", 2, 2), OR("or", 2, 2), NOT("not", 1, 1), IS("is", 2, 2), CASE("case", 3, Integer.MAX_VALUE),
    ABS("abs", 1, 1), DEBUG("debug", 1, 1), DOUBLE("double", 1, 1), EXP("exp", 1, 1), LN("ln", 1, 1),
    SQRT("sqrt", 1, 1), INT("int", 1, 1), PI("pi", 0, 0), POW("pow", 2, 2), POWER("power", 2, 2),
    GREATEST("greatest", 1, Integer.MAX_VALUE), LEAST("least", 1, Integer.MAX_VALUE),
    RANDOM("random", 2, 2), RANDOM_EXPONENTIAL("random_exponential", 3, 3),
    RANDOM_GAUSSIAN("random_gaussian", 3, 3), RANDOM_ZIPFIAN("random_zipfian", 3, 3),
    HASH("hash", 1, 2), HASH_FNV1A("hash_fnv1a", 1, 2), HASH_MURMUR2("hash_murmur2", 1, 2),
    PERMUTE("permute", 2, 3);

    /** The functions a script may call by name (operators are the parser's). */
    static final List<Function> CALLABLE = List.of(ABS, DEBUG, DOUBLE, EXP, GREATEST, HASH, HASH_FNV1A, HASH_MURMUR2,
            INT, LEAST, LN, MOD, PERMUTE, PI, POW, POWER, RANDOM, RANDOM_EXPONENTIAL, RANDOM_GAUSSIAN, RANDOM_ZIPFIAN,
            SQRT);
    /** pgbench's MAX_FARGS: a call with more arguments fails when it is evaluated. */
    static final int MAX_ARGS = 16;
    /** The variable hash() and permute() take their seed from when none is given. */
    static final String DEFAULT_SEED = "default_seed";

    final String label;
    final int minArgs;
    final int maxArgs;

    Function(String label, int minArgs, int maxArgs) {
        this.label = label;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
    }

    static Optional<Function> named(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return CALLABLE.stream().filter(f -> f.label.equals(lower)).findFirst();
    }

    Value apply(List<Expr> args, Expr.Context c) {
        switch (this) {
            case AND, OR -> {
                Value a = args.get(0).eval(c);
                if (a.isNull()) {
                    return Value.NULL;
                }
                boolean first = a.asBoolean();
                if (first == (this == OR)) {
                    return Value.of(first);
                }
                Value b = args.get(1).eval(c);
                return b.isNull() ? Value.NULL : Value.of(b.asBoolean());
            }
            case CASE -> {
                // args: when1, then1, when2, then2, ..., else
                int i = 0;
                for (; i + 1 < args.size(); i += 2) {
                    if (args.get(i).eval(c).truth()) {
                        return args.get(i + 1).eval(c);
                    }
                }
                return args.get(i).eval(c);
            }
            default -> {
                Value[] v = new Value[Math.min(args.size(), MAX_ARGS)];
                boolean hasNull = false;
                for (int i = 0; i < v.length; i++) {
                    v[i] = args.get(i).eval(c);
                    hasNull |= v[i].isNull();
                }
                if (args.size() > MAX_ARGS) {
                    throw new EvalException("too many function arguments, maximum is " + MAX_ARGS);
                }
                if (hasNull && this != IS && this != DEBUG) {
                    return Value.NULL;
                }
                return strict(v, c);
            }
        }
    }

    private Value strict(Value[] v, Expr.Context c) {
        return switch (this) {
            case ADD, SUB, MUL, DIV, MOD, EQ, NE, LE, LT -> arithmetic(v[0], v[1]);
            case BITAND -> Value.of(v[0].asInt() & v[1].asInt());
            case BITOR -> Value.of(v[0].asInt() | v[1].asInt());
            case BITXOR -> Value.of(v[0].asInt() ^ v[1].asInt());
            case LSHIFT -> Value.of(v[0].asInt() << v[1].asInt());
            case RSHIFT -> Value.of(v[0].asInt() >> v[1].asInt());
            case NOT -> Value.of(!v[0].asBoolean());
            case IS -> Value.of(v[0].type() == v[1].type() && v[0].intValue() == v[1].intValue());
            case PI -> Value.of(Math.PI);
            case ABS -> v[0].type() == Value.Type.INT ? Value.of(Math.abs(v[0].intValue()))
                    : Value.of(Math.abs(v[0].asDouble()));
            case DEBUG -> {
                c.debug(describe(v[0]));
                yield v[0];
            }
            case DOUBLE -> Value.of(v[0].asDouble());
            case SQRT -> Value.of(Math.sqrt(v[0].asDouble()));
            case LN -> Value.of(Math.log(v[0].asDouble()));
            case EXP -> Value.of(Math.exp(v[0].asDouble()));
            case INT -> Value.of(v[0].asInt());
            case POW, POWER -> Value.of(Math.pow(v[0].asDouble(), v[1].asDouble()));
            case GREATEST, LEAST -> extremum(v);
            case RANDOM, RANDOM_EXPONENTIAL, RANDOM_GAUSSIAN, RANDOM_ZIPFIAN -> random(v, c.random());
            case HASH, HASH_MURMUR2 -> Value.of(Hashes.murmur2(v[0].asInt(), seed(v, 1, c)));
            case HASH_FNV1A -> Value.of(Hashes.fnv1a(v[0].asInt(), seed(v, 1, c)));
            case PERMUTE -> {
                long size = v[1].asInt();
                if (size <= 0) {
                    throw new EvalException("permute size parameter must be greater than zero");
                }
                yield Value.of(Hashes.permute(v[0].asInt(), size, seed(v, 2, c)));
            }
            default -> throw new IllegalStateException("lazy function " + this);
        };
    }

    private static long seed(Value[] v, int index, Expr.Context c) {
        return v.length > index ? v[index].asInt() : c.variable(DEFAULT_SEED).asInt();
    }

    private Value arithmetic(Value l, Value r) {
        if ((l.type() == Value.Type.DOUBLE || r.type() == Value.Type.DOUBLE) && this != MOD) {
            double a = l.asDouble();
            double b = r.asDouble();
            return switch (this) {
                case ADD -> Value.of(a + b);
                case SUB -> Value.of(a - b);
                case MUL -> Value.of(a * b);
                case DIV -> Value.of(a / b);
                case EQ -> Value.of(a == b);
                case NE -> Value.of(a != b);
                case LE -> Value.of(a <= b);
                default -> Value.of(a < b);
            };
        }
        long a = l.asInt();
        long b = r.asInt();
        try {
            return switch (this) {
                case ADD -> Value.of(Math.addExact(a, b));
                case SUB -> Value.of(Math.subtractExact(a, b));
                case MUL -> Value.of(Math.multiplyExact(a, b));
                case EQ -> Value.of(a == b);
                case NE -> Value.of(a != b);
                case LE -> Value.of(a <= b);
                case LT -> Value.of(a < b);
                default -> divide(a, b);
            };
        } catch (ArithmeticException overflow) {
            throw new EvalException("bigint " + label(this) + " out of range");
        }
    }

    private Value divide(long a, long b) {
        if (b == 0) {
            throw new EvalException("division by zero");
        }
        if (b == -1) {
            if (this == MOD) {
                return Value.of(0);
            }
            if (a == Long.MIN_VALUE) {
                throw new EvalException("bigint div out of range");
            }
            return Value.of(-a);
        }
        return Value.of(this == DIV ? a / b : a % b);
    }

    private static String label(Function f) {
        return switch (f) {
            case ADD -> "add";
            case SUB -> "sub";
            default -> "mul";
        };
    }

    private Value extremum(Value[] v) {
        boolean anyDouble = Arrays.stream(v).anyMatch(x -> x.type() == Value.Type.DOUBLE);
        if (anyDouble) {
            double e = v[0].asDouble();
            for (int i = 1; i < v.length; i++) {
                e = this == LEAST ? Math.min(e, v[i].asDouble()) : Math.max(e, v[i].asDouble());
            }
            return Value.of(e);
        }
        long e = v[0].asInt();
        for (int i = 1; i < v.length; i++) {
            e = this == LEAST ? Math.min(e, v[i].asInt()) : Math.max(e, v[i].asInt());
        }
        return Value.of(e);
    }

    private Value random(Value[] v, PgPrng r) {
        long min = v[0].asInt();
        long max = v[1].asInt();
        if (min > max) {
            throw new EvalException("empty range given to random");
        }
        long delta = max - min;
        if (delta < 0 || delta == Long.MAX_VALUE) {
            throw new EvalException("random range is too large");
        }
        if (this == RANDOM) {
            return Value.of(Distributions.uniform(r, min, max));
        }
        double p = v[2].asDouble();
        return switch (this) {
            case RANDOM_GAUSSIAN -> {
                if (p < Distributions.MIN_GAUSSIAN_PARAM) {
                    throw new EvalException(String.format(Locale.ROOT, "gaussian parameter must be at least %f (not %f)",
                            Distributions.MIN_GAUSSIAN_PARAM, p));
                }
                yield Value.of(Distributions.gaussian(r, min, max, p));
            }
            case RANDOM_ZIPFIAN -> {
                if (p < Distributions.MIN_ZIPFIAN_PARAM || p > Distributions.MAX_ZIPFIAN_PARAM) {
                    throw new EvalException(String.format(Locale.ROOT, "zipfian parameter must be in range [%.3f, %.0f] (not %f)",
                            Distributions.MIN_ZIPFIAN_PARAM, Distributions.MAX_ZIPFIAN_PARAM, p));
                }
                yield Value.of(Distributions.zipfian(r, min, max, p));
            }
            default -> {
                if (p <= 0.0) {
                    throw new EvalException(String.format(Locale.ROOT, "exponential parameter must be greater than zero (not %f)", p));
                }
                yield Value.of(Distributions.exponential(r, min, max, p));
            }
        };
    }

    /** debug()'s text, as pgbench prints it. */
    static String describe(Value v) {
        return switch (v.type()) {
            case NULL -> "null";
            case BOOLEAN -> "boolean " + v.text();
            case INT -> "int " + v.text();
            case DOUBLE -> "double " + Value.format(v.doubleValue());
        };
    }
}
