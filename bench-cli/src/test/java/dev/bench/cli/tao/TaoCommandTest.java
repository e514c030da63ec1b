package dev.bench.cli.tao;

import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench tao: TAOBench's command lines run unchanged; bad input is one line and exit 2. */
class TaoCommandTest {

    private static String h2() {
        return "jdbc:h2:mem:tao-cli-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
    }

    @Test
    void taoBenchsSpellingsLoadAndRunInOneGo(@TempDir Path tmp) throws Exception {
        Path experiments = tmp.resolve("experiments.txt");
        Files.writeString(experiments, "# threads,warmup,len\n2,0,1\n");
        CliRunner r = CliRunner.run("tao", "-load-threads", "2", "-c", "O", "-load", "-n", "500", "-run", "-E",
                experiments.toString(), "--url", h2(), "--results", tmp.resolve("r").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Number of failed batch inserts: 0\nDone with batch insert phase!\n"), r.out());
        assertTrue(r.out().contains("Experiment description: 2 threads, 0 seconds (warmup), 1 seconds (experiment)\n"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Check: ok: edges ")), r.out());
        assertTrue(Files.exists(tmp.resolve("r").resolve("summary.json")));
        ResultsInvariants.assertHold(tmp.resolve("r"));
    }

    @Test
    void runBeforeLoadIsOneLineAndExit1() {
        CliRunner r = CliRunner.run("tao", "run", "-E", "1,0,1", "--url", h2());
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.errorLines().size(), r.err());
        assertTrue(r.err().contains("run 'bench tao load' (or -load) first"), r.err());
    }

    @Test
    void malformedConfigOrExperimentsNameFileAndLineAndExit2(@TempDir Path tmp) throws Exception {
        Path config = tmp.resolve("bad.json");
        Files.writeString(config, "{\"name\": \"operations\", \"weights\": [1, 1, 1, 1]}\n{\"name\": oops}\n");
        CliRunner r = CliRunner.run("tao", "load", "-c", config.toString(), "--url", h2());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("bench: " + config + " line 2: not valid JSON"), r.err());

        Path experiments = tmp.resolve("exp.txt");
        Files.writeString(experiments, "2,10,150\n16;10;150\n");
        r = CliRunner.run("tao", "-run", "-E", experiments.toString(), "--url", h2());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("bench: " + experiments + " line 2: expected num_threads,warmup_len,exp_len"), r.err());

        r = CliRunner.run("tao", "-n", "5");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("bench: name a phase"), r.err());

        r = CliRunner.run("tao", "load", "-db", "oracle");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("bench: -db must be one of"), r.err());
    }

    @Test
    void unknownConfigNamesAreAWarning(@TempDir Path tmp) throws Exception {
        String shipped = new String(getClass().getResourceAsStream("/dev/bench/workloads/tao/workload_a.json").readAllBytes());
        Path config = tmp.resolve("a.json");
        Files.writeString(config, shipped + "{\"name\": \"colour\", \"weights\": [1]}\n");
        CliRunner r = CliRunner.run("tao", "load", "-n", "100", "-c", config.toString(), "--url", h2());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("bench: warning: " + config + " line 11: unknown name 'colour', ignored"), r.err());
    }
}
