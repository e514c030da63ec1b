package dev.bench.cli.scenario;

import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;
import dev.bench.core.OpMix;
import dev.bench.core.Schedule;
import dev.bench.core.ScheduleText;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A scenario as read from its file ({@link ScenarioFile}), with each value's line: the workload, the
 * flags it sets (without dashes), and its phases, which become one {@link Schedule} of named segments, or
 * for a closed loop one {@link WorkerSchedule} (leading unmeasured phases: the warmup). Immutable.
 *
 * @param subcommand the subcommand the file names by its key ({@code backend: memory}, {@code step: prepare}), in the
 *                   file's order; which key a workload takes is its command's ({@link dev.bench.cli.workload.SubcommandChoice})
 */
record Scenario(String file, String workload, Map<String, String> subcommand, Map<String, Value> flags, List<Phase> phases) {

    /** @param line 0 when the value came from the command line */
    record Value(String text, int line) {
    }

    /**
     * @param lines each of the phase's keys' lines; {@code workers} a closed loop's active workers instead of a rate
     * @param mix   op kind to weight, in the file's order, or null
     */
    record Phase(String name, String duration, String rate, String schedule, String workers, boolean measured,
                 Map<String, Double> mix, int line, Map<String, Integer> lines) {
    }

    /**
     * What the phases compile to, read once into the values the engine runs on: the warmup (0 if none),
     * the measured window's rates or, for a closed loop, its worker counts, and the phases' own op mixes
     * (null if none).
     *
     * @param mixLine the line of the first phase's {@code mix:}, 0 without one
     */
    record Load(double warmupSeconds, Schedule rates, WorkerSchedule workers, int warmupLine, OpMix mix, int mixLine) {

        /** As {@code --schedule} takes it, for {@code --print}'s equivalent command line. */
        String scheduleText() {
            return rates != null ? rates.toString() : workers.toString();
        }
    }

    /**
     * One stretch of a phase as a segment of the window: of rates or of worker counts (the other null),
     * the level it starts at, and whether it holds that level throughout.
     */
    private record Stretch(Schedule.Segment rate, WorkerSchedule.Segment workers, double seconds, double start, boolean holds) {
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z][\\w-]*");

    /** The same scenario with command-line values on top ({@code line} 0). */
    Scenario withOverrides(Map<String, String> overrides) {
        Map<String, Value> all = new LinkedHashMap<>(flags);
        overrides.forEach((k, v) -> all.put(k, new Value(v, 0)));
        return new Scenario(file, workload, subcommand, all, phases);
    }

    /** Where a key was given, first in a message: {@code FILE:LINE: key:}, or {@code --key} from the command line. */
    String where(String key, int line) {
        return line == 0 ? "--" + key : file + ":" + line + ": " + key + ":";
    }

    /**
     * The names the workload's checks use in their messages: a key of the file by its place in it, one
     * the phases set by the phases' place, any other by its plain name.
     */
    SettingNames names(Load load, String warmupKey) {
        return key -> {
            Value v = flags.get(key);
            if (v != null) {
                return where(key, v.line());
            }
            if (load != null && key.equals("schedule")) {
                return where("phases", phases.get(0).line());
            }
            if (load != null && key.equals(warmupKey) && load.warmupSeconds() > 0) {
                return where("measured", load.warmupLine());
            }
            if (load != null && key.equals("mix") && load.mix() != null) {
                return file + ":" + load.mixLine() + ": mix"; // as OpMix's messages take a name: "NAME: segment ..."
            }
            return key;
        };
    }

    /**
     * @throws dev.bench.core.InputErrors {@code FILE:LINE: key: message}, a line for every phase that doesn't
     *                                    make a schedule
     */
    Load load() {
        if (phases.isEmpty()) {
            return null;
        }
        InputErrors.Collector errors = new InputErrors.Collector();
        boolean workers = phases.get(0).workers() != null;
        double warmup = 0;
        double warmupLevel = -1;
        int warmupLine = 0;
        List<Stretch> measured = new ArrayList<>();
        Map<String, Map<String, Double>> mixes = new LinkedHashMap<>();
        int mixLine = 0;
        Map<String, Integer> named = new LinkedHashMap<>();
        for (Phase p : phases) {
            Integer first = p.name() == null ? null : named.putIfAbsent(p.name(), p.lines().getOrDefault("name", p.line()));
            if (first != null) {
                errors.add(phaseError(p, "name", "'" + p.name() + "' is also the phase on line " + first
                        + "; give each phase its own name (each gets its own results directory)"));
            }
            if (p.mix() != null && p.name() != null && NAME.matcher(p.name()).matches()) { // a bad name is the stretches' error
                int line = p.lines().getOrDefault("mix", p.line());
                if (!p.measured()) {
                    errors.add(phaseError(p, "mix", "the warmup runs the first measured phase's mix; give the mix there"));
                } else if (errors.check(() -> OpMix.of(file + ":" + line + ": mix", Map.of(p.name(), p.mix()))) != null) {
                    mixLine = mixLine == 0 ? line : mixLine; // its weights; kinds are the workload's
                    mixes.put(p.name(), p.mix());
                }
            }
            if ((p.workers() != null) != workers) {
                errors.add(phaseError(p, workers ? "rate" : "workers", "the phases give worker counts (closed loop) or rates"
                        + " (open loop), not both: phase '" + phases.get(0).name() + "' gives " + (workers ? "workers" : "a rate")));
                continue;
            }
            List<Stretch> own = errors.check(() -> workers ? workerStretches(p) : rateStretches(p));
            if (own == null) {
                continue;
            }
            if (!p.measured()) {
                if (!measured.isEmpty() || own.size() != 1 || !own.get(0).holds() || warmupLevel >= 0 && own.get(0).start() != warmupLevel) {
                    errors.add(phaseError(p, "measured", "an unmeasured phase is the warmup: it must come before every measured phase"
                            + " and hold one " + (workers ? "worker count" : "rate") + ", the same for every such phase"));
                    continue;
                }
                warmupLevel = own.get(0).start();
                warmup += own.get(0).seconds();
                warmupLine = warmupLine == 0 ? p.lines().getOrDefault("measured", p.line()) : warmupLine;
            } else {
                measured.addAll(own);
            }
        }
        if (measured.isEmpty() && errors.isEmpty()) {
            errors.add(where("phases", phases.get(0).line()) + " every phase is unmeasured; measure at least one");
        }
        errors.throwIfAny();
        String name = where("phases", phases.get(0).line());
        Schedule rates = workers ? null : Schedule.of(name, measured.stream().map(Stretch::rate).toList());
        WorkerSchedule counts = workers ? WorkerSchedule.of(name, measured.stream().map(Stretch::workers).toList()) : null;
        if (warmupLevel >= 0 && warmupLevel != measured.get(0).start()) {
            throw phaseError(phases.get(0), workers ? "workers" : "rate", "the warmup runs at the first measured "
                    + (workers ? "worker count (" : "rate (") + level(measured.get(0).start())
                    + (workers ? ")" : " ops/s)") + "; give the unmeasured phase that " + (workers ? "count" : "rate"));
        }
        OpMix mix = mixes.isEmpty() ? null : OpMix.of(file + ":" + mixLine + ": mix", mixes);
        return new Load(warmup, rates, counts, warmupLine, mix, mixLine);
    }

    /** A phase's rate segments, each named after the phase: read from its own schedule, or its duration and rate. */
    private List<Stretch> rateStretches(Phase p) {
        requireName(p);
        List<Schedule.Segment> segments;
        if (p.schedule() != null) {
            if (p.duration() != null || p.rate() != null) {
                throw phaseError(p, "schedule", "a phase has a schedule, or a duration and a rate, not both");
            }
            segments = Schedule.parse(where("schedule", p.lines().get("schedule")), p.schedule()).segments();
        } else {
            requireDuration(p, "rate", "a rate, or a schedule");
            double[] level = ScheduleText.level(p.rate()); // a pause (rate 0) is a phase too
            if (level == null) {
                throw phaseError(p, "rate", "must be " + Require.RATE + ", or FROM..TO for a ramp; got '" + p.rate() + "'");
            }
            segments = List.of(new Schedule.Segment(p.name(), duration(p), level[0], level[1]));
        }
        return segments.stream().map(s -> new Stretch(new Schedule.Segment(p.name(), s.seconds(), s.fromRate(), s.toRate()), null,
                s.seconds(), s.fromRate(), !s.isRamp())).toList();
    }

    private static String level(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** A closed-loop phase: its duration with its active workers. */
    private List<Stretch> workerStretches(Phase p) {
        requireName(p);
        if (p.schedule() != null || p.rate() != null) {
            throw phaseError(p, p.schedule() != null ? "schedule" : "rate", "a phase gives workers (closed loop) or a rate"
                    + " or schedule (open loop), not both");
        }
        requireDuration(p, "workers", "a worker count");
        if (!p.workers().matches("\\d{1,9}") || Integer.parseInt(p.workers()) > WorkerSchedule.MAX_WORKERS) {
            throw phaseError(p, "workers", "must be a count of workers 0.." + WorkerSchedule.MAX_WORKERS + "; got '" + p.workers() + "'");
        }
        WorkerSchedule.Segment s = new WorkerSchedule.Segment(p.name(), duration(p), Integer.parseInt(p.workers()));
        return List.of(new Stretch(null, s, s.seconds(), s.workers(), true));
    }

    private void requireName(Phase p) {
        if (p.name() == null || !NAME.matcher(p.name()).matches()) {
            throw phaseError(p, "name", p.name() == null ? "missing; every phase has a name"
                    : "'" + p.name() + "' must be a word (letters, digits, - and _), starting with a letter");
        }
    }

    private void requireDuration(Phase p, String levelKey, String what) {
        if (p.duration() == null) {
            throw phaseError(p, "duration", "missing; give a duration (30s, 2m, 500ms) and " + what);
        }
        String level = levelKey.equals("rate") ? p.rate() : p.workers();
        if (level == null) {
            throw phaseError(p, levelKey, "missing; give ops/s, or FROM..TO for a ramp (or workers: N for a closed loop)");
        }
    }

    /** The phase's duration in seconds, as {@link Schedule} reads durations. */
    private double duration(Phase p) {
        double seconds = ScheduleText.durationSeconds(p.duration());
        if (!(seconds > 0)) {
            throw phaseError(p, "duration", "must be a duration > 0 such as 500ms, 30s, 2m, 1h; got '" + p.duration() + "'");
        }
        return seconds;
    }

    private BenchException phaseError(Phase p, String key, String message) {
        return new BenchException(where(key, p.lines().getOrDefault(key, p.line())) + " " + message);
    }
}
