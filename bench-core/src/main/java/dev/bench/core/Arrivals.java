package dev.bench.core;

/** How open-loop arrivals are spaced. */
public enum Arrivals {
    /** Exponential gaps: a Poisson process, what independent users produce (Noria, sysbench --rate). */
    POISSON,
    /** Equal gaps: a metronome, easier to reason about, kinder to the backend than real traffic. */
    UNIFORM
}
