package dev.bench.core.memcached;

/**
 * One server of a pool is down while others still serve: the op that needed it failed, and the run goes
 * on with the rest, as a memcached pool does in production. Unlike a lost connection it is no reason to
 * re-open the session or re-run the op (a re-run write would add its votes on the live servers again):
 * {@link MemcachedErrors} classifies it as a failed op. Whether a write it broke landed is unknown.
 */
public class MemcachedMemberDownException extends MemcachedUnavailableException {

    public MemcachedMemberDownException(String message, Throwable cause) {
        super(message, cause);
    }
}
