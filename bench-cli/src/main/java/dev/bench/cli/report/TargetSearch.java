package dev.bench.cli.report;

/**
 * The search a sweep makes: double the target from {@code start} until a step breaks the SLO (or
 * {@code max} is reached), then bisect between the highest good and the lowest broken target.
 */
final class TargetSearch {

    /** Runs one step at a target; true when it met the SLO. */
    interface Trial {
        boolean sustains(double targetOpsPerSec);
    }

    /** Bisecting stops once the bracket is this narrow, relative to its top. */
    static final double PRECISION = 0.05;

    private TargetSearch() {
    }

    /** @return the highest target that met the SLO, 0 if none did */
    static double highestSustained(double start, double max, int bisectSteps, Trial trial) {
        double good = 0;
        double broken = Double.POSITIVE_INFINITY;
        for (double target = Math.min(start, max); ; target = Math.min(target * 2, max)) {
            if (!trial.sustains(target)) {
                broken = target;
                break;
            }
            good = target;
            if (target >= max) {
                return good;
            }
        }
        for (int i = 0; i < bisectSteps && broken - good > PRECISION * broken; i++) {
            double mid = Math.rint((good + broken) / 2);
            if (mid <= good || mid >= broken) {
                break;
            }
            if (trial.sustains(mid)) {
                good = mid;
            } else {
                broken = mid;
            }
        }
        return good;
    }
}
