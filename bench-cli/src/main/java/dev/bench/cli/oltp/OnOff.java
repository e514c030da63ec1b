package dev.bench.cli.oltp;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;

/** sysbench's boolean option values: on/off, true/false, yes/no, 1/0. */
final class OnOff implements ITypeConverter<Boolean> {

    @Override
    public Boolean convert(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes", "1" -> true;
            case "off", "false", "no", "0" -> false;
            default -> throw new TypeConversionException("expected on or off, got '" + value + "'");
        };
    }
}
