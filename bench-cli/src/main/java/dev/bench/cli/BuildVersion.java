package dev.bench.cli;

import picocli.CommandLine.IVersionProvider;

/** The version the shaded jar's manifest carries; "development build" when run from classes. */
final class ManifestVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = BenchMain.class.getPackage().getImplementationVersion();
        return new String[] {"bench " + (version != null ? version : "(development build)"),
                "Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }
}
