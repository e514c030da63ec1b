package dev.bench.workloads.vote;

/**
 * A write batch that failed part way: the server confirmed {@code landed} of its votes (acknowledged, as
 * any confirmed vote is), and the outcome of the other {@code inDoubt} is unknown. memcached's writes are
 * one increment per article, each confirmed on its own, so a pool member dying mid-batch leaves both.
 * Classified by its cause.
 */
final class PartialWriteException extends Exception {

    private final long landed;
    private final long inDoubt;

    PartialWriteException(long landed, long inDoubt, Exception cause) {
        super(cause.getMessage(), cause);
        this.landed = landed;
        this.inDoubt = inDoubt;
    }

    long landed() {
        return landed;
    }

    long inDoubt() {
        return inDoubt;
    }
}
