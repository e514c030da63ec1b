package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The random functions give pgbench 15's very values for a seed. The expected values are real
 * pgbench's: PostgreSQL 15.18's {@code pgbench --random-seed=5432 -n -t 2 -c 2 -f script.sql} with
 * the script below (each line a {@code \set xN debug(...)}), read from its debug() lines per client.
 */
class PgbenchRandomTest {

    private static final String[] SCRIPT = {
        "random(10, 19)",
        "random_exponential(100, 199, 10.0)",
        "random_gaussian(1000, 1999, 10.0)",
        "random_zipfian(1, 9, 1.3)",
        "random(1, 1000000000000)",
        "random_gaussian(1, 1000000, 2.5)",
        "random_zipfian(1, 1000, 1.01)",
        "random_exponential(1, 1000000, 0.5)",
        "permute(7, 100)",
    };

    /** [client][transaction]: the script's values. */
    private static final long[][][] PGBENCH = {
        {
            {17, 104, 1498, 3, 758133965317L, 188781, 34, 595229, 35},
            {18, 107, 1436, 3, 993510769062L, 616817, 1, 536585, 35},
        },
        {
            {17, 105, 1540, 1, 180556798241L, 409175, 12, 992888, 35},
            {18, 112, 1541, 4, 781302116728L, 427500, 1, 615997, 35},
        },
    };

    @Test
    void eachClientDrawsPgbenchsValuesForTheSeed() {
        PgPrng.Seeds seeds = PgPrng.derive(5432, 2);
        assertEquals(7312993047133655103L, seeds.defaultSeed(), ":default_seed");
        for (int client = 0; client < 2; client++) {
            Evaluation e = new Evaluation();
            e.random = seeds.clients()[client];
            e.variables.put(Function.DEFAULT_SEED, Value.of(seeds.defaultSeed()));
            for (long[] transaction : PGBENCH[client]) {
                List<Long> got = new ArrayList<>();
                for (String expression : SCRIPT) {
                    got.add(e.eval(expression).asInt());
                }
                List<Long> expected = new ArrayList<>();
                for (long v : transaction) {
                    expected.add(v);
                }
                assertEquals(expected, got, "client " + client);
            }
        }
    }

    /** A copy yields what its original yields; restore puts a generator back (a retry replays its draws). */
    @Test
    void generatorsAreReproducibleCopies() {
        PgPrng a = new PgPrng(1);
        PgPrng b = a.copy();
        long first = a.next();
        assertEquals(first, b.next());
        a.restore(b.copy());
        assertEquals(a.next(), b.next());
    }
}
