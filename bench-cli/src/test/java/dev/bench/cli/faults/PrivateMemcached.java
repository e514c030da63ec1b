package dev.bench.cli.faults;

/** A memcached of its own. It keeps nothing across a restart, as memcached never does. */
final class PrivateMemcached extends ChildProcessServer {

    PrivateMemcached(int port) {
        super(port, 10_000);
        start();
    }

    @Override
    protected ProcessBuilder command() {
        return new ProcessBuilder("memcached", "-u", "memcache", "-l", "127.0.0.1", "-p", Integer.toString(port()), "-m", "64")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }

    /** memcached has no sessions to end from its side: the harness resets the client's connections instead. */
    @Override
    public void killSessions() {
        throw new UnsupportedOperationException("memcached: reset the relay's connections");
    }
}
