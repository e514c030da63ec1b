package dev.bench.core;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many workers are active over time in a closed loop: segments that each hold a worker count, as
 * users write them: {@code 30s:x16,30s:x128} (a segment may carry a name, {@code peak=30s:x128}). Where a
 * workload is closed loop by origin, this is its load over time, as {@link Schedule} is an open loop's.
 *
 * <pre>{@code
 * WorkerSchedule w = WorkerSchedule.parse("--schedule", "30s:x16,30s:x128");
 * w.maxWorkers();           // 128: the workers (and sessions) the phase opens
 * w.activeAt(45);           // 128
 * w.nextActive(20, 10);     // 30.0: worker 20 starts taking ops at the second segment
 * }</pre>
 *
 * <p>Worker {@code i} (0-based) takes ops while {@code i < activeAt(t)}: which workers run is fixed by the
 * schedule, not by who asks first. Immutable.
 */
public final class WorkerSchedule {

    /** One stretch of time, {@code seconds} long, with {@code workers} active; {@code name} what the user called it, or null. */
    public record Segment(String name, double seconds, int workers) {

        /** As the user writes it: {@code 30s:x16} or {@code peak=30s:x128}. */
        @Override
        public String toString() {
            return (name == null ? "" : name + "=") + ScheduleText.duration(seconds) + ":x" + workers;
        }
    }

    /** The most workers a segment may give. */
    public static final int MAX_WORKERS = 10_000;
    private static final Pattern SEGMENT = Pattern.compile("(?:([A-Za-z][\\w-]*)=)?(\\d+(?:\\.\\d+)?)(ms|s|m|h):x(\\d{1,6})");

    private final List<Segment> segments;
    /** Seconds from the window's start at which segment i starts; one more entry for the end. */
    private final double[] startSeconds;

    private WorkerSchedule(List<Segment> segments) {
        this.segments = List.copyOf(segments);
        this.startSeconds = new double[segments.size() + 1];
        for (int i = 0; i < segments.size(); i++) {
            startSeconds[i + 1] = startSeconds[i] + segments.get(i).seconds();
        }
    }

    /** Whether {@code spec} is meant as worker counts ({@code 30s:x16}) rather than rates: any segment's value starts with x. */
    public static boolean describes(String spec) {
        return spec != null && spec.matches("(?s).*:\\s*x.*");
    }

    /**
     * @param name the option or key the spec came from, first in every message
     * @throws BenchException one line naming {@code name}, the bad segment and the form expected
     */
    public static WorkerSchedule parse(String name, String spec) {
        List<Segment> segments = new ArrayList<>();
        for (String part : spec.split(",", -1)) {
            segments.add(segment(name, part.trim()));
        }
        return checked(name, segments, spec);
    }

    /**
     * A schedule from segments already read (a scenario file's phases), held to the same limits as {@link #parse}.
     *
     * @param name the option or key the segments came from, first in every message
     */
    public static WorkerSchedule of(String name, List<Segment> segments) {
        ScheduleText.require(!segments.isEmpty(), name + " is empty: give segments such as 30s:x16,30s:x128");
        for (Segment s : segments) {
            ScheduleText.require(s.seconds() > 0 && Double.isFinite(s.seconds()), name + " segment '" + s + "': the duration must be > 0");
            ScheduleText.require(s.workers() >= 0 && s.workers() <= MAX_WORKERS, name + " segment '" + s + "': a worker count must be 0.."
                    + MAX_WORKERS + ", got " + s.workers());
        }
        return checked(name, segments, null);
    }

    private static WorkerSchedule checked(String name, List<Segment> segments, String spec) {
        WorkerSchedule schedule = new WorkerSchedule(segments);
        ScheduleText.require(schedule.seconds() <= Schedule.MAX_SECONDS, name + " lasts " + ScheduleText.number(schedule.seconds())
                + " s in all; at most " + Schedule.MAX_SECONDS + " (a year)");
        ScheduleText.require(schedule.maxWorkers() > 0, name + " '" + (spec == null ? schedule : spec) + "' runs no worker: every count is x0");
        return schedule;
    }

    private static Segment segment(String name, String part) {
        Matcher m = SEGMENT.matcher(part);
        if (!m.matches()) {
            throw new BenchException(name + " segment '" + part + "' is not DURATION:xWORKERS (durations such as 500ms, 30s,"
                    + " 2m, 1h; optionally NAME= first), e.g. 30s:x16; worker counts and rates can't be mixed");
        }
        double seconds = ScheduleText.seconds(m.group(2), m.group(3));
        ScheduleText.require(seconds > 0, name + " segment '" + part + "': the duration must be > 0");
        int workers = Integer.parseInt(m.group(4));
        ScheduleText.require(workers <= MAX_WORKERS, name + " segment '" + part + "': a worker count must be 0.."
                + MAX_WORKERS + ", got " + workers);
        return new Segment(m.group(1), seconds, workers);
    }

    public List<Segment> segments() {
        return segments;
    }

    /** The whole schedule's length in seconds. */
    public double seconds() {
        return startSeconds[segments.size()];
    }

    /** The most workers any segment runs: how many the phase opens. */
    public int maxWorkers() {
        return segments.stream().mapToInt(Segment::workers).max().orElse(0);
    }

    /** Workers active at {@code t} seconds from the window's start: the first segment's before it (warmup), none after the end. */
    public int activeAt(double t) {
        if (t < 0) {
            return segments.get(0).workers();
        }
        for (int i = 0; i < segments.size(); i++) {
            if (t < startSeconds[i + 1]) {
                return segments.get(i).workers();
            }
        }
        return 0;
    }

    /**
     * The first time at or after {@code t} (seconds from the window's start) at which {@code worker} is
     * active: {@code t} itself when it is; infinity when it never is again.
     */
    public double nextActive(int worker, double t) {
        if (worker < activeAt(t)) {
            return t;
        }
        for (int i = 0; i < segments.size(); i++) {
            if (startSeconds[i] > t && worker < segments.get(i).workers()) {
                return startSeconds[i];
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** As the user writes it: {@code 30s:x16,30s:x128}. */
    @Override
    public String toString() {
        return String.join(",", segments.stream().map(Segment::toString).toList());
    }
}
