package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ExperimentTest {

    @Test
    void readsLinesSkippingCommentsAndBlanks() {
        assertEquals(List.of(new Experiment(2, 10, 150), new Experiment(16, 0, 60)),
                Experiment.parse("f", "# threads,warmup,len\n2,10,150\n\n 16, 0, 60 \n"));
        assertEquals(List.of(new Experiment(16, 10, 60), new Experiment(128, 10, 60)), Experiment.read("16,10,60;128,10,60"));
        assertEquals("16 threads, 10 seconds (warmup), 150 seconds (experiment)", new Experiment(16, 10, 150).describe());
    }

    @Test
    void theShippedFileIsTaoBenchsDefault() {
        assertEquals(List.of(new Experiment(2, 10, 150), new Experiment(16, 10, 150), new Experiment(128, 10, 150),
                new Experiment(1024, 10, 150)), Experiment.defaults());
    }

    @Test
    void aBadLineIsNamedByFileAndLine() {
        assertEquals("f line 3: expected num_threads,warmup_len,exp_len (threads 1..10000, seconds: warmup >= 0,"
                        + " experiment >= 1), got '16,10'",
                assertThrows(BenchException.class, () -> Experiment.parse("f", "# x\n2,10,150\n16,10\n")).getMessage());
        assertEquals("f line 1: expected num_threads,warmup_len,exp_len (threads 1..10000, seconds: warmup >= 0,"
                        + " experiment >= 1), got '0,1,1'",
                assertThrows(BenchException.class, () -> Experiment.parse("f", "0,1,1")).getMessage());
        assertEquals("f: no experiments in it", assertThrows(BenchException.class, () -> Experiment.parse("f", "# only\n")).getMessage());
    }
}
