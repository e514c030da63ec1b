package dev.bench.cli.workload;

/**
 * A workload command whose run is one of its subcommands (vote's backends, oltp-rw's and tpcc's steps): the
 * key a scenario file names that subcommand by, and the one it runs when the file names none. Scenario files
 * find a workload's subcommand through this, so their reader names no workload.
 */
public interface SubcommandChoice {

    /** The scenario file's key that names the subcommand: {@code backend} or {@code step}. */
    String scenarioKey();

    /** The subcommand a scenario runs when its file names none, or null when the file must name one. */
    String defaultSubcommand();
}
