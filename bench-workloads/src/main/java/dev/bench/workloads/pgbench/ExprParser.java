package dev.bench.workloads.pgbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses a pgbench expression by precedence climbing ({@link ExprOperators}), with the precedence of pgbench's
 * {@code exprparse.y}, lowest first: OR; AND; NOT; IS, ISNULL, NOTNULL; comparisons (= <> != < <= > >=,
 * not associative); bit operators (| # & << >>); + -; * / %; unary + - ~. Keywords are case-insensitive.
 */
final class ExprParser {

    private final ExprLexer lexer;
    private ExprLexer.Token token;
    /** The token before {@link #token}. */
    private ExprLexer.Token previous;

    private ExprParser(String text) {
        this.lexer = new ExprLexer(text);
        this.token = lexer.next();
    }

    /** @throws ScriptSyntaxException with the message and column of the first error */
    static Expr parse(String text) {
        ExprParser p = new ExprParser(text);
        Expr e = p.expression(0);
        if (p.token.kind() != ExprLexer.Kind.END) {
            throw p.syntaxError();
        }
        return e;
    }

    private Expr expression(int minPrecedence) {
        Expr left = prefix();
        while (true) {
            int prec = ExprOperators.precedence(token);
            if (prec == 0 || prec <= minPrecedence) {
                return left;
            }
            ExprLexer.Token op = token;
            advance();
            if (prec == ExprOperators.IS) {
                left = isTest(left, op);
                if (ExprOperators.precedence(token) == ExprOperators.IS) {
                    throw syntaxError();
                }
                continue;
            }
            Expr right = expression(prec);
            left = ExprOperators.binary(op.kind() == ExprLexer.Kind.WORD ? op.word() : op.text(), left, right);
            if (prec == ExprOperators.COMPARE && ExprOperators.precedence(token) == ExprOperators.COMPARE) {
                throw syntaxError();
            }
        }
    }

    private Expr isTest(Expr left, ExprLexer.Token op) {
        String word = op.word();
        if (word.equals("isnull")) {
            return call(Function.IS, left, constant(Value.NULL));
        }
        if (word.equals("notnull")) {
            return call(Function.NOT, call(Function.IS, left, constant(Value.NULL)));
        }
        boolean negated = false;
        if (token.isWord("not")) {
            negated = true;
            advance();
        }
        Value what;
        if (token.isWord("null")) {
            what = Value.NULL;
        } else if (token.isWord("true")) {
            what = Value.TRUE;
        } else if (token.isWord("false")) {
            what = Value.FALSE;
        } else {
            throw syntaxError();
        }
        advance();
        Expr test = call(Function.IS, left, constant(what));
        return negated ? call(Function.NOT, test) : test;
    }

    private Expr prefix() {
        ExprLexer.Token t = token;
        switch (t.kind()) {
            case INT -> {
                advance();
                return constant(Value.of(t.intValue()));
            }
            case DOUBLE -> {
                advance();
                return constant(Value.of(t.doubleValue()));
            }
            case VARIABLE -> {
                advance();
                return new Expr.Var(t.text());
            }
            case MAX_INT_PLUS_ONE -> throw new ScriptSyntaxException("bigint constant overflow", t.text(), end(t));
            case OPERATOR -> {
                return unary(t);
            }
            case WORD -> {
                return word(t);
            }
            default -> throw syntaxError();
        }
    }

    private Expr unary(ExprLexer.Token t) {
        switch (t.text()) {
            case "(" -> {
                advance();
                Expr inner = expression(0);
                expect(")");
                return inner;
            }
            case "-" -> {
                advance();
                if (token.kind() == ExprLexer.Kind.MAX_INT_PLUS_ONE) {
                    advance();
                    return constant(Value.of(Long.MIN_VALUE));
                }
                return call(Function.SUB, constant(Value.of(0)), expression(ExprOperators.UNARY - 1));
            }
            case "+" -> {
                advance();
                return expression(ExprOperators.UNARY - 1);
            }
            case "~" -> {
                advance();
                return call(Function.BITXOR, constant(Value.of(-1)), expression(ExprOperators.UNARY - 1));
            }
            default -> throw syntaxError();
        }
    }

    private Expr word(ExprLexer.Token t) {
        String w = t.word();
        switch (w) {
            case "null", "true", "false" -> {
                advance();
                return constant(w.equals("null") ? Value.NULL : Value.of(w.equals("true")));
            }
            case "not" -> {
                advance();
                return call(Function.NOT, expression(ExprOperators.NOT - 1));
            }
            case "case" -> {
                advance();
                return caseExpression();
            }
            default -> {
                return functionCall(t);
            }
        }
    }

    private Expr caseExpression() {
        List<Expr> args = new ArrayList<>();
        if (!token.isWord("when")) {
            throw syntaxError();
        }
        while (token.isWord("when")) {
            advance();
            args.add(expression(0));
            if (!token.isWord("then")) {
                throw syntaxError();
            }
            advance();
            args.add(expression(0));
        }
        if (token.isWord("else")) {
            advance();
            args.add(expression(0));
        } else {
            args.add(constant(Value.NULL));
        }
        if (!token.isWord("end")) {
            throw syntaxError();
        }
        advance();
        return new Expr.Call(Function.CASE, List.copyOf(args));
    }

    private Expr functionCall(ExprLexer.Token name) {
        advance();
        if (!token.is("(")) {
            throw syntaxError();
        }
        Function f = Function.named(name.text())
                .orElseThrow(() -> new ScriptSyntaxException("unexpected function name", name.text(), end(token)));
        advance();
        List<Expr> args = new ArrayList<>();
        if (!token.is(")")) {
            args.add(expression(0));
            while (token.is(",")) {
                advance();
                args.add(expression(0));
            }
        }
        expect(")");
        if (args.size() < f.minArgs || args.size() > f.maxArgs) {
            // pgbench's make_func: its words, about the function's name
            throw new ScriptSyntaxException(f.maxArgs == Integer.MAX_VALUE && args.isEmpty() ? "at least one argument expected"
                    : "unexpected number of arguments", f.label, end(previous));
        }
        return new Expr.Call(f, List.copyOf(args));
    }

    private void expect(String text) {
        if (!token.is(text)) {
            throw syntaxError();
        }
        advance();
    }

    private void advance() {
        previous = token;
        token = lexer.next();
    }

    /** bison's error: where the token it could not take ends (the expression's end at its end). */
    private ScriptSyntaxException syntaxError() {
        return new ScriptSyntaxException("syntax error", null, end(token));
    }

    private int end(ExprLexer.Token t) {
        return t.kind() == ExprLexer.Kind.END ? lexer.length() : t.column() + Math.max(1, t.text().length()) - 1;
    }

    private static Expr constant(Value v) {
        return new Expr.Const(v);
    }

    private static Expr call(Function f, Expr... args) {
        return new Expr.Call(f, List.of(args));
    }

    /** Lower-case, for keyword tests. */
    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
