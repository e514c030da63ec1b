package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scripts parse as pgbench parses them; every example of the PostgreSQL 15 pgbench page is here. */
class ScriptParserTest {

    @Test
    void docsExamplesParse() {
        Script s = ScriptParser.parse("docs.sql", """
                \\set ntellers 10 * :scale
                \\set aid (1021 * random(1, 100000 * :scale)) % \\
                           (100000 * :scale) + 1
                \\set divx CASE WHEN :x <> 0 THEN :y/:x ELSE NULL END
                \\set r random_zipfian(1, :size, 1.07)
                \\set k abs(hash(:r)) % :size
                \\set k2 1 + permute(:r, :size)
                \\sleep 10 ms
                \\sleep :delay us
                -- get the result in variables
                UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid RETURNING abalance \\gset
                -- compound of two queries
                SELECT 1 \\;
                SELECT 2 AS two, 3 AS three \\gset p_
                SELECT 1 AS one \\; SELECT 2 AS two \\aset
                \\if :client_id = 0
                SELECT 'first';
                \\elif :client_id = 1
                SELECT 'second';
                \\else
                SELECT 'other';
                \\endif
                """);
        List<Command> c = s.commands();
        assertEquals(new Command.Set(1, "ntellers", ExprParser.parse("10 * :scale")), c.get(0));
        Command.Set aid = (Command.Set) c.get(1);
        assertEquals(2, aid.line());
        assertEquals(ExprParser.parse("(1021 * random(1, 100000 * :scale)) % (100000 * :scale) + 1"), aid.expression());
        assertEquals(new Command.Sleep(8, null, 10, 1000), c.get(6));
        assertEquals(new Command.Sleep(9, "delay", 0, 1), c.get(7));
        Command.Sql update = (Command.Sql) c.get(8);
        assertEquals(11, update.line());
        assertEquals(Command.Results.GSET, update.results());
        assertEquals("UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ? RETURNING abalance",
                update.queries().get(0).jdbcText());
        assertEquals(List.of("delta", "aid"), update.queries().get(0).parameters());
        Command.Sql compound = (Command.Sql) c.get(9);
        assertEquals(13, compound.line());
        assertEquals(2, compound.queries().size());
        assertEquals("p_", compound.prefix());
        Command.Sql aset = (Command.Sql) c.get(10);
        assertEquals(Command.Results.ASET, aset.results());
        assertEquals(2, aset.queries().size());
    }

    /** One command for each of pgbench's (so that the numbers in debug() and the errors are pgbench's), with their targets. */
    @Test
    void ifElifElseEndifAreACommandEachWithTheirTargets() {
        Script s = ScriptParser.parse("if.sql", """
                \\if :a
                SELECT 1;
                \\elif :b
                SELECT 2;
                \\else
                SELECT 3;
                \\endif
                SELECT 4;
                """);
        List<Command> c = s.commands();
        // 0 if(a) 1 SQL1 2 elif(b) 3 SQL2 4 else 5 SQL3 6 endif 7 SQL4
        assertEquals(8, c.size());
        assertEquals(2, ((Command.Branch) c.get(0)).elseTarget());
        assertEquals(new Command.Elif(3, ExprParser.parse(":b"), 4, 6), c.get(2));
        assertEquals(new Command.Else(5, 6), c.get(4));
        assertEquals(new Command.Endif(7), c.get(6));
        assertEquals(8, ((Command.Sql) c.get(7)).line());
    }

    @Test
    void statementsSpanLinesAndIgnoreSemicolonsInQuotesAndComments() {
        Script s = ScriptParser.parse("multi.sql", """

                SELECT ';', "a;b", $$x;y$$,
                       :v::text -- ; not an end
                  /* ; neither */ FROM t
                WHERE c = ':notavar';
                """);
        Command.Sql q = assertInstanceOf(Command.Sql.class, s.commands().get(0));
        assertEquals(1, s.commands().size());
        assertEquals(2, q.line());
        assertEquals(List.of("v"), q.queries().get(0).parameters());
        assertTrue(q.queries().get(0).jdbcText().contains("?::text"), q.queries().get(0).jdbcText());
        assertTrue(q.queries().get(0).jdbcText().contains("':notavar'"));
    }

    @Test
    void simpleModeSubstitutesSetVariablesAndLeavesTheRest() {
        String sql = "SELECT :a, :b::int, ':a', :unset";
        assertEquals("SELECT 5, 7::int, ':a', :unset", SqlText.substitute(sql, n -> switch (n) {
            case "a" -> "5";
            case "b" -> "7";
            default -> null;
        }));
    }

    /** pgbench's messages: syntax_error's {@code FILE:LINE: MESSAGE[ (MORE)] in command "NAME"}, CheckConditional's, addScript's. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "SELECT 1;\\n\\set x 1 +|bad.sql:2: syntax error in command \"set\"",
            "\\set|bad.sql:1: missing argument in command \"set\"",
            "\\set x|bad.sql:1: syntax error in command \"set\"",
            "\\set x ;|bad.sql:1: unexpected character (;) in command \"set\"",
            "\\set x nosuch(1)|bad.sql:1: unexpected function name (nosuch) in command \"set\"",
            "\\set x random(1)|bad.sql:1: unexpected number of arguments (random) in command \"set\"",
            "\\set x least()|bad.sql:1: at least one argument expected (least) in command \"set\"",
            "\\set d 1.0E309|bad.sql:1: double constant overflow (1.0E309) in command \"set\"",
            "\\set i 100000000000000000000|bad.sql:1: bigint constant overflow (100000000000000000000) in command \"set\"",
            "\\foo bar|bad.sql:1: invalid command in command \"foo\"",
            "SELECT 1;\\n\\n\\setshell x|bad.sql:3: missing argument in command \"setshell\"",
            "\\shell|bad.sql:1: missing command in command \"shell\"",
            "\\startpipeline 1|bad.sql:1: unexpected argument in command \"startpipeline\"",
            "\\if true\\nSELECT 1;|condition error in script \"bad.sql\" command 3: \\if without matching \\endif",
            "\\else|condition error in script \"bad.sql\" command 1: \\else without matching \\if",
            "\\if 1\\n\\else\\n\\elif 2\\n\\endif|condition error in script \"bad.sql\" command 3: \\elif after \\else",
            "\\endif|condition error in script \"bad.sql\" command 1: \\endif without matching \\if",
            "\\gset|bad.sql:1: \\gset must follow an SQL command",
            "SELECT 1 \\gset a b|bad.sql:1: too many arguments in command \"gset\"",
            "\\sleep 10 hours|bad.sql:1: unrecognized time unit, must be us, ms or s (hours) in command \"sleep\"",
            "\\sleep ten|bad.sql:1: invalid sleep time, must be an integer (ten) in command \"sleep\"",
            "\\sleep 1 ms more|bad.sql:1: too many arguments in command \"sleep\"",
            "-- only a comment|empty command list for script \"bad.sql\"",
    })
    void errorsArePgbenchs(String text, String message) {
        BenchException e = assertThrows(BenchException.class,
                () -> ScriptParser.parse("bad.sql", text.replace("\\n", "\n")));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    /** As pgbench prints a syntax error: the message, the command's line, a caret under where the parser stopped. */
    @Test
    void syntaxErrorsShowTheLineAndWhereTheErrorIs() {
        BenchException e = assertThrows(BenchException.class, () -> ScriptParser.parse("f", "\\set i 1 +\n"));
        assertEquals("f:1: syntax error in command \"set\"\n\\set i 1 +\n          ^ error found here", e.getMessage());
    }

    /** What pgbench finds only when a client runs into it parses: the client aborts then (exit 2, the report printed). */
    @Test
    void runTimeErrorsParse() {
        for (String text : List.of("\\set . 1", "\\set i least(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16)", "\\startpipeline\n\\startpipeline",
                "\\endpipeline", "\\startpipeline\nSELECT 1 \\gset\n\\endpipeline", "SELECT 1 AS \"bad name!\" \\gset",
                "\\setshell 9x echo 1", "SELECT 1 \\aset p_")) {
            ScriptParser.parse("ok.sql", text);
        }
    }

    @Test
    void shellCommandsKeepTheirWordsAndVariable() {
        Script s = ScriptParser.parse("sh.sql", "\\setshell n echo :x ::lit\n\\shell true\n");
        assertEquals(new Command.Shell(1, "n", List.of("echo", ":x", "::lit")), s.commands().get(0));
        assertEquals(new Command.Shell(2, null, List.of("true")), s.commands().get(1));
        Variables v = new Variables(line -> { });
        v.set("x", Value.of(5));
        assertEquals("echo 5 :lit", ShellCommands.commandLine((Command.Shell) s.commands().get(0), v, "setshell"));
    }

    @Test
    void setshellStoresTheIntegerItPrintsAndShellFailsOnANonZeroExit() {
        Variables v = new Variables(line -> { });
        v.set("x", Value.of(20));
        ShellCommands.run(new Command.Shell(1, "n", List.of("expr", ":x", "+", "22")), v);
        assertEquals(Value.of(42), v.variable("n"));
        EvalException notInt = assertThrows(EvalException.class,
                () -> ShellCommands.run(new Command.Shell(1, "n", List.of("echo", "hello")), v));
        assertEquals("setshell: shell command must return an integer (not \"hello\n\")", notInt.getMessage()); // fgets' line
        EvalException failed = assertThrows(EvalException.class,
                () -> ShellCommands.run(new Command.Shell(1, null, List.of("exit", "3")), v));
        assertEquals("shell: could not launch shell command", failed.getMessage());
    }

    @Test
    void pipelinesAreStepsAroundTheirStatements() {
        Script script = ScriptParser.parse("p.sql", """
                \\startpipeline
                SELECT 1;
                \\syncpipeline
                SELECT 2;
                \\endpipeline
                """);
        List<Command> c = script.commands();
        assertEquals(5, c.size(), c.toString());
        assertEquals(new Command.Pipeline(1, Command.PipelineStep.START), c.get(0));
        assertInstanceOf(Command.Sql.class, c.get(1));
        assertEquals(new Command.Pipeline(3, Command.PipelineStep.SYNC), c.get(2));
        assertEquals(new Command.Pipeline(5, Command.PipelineStep.END), c.get(4));
    }

    @Test
    void transactionControlIsRecognisedWithItsOptions() {
        assertEquals(Command.Transaction.BEGIN, Command.Transaction.of("begin"));
        assertEquals(Command.Transaction.BEGIN, Command.Transaction.of("BEGIN  TRANSACTION"));
        assertEquals(Command.Transaction.COMMIT, Command.Transaction.of("end"));
        assertEquals(Command.Transaction.ROLLBACK, Command.Transaction.of("Rollback Work"));
        assertEquals(Command.Transaction.NONE, Command.Transaction.of("BEGINNING"));
        assertEquals(Command.Transaction.BEGIN_WITH_OPTIONS, Command.Transaction.of("BEGIN ISOLATION LEVEL SERIALIZABLE"));
        assertEquals("ISOLATION LEVEL REPEATABLE READ", Command.Transaction.options("begin transaction ISOLATION LEVEL REPEATABLE READ"));
        assertEquals("READ ONLY", Command.Transaction.options("START TRANSACTION READ ONLY"));
        assertEquals("", Command.Transaction.options("BEGIN WORK"));
    }

    @Test
    void builtinsAreFoundByUniquePrefix() {
        assertEquals("simple-update", BuiltinScripts.named("si").name());
        assertEquals(7, BuiltinScripts.named("tpcb").sqlCount());
        assertEquals(1, BuiltinScripts.named("select-only").sqlCount());
        BenchException ambiguous = assertThrows(BenchException.class, () -> BuiltinScripts.named("s"));
        assertTrue(ambiguous.getMessage().startsWith("ambiguous builtin name: 2 builtin scripts found for prefix \"s\"; available: tpcb-like,"
                + " simple-update, select-only"));
        BenchException none = assertThrows(BenchException.class, () -> BuiltinScripts.named("nope"));
        assertTrue(none.getMessage().startsWith("no builtin script found for name \"nope\""));
    }
}
