package dev.bench.core.testing;

import com.github.dockerjava.api.DockerClient;
import dev.bench.core.ServerVariables;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;

import java.util.concurrent.TimeUnit;

/**
 * What a test does when a server or tool it needs is missing: skipped with the reason printed, or,
 * with BENCH_REQUIRE_SERVICES set (CI, after {@code scripts/services.sh} and {@code scripts/chromium.sh}),
 * failed, since a skipped integration test must not pass CI. The flag is read here only.
 *
 * <p>The flag promises what those scripts install and start (PostgreSQL with TLS, its users and tablespace,
 * pgbench, MariaDB, memcached, Prometheus, Chromium), not a Docker engine: a test that needs Docker (SQL Server
 * has no Debian package) stays a skip under the flag too, through {@link #skipWithoutDocker}.
 */
public final class SkipOrFail {

    private SkipOrFail() {
    }

    /** BENCH_REQUIRE_SERVICES is set (to anything not blank): a missing service fails the test. */
    public static boolean servicesRequired() {
        return ServerVariables.value(ServerVariables.REQUIRE) != null;
    }

    /** Skips the test, or fails it under BENCH_REQUIRE_SERVICES, unless {@code present}. */
    public static void unless(boolean present, String reason) {
        if (!present) {
            missing(reason);
        }
    }

    /**
     * Skips the test, or fails it under BENCH_REQUIRE_SERVICES; never returns.
     *
     * @return nothing: typed so that {@code return SkipOrFail.missing(...)} ends a method that returns a value
     */
    public static <T> T missing(String reason) {
        return missing(reason, servicesRequired());
    }

    static <T> T missing(String reason, boolean servicesRequired) {
        if (servicesRequired) {
            Assertions.fail(reason + "; BENCH_REQUIRE_SERVICES is set, so this is a failure");
        }
        System.err.println("SKIPPED: " + reason);
        return Assumptions.abort(reason);
    }

    /** Skips the test when no Docker engine answers, also under BENCH_REQUIRE_SERVICES (which doesn't promise one). */
    public static void skipWithoutDocker(String reason) {
        skipWithoutDocker(reason, dockerAvailable());
    }

    static void skipWithoutDocker(String reason, boolean dockerAvailable) {
        if (!dockerAvailable) {
            String why = reason + " (BENCH_REQUIRE_SERVICES promises scripts/services.sh's servers, not Docker: a skip)";
            System.err.println("SKIPPED: " + why);
            Assumptions.abort(why);
        }
    }

    /**
     * Skips the test when no Docker engine answers, or when {@code image} is neither present nor pullable: on the
     * project's machines nothing can be pulled, and Debian has no package to build mysql:8.4 or SQL Server from
     * (scripts/containers.sh builds the others). One pull is tried, without Testcontainers' retries, so a
     * user's engine fetches the image as Testcontainers would, and here the skip comes at once.
     */
    public static void skipWithoutImage(String image, String reason) {
        skipWithoutDocker(reason);
        if (!imagePresentOrPulled(image)) {
            skipWithoutDocker(reason + "; the engine has no image " + image + " and could not pull it", false);
        }
    }

    private static boolean imagePresentOrPulled(String image) {
        DockerClient client = DockerClientFactory.lazyClient();
        try {
            client.inspectImageCmd(image).exec();
            return true;
        } catch (RuntimeException absent) {
            try {
                client.pullImageCmd(image).start().awaitCompletion(10, TimeUnit.MINUTES);
                client.inspectImageCmd(image).exec();
                return true;
            } catch (RuntimeException notPulled) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** Whether a Docker engine answers, for Testcontainers. */
    public static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false; // isDockerAvailable only catches IllegalStateException itself
        }
    }
}
