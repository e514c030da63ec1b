package dev.bench.workloads.sysbench.cpu;

import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.workloads.sysbench.ThreadFairness;

import java.util.List;

/**
 * sysbench's cpu test as one op kind, "event", one op per batch: each event counts the primes below
 * --cpu-max-prime by trial division (its sb_cpu.c), on the worker's thread; it touches nothing else.
 * Its failures can only be bugs: every one is fatal (the default).
 *
 * <p>Threading: {@link #openSession} from any worker; each session is its worker's alone; the fairness
 * counts are thread-safe.
 */
public final class CpuWorkload implements Workload {

    static final String KIND = "event";

    private final int maxPrime;
    private final ThreadFairness fairness;

    public CpuWorkload(int maxPrime, int threads) {
        this.maxPrime = maxPrime;
        this.fairness = new ThreadFairness(threads);
    }

    @Override
    public List<OpKind> kinds() {
        return List.of(new OpKind(KIND, 1, 1));
    }

    @Override
    public Session openSession(int workerIndex) {
        return new CpuSession(workerIndex);
    }

    /** It writes nothing anywhere. */
    @Override
    public boolean isReadOnly(OpKind kind) {
        return true;
    }

    public ThreadFairness fairness() {
        return fairness;
    }

    /** sb_cpu.c's event: the primes in [3, max) by trial division by 2..sqrt(c). */
    public static long primes(int max) {
        long n = 0;
        for (long c = 3; c < max; c++) {
            double t = Math.sqrt(c);
            long l = 2;
            while (l <= t && c % l != 0) {
                l++;
            }
            if (l > t) {
                n++;
            }
        }
        return n;
    }

    /** One worker's events; each one's count is kept, so the JIT can't leave the work out. */
    private final class CpuSession implements Session {

        private final int worker;
        private long found;

        CpuSession(int worker) {
            this.worker = worker;
        }

        @Override
        public void execute(Batch batch) {
            found += primes(maxPrime);
            fairness.completed(worker, batch);
        }
    }
}
