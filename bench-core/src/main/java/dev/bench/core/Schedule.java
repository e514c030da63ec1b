package dev.bench.core;

import java.util.ArrayList;
import java.util.List;

/**
 * An offered rate that changes over time: segments that each hold a rate or ramp linearly from one
 * rate to another, as users write them: {@code 30s:1000,60s:1000..20000,10s:60000}. A segment may carry
 * a name, {@code spike=10s:60000}, that the report shows on it (a scenario file's phases are named so).
 *
 * <pre>{@code
 * Schedule s = Schedule.parse("--schedule", "30s:1000,60s:1000..20000");
 * s.count(0, 30);      // 30000.0 ops expected in the first 30 s
 * s.rateAt(60);        // 10500.0 ops/s halfway up the ramp
 * }</pre>
 *
 * <p>Arrivals follow it through the inverse of its integral ({@link #secondsAt}): a unit-rate process
 * mapped through Λ⁻¹ is a non-homogeneous Poisson process of rate λ(t) (the time-rescaling theorem),
 * and evenly spaced counts mapped through it are the uniform spacing. Immutable.
 */
public final class Schedule {

    /**
     * One stretch of time, {@code seconds} long, whose rate goes linearly from {@code fromRate} to {@code toRate}.
     *
     * @param name what the user called it, or null
     */
    public record Segment(String name, double seconds, double fromRate, double toRate) {

        public Segment(double seconds, double fromRate, double toRate) {
            this(null, seconds, fromRate, toRate);
        }

        public boolean isRamp() {
            return fromRate != toRate;
        }

        /** As the user writes it: {@code 30s:1000}, {@code 60s:1000..20000} or {@code spike=10s:60000}. */
        @Override
        public String toString() {
            return (name == null ? "" : name + "=") + ScheduleText.duration(seconds) + ":" + ScheduleText.number(fromRate)
                    + (isRamp() ? ".." + ScheduleText.number(toRate) : "");
        }
    }

    /** The longest a schedule may last: a year, far below where nanosecond arithmetic overflows (settings' Require takes it). */
    public static final long MAX_SECONDS = 366L * 24 * 3600;
    /** The highest rate a segment may offer, ops/s (settings' Require takes it). */
    public static final double MAX_RATE = 1e9;

    private final List<Segment> segments;
    /** Seconds from the schedule's start at which segment i starts; one more entry for the end. */
    private final double[] startSeconds;
    /** Ops expected before segment i starts (the integral of the rate); one more entry for the total. */
    private final double[] startCount;
    /** Seconds per op of each hold (1 / its rate): a multiply per arrival rather than a divide. */
    private final double[] secondsPerOp;
    /** The last segment of the run of holds at one rate that segment i starts or is in (i itself for a ramp). */
    private final int[] holdEnd;

    private Schedule(List<Segment> segments) {
        this.segments = List.copyOf(segments);
        this.startSeconds = new double[segments.size() + 1];
        this.startCount = new double[segments.size() + 1];
        this.secondsPerOp = new double[segments.size()];
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            startSeconds[i + 1] = startSeconds[i] + s.seconds();
            startCount[i + 1] = startCount[i] + (s.fromRate() + s.toRate()) / 2 * s.seconds();
            secondsPerOp[i] = 1 / s.fromRate();
        }
        this.holdEnd = new int[segments.size()];
        for (int i = segments.size() - 1; i >= 0; i--) {
            boolean continues = i + 1 < segments.size() && !segments.get(i).isRamp() && !segments.get(i + 1).isRamp()
                    && segments.get(i).fromRate() == segments.get(i + 1).fromRate();
            holdEnd[i] = continues ? holdEnd[i + 1] : i;
        }
    }

    /** One constant rate for ever. */
    public static Schedule constant(double opsPerSec) {
        return new Schedule(List.of(new Segment(Double.POSITIVE_INFINITY, opsPerSec, opsPerSec)));
    }

    /**
     * @param name the option or key the spec came from, first in every message
     * @throws BenchException one line naming {@code name}, the bad segment and the form expected
     */
    public static Schedule parse(String name, String spec) {
        return checked(name, ScheduleText.segments(name, spec), spec);
    }

    /**
     * A schedule from segments already read (a scenario file's phases), held to the same limits as
     * {@link #parse}: no text is made up to be parsed again.
     *
     * @param name the option or key the segments came from, first in every message
     */
    public static Schedule of(String name, List<Segment> segments) {
        ScheduleText.require(!segments.isEmpty(), name + " is empty: give segments such as 30s:1000,60s:1000..20000");
        for (Segment s : segments) {
            ScheduleText.require(s.seconds() > 0 && Double.isFinite(s.seconds()), name + " segment '" + s + "': the duration must be > 0");
            ScheduleText.require(ScheduleText.isRate(s.fromRate()) && ScheduleText.isRate(s.toRate()),
                    name + " segment '" + s + "': a rate must be 0.."
                    + (long) MAX_RATE + " ops/s");
        }
        return checked(name, segments, null);
    }

    private static Schedule checked(String name, List<Segment> segments, String spec) {
        Schedule schedule = new Schedule(segments);
        ScheduleText.require(schedule.seconds() <= MAX_SECONDS, name + " lasts " + ScheduleText.number(schedule.seconds())
                + " s in all; at most " + MAX_SECONDS + " (a year)");
        ScheduleText.require(schedule.totalCount() > 0, name + " '" + (spec == null ? schedule : spec) + "' offers no ops: every rate is 0");
        return schedule;
    }

    public List<Segment> segments() {
        return segments;
    }

    /** The whole schedule's length in seconds (infinite for {@link #constant}). */
    public double seconds() {
        return startSeconds[segments.size()];
    }

    /** Ops expected over the whole schedule. */
    public double totalCount() {
        return startCount[segments.size()];
    }

    public double firstRate() {
        return segments.get(0).fromRate();
    }

    /** Ops expected per second on average over the whole schedule. */
    public double meanRate() {
        return Double.isInfinite(seconds()) ? firstRate() : totalCount() / seconds();
    }

    /** The same shape at {@code factor} times the rate: one client's share of several. */
    public Schedule scaled(double factor) {
        return new Schedule(segments.stream()
                .map(s -> new Segment(s.name(), s.seconds(), s.fromRate() * factor, s.toRate() * factor)).toList());
    }

    /** The same segments, segment i at {@code factors[i]} times its rate: one op kind's share of each (a mix per phase). */
    public Schedule weighted(double[] factors) {
        List<Segment> weighted = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            weighted.add(new Segment(s.name(), s.seconds(), s.fromRate() * factors[i], s.toRate() * factors[i]));
        }
        return new Schedule(weighted);
    }

    /** This schedule after holding its first rate for {@code seconds} (a warmup); itself when 0. */
    public Schedule afterHold(double seconds) {
        if (seconds <= 0) {
            return this;
        }
        List<Segment> all = new ArrayList<>();
        all.add(new Segment("warmup", seconds, firstRate(), firstRate()));
        all.addAll(segments);
        return new Schedule(all);
    }

    /** The rate at {@code t} seconds from the start; 0 before the start and after the end. */
    public double rateAt(double t) {
        int i = segmentAt(t);
        if (i < 0) {
            return 0;
        }
        Segment s = segments.get(i);
        return s.fromRate() + (s.toRate() - s.fromRate()) * (t - startSeconds[i]) / s.seconds();
    }

    /** Ops expected from {@code fromSeconds} to {@code toSeconds} (the rate's integral; none outside the schedule). */
    public double count(double fromSeconds, double toSeconds) {
        return countUntil(toSeconds) - countUntil(fromSeconds);
    }

    private double countUntil(double t) {
        if (t <= 0) {
            return 0;
        }
        if (t >= seconds()) {
            return totalCount();
        }
        int i = segmentAt(t);
        double dt = t - startSeconds[i];
        return startCount[i] + (segments.get(i).fromRate() + rateAt(t)) / 2 * dt;
    }

    private int segmentAt(double t) {
        if (t < 0 || t >= seconds()) {
            return -1;
        }
        int i = 0;
        while (t >= startSeconds[i + 1]) {
            i++;
        }
        return i;
    }

    // The arrival side (the engine's ArrivalStream): segments by index, so a stream walks forward
    // without searching.

    public int segmentCount() {
        return segments.size();
    }

    /**
     * The last segment of the run of holds at segment i's rate that follows it (i for a ramp, or when the
     * rate changes next): {@link #secondsAt} of segment i holds to that segment's end. A warmup and the
     * window at one rate are then one stretch to the arrivals, with no boundary to cross at the window.
     */
    public int holdEnd(int i) {
        return holdEnd[i];
    }

    /** Ops expected by the end of segment {@code i}. */
    public double countAtEnd(int i) {
        return startCount[i + 1];
    }

    /**
     * When the expected count reaches {@code count}, inside segment {@code i} (or a hold's run to {@link
     * #holdEnd}): Λ⁻¹ there. The ramp's
     * quadratic a·t + b·t²/2 = y is solved as t = 2y / (a + √(a² + 2by)), which stays exact as b → 0
     * and at a = 0.
     */
    public double secondsAt(int i, double count) {
        Segment s = segments.get(i);
        double y = count - startCount[i];
        if (y <= 0) {
            return startSeconds[i];
        }
        if (!s.isRamp()) {
            return startSeconds[i] + y * secondsPerOp[i];
        }
        double a = s.fromRate();
        double b = (s.toRate() - s.fromRate()) / s.seconds();
        return startSeconds[i] + 2 * y / (a + Math.sqrt(Math.max(0, a * a + 2 * b * y)));
    }

    /** As the user writes it: {@code 30s:1000,60s:1000..20000}. */
    @Override
    public String toString() {
        return String.join(",", segments.stream().map(Segment::toString).toList());
    }
}
