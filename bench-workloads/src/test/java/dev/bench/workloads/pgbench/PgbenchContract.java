package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.RunContext;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
/** What bench pgbench must do on every SQL target: initialize, run scripts, check; one subclass per server. */
abstract class PgbenchContract extends PgbenchHarness {

    @Test
    void tpcbLikeKeepsPgbenchsInvariantAndTheReportCountsEveryTransaction() throws Exception {
        Outcome o = run(settings(List.of("tpcb-like"), List.of(), 3, 40, "prepared", null, Map.of()));
        assertTrue(o.phase().check().ok(), o.phase().check().verdict());
        assertTrue(o.phase().check().verdict().startsWith("ok: history +120 rows for 120 committed"), o.phase().check().verdict());
        assertTrue(o.out().contains("number of transactions actually processed: 120/120"), o.out());
        assertTrue(o.out().contains("transaction type: <builtin: TPC-B (sort of)>"), o.out());
        assertTrue(o.out().contains("query mode: prepared"), o.out());
        assertTrue(o.out().contains("UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid"), o.out());
    }

    /**
     * -l: pgbench's files, one per -j thread (3 clients on 2 threads: clients 0 and 1, then 2), a line per
     * transaction {@code client_id transaction_no time script_no time_epoch time_us}, numbered per client.
     */
    @Test
    void transactionLogWritesALinePerTransactionAsPgbenchDoes() throws Exception {
        String prefix = dir.resolve("tx").toString();
        Outcome o = run(withLog(settings(List.of("tpcb-like"), List.of(), 3, 10, "prepared", null, Map.of()), 2,
                new TransactionLogSettings(true, 1.0, 0, prefix)));
        assertTrue(o.phase().check().ok(), o.phase().check().verdict());

        long pid = ProcessHandle.current().pid();
        List<String> first = Files.readAllLines(Path.of(prefix + "." + pid));
        List<String> second = Files.readAllLines(Path.of(prefix + "." + pid + ".1"));
        assertEquals(30, first.size() + second.size());
        long now = System.currentTimeMillis() / 1000;
        Map<String, List<Long>> numbers = new TreeMap<>();
        for (String line : first) {
            assertTrue(line.matches("[01] \\d+ \\d+ 0 \\d+ \\d{1,6}"), line);
        }
        for (String line : second) {
            assertTrue(line.matches("2 \\d+ \\d+ 0 \\d+ \\d{1,6}"), line);
        }
        for (String line : Stream.concat(first.stream(), second.stream()).toList()) {
            String[] f = line.split(" ");
            numbers.computeIfAbsent(f[0], k -> new ArrayList<>()).add(Long.parseLong(f[1]));
            assertTrue(Math.abs(Long.parseLong(f[4]) - now) < 120, "completed just now: " + line);
        }
        List<Long> oneToTen = LongStream.rangeClosed(1, 10).boxed().toList();
        assertEquals(Map.of("0", oneToTen, "1", oneToTen, "2", oneToTen), numbers);
    }

    /**
     * --warmup (bench's, not pgbench's): its transactions commit, so the check counts them, but the
     * report, -l and -r leave them out: processed is the measured window's, at -R's rate.
     */
    @Test
    void warmupTransactionsAreCheckedButLeftOutOfEveryFigure() throws Exception {
        String prefix = dir.resolve("warm").toString();
        Outcome o = run(withWarmup(settings(List.of("tpcb-like"), List.of(), 2, 0, "prepared", null, Map.of()), 2, 100, 1, prefix));
        assertTrue(o.phase().check().ok(), o.phase().check().verdict());

        long processed = o.phase().result().completedTotal();
        Matcher m = Pattern.compile("history \\+(\\d+) rows for (\\d+) committed").matcher(o.phase().check().verdict());
        assertTrue(m.find(), o.phase().check().verdict());
        long committed = Long.parseLong(m.group(2));
        assertTrue(processed > 100 && processed < 300, "2 s at 100/s measured: " + processed);
        assertTrue(committed - processed > 50, "the warmup's second committed about 100 more: " + committed + " vs " + processed);
        assertTrue(o.out().contains("number of transactions actually processed: " + processed + "\n"), o.out());
        assertTrue(o.out().contains("warmup: 1 s before it, left out of every figure"), o.out());

        long pid = ProcessHandle.current().pid();
        long logged = Files.readAllLines(Path.of(prefix + "." + pid)).size();
        assertEquals(processed, logged, "-l logs the measured transactions only");
    }

    /** --aggregate-interval: pgbench 15's 15 columns a line; the counts add up to the transactions run. */
    @Test
    void aggregatedLogSumsEveryTransaction() throws Exception {
        String prefix = dir.resolve("agg").toString();
        Outcome o = run(withLog(settings(List.of("select-only"), List.of(), 2, 200, "prepared", null, Map.of()), 1,
                new TransactionLogSettings(true, 1.0, 1, prefix)));
        List<String> lines = Files.readAllLines(Path.of(prefix + "." + ProcessHandle.current().pid()));
        long count = 0;
        for (String line : lines) {
            String[] f = line.split(" ");
            assertEquals(15, f.length, line);
            count += Long.parseLong(f[1]);
            if (Long.parseLong(f[1]) > 0) {
                assertTrue(Long.parseLong(f[4]) <= Long.parseLong(f[5]), "min <= max: " + line);
                assertTrue(Double.parseDouble(f[2]) >= Long.parseLong(f[1]) * Long.parseLong(f[4]), "sum >= count x min: " + line);
            }
        }
        assertEquals(o.phase().result().completedTotal(), count);
        assertEquals(400, count);
    }

    /** --sampling-rate 0.25 of 400 transactions: about 100 lines (within 5 binomial standard deviations). */
    @Test
    void samplingLogsThatFractionOfTransactions() throws Exception {
        String prefix = dir.resolve("sample").toString();
        run(withLog(settings(List.of("select-only"), List.of(), 1, 400, "prepared", null, Map.of()), 1,
                new TransactionLogSettings(true, 0.25, 0, prefix)));
        long lines = Files.readAllLines(Path.of(prefix + "." + ProcessHandle.current().pid())).size();
        assertEquals(100, lines, 5 * Math.sqrt(400 * 0.25 * 0.75));
    }

    /**
     * -R with -L: a client that can do 1 transaction in 5 ms, offered 400/s, falls behind; transactions
     * already later than 2 ms when it gets to them are skipped, as pgbench skips them, and reported so.
     */
    @Test
    void lateTransactionsAreSkippedWithRateAndLatencyLimit() throws Exception {
        Path script = dir.resolve("slow.sql");
        Files.writeString(script, "\\sleep 5 ms\n");
        Outcome o = run(withRate(settings(List.of(), List.of(script.toString()), 1, 200, "simple", null, Map.of()), 400, 2));

        long processed = o.phase().result().completedTotal();
        Matcher m = Pattern.compile("number of transactions skipped: (\\d+) \\(").matcher(o.out());
        assertTrue(m.find(), o.out());
        long skipped = Long.parseLong(m.group(1));
        assertTrue(skipped > 0 && processed > 0, o.out());
        assertEquals(200, processed + skipped, "every transaction either ran or was skipped: " + o.out());
        assertTrue(o.out().contains("number of failed transactions: 0 (0.000%)"), "a skipped one is not a failed one: " + o.out());
        assertTrue(o.out().contains("number of transactions actually processed: " + processed + "/200"), o.out());
    }

    /** -C: every transaction on a connection of its own; pgbench's connection lines; the invariant holds. */
    @Test
    void connectEachTransactionRunsAndReportsTheConnectionTime() throws Exception {
        for (String mode : List.of("simple", "prepared")) {
            Outcome o = run(with(settings(List.of("tpcb-like"), List.of(), 2, 15, mode, null, Map.of()), true, ErrorReports.NONE));
            assertTrue(o.phase().check().ok(), mode + ": " + o.phase().check().verdict());
            assertEquals(30, o.phase().result().completedTotal(), mode);
            assertTrue(o.out().matches("(?s).*average connection time = \\d+\\.\\d{3} ms\ntps = .* \\(including reconnection times\\)\n.*"),
                    o.out());
            assertFalse(o.out().contains("initial connection time"), o.out());
        }
    }

    @Test
    void weightedBuiltinsRunInEveryQueryMode() throws Exception {
        for (String mode : List.of("simple", "extended", "prepared")) {
            Outcome o = run(settings(List.of("simple-update@3", "select-only@1"), List.of(), 2, 30, mode, null, Map.of()));
            assertTrue(o.phase().check().ok(), mode + ": " + o.phase().check().verdict());
            assertEquals(60, o.phase().result().completedTotal(), mode);
            assertTrue(o.out().contains("SQL script 2: <builtin: select only>"), o.out());
        }
    }

    /** \gset, \if/\else on a fetched value, \set, -D and :client_id together; --check sees exactly their effect. */
    @Test
    void userScriptsGsetBranchAndAreCheckedByCheckSql() throws Exception {
        Path script = dir.resolve("inc.sql");
        Files.writeString(script, """
                \\set aid 1 + :client_id
                SELECT 2 AS two, :step AS step
                  \\gset p_
                \\if :p_two = 2 AND :p_step = 3
                \\set inc :p_step
                \\else
                \\set inc 100
                \\endif
                BEGIN;
                UPDATE pgbench_accounts SET abalance = abalance + :inc WHERE aid = :aid;
                END;
                """);
        for (String mode : List.of("simple", "prepared")) {
            sql("update pgbench_accounts set abalance = 0 where aid <= 2");
            Outcome ok = run(settings(List.of(), List.of(script.toString()), 2, 10, mode,
                    "select sum(abalance) = 60 from pgbench_accounts where aid <= 2", Map.of("step", "3")));
            assertTrue(ok.phase().check().ok(), mode + ": " + ok.phase().check().verdict());
        }
        Outcome wrong = run(settings(List.of(), List.of(script.toString()), 1, 5, "simple",
                "select sum(abalance) = 60 from pgbench_accounts where aid <= 2", Map.of("step", "3")));
        assertFalse(wrong.phase().check().ok(), wrong.phase().check().verdict());
    }

    /** Two clients update two tellers in opposite orders: deadlocks, each re-run until it commits (--max-tries). */
    @Test
    void deadlockedTransactionsAreRetriedUntilTheyCommit() throws Exception {
        Outcome o = run(settings(List.of(), List.of(deadlockScript()), 2, 6, "prepared",
                "select sum(tbalance) = 24 from pgbench_tellers where tid <= 2", Map.of(), 50));
        assertEveryDeadlockRetriedUntilItCommitted(o);
    }

    /** --max-tries 0 under -L: as many tries as the latency limit leaves time for, so every deadlocked one commits. */
    @Test
    void unlimitedTriesUnderALatencyLimitRetryUntilEachCommits() throws Exception {
        Outcome o = run(withRate(settings(List.of(), List.of(deadlockScript()), 2, 6, "prepared",
                "select sum(tbalance) = 24 from pgbench_tellers where tid <= 2", Map.of(), 0), 0, 60_000));
        assertEveryDeadlockRetriedUntilItCommitted(o);
        assertFalse(o.out().contains("maximum number of tries"), "pgbench leaves the line out when there is no limit: " + o.out());
    }

    /** Client 0 updates teller 1 then 2, client 1 teller 2 then 1, with a pause between: they deadlock. */
    private String deadlockScript() throws IOException {
        Path script = dir.resolve("deadlock.sql");
        Files.writeString(script, """
                \\set first 1 + :client_id
                \\set second 2 - :client_id
                BEGIN;
                UPDATE pgbench_tellers SET tbalance = tbalance + 1 WHERE tid = :first;
                \\sleep 50 ms
                UPDATE pgbench_tellers SET tbalance = tbalance + 1 WHERE tid = :second;
                END;
                """);
        return script.toString();
    }

    private static void assertEveryDeadlockRetriedUntilItCommitted(Outcome o) {
        assertTrue(o.phase().check().ok(), o.phase().check().verdict() + "\n" + o.out());
        assertEquals(0, o.phase().result().kinds().get(0).outcomes().failed(), o.out());
        java.util.regex.Matcher retries = java.util.regex.Pattern.compile("total number of retries: (\\d+)").matcher(o.out());
        assertTrue(retries.find(), o.out());
        assertTrue(Long.parseLong(retries.group(1)) > 0, "some transaction deadlocked and was retried: " + o.out());
    }

    /** pgbench refuses pipelines in simple mode; here they need PostgreSQL too. One line, before the run. */
    @Test
    void pipelinesAreRefusedInSimpleModeAndOffPostgres() throws Exception {
        Path script = dir.resolve("pipe.sql");
        Files.writeString(script, "SELECT 1;\n\\startpipeline\nSELECT 2;\n\\endpipeline\n");
        BenchException simple = assertThrows(BenchException.class,
                () -> run(settings(List.of(), List.of(script.toString()), 1, 1, "simple", null, Map.of())));
        assertEquals(script + ":2: \\startpipeline: cannot use pipeline mode with the simple query protocol", simple.getMessage());
        if (!url().startsWith("jdbc:postgresql:")) {
            BenchException elsewhere = assertThrows(BenchException.class,
                    () -> run(settings(List.of(), List.of(script.toString()), 1, 1, "prepared", null, Map.of())));
            assertTrue(elsewhere.getMessage().startsWith(script + ":2: \\startpipeline: pipelines run on PostgreSQL only"),
                    elsewhere.getMessage());
        }
    }

    /** As pgbench: the client aborts (its error on stderr), the others and the report go on. */
    /** An undefined variable in SQL is sent as NULL (extended and prepared modes); in an expression it aborts the client. */
    @Test
    void anUndefinedVariableInAnExpressionAbortsTheClientInPgbenchsWords() throws Exception {
        Path script = dir.resolve("undef.sql");
        Files.writeString(script, "\\set a 1\nSELECT CAST(:nosuch AS INT) IS NULL;\n\\set b :nosuch + 1\n");
        PgbenchSettings s = settings(List.of(), List.of(script.toString()), 1, 2, "extended", null, Map.of());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (Benchmark b = Workloads.PGBENCH.plan(s, TargetSettings.url(url()), RunSettings.DEFAULTS, SettingNames.FLAGS, w -> { })
                .open(new PrintWriter(err, true))) {
            RunContext context = new RunContext(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), false,
                    dir.resolve("aborted"), Map.of(), List.of());
            BenchmarkRun.run(b, context);
            assertTrue(((ClientAborts) b).anyClientAborted());
        }
        assertTrue(err.toString().contains("pgbench: error: undefined variable \"nosuch\"\n"
                + "pgbench: error: client 0 aborted in command 2 (set) of script 0; evaluation of meta-command failed"), err.toString());
        assertTrue(out.toString().contains("number of transactions actually processed: 0/2"), out.toString());
        assertTrue(out.toString().contains("number of failed transactions: 0 (0.000%)"), out.toString());
    }

    @Test
    void initializationLeavesTablesItDidNotCreateAlone() throws Exception {
        initialize("d");
        sql("create table pgbench_history (note varchar(10))");
        try {
            BenchException e = assertThrows(BenchException.class, () -> initialize("dt"));
            assertTrue(e.getMessage().contains("'pgbench_history' already exists"), e.getMessage());
            try (JdbcTarget t = JdbcTarget.open(url(), null, null, 1); Connection c = t.connection()) {
                assertTrue(new OwnedTables(c).exists("pgbench_history"));
                assertFalse(new OwnedTables(c).exists("pgbench_accounts"));
            }
        } finally {
            sql("drop table pgbench_history");
        }
    }
}
