package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.RunContext;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    /** 2 edges and 3 objects fewer than told are 5 acknowledged writes lost; the adds told by key are named. */
    @Test
    void fewerRowsThanToldBeyondTheWritesInDoubtAreLostWrites() throws Exception {
        try (JdbcTarget t = open(1)) {
            TaoSchema.recreate(t, TaoSql.forDialect(t.dialect()));
            try (Connection c = t.connection()) {
                TaoSchema.init(c, TaoSql.forDialect(t.dialect()));
                TaoCheck.Counts before = TaoCheck.Counts.of(c);
                TaoCounters told = new TaoCounters();
                told.edgesAdded.add(2);
                told.objectsAdded.add(3);
                TaoAdds.Pending acknowledged = new TaoAdds.Pending(); // two of the adds by key: the check names them
                acknowledged.object(42);
                acknowledged.edge(1, 2, 0);
                told.adds.acknowledge(acknowledged);
                TaoCheck.Verdict lost = TaoCheck.check(c, before, told);
                assertFalse(lost.ok());
                assertEquals("lost 5 acknowledged writes: object 42, edge 1->2 type 0; edges +0 rows, told 2 added - 0 deleted = +2;"
                        + " objects +0 rows, told +3; 0 guard violations", lost.detail());

                told.edgesInDoubt.add(2); // the edges' shortfall is within their writes in doubt: only the objects count
                assertTrue(TaoCheck.check(c, before, told).detail().startsWith("lost 3 acknowledged writes (give or take 2 in doubt): "),
                        TaoCheck.check(c, before, told).detail());
            }
        }
    }
}
