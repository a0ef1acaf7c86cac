package io.loadlab.cli;

import io.loadlab.core.unit.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code 100ms}, {@code 1s}, {@code 0}; a bad value is a usage error saying what was expected. */
final class BackendDurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        try {
            return Duration.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
