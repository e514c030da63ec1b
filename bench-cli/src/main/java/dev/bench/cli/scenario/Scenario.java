package dev.bench.cli.scenario;

import dev.bench.core.BenchException;
import dev.bench.core.OpMix;
import dev.bench.core.Schedule;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A scenario as read from its file ({@link ScenarioFile}), with each value's line: the workload, the
 * flags it sets (without dashes), and its phases, which become one {@link Schedule} of named segments, or
 * for a closed loop one {@link WorkerSchedule} (leading unmeasured phases: the warmup). Immutable.
 *
 * @param backend vote's backend, else null
 * @param step    oltp-rw's and tpcc's step (prepare, run, cleanup), else null
 */
record Scenario(String file, String workload, String backend, String step, Map<String, Value> flags, List<Phase> phases) {

    /** @param line 0 when the value came from the command line */
    record Value(String text, int line) {
    }

    /** @param lines each of the phase's keys' lines; {@code workers} a closed loop's active workers instead of a rate */
    record Phase(String name, String duration, String rate, String schedule, String workers, boolean measured, String mix,
                 int line, Map<String, Integer> lines) {
    }

    /**
     * What the phases compile to: the warmup (0 if none), the measured schedule as {@code --schedule}
     * takes it (rates, or worker counts {@code 30s:x16}) and the phases' own op mixes as {@code --mix}
     * takes them (null if none), null without phases.
     *
     * @param mixLine the line of the first phase's {@code mix:}, 0 without one
     */
    record Load(double warmupSeconds, String schedule, int warmupLine, String mix, int mixLine) {
    }

    /**
     * One stretch of a phase as a schedule segment: its spec ({@code name=30s:1000}, {@code name=30s:x16}),
     * its length, the level it starts at, and whether it holds that level throughout.
     */
    private record Stretch(String spec, double seconds, double start, boolean holds) {
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
            if (load != null && key.equals("mix") && load.mix() != null) {
                return file + ":" + load.mixLine() + ": mix"; // as OpMix's messages take a name: "NAME: segment ..."
            }
            return key;
        };
    }

    /** @throws BenchException {@code FILE:LINE: key: message} for a phase that doesn't make a schedule */
    Load load() {
        if (phases.isEmpty()) {
            return null;
        }
        boolean workers = phases.get(0).workers() != null;
        double warmup = 0;
        double warmupLevel = -1;
        int warmupLine = 0;
        List<Stretch> measured = new ArrayList<>();
        List<String> mixes = new ArrayList<>();
        int mixLine = 0;
        Map<String, Integer> named = new LinkedHashMap<>();
        for (Phase p : phases) {
            Integer first = p.name() == null ? null : named.putIfAbsent(p.name(), p.lines().getOrDefault("name", p.line()));
            if (first != null) {
                throw phaseError(p, "name", "'" + p.name() + "' is also the phase on line " + first
                        + "; give each phase its own name (each gets its own results directory)");
            }
            if (p.mix() != null) {
                if (!p.measured()) {
                    throw phaseError(p, "mix", "the warmup runs the first measured phase's mix; give the mix there");
                }
                String mix = p.name() + ":" + p.mix();
                int line = p.lines().getOrDefault("mix", p.line());
                OpMix.parse(file + ":" + line + ": mix", mix); // its weights; kinds are the workload's
                mixLine = mixLine == 0 ? line : mixLine;
                mixes.add(mix);
            }
            if ((p.workers() != null) != workers) {
                throw phaseError(p, workers ? "rate" : "workers", "the phases give worker counts (closed loop) or rates"
                        + " (open loop), not both: phase '" + phases.get(0).name() + "' gives " + (workers ? "workers" : "a rate"));
            }
            List<Stretch> own = workers ? workerStretches(p) : rateStretches(p);
            if (!p.measured()) {
                if (!measured.isEmpty() || own.size() != 1 || !own.get(0).holds() || warmupLevel >= 0 && own.get(0).start() != warmupLevel) {
                    throw phaseError(p, "measured", "an unmeasured phase is the warmup: it must come before every measured phase"
                            + " and hold one " + (workers ? "worker count" : "rate") + ", the same for every such phase");
                }
                warmupLevel = own.get(0).start();
                warmup += own.get(0).seconds();
                warmupLine = warmupLine == 0 ? p.lines().getOrDefault("measured", p.line()) : warmupLine;
            } else {
                measured.addAll(own);
            }
        }
        if (measured.isEmpty()) {
            throw new BenchException(where("phases", phases.get(0).line()) + " every phase is unmeasured; measure at least one");
        }
        String spec = String.join(",", measured.stream().map(Stretch::spec).toList());
        String name = where("phases", phases.get(0).line());
        if (workers) {
            WorkerSchedule.parse(name, spec);
        } else {
            Schedule.parse(name, spec);
        }
        if (warmupLevel >= 0 && warmupLevel != measured.get(0).start()) {
            throw phaseError(phases.get(0), workers ? "workers" : "rate", "the warmup runs at the first measured "
                    + (workers ? "worker count (" : "rate (") + level(measured.get(0).start())
                    + (workers ? ")" : " ops/s)") + "; give the unmeasured phase that " + (workers ? "count" : "rate"));
        }
        return new Load(warmup, spec, warmupLine, mixes.isEmpty() ? null : String.join(",", mixes), mixLine);
    }

    /** A phase's rate segments, each named after the phase. */
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
            try {
                Schedule.parse("", "1s:" + p.rate() + ",1s:1"); // a pause (rate 0) is a phase too
            } catch (BenchException e) {
                throw phaseError(p, "rate", "must be " + Require.RATE + ", or FROM..TO for a ramp; got '" + p.rate() + "'");
            }
            segments = durationChecked(p, () -> Schedule.parse("", p.name() + "=" + p.duration() + ":" + p.rate()).segments());
        }
        return segments.stream().map(s -> new Stretch(new Schedule.Segment(p.name(), s.seconds(), s.fromRate(), s.toRate()).toString(),
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
        List<WorkerSchedule.Segment> segments = durationChecked(p,
                () -> WorkerSchedule.parse("", p.name() + "=" + p.duration() + ":x" + p.workers()).segments());
        return segments.stream().map(s -> new Stretch(s.toString(), s.seconds(), s.workers(), true)).toList();
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

    private <T> T durationChecked(Phase p, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (BenchException e) {
            throw phaseError(p, "duration", "must be a duration > 0 such as 500ms, 30s, 2m, 1h; got '" + p.duration() + "'");
        }
    }

    private BenchException phaseError(Phase p, String key, String message) {
        return new BenchException(where(key, p.lines().getOrDefault(key, p.line())) + " " + message);
    }
}
