package dev.bench.workloads.pgbench;

import java.util.List;

/**
 * pgbench's infix operators ({@code exprparse.y}): the precedence of each, lowest first, and the
 * function each stands for. {@link ExprParser} climbs by these precedences.
 */
final class ExprOperators {

    static final int OR = 1;
    static final int AND = 2;
    static final int NOT = 3;
    static final int IS = 4;
    static final int COMPARE = 5;
    static final int BITS = 6;
    static final int ADD = 7;
    static final int MUL = 8;
    static final int UNARY = 9;

    private ExprOperators() {
    }

    /** The precedence of the infix operator {@code t} is, 0 when it is none. */
    static int precedence(ExprLexer.Token t) {
        if (t.kind() == ExprLexer.Kind.WORD) {
            return switch (t.word()) {
                case "or" -> OR;
                case "and" -> AND;
                case "is", "isnull", "notnull" -> IS;
                default -> 0;
            };
        }
        if (t.kind() != ExprLexer.Kind.OPERATOR) {
            return 0;
        }
        return switch (t.text()) {
            case "=", "<>", "!=", "<", "<=", ">", ">=" -> COMPARE;
            case "|", "#", "&", "<<", ">>" -> BITS;
            case "+", "-" -> ADD;
            case "*", "/", "%" -> MUL;
            default -> 0;
        };
    }

    /** The call an infix operator stands for ({@code >} and {@code >=} as {@code <} and {@code <=} swapped). */
    static Expr binary(String op, Expr l, Expr r) {
        return switch (op) {
            case "or" -> call(Function.OR, l, r);
            case "and" -> call(Function.AND, l, r);
            case "=" -> call(Function.EQ, l, r);
            case "<>", "!=" -> call(Function.NE, l, r);
            case "<" -> call(Function.LT, l, r);
            case "<=" -> call(Function.LE, l, r);
            case ">" -> call(Function.LT, r, l);
            case ">=" -> call(Function.LE, r, l);
            case "|" -> call(Function.BITOR, l, r);
            case "#" -> call(Function.BITXOR, l, r);
            case "&" -> call(Function.BITAND, l, r);
            case "<<" -> call(Function.LSHIFT, l, r);
            case ">>" -> call(Function.RSHIFT, l, r);
            case "+" -> call(Function.ADD, l, r);
            case "-" -> call(Function.SUB, l, r);
            case "*" -> call(Function.MUL, l, r);
            case "/" -> call(Function.DIV, l, r);
            default -> call(Function.MOD, l, r);
        };
    }

    private static Expr call(Function f, Expr l, Expr r) {
        return new Expr.Call(f, List.of(l, r));
    }
}
