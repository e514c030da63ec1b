package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Expressions evaluate as pgbench 15 evaluates them. The expected texts were printed by
 * {@code /usr/lib/postgresql/15/bin/pgbench -n -t 1 -f script} running {@code \set x debug(EXPR)} for each.
 */
class ExpressionTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
            "5 / 2.0 + 7 % 3 - (2 << 3) + (255 & 15 | 64 # 1) ; double 65.5",
            "CASE WHEN 1 > 2 THEN 1 ELSE 3 END ; int 3",
            "1 is null ; boolean false",
            "1 is not null ; boolean true",
            "NULL is null ; boolean true",
            "true is true ; boolean true",
            "1 notnull ; boolean true",
            "2 = 3 or 1 < 2 ; boolean true",
            "~5 ; int -6",
            "-9223372036854775808 ; int -9223372036854775808",
            "int(5.5) + int(-4.5) + int(2.5) ; int 4",
            "double(5) / 2 ; double 2.5",
            "greatest(5, 4, 3, 2) + least(5, 4.5, 3) ; double 8",
            "mod(-7, 3) ; int -1",
            "pow(2.0, 10) ; double 1024",
            "sqrt(2.0) ; double 1.4142135623731",
            "ln(2.718281828459045) ; double 1",
            "exp(1.0) ; double 2.71828182845905",
            "pi() ; double 3.14159265358979",
            "abs(-17) ; int 17",
            "1/3.0 ; double 0.333333333333333",
            "123456789.0 * 1000000000 ; double 1.23456789e+17",
            "0.00001234 ; double 1.234e-05",
            "NULL + 1 ; null",
            "8 >> 1 << 2 ; int 16",
            "NOT 1 = 2 ; boolean true",
            "hash_fnv1a(10, 5432) ; int -7793829335365542153",
            "hash_murmur2(10, 5432) ; int -5817877081768721676",
            "hash(-7, 0) ; int -2376560325806870531",
            "hash_fnv1a(123456789012, -1) ; int 7481865885724287971",
            "hash_murmur2(-9223372036854775808, 42) ; int -6961765671146507370",
            "permute(0, 10, 5432) ; int 6",
            "permute(7, 10, 5432) ; int 4",
            "permute(12345, 1000000, 17) ; int 115251",
            "permute(-3, 7, 99) ; int 4",
            "permute(3, 2, 1) ; int 0",
    })
    void evaluatesAsPgbench15(String expression, String expected) {
        assertEquals(expected, new Evaluation().debugText(expression));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
            "1 + 2 * 3 ; int 7",
            "(1 + 2) * 3 ; int 9",
            "10 - 4 - 3 ; int 3",
            "100 / 10 / 5 ; int 2",
            "-7 / 2 ; int -3",
            "7 % -3 ; int 1",
            "- -3 ; int 3",
            "+4 ; int 4",
            "1 <> 2 ; boolean true",
            "1 != 1 ; boolean false",
            "3 >= 3 AND 2 <= 1 ; boolean false",
            "1.5 > 1 ; boolean true",
            "NULL AND true ; null",
            "true AND NULL ; null",
            "false AND NULL ; boolean false",
            "true OR NULL ; boolean true",
            "NOT true OR true ; boolean true",
            "1 isnull ; boolean false",
            "NULL notnull ; boolean false",
            "NULL IS NOT NULL ; boolean false",
            "false IS FALSE ; boolean true",
            "true IS NOT TRUE ; boolean false",
            "CASE WHEN false THEN 1 WHEN true THEN 2 ELSE 3 END ; int 2",
            "CASE WHEN 0 THEN 1 END ; null",
            "case when 1 then 'x' = 'x' end is null ; boolean false",
            "1 # 3 ; int 2",
            "1 << 62 ; int 4611686018427387904",
            "greatest(1, 7, 3) ; int 7",
            "least(2.5) ; double 2.5",
            "power(2, 0.5) * power(2, 0.5) ; double 2",
            "9223372036854775807 / -1 ; int -9223372036854775807",
            "-9223372036854775808 % -1 ; int 0",
            "1e3 ; double 1000",
            ".5 + 1.e1 ; double 10.5",
            "ABS(-2.5) ; double 2.5",
            "INT(-0.4) ; int 0",
    })
    void operatorsFollowPgbenchsPrecedenceAndRules(String expression, String expected) {
        if (expression.contains("'")) {
            // pgbench has no string literals: the CASE above is a syntax error
            assertThrows(ScriptSyntaxException.class, () -> ExprParser.parse(expression));
            return;
        }
        assertEquals(expected, new Evaluation().debugText(expression));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = ';', value = {
            "9223372036854775807 + 1 ; bigint add out of range",
            "-9223372036854775808 - 1 ; bigint sub out of range",
            "4611686018427387904 * 2 ; bigint mul out of range",
            "-9223372036854775808 / -1 ; bigint div out of range",
            "1 / 0 ; division by zero",
            "1 % 0 ; division by zero",
            "1 AND true ; cannot coerce int to boolean",
            "NOT 1 ; cannot coerce int to boolean",
            "true + 1 ; cannot coerce boolean to int",
            "int(1e30) ; double to int overflow for 1000000000000000019884624838656.000000",
            "least(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16) ; too many function arguments, maximum is 16",
            "random(5, 1) ; empty range given to random",
            "random(-9223372036854775808, 9223372036854775807) ; random range is too large",
            "random_gaussian(1, 10, 1.5) ; gaussian parameter must be at least 2.000000 (not 1.500000)",
            "random_exponential(1, 10, 0) ; exponential parameter must be greater than zero",
            "random_zipfian(1, 10, 1.0) ; zipfian parameter must be in range [1.001, 1000] (not 1.000000)",
            "permute(1, 0, 1) ; permute size parameter must be greater than zero",
            ":nosuch + 1 ; undefined variable \"nosuch\"",
    })
    void errorsAreReportedAsPgbenchReportsThem(String expression, String message) {
        EvalException e = assertThrows(EvalException.class, () -> new Evaluation().eval(expression));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "1 + ; syntax error at column 4",
            "(1 + 2 ; syntax error at column 7",
            "foo(1) ; unexpected function name (foo)",
            "random(1) ; unexpected number of arguments (random)",
            "pi(1) ; unexpected number of arguments (pi)",
            "greatest() ; at least one argument expected (greatest)",
            "hash(1, 2, 3) ; unexpected number of arguments (hash)",
            "permute(1) ; unexpected number of arguments (permute)",
            "1 < 2 < 3 ; syntax error",
            "CASE 1 THEN 2 END ; syntax error",
            "CASE WHEN 1 THEN 2 ; syntax error",
            "1 IS 2 ; syntax error",
            "9223372036854775808 ; bigint constant overflow (9223372036854775808)",
            "100000000000000000000 ; bigint constant overflow (100000000000000000000)",
            "1.0E309 ; double constant overflow (1.0E309)",
            ".1E310 ; double constant overflow (.1E310)",
            "1 $ 2 ; unexpected character ($) at column 3",
            "abc ; syntax error",
    })
    void badExpressionsAreSyntaxErrors(String expression, String message) {
        ScriptSyntaxException e = assertThrows(ScriptSyntaxException.class, () -> ExprParser.parse(expression));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void andOrAndCaseDoNotEvaluateWhatTheyDoNotNeed() {
        Evaluation ev = new Evaluation();
        assertEquals(Value.FALSE, ev.eval("false AND :undefined"));
        assertEquals(Value.TRUE, ev.eval("true OR :undefined"));
        assertEquals(Value.of(1), ev.eval("CASE WHEN true THEN 1 ELSE :undefined END"));
        assertThrows(EvalException.class, () -> ev.eval("true AND :undefined"));
    }

    @Test
    void variablesAndDebugAreReadFromTheContext() {
        Evaluation ev = new Evaluation();
        ev.variables.put("scale", Value.of(10));
        ev.variables.put("x", Value.of(0));
        ev.variables.put("y", Value.of(5));
        assertEquals(Value.of(1_000_000), ev.eval("100000 * :scale"));
        assertEquals(Value.NULL, ev.eval("CASE WHEN :x <> 0 THEN :y/:x ELSE NULL END"));
        assertEquals(Value.of(3), ev.eval("debug(:y - 2)"));
        assertEquals(java.util.List.of("int 3"), ev.debugLines);
        ev.variables.put("default_seed", Value.of(5432));
        assertEquals(ev.eval("hash_murmur2(10, 5432)"), ev.eval("hash(10)"));
        assertEquals(ev.eval("permute(7, 10, 5432)"), ev.eval("permute(7, 10)"));
    }

    @Test
    void variableTextIsReadAsPgbenchReadsIt() {
        // pgbench's makeVariableValue: prefixes of true/yes/false/no, on/off/of, is_an_int then strtod
        assertEquals(Value.of(42), Value.parse("v", " 42"));
        assertEquals(Value.of(3), Value.parse("v", "+3"));
        assertEquals(Value.of(2.5), Value.parse("v", "2.5"));
        assertEquals(Value.of(-10.1), Value.parse("v", "-10.1"));
        assertEquals(Value.of(Double.POSITIVE_INFINITY), Value.parse("v", "inf"));
        assertEquals(Value.TRUE, Value.parse("v", "on"));
        assertEquals(Value.TRUE, Value.parse("v", "t"));
        assertEquals(Value.TRUE, Value.parse("v", "YE"));
        assertEquals(Value.FALSE, Value.parse("v", "of"));
        assertEquals(Value.FALSE, Value.parse("v", "fal"));
        assertEquals(Value.NULL, Value.parse("v", "NULL"));
        for (String bad : new String[]{"abc", "o", "42 ", "1e400", "trueXXX", "1.5d"}) {
            EvalException e = assertThrows(EvalException.class, () -> Value.parse("v", bad));
            assertEquals("malformed variable \"v\" value: \"" + bad + "\"", e.getMessage());
        }
    }
}
