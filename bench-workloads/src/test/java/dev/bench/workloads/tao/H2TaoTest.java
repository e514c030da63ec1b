package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.RunContext;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Embedded H2, the default target; a fresh in-memory database per test. */
class H2TaoTest extends TaoServerContract {

    private final String url = "jdbc:h2:mem:tao-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";

    @Override
    String url() {
        return url;
    }

    @Test
    void runBeforeLoadSaysSoInOneLine() {
        RunContext context = new RunContext(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                false, null, Map.of(), List.of());
        TaoBenchmark tao = new TaoBenchmark(this::open, TaoConfig.read("A", w -> { }), List.of(new Experiment(1, 0, 1)),
                List.of(RunConfig.builder().build()), Duration.ofMillis(100), 1);
        BenchException e = assertThrows(BenchException.class, () -> BenchmarkRun.run(tao, context));
        assertTrue(e.getMessage().matches("table 'objects' does not exist in .*; run 'bench tao load' \\(or -load\\) first"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
