package dev.bench.core;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The servers ops were served by, numbered once per process so that a worker can record an op against
 * its host with an array index ({@code Session.host}). A session learns its host's name once, when it
 * opens its connection ({@code host:port}, as the server reports it), and keeps the number.
 *
 * <p>Number {@value #UNNAMED} is the target as a whole, for sessions that don't say which server
 * served them (embedded databases, the null backend): a run that only ever records there has one host.
 * Past {@value #MAX} names, further ones share {@value #UNNAMED}.
 *
 * <p>Threading: any thread; {@link #indexOf} takes a lock (called when a connection opens, never per op).
 */
public final class Hosts {

    public static final int UNNAMED = 0;
    public static final int MAX = 64;

    private static final Map<String, Integer> INDEX = new HashMap<>();
    private static String[] names = {"target"};

    private Hosts() {
    }

    /** The number of the host of this name, given it the first time it is asked for. */
    public static synchronized int indexOf(String name) {
        Integer known = INDEX.get(name);
        if (known != null) {
            return known;
        }
        if (names.length >= MAX) {
            return UNNAMED;
        }
        int index = names.length;
        names = Arrays.copyOf(names, index + 1);
        names[index] = name;
        INDEX.put(name, index);
        return index;
    }

    /** The name of host number {@code index}: "target" for {@value #UNNAMED}. */
    public static synchronized String name(int index) {
        return names[index];
    }
}
