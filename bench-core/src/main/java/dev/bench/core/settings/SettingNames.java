package dev.bench.core.settings;

/**
 * How a setting's key is spelled where the user gave it, so that one check serves a command-line flag
 * and a scenario-file key and its message names what the user wrote.
 */
@FunctionalInterface
public interface SettingNames {

    /** Command-line flags: {@code table-size} is {@code --table-size}. */
    SettingNames FLAGS = key -> "--" + key;

    /** Scenario-file keys: the flag's name without the dashes. */
    SettingNames KEYS = key -> key;

    /** The name the user knows for {@code key} (a flag's name without dashes). */
    String of(String key);
}
