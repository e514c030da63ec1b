package dev.bench.cli.faults;

/** What the matrix does to a run once it is measuring. */
enum Fault {
    SERVER_RESTART("server restarted"),
    SERVER_STOPPED_2S("server SIGSTOP 2 s"),
    PARTITION_5S("5 s partition"),
    PARTITION_PERMANENT("permanent partition"),
    SESSIONS_KILLED("sessions killed");

    private final String label;

    Fault(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /** Whether a run must go on through it: every fault but a partition that never heals. */
    boolean survivable() {
        return this != PARTITION_PERMANENT;
    }
}
