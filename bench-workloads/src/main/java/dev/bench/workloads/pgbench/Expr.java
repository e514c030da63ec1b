package dev.bench.workloads.pgbench;


import java.util.List;

/** A parsed pgbench expression ({@code \set}, {@code \if}): constants, variables and function calls. */
public sealed interface Expr {

    Value eval(Context context);

    /** What an expression reads while it is evaluated: one client's variables and its generator. */
    interface Context {
        /** @throws EvalException when the variable is not set */
        Value variable(String name);

        PgPrng random();

        /** {@code debug()}'s line on stderr. */
        void debug(String line);
    }

    record Const(Value value) implements Expr {
        @Override
        public Value eval(Context context) {
            return value;
        }
    }

    record Var(String name) implements Expr {
        @Override
        public Value eval(Context context) {
            return context.variable(name);
        }
    }

    record Call(Function function, List<Expr> args) implements Expr {
        @Override
        public Value eval(Context context) {
            return function.apply(args, context);
        }
    }
}
