package dev.bench.cli.scenario;

import dev.bench.core.BenchException;
import dev.bench.core.Schedule;
import dev.bench.core.settings.SettingNames;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A scenario as read from its file ({@link ScenarioFile}), with each value's line: the workload, the
 * flags it sets (without dashes), and its phases, which become one {@link Schedule} of named segments
 * (leading unmeasured phases: the warmup). Immutable.
 *
 * @param backend vote's backend, else null
 * @param step    oltp-rw's and tpcc's step (prepare, run, cleanup), else null
 */
record Scenario(String file, String workload, String backend, String step, Map<String, Value> flags, List<Phase> phases) {

    /** @param line 0 when the value came from the command line */
    record Value(String text, int line) {
    }

    /** @param lines each of the phase's keys' lines */
    record Phase(String name, String duration, String rate, String schedule, boolean measured, int line,
                 Map<String, Integer> lines) {
    }

    /** What the phases compile to: the warmup (0 if none) and the measured schedule, null without phases. */
    record Load(double warmupSeconds, Schedule schedule, int warmupLine) {
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z][\\w-]*");

    /** The same scenario with command-line values on top ({@code line} 0). */
    Scenario withOverrides(Map<String, String> overrides) {
        Map<String, Value> all = new LinkedHashMap<>(flags);
        overrides.forEach((k, v) -> all.put(k, new Value(v, 0)));
        return new Scenario(file, workload, backend, step, all, phases);
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
            return key;
        };
    }

    /** @throws BenchException {@code FILE:LINE: key: message} for a phase that doesn't make a schedule */
    Load load() {
        if (phases.isEmpty()) {
            return null;
        }
        double warmup = 0;
        double warmupRate = -1;
        int warmupLine = 0;
        List<Schedule.Segment> segments = new ArrayList<>();
        for (Phase p : phases) {
            List<Schedule.Segment> own = segments(p);
            if (!p.measured()) {
                if (!segments.isEmpty() || own.size() != 1 || own.get(0).isRamp() || warmupRate >= 0 && own.get(0).fromRate() != warmupRate) {
                    throw phaseError(p, "measured", "an unmeasured phase is the warmup: it must come before every measured phase"
                            + " and hold one rate, the same for every such phase");
                }
                warmupRate = own.get(0).fromRate();
                warmup += own.get(0).seconds();
                warmupLine = warmupLine == 0 ? p.lines().getOrDefault("measured", p.line()) : warmupLine;
            } else {
                segments.addAll(own);
            }
        }
        if (segments.isEmpty()) {
            throw new BenchException(where("phases", phases.get(0).line()) + " every phase is unmeasured; measure at least one");
        }
        Schedule schedule = Schedule.parse(where("phases", phases.get(0).line()), String.join(",",
                segments.stream().map(Schedule.Segment::toString).toList()));
        if (warmupRate >= 0 && warmupRate != schedule.firstRate()) {
            throw phaseError(phases.get(0), "rate", "the warmup runs at the first measured rate ("
                    + schedule.firstRate() + " ops/s); give the unmeasured phase that rate");
        }
        return new Load(warmup, schedule, warmupLine);
    }

    /** A phase's segments, each named after the phase. */
    private List<Schedule.Segment> segments(Phase p) {
        if (p.name() == null || !NAME.matcher(p.name()).matches()) {
            throw phaseError(p, "name", p.name() == null ? "missing; every phase has a name"
                    : "'" + p.name() + "' must be a word (letters, digits, - and _), starting with a letter");
        }
        if (p.schedule() != null) {
            if (p.duration() != null || p.rate() != null) {
                throw phaseError(p, "schedule", "a phase has a schedule, or a duration and a rate, not both");
            }
            return Schedule.parse(where("schedule", p.lines().get("schedule")), p.schedule()).segments().stream()
                    .map(s -> new Schedule.Segment(p.name(), s.seconds(), s.fromRate(), s.toRate())).toList();
        }
        if (p.duration() == null) {
            throw phaseError(p, "duration", "missing; give a duration (30s, 2m, 500ms) and a rate, or a schedule");
        }
        if (p.rate() == null) {
            throw phaseError(p, "rate", "missing; give ops/s, or FROM..TO for a ramp (closed-loop workloads have no phases)");
        }
        try {
            Schedule.parse("", "1s:" + p.rate() + ",1s:1"); // a pause (rate 0) is a phase too
        } catch (BenchException e) {
            throw phaseError(p, "rate", "must be ops/s 0..1000000000, or FROM..TO for a ramp; got '" + p.rate() + "'");
        }
        try {
            return Schedule.parse("", p.name() + "=" + p.duration() + ":" + p.rate()).segments();
        } catch (BenchException e) {
            throw phaseError(p, "duration", "must be a duration > 0 such as 500ms, 30s, 2m, 1h; got '" + p.duration() + "'");
        }
    }

    private BenchException phaseError(Phase p, String key, String message) {
        return new BenchException(where(key, p.lines().getOrDefault(key, p.line())) + " " + message);
    }
}
