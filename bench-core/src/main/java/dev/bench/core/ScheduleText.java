package dev.bench.core;

import dev.bench.core.Schedule.Segment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of rate and worker schedules, both ways: durations ({@code 500ms}, {@code 30s}, {@code 2m},
 * {@code 1h}), rates and ramps ({@code 1000}, {@code 1000..20000}), a {@code --schedule}'s segments, and the
 * numbers as the user writes them. {@link Schedule} and {@link WorkerSchedule} read and print through it.
 */
public final class ScheduleText {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");
    private static final Pattern SEGMENT = Pattern.compile("(?:([A-Za-z][\\w-]*)=)?(\\d+(?:\\.\\d+)?)(ms|s|m|h):(.+?)(?:\\.\\.(.+))?");

    private ScheduleText() {
    }

    /**
     * A duration as written, {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}, in seconds; NaN when it is
     * not one (a caller names its own key in the message).
     */
    public static double durationSeconds(String text) {
        Matcher m = DURATION.matcher(text == null ? "" : text.trim());
        return m.matches() ? seconds(m.group(1), m.group(2)) : Double.NaN;
    }

    /**
     * A rate or a ramp as written, {@code 1000} or {@code 1000..20000}: {from, to} in ops/s, each 0..
     * {@link Schedule#MAX_RATE}; null when it is neither (a caller names its own key in the message).
     */
    public static double[] level(String text) {
        if (text == null) {
            return null;
        }
        int dots = text.indexOf("..");
        double from = parsed(dots < 0 ? text : text.substring(0, dots));
        double to = dots < 0 ? from : parsed(text.substring(dots + 2));
        return isRate(from) && isRate(to) ? new double[] {from, to} : null;
    }

    private static double parsed(String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    static boolean isRate(double rate) {
        return rate >= 0 && rate <= Schedule.MAX_RATE;
    }

    /**
     * The segments of a {@code --schedule} text, each checked alone ({@link Schedule#parse} checks the whole).
     *
     * @param name the option or key the spec came from, first in every message
     */
    static List<Segment> segments(String name, String spec) {
        List<Segment> segments = new ArrayList<>();
        if (spec == null || spec.isBlank()) {
            throw new BenchException(name + " is empty: give segments such as 30s:1000,60s:1000..20000");
        }
        for (String part : spec.split(",", -1)) {
            segments.add(segment(name, part.trim()));
        }
        return segments;
    }

    private static Segment segment(String name, String part) {
        Matcher m = SEGMENT.matcher(part);
        if (part.startsWith("-")) {
            throw new BenchException(name + " segment '" + part + "': the duration must be > 0");
        }
        if (!m.matches()) {
            throw new BenchException(name + " segment '" + part + "' is not DURATION:RATE or DURATION:FROM..TO"
                    + " (durations such as 500ms, 30s, 2m, 1h; optionally NAME= first), e.g. 30s:1000 or ramp=60s:1000..20000");
        }
        double seconds = seconds(m.group(2), m.group(3));
        require(seconds > 0, name + " segment '" + part + "': the duration must be > 0");
        double from = rate(name, part, m.group(4));
        double to = m.group(5) == null ? from : rate(name, part, m.group(5));
        return new Segment(m.group(1), seconds, from, to);
    }

    private static double rate(String name, String part, String text) {
        double rate;
        try {
            rate = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new BenchException(name + " segment '" + part + "': '" + text + "' is not a rate in ops/s");
        }
        require(rate >= 0 && rate <= Schedule.MAX_RATE, name + " segment '" + part + "': a rate must be 0.."
                + (long) Schedule.MAX_RATE + " ops/s, got " + number(rate));
        return rate;
    }

    /** Require.that's check, here for the same reason as the limits; shared with {@link WorkerSchedule}. */
    static void require(boolean ok, String message) {
        if (!ok) {
            throw new BenchException(message);
        }
    }

    /** A segment's duration as written ({@code 500} and {@code ms}) in seconds; shared with {@link WorkerSchedule}. */
    static double seconds(String amount, String unit) {
        return Double.parseDouble(amount) * switch (unit) {
            case "ms" -> 1e-3;
            case "m" -> 60;
            case "h" -> 3600;
            default -> 1;
        };
    }

    static String duration(double seconds) {
        if (Double.isInfinite(seconds)) {
            return "forever";
        }
        if (seconds < 1 && Math.abs(seconds * 1000 - Math.rint(seconds * 1000)) < 1e-9) {
            return number(seconds * 1000) + "ms";
        }
        return number(seconds) + "s";
    }

    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
