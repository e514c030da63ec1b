package dev.bench.jmh.memcached;

import dev.bench.core.ServerVariables;
import net.spy.memcached.AddrUtil;
import net.spy.memcached.ConnectionFactoryBuilder;
import net.spy.memcached.MemcachedClient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * spymemcached's synchronous calls, each one round trip through the client's single I/O thread:
 * get of one key, getBulk of {@value #BULK_KEYS} keys, incr of a counter. Keys are prefixed {@code jmh:}.
 * Each thread has its own client (its own connection and I/O thread), as the vote memcached backend
 * gives each worker one: {@code -t N} measures N clients, not N threads queueing on one.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class SpymemcachedOps {

    static final int BULK_KEYS = 10;
    private static final String VALUE = "x".repeat(100);

    @Param({"text", "binary"})
    public String protocol;

    private MemcachedClient client;
    private final List<String> keys = new ArrayList<>();

    @Setup
    public void setUp() throws IOException, InterruptedException, ExecutionException {
        // Before the first spymemcached class loads: route its logging to SLF4J (slf4j-nop), not stderr.
        System.setProperty("net.spy.log.LoggerImpl", "net.spy.memcached.compat.log.SLF4JLogger");
        String addresses = ServerVariables.require(ServerVariables.MEMCACHED);
        client = new MemcachedClient(new ConnectionFactoryBuilder()
                .setProtocol(protocol.equals("binary")
                        ? ConnectionFactoryBuilder.Protocol.BINARY : ConnectionFactoryBuilder.Protocol.TEXT)
                .setOpTimeout(2_000)
                .build(), AddrUtil.getAddresses(addresses));
        for (int i = 0; i < BULK_KEYS; i++) {
            String key = "jmh:key" + i;
            keys.add(key);
            if (!client.set(key, 0, VALUE).get()) {
                throw new IllegalStateException("memcached at " + addresses + " refused set " + key);
            }
        }
    }

    @TearDown
    public void tearDown() {
        client.shutdown(5, TimeUnit.SECONDS);
    }

    @Benchmark
    public Object get() {
        return client.get(keys.get(0));
    }

    @Benchmark
    public Map<String, Object> getBulk10() {
        return client.getBulk(keys);
    }

    @Benchmark
    public long incr() {
        return client.incr("jmh:counter", 1, 0);
    }
}
