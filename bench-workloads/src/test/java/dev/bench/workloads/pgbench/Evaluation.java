package dev.bench.workloads.pgbench;


import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An expression context for tests: variables in a map, debug lines in a list. */
final class Evaluation implements Expr.Context {

    final Map<String, Value> variables = new HashMap<>();
    final List<String> debugLines = new ArrayList<>();
    PgPrng random = new PgPrng(7);

    @Override
    public Value variable(String name) {
        Value v = variables.get(name);
        if (v == null) {
            throw new EvalException("undefined variable \"" + name + "\"");
        }
        return v;
    }

    @Override
    public PgPrng random() {
        return random;
    }

    @Override
    public void debug(String line) {
        debugLines.add(line);
    }

    Value eval(String expression) {
        return ExprParser.parse(expression).eval(this);
    }

    /** The value as pgbench's debug() prints it: "int 4", "double 2.5", "boolean true", "null". */
    String debugText(String expression) {
        return Function.describe(eval(expression));
    }
}
