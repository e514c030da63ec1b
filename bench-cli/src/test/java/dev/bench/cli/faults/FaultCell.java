package dev.bench.cli.faults;

/**
 * One run of the fault matrix: what happened when {@code fault} struck {@code workload} mid-run.
 *
 * @param seconds from the fault to the client's exit
 */
record FaultCell(String workload, Fault fault, boolean ended, int exitCode, double seconds, String verdict,
                 String lastErrorLine, String problem) {

    boolean passed() {
        return problem == null;
    }

    String tableRow() {
        return String.format("| %s | %s | %s | %s | %.1f s | %s |%s", workload, fault.label(),
                ended ? "exit " + exitCode : "HANG", verdict == null ? "(no summary.json)" : verdict,
                seconds, lastErrorLine == null ? "" : lastErrorLine.replace("|", "/"),
                problem == null ? "" : " **" + problem.replace("|", "/") + "**");
    }
}
