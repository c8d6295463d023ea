package dev.switchcost.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads positive durations such as {@code 1s}, {@code 500ms}, {@code 2m}; anything else is a usage error. */
public final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min)");

    /** @throws TypeConversionException naming the accepted forms */
    @Override
    public Duration convert(String value) {
        Matcher m = FORM.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration; use e.g. 500ms, 1s, 2m");
        }
        double n = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2)) {
            case "ms" -> n;
            case "s" -> n * 1000;
            default -> n * 60_000;
        };
        if (millis < 1) {
            throw new TypeConversionException("'" + value + "' is too short; the smallest duration is 1ms");
        }
        return Duration.ofMillis(Math.round(millis));
    }
}
