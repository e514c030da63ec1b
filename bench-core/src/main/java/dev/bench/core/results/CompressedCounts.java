package dev.bench.core.results;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Adds one compressed histogram of an HdrHistogram log (V2 encoding) straight into a total, without
 * decoding it into a histogram of its own: an hour's log holds 14,400 of them, and decoding each
 * allocates a full counts array (~100 KB), which made reading a log 6-7x slower.
 *
 * <p>Only what {@link LatencyLogWriter} writes is read: the V2 compressed encoding of a non-shifted
 * histogram of at most {@link #MAX_SIGNIFICANT_DIGITS} digits. Anything else, and a histogram whose
 * counts would take more than {@link #MAX_COUNTS_BYTES} to inflate, is refused before it costs anything:
 * HdrHistogram's own decoder sizes its arrays from the header (5 digits up to 2^62 is 48 MB per line), so a
 * hostile log could otherwise take unbounded memory and time.
 *
 * <p>Not thread-safe: one reader, one instance (it reuses its inflater and buffer).
 */
final class CompressedCounts {

    /** HdrHistogram's V2 cookies; the low nibble of the second byte carries the word size. */
    private static final int V2_COMPRESSED_COOKIE = 0x1c849304;
    private static final int V2_COOKIE = 0x1c849303;
    private static final int WORD_SIZE_BITS = 0xf0;
    /** What the recorders keep (KindRecorder): 3 digits; fewer is coarser and as cheap. */
    static final int MAX_SIGNIFICANT_DIGITS = 3;
    /** The header before the counts. */
    private static final int HEADER_BYTES = 40;
    /**
     * The largest counts payload of a 3-digit histogram up to 2^63: 55,296 indexes of at most 9 bytes each
     * is under 512 KiB; 1 MiB leaves room and bounds a zip bomb.
     */
    static final int MAX_COUNTS_BYTES = 1 << 20;

    private final Inflater inflater = new Inflater();
    private byte[] payload = new byte[1 << 16];

    /**
     * Adds the encoded histogram's counts to {@code total}.
     *
     * @return the histogram's total count
     * @throws DataFormatException when it is not what bench writes, or is damaged
     * @throws ArithmeticException when its counts add up past 2^63-1
     */
    long addTo(Histogram total, byte[] encoded) throws DataFormatException {
        ByteBuffer in = ByteBuffer.wrap(encoded);
        if (encoded.length < 8 || (in.getInt() & ~WORD_SIZE_BITS) != (V2_COMPRESSED_COOKIE & ~WORD_SIZE_BITS)) {
            throw new DataFormatException("not HdrHistogram's V2 compressed encoding, which bench writes");
        }
        int compressedLength = in.getInt();
        if (compressedLength < 0 || compressedLength > encoded.length - in.position()) {
            throw new DataFormatException("its compressed length " + compressedLength + " is not the "
                    + (encoded.length - in.position()) + " bytes that follow");
        }
        ByteBuffer counts = inflate(encoded, in.position(), compressedLength);
        int cookie = counts.getInt();
        int countsLength = counts.getInt();
        int normalizingIndexOffset = counts.getInt();
        int significantDigits = counts.getInt();
        long lowestDiscernibleValue = counts.getLong();
        long highestTrackableValue = counts.getLong();
        counts.getDouble();   // integer-to-double ratio: integer histograms only
        if ((cookie & ~WORD_SIZE_BITS) != (V2_COOKIE & ~WORD_SIZE_BITS) || normalizingIndexOffset != 0) {
            throw new DataFormatException("not the V2 encoding of a plain integer histogram, which bench writes");
        }
        if (significantDigits < 0 || significantDigits > MAX_SIGNIFICANT_DIGITS || lowestDiscernibleValue < 1
                || highestTrackableValue < 2 * lowestDiscernibleValue) {
            throw new DataFormatException("a histogram of " + significantDigits + " significant digits from "
                    + lowestDiscernibleValue + " to " + highestTrackableValue + "; bench writes 0.." + MAX_SIGNIFICANT_DIGITS
                    + " digits from 1 or more, up to at least twice that");
        }
        if (countsLength < 0 || countsLength > counts.remaining()) {
            throw new DataFormatException("its counts length " + countsLength + " is not the " + counts.remaining()
                    + " bytes that follow");
        }
        return addCounts(total, counts, counts.position() + countsLength, significantDigits, lowestDiscernibleValue);
    }

    /** Inflates at most the header and {@link #MAX_COUNTS_BYTES} of counts: a zip bomb stops there. */
    private ByteBuffer inflate(byte[] encoded, int offset, int length) throws DataFormatException {
        inflater.reset();
        inflater.setInput(encoded, offset, length);
        int size = 0;
        while (!inflater.finished()) {
            if (size == payload.length) {
                if (size >= HEADER_BYTES + MAX_COUNTS_BYTES) {
                    throw new DataFormatException("it inflates past " + (HEADER_BYTES + MAX_COUNTS_BYTES)
                            + " bytes, more than any histogram bench writes");
                }
                payload = Arrays.copyOf(payload, Math.min(size * 2, HEADER_BYTES + MAX_COUNTS_BYTES));
            }
            int n = inflater.inflate(payload, size, payload.length - size);
            if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                throw new DataFormatException("truncated histogram");
            }
            size += n;
        }
        if (size < HEADER_BYTES) {
            throw new DataFormatException("truncated histogram: " + size + " bytes, less than its header");
        }
        return ByteBuffer.wrap(payload, 0, size);
    }

    /**
     * The counts are ZigZag LEB128 longs, one per counts-array index; a negative one skips that many
     * empty indexes. An index maps to a value by the layout HdrHistogram derives from the precision.
     */
    private static long addCounts(Histogram total, ByteBuffer counts, int end, int significantDigits, long lowest)
            throws DataFormatException {
        long largestSingleUnitValue = 2 * (long) Math.pow(10, significantDigits);
        int subBucketCountMagnitude = (int) Math.ceil(Math.log(largestSingleUnitValue) / Math.log(2));
        int halfCountMagnitude = Math.max(subBucketCountMagnitude, 1) - 1;
        int halfCount = 1 << halfCountMagnitude;
        int unitMagnitude = (int) (Math.log(lowest) / Math.log(2));
        long index = 0;
        long sum = 0;
        while (counts.position() < end) {
            long count = zigZag(counts);
            if (count < 0) {
                index = Math.subtractExact(index, count);
                continue;
            }
            if (count > 0) {
                int bucket = (int) Math.min(Integer.MAX_VALUE, (index >> halfCountMagnitude) - 1);
                int subBucket = (int) (index & (halfCount - 1)) + halfCount;
                if (bucket < 0) {
                    subBucket -= halfCount;
                    bucket = 0;
                }
                // a value the layout can't hold in a long: an index past 2^63 (HdrHistogram's own limit)
                if (bucket + unitMagnitude + subBucketCountMagnitude > 63) {
                    throw new DataFormatException("a count at index " + index + ", past the largest value a long holds");
                }
                sum = Math.addExact(sum, count);
                total.recordValueWithCount((long) subBucket << (bucket + unitMagnitude), count);
            }
            index++;
        }
        return sum;
    }

    private static long zigZag(ByteBuffer in) {
        long raw = 0;
        int shift = 0;
        long b;
        do {
            b = in.get();
            raw |= (b & 0x7f) << shift;
            shift += 7;
        } while ((b & 0x80) != 0 && shift < 56);
        if ((b & 0x80) != 0) {
            raw |= (in.get() & 0xffL) << 56;
        }
        return (raw >>> 1) ^ -(raw & 1);
    }
}
