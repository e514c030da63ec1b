package dev.bench.core.jdbc;

import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.StandardSocketFactory;

import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;

/**
 * MySQL Connector/J's sockets ({@code socketFactory}), as {@link BlockingSocketFactory} is pgjdbc's: Connector/J
 * connects with its {@code connectTimeout} and reads with its {@code socketTimeout}, after which the JDK's socket
 * answers every reply with a {@code read} failing EAGAIN, a {@code poll} and the {@code read}. A point-select
 * profile on MariaDB had the JDK's timed read and its park under a fifth of the client's CPU. Everything else
 * (options, TLS, the login timeout) is Connector/J's own {@link StandardSocketFactory}; a URL naming
 * {@code socketFactory} still wins.
 */
public final class ConnectorJSocketFactory extends StandardSocketFactory {

    /** Connector/J instantiates the factory by its class name. */
    public ConnectorJSocketFactory() {
    }

    @Override
    protected Socket createSocket(PropertySet props) {
        try {
            return BlockingSocketFactory.blockingSocket();
        } catch (SocketException e) {
            throw new UncheckedIOException(e);
        }
    }
}
