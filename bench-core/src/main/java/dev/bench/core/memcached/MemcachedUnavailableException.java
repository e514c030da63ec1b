package dev.bench.core.memcached;

import java.io.IOException;

/**
 * A memcached server could not be reached or dropped the connection; the message names its address.
 * {@link MemcachedErrors} classifies it as a lost connection.
 */
public class MemcachedUnavailableException extends IOException {

    public MemcachedUnavailableException(String message) {
        super(message);
    }

    public MemcachedUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
