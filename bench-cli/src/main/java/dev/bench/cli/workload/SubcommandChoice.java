package dev.bench.cli.workload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a workload command whose run is one of its subcommands (vote's backends, oltp-rw's and tpcc's steps): the
 * key a scenario file names that subcommand by, and the one it runs when the file names none. Scenario files
 * find a workload's subcommand through this, so their reader names no workload.
 *
 * <pre>{@code @SubcommandChoice(key = "step", otherwise = "run")}</pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SubcommandChoice {

    /** The scenario file's key that names the subcommand: {@code backend} or {@code step}. */
    String key();

    /** The subcommand a scenario runs when its file names none; empty when the file must name one. */
    String otherwise() default "";
}
