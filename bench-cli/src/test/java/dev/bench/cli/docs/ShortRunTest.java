package dev.bench.cli.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The docs test's two helpers: a documented line's words as the shell gives them, and the one shortening rule. */
class ShortRunTest {

    private static final Map<String, String> ENV = Map.of("URL", "jdbc:mysql://h/db", "P", "x y");

    private static List<String> words(String line) {
        return ShellWords.split(line, ENV::get);
    }

    @Test
    void theShellsWords() {
        assertEquals(List.of("a", "jdbc:mariadb://h/db", "x y", "$P", "b"), words("a \"${URL/jdbc:mysql/jdbc:mariadb}\" \"$P\" '$P' b  # c"));
        assertEquals(List.of("make", "&&", "bench", "--version"), words("make && bench --version"));
        assertEquals(List.of("-E", "16,10,60;128,10,60"), words("-E '16,10,60;128,10,60'"));
    }

    @Test
    void runTimeAndSizeOnlyAreCut() {
        Path repo = Path.of("repo");
        assertEquals(List.of("vote", "--runtime", "1", "--warmup", "0", "--target", "5000", "postgres"),
                ShortRun.of(List.of("vote", "--target", "5000", "postgres"), repo), "vote's run time goes before its backend");
        assertEquals(List.of("pgbench", "-c", "4", "-T", "1", "-r", "-s", "1"),
                ShortRun.of(List.of("pgbench", "-c", "4", "-T", "60", "-r", "-s", "10"), repo), "pgbench's -r is a flag, its -s the scale");
        assertEquals(List.of("ycsb", "run", "jdbc", "-P", Path.of("repo", "examples", "w").toString(), "-p", "recordcount=1000", "-s"),
                ShortRun.of(List.of("ycsb", "run", "jdbc", "-P", "examples/w", "-p", "recordcount=100000", "-s"), repo));
        assertEquals(List.of("oltp-rw", "run", "--table-size=1000", "--threads=4", "--time=1"),
                ShortRun.of(List.of("oltp-rw", "run", "--table-size=100000", "--threads=4", "--time=60"), repo));
        assertEquals(List.of("tao", "-n", "1000", "-E", "16,0,1;128,0,1"),
                ShortRun.of(List.of("tao", "-n", "100000", "-E", "16,10,60;128,10,60"), repo));
    }

    @Test
    void aCommandIsFoundWhereverTheDocsWriteIt() {
        DocCommand chained = new DocCommand("README.md:12", 13, "bench-cli/target/bench/bin/bench vote --target 20000");
        assertEquals(List.of("vote", "--target", "20000"), chained.args(ENV::get));
        DocCommand jar = new DocCommand("docs/tpcc.md:1", 2, "java -jar bench-cli/target/bench.jar tpcc check --url \"$URL\"");
        assertEquals(List.of("tpcc", "check", "--url", "jdbc:mysql://h/db"), jar.args(ENV::get));
    }
}
