package dev.bench.workloads.voter;

import dev.bench.core.random.SplitMix64;

/**
 * Draws phone calls as VoltDB's Voter client does, or uniformly as the erlvolt bench does.
 *
 * <p>VoltDB: each area-code index i votes for contestant 1, or (70 % of indexes, fixed per run) for
 * {@code (int) (|sin(i) · N| mod N) + 1}, which skews the result; per call the area code is uniform,
 * the index's contestant is replaced half the time by a uniform one, and 1 % of calls go to contestant
 * {@value #INVALID_CONTESTANT}, who doesn't exist. Uniform (erlvolt): contestant uniform over 1..N, no
 * invalid calls. Either way the phone is the area code times 10^7 plus a uniform 7-digit number.
 *
 * <p>Threading: immutable; {@link #next} draws only from the generator it is given.
 */
public final class CallGenerator {

    public static final int INVALID_CONTESTANT = 999;
    private static final long PHONE_SPAN = 10_000_000L;

    private final int contestants;
    private final boolean uniform;
    private final int[] votingMap;

    /** @param seed fixes which area codes lean to which contestant */
    public CallGenerator(int contestants, boolean uniform, long seed) {
        this.contestants = contestants;
        this.uniform = uniform;
        this.votingMap = new int[AreaCodes.size()];
        SplitMix64 random = new SplitMix64(seed);
        for (int i = 0; i < votingMap.length; i++) {
            votingMap[i] = 1;
            if (random.nextInt(100) >= 30) {
                votingMap[i] = (int) (Math.abs(Math.sin(i) * contestants) % contestants) + 1;
            }
        }
    }

    /** One call: fills {@code into} from {@code random} (the op's own generator). */
    public void next(SplitMix64 random, Call into) {
        int index = random.nextInt(AreaCodes.size());
        into.phone = AreaCodes.code(index) * PHONE_SPAN + random.nextLong(PHONE_SPAN);
        if (uniform) {
            into.contestant = random.nextInt(contestants) + 1;
            return;
        }
        int contestant = votingMap[index];
        if (random.nextInt(100) >= 50) {
            contestant = random.nextInt(contestants) + 1;
        }
        if (random.nextInt(100) == 0) {
            contestant = INVALID_CONTESTANT;
        }
        into.contestant = contestant;
    }

    /** A reusable holder, one per session, so drawing a call allocates nothing. */
    public static final class Call {
        public long phone;
        public int contestant;
    }
}
