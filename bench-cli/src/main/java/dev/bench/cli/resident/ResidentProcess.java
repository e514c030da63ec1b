package dev.bench.cli.resident;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * What a caller must share with the resident process for a call to run here as in a JVM of its own: the same
 * jar, unchanged since the start (a rebuild gets the new code in a plain run), the same user and umask.
 */
final class ResidentProcess {

    private final Path jar;
    private final long jarSize;
    private final FileTime jarModified;
    private final String umask;
    private final Object uid;
    private volatile String haltReason;

    ResidentProcess(Path jar, String umask) throws IOException {
        this.jar = jar.toRealPath();
        this.jarSize = Files.size(this.jar);
        this.jarModified = Files.getLastModifiedTime(this.jar);
        this.umask = umask;
        this.uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    /** This process's own: the jar its classes came from. */
    static ResidentProcess ofThisJar(String umask) throws IOException {
        try {
            return new ResidentProcess(Path.of(ResidentProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI()), umask);
        } catch (URISyntaxException e) {
            throw new IOException("cannot tell which jar this is: " + e.getMessage(), e);
        }
    }

    boolean sameJar(String callerJar) {
        try {
            Path p = Path.of(callerJar).toRealPath();
            return p.equals(jar) && Files.size(jar) == jarSize && Files.getLastModifiedTime(jar).equals(jarModified);
        } catch (IOException | UncheckedIOException | java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    String umask() {
        return umask;
    }

    Object uid() {
        return uid;
    }

    /** A call that did not end after its cancel: state of it may linger, so the process ends after that call's reply. */
    void haltAfterReply(String reason) {
        haltReason = reason;
    }

    /** Null while the process may serve more calls. */
    String haltReason() {
        return haltReason;
    }
}
