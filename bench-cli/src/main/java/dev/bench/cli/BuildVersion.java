package dev.bench.cli;

import dev.bench.core.results.BuildInfo;
import picocli.CommandLine.IVersionProvider;

/** {@code bench --version}: the build (version, commit, its time) and the JVM it runs on; summary.json says the same. */
final class BuildVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        BuildInfo build = BuildInfo.current();
        return new String[] {"bench " + build.version(),
                "commit " + build.commit() + ", built " + build.commitTime() + " (the commit's time: reproducible build)",
                "Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vm.name") + ", "
                        + System.getProperty("java.home") + ")"};
    }
}
