package dev.bench.core.results;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Adds one compressed histogram of an HdrHistogram log (V2 encoding) straight into a total, without
 * decoding it into a histogram of its own: an hour's log holds 14,400 of them, and decoding each
 * allocates a full counts array (~100 KB), which made reading a log 6-7x slower. Anything but the
 * V2 encoding of a non-shifted histogram (what {@link LatencyLogWriter} writes) is left to HdrHistogram's own
 * decoder.
 *
 * <p>Not thread-safe: one reader, one instance (it reuses its inflater and buffer).
 */
final class CompressedCounts {

    /** HdrHistogram's V2 cookies; the low nibble of the second byte carries the word size. */
    private static final int V2_COMPRESSED_COOKIE = 0x1c849304;
    private static final int V2_COOKIE = 0x1c849303;
    private static final int WORD_SIZE_BITS = 0xf0;

    private final Inflater inflater = new Inflater();
    private byte[] payload = new byte[1 << 16];

    /** Adds the encoded histogram's counts to {@code total}. */
    void addTo(Histogram total, byte[] encoded) throws DataFormatException {
        ByteBuffer in = ByteBuffer.wrap(encoded);
        if ((in.getInt() & ~WORD_SIZE_BITS) != (V2_COMPRESSED_COOKIE & ~WORD_SIZE_BITS)) {
            total.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0));
            return;
        }
        int compressedLength = in.getInt();
        ByteBuffer counts = inflate(encoded, in.position(), compressedLength);
        int cookie = counts.getInt();
        int countsLength = counts.getInt();
        int normalizingIndexOffset = counts.getInt();
        int significantDigits = counts.getInt();
        long lowestDiscernibleValue = counts.getLong();
        counts.getLong();     // highest trackable value: the total resizes itself
        counts.getDouble();   // integer-to-double ratio: integer histograms only
        if ((cookie & ~WORD_SIZE_BITS) != (V2_COOKIE & ~WORD_SIZE_BITS) || normalizingIndexOffset != 0) {
            total.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0));
            return;
        }
        addCounts(total, counts, counts.position() + countsLength, significantDigits, lowestDiscernibleValue);
    }

    private ByteBuffer inflate(byte[] encoded, int offset, int length) throws DataFormatException {
        inflater.reset();
        inflater.setInput(encoded, offset, length);
        int size = 0;
        while (!inflater.finished()) {
            if (size == payload.length) {
                payload = Arrays.copyOf(payload, size * 2);
            }
            int n = inflater.inflate(payload, size, payload.length - size);
            if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                throw new DataFormatException("truncated histogram");
            }
            size += n;
        }
        return ByteBuffer.wrap(payload, 0, size);
    }

    /**
     * The counts are ZigZag LEB128 longs, one per counts-array index; a negative one skips that many
     * empty indexes. An index maps to a value by the layout HdrHistogram derives from the precision.
     */
    private static void addCounts(Histogram total, ByteBuffer counts, int end, int significantDigits, long lowest) {
        long largestSingleUnitValue = 2 * (long) Math.pow(10, significantDigits);
        int subBucketCountMagnitude = (int) Math.ceil(Math.log(largestSingleUnitValue) / Math.log(2));
        int halfCountMagnitude = Math.max(subBucketCountMagnitude, 1) - 1;
        int halfCount = 1 << halfCountMagnitude;
        int unitMagnitude = (int) (Math.log(lowest) / Math.log(2));
        int index = 0;
        while (counts.position() < end) {
            long count = zigZag(counts);
            if (count < 0) {
                index += (int) -count;
                continue;
            }
            if (count > 0) {
                int bucket = (index >> halfCountMagnitude) - 1;
                int subBucket = (index & (halfCount - 1)) + halfCount;
                if (bucket < 0) {
                    subBucket -= halfCount;
                    bucket = 0;
                }
                total.recordValueWithCount((long) subBucket << (bucket + unitMagnitude), count);
            }
            index++;
        }
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
