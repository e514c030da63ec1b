package dev.bench.core.metrics;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JVM's stop-the-world collections while it is open, from the {@code GarbageCollectorMXBean}s'
 * notifications: how many, their total and the longest. Concurrent cycles (G1's and ZGC's "cycles"
 * collectors) stop no thread and are left out. The JDK gives each collection's start and end in whole
 * milliseconds, so a pause is known to about 1 ms; the total is the sum of those differences.
 *
 * <pre>{@code
 * try (GcPauses gc = GcPauses.start()) { ... run ...; gc.totalMillis(); }
 * }</pre>
 *
 * <p>Threading: the JDK's notification thread adds; any thread reads.
 */
public final class GcPauses implements AutoCloseable, NotificationListener {

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong totalMillis = new AtomicLong();
    private final AtomicLong maxMillis = new AtomicLong();

    private GcPauses() {
    }

    public static GcPauses start() {
        GcPauses pauses = new GcPauses();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter emitter && !concurrent(bean.getName())) {
                emitter.addNotificationListener(pauses, null, null);
                pauses.emitters.add(emitter);
            }
        }
        return pauses;
    }

    private static boolean concurrent(String collector) {
        return collector.contains("Concurrent") || collector.contains("Cycles");
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        if (concurrent(info.getGcName())) {
            return;
        }
        long millis = info.getGcInfo().getDuration();
        count.incrementAndGet();
        totalMillis.addAndGet(millis);
        maxMillis.accumulateAndGet(millis, Math::max);
    }

    public long count() {
        return count.get();
    }

    public long totalMillis() {
        return totalMillis.get();
    }

    public long maxMillis() {
        return maxMillis.get();
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (javax.management.ListenerNotFoundException ignored) {
                // never added: nothing to remove
            }
        }
    }
}
