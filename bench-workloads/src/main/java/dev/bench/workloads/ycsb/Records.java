package dev.bench.workloads.ycsb;

import dev.bench.core.random.SplitMix64;

/**
 * Key names and field values as YCSB builds them. A key is {@code user} + the record number (hashed
 * with {@link Fnv#hash64} unless {@code insertorder=ordered}), left-padded with zeros to
 * {@code zeropadding} digits. A value is random text of a length drawn by {@code fieldlengthdistribution},
 * or with {@code dataintegrity=true} derived from key and field name, so a read can be verified.
 *
 * <p>Threading: any thread (the zipfian length generator is thread-safe).
 */
public final class Records {

    private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();

    private final CoreConfig config;
    private final String[] fieldNames;
    private final LongGenerator fieldLength;

    public Records(CoreConfig config) {
        this.config = config;
        this.fieldNames = new String[config.fieldCount()];
        for (int i = 0; i < fieldNames.length; i++) {
            fieldNames[i] = config.fieldName(i);
        }
        this.fieldLength = switch (config.fieldLengthDistribution()) {
            case "uniform" -> LongGenerator.uniform(config.minFieldLength(), config.fieldLength());
            case "zipfian" -> new Zipfian(config.minFieldLength(), config.fieldLength());
            default -> LongGenerator.constant(config.fieldLength());
        };
    }

    public String key(long keynum) {
        return keyName(keynum, config.zeroPadding(), config.orderedInserts());
    }

    public static String keyName(long keynum, int zeroPadding, boolean ordered) {
        String digits = Long.toString(ordered ? keynum : Fnv.hash64(keynum));
        StringBuilder key = new StringBuilder(4 + Math.max(zeroPadding, digits.length())).append("user");
        for (int fill = zeroPadding - digits.length(); fill > 0; fill--) {
            key.append('0');
        }
        return key.append(digits).toString();
    }

    public int fieldCount() {
        return fieldNames.length;
    }

    public String fieldName(int field) {
        return fieldNames[field];
    }

    /** A field chosen uniformly, for ops on one field. */
    public int randomField(SplitMix64 random) {
        return random.nextInt(fieldNames.length);
    }

    /** The value to write to {@code field} of {@code key}. */
    public String value(String key, int field, SplitMix64 random) {
        int length = (int) fieldLength.next(random);
        return config.dataIntegrity() ? expected(key, fieldNames[field], length) : randomText(length, random);
    }

    /** Whether a value read back is the one {@link #value} writes (dataintegrity=true only). */
    public boolean verify(String key, int field, String value) {
        return expected(key, fieldNames[field], config.fieldLength()).equals(value);
    }

    /**
     * The value derived from key and field: {@code key:field}, then {@code :} and the Java string hash
     * of all so far, repeated until long enough, cut at {@code length}.
     */
    static String expected(String key, String field, int length) {
        StringBuilder value = new StringBuilder(length + 12).append(key).append(':').append(field);
        while (value.length() < length) {
            value.append(':').append(value.toString().hashCode());
        }
        value.setLength(length);
        return value.toString();
    }

    /** Letters, digits, '-' and '_', six bits a character: nothing that needs escaping in SQL text or COPY. */
    static String randomText(int length, SplitMix64 random) {
        char[] text = new char[length];
        long bits = 0;
        for (int i = 0; i < length; i++) {
            if (i % 10 == 0) {
                bits = random.nextLong();
            }
            text[i] = ALPHABET[(int) (bits & 63)];
            bits >>>= 6;
        }
        return new String(text);
    }
}
