package dev.bench.cli.workload;

import dev.bench.core.jdbc.JdbcDriver;

import java.util.Arrays;
import java.util.Iterator;

/** The URL prefixes --url accepts, one per driver on the class path: for --help and shell completion. */
public final class UrlSchemes implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(JdbcDriver.values()).map(JdbcDriver::urlPrefix).iterator();
    }
}
