package dev.bench.cli.pgbench;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EngineProgressFilterTest {

    @Test
    void theRunTemplatesLiveLinesAreDroppedAndEverythingElsePasses() {
        StringWriter seen = new StringWriter();
        PrintWriter err = EngineProgressFilter.around(new PrintWriter(seen));
        err.println("[    1s] 125 ops/s | script1 125 ops/s p99 113.18 ms | lag 0 ms | errors 0");
        err.println("[warmup    2s] 10 ops/s | script1 10 ops/s p99 1.00 ms | lag 0 ms | errors 0");
        err.println("progress: 1.0 s, 125.0 tps, lat 7.990 ms stddev 1.2, 0 failed");
        err.print("starting vacuum...");
        err.flush();
        assertEquals("progress: 1.0 s, 125.0 tps, lat 7.990 ms stddev 1.2, 0 failed\nstarting vacuum...", seen.toString().replace("\r", ""));
        err.println("end.");
        err.println("[not a live line]");
        assertEquals("progress: 1.0 s, 125.0 tps, lat 7.990 ms stddev 1.2, 0 failed\nstarting vacuum...end.\n[not a live line]\n",
                seen.toString().replace("\r", ""));
    }
}
