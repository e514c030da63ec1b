package dev.bench.cli.scenario;

import dev.bench.cli.BenchMain;
import dev.bench.cli.CliRunner;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.core.OpMix;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.engine.OfferedLoad;
import dev.bench.core.run.RunSettings;
import dev.bench.core.settings.SettingNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A phase's rate is read once, where it is written (the scenario file, or {@code --schedule}), into a
 * {@link Schedule}, and that one object travels to the arrival stream: no text is rebuilt to be parsed again.
 */
class ScenarioParsedOnceTest {

    private static final String SCENARIO = """
            workload: vote
            backend: memory
            settings:
              articles: 1000
            phases:
              - {name: warm, duration: 1s, rate: 100, measured: false}
              - {name: ramp, duration: 2s, rate: 100..500}
              - {name: hot, duration: 1s, rate: 500, mix: {read: 1, write: 1}}
            """;

    @Test
    void runSettingsCarryTheLoadAsValuesNotText() {
        Map<String, Class<?>> types = Arrays.stream(RunSettings.class.getRecordComponents())
                .collect(Collectors.toMap(RecordComponent::getName, RecordComponent::getType));
        assertEquals(Schedule.class, types.get("schedule"));
        assertEquals(WorkerSchedule.class, types.get("workers"));
        assertEquals(OpMix.class, types.get("mix"));
    }

    @Test
    void aPhasesRateIsOneScheduleFromTheFileToTheArrivalStream(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), SCENARIO);
        CommandLine root = BenchMain.commandLine();

        ScenarioValues scenario = ScenarioValues.of(file, root, List.of());
        Schedule read = scenario.load().rates();
        assertEquals("ramp=2s:100..500,hot=1s:500", read.toString());
        assertEquals(List.of("vote", "memory"), List.of(scenario.commandPath()), "picocli parses the command's path alone");

        ParseResult parsed = ScenarioCommand.fresh(root).parseArgs(scenario.commandPath());
        scenario.applyTo(parsed);
        WorkloadRequest<?> request = ((WorkloadCommand) parsed.subcommand().subcommand().commandSpec().userObject()).request();
        assertSame(read, request.run().schedule(), "the run settings hold the object the file was read into");
        assertSame(scenario.load().mix(), request.run().mix());

        RunConfig config = request.run().applyTo(RunConfig.builder(), SettingNames.FLAGS).warmup(java.time.Duration.ofSeconds(1)).build();
        assertSame(read, config.schedule(), "and so does the phase's config");
        assertEquals("warmup=1s:100,ramp=2s:100..500,hot=1s:500", OfferedLoad.arrivalSchedule(config).toString(),
                "the arrival stream's schedule: the warmup at the first rate, then the phases");
    }

    @Test
    void theWarmupIsGivenAsSecondsAndTheRunMatchesThePrintedCommand(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), SCENARIO);
        ScenarioValues scenario = ScenarioValues.of(file, BenchMain.commandLine(), List.of());
        ParseResult parsed = ScenarioCommand.fresh(BenchMain.commandLine()).parseArgs(scenario.commandPath());
        scenario.applyTo(parsed);
        assertEquals(1.0, (Double) parsed.subcommand().commandSpec().findOption("--warmup").getValue(), 0);
        assertTrue(String.join(" ", scenario.printed()).contains("--schedule ramp=2s:100..500,hot=1s:500 --mix hot:read=1/write=1 --warmup 1.0"),
                String.join(" ", scenario.printed()));
    }

    /** The file's other keys are set on the command's model as typed values, converted by their options' types. */
    @Test
    void theFilesKeysAreTheCommandsValuesWithoutAnArgumentList(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), SCENARIO
                .replace("articles: 1000", "articles: 1234\n  distribution: SKEWED\n  no-prime: true")
                .replace("backend: memory", "backend: memory\nrun: {seed: 9}"));
        ScenarioValues scenario = ScenarioValues.of(file, BenchMain.commandLine(), List.of("--zipf", "1.5"));
        ParseResult parsed = ScenarioCommand.fresh(BenchMain.commandLine()).parseArgs(scenario.commandPath());
        scenario.applyTo(parsed);

        var vote = parsed.subcommand().commandSpec();
        assertEquals(1234L, (Long) vote.findOption("--articles").getValue());
        assertEquals("skewed", vote.findOption("--distribution").getValue().toString(), "enums case-insensitive, as on the command line");
        assertEquals(Boolean.TRUE, vote.findOption("--no-prime").getValue());
        assertEquals(9L, (Long) vote.findOption("--seed").getValue());
        assertEquals(1.5, (Double) vote.findOption("--zipf").getValue(), 0, "an option after the file as well");
        assertEquals(List.of("vote", "memory"), parsed.originalArgs(), "nothing of the file went through the parser");
    }

    @Test
    void aCommandLinesScheduleIsReadOnceForEveryRequest() {
        CommandLine cli = BenchMain.commandLine();
        ParseResult parsed = cli.parseArgs("vote", "--schedule", "a=1s:100,b=1s:200", "--mix", "b:read=1", "memory");
        WorkloadCommand command = (WorkloadCommand) parsed.subcommand().subcommand().commandSpec().userObject();
        RunSettings first = command.request().run();
        RunSettings second = command.request().run();
        assertNotNull(first.schedule());
        assertSame(first.schedule(), second.schedule(), "read once, however often the command asks");
        assertSame(first.mix(), second.mix());
    }

    @Test
    void everyErrorOfACommandLinesLoadAtOnce() {
        CliRunner r = CliRunner.run("vote", "--schedule", "10s:-5", "--mix", "nothing", "null");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(3, r.errorLines().size(), "both errors, then the --help pointer: " + r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: --schedule segment '10s:-5': a rate must be 0..1000000000"), r.err());
        assertTrue(r.errorLines().get(1).startsWith("bench: --mix: 'nothing' must be SEGMENT:KIND=WEIGHT"), r.err());
        assertTrue(r.errorLines().get(2).startsWith("Try 'bench vote"), r.err());
    }
}
