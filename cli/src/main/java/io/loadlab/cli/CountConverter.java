package io.loadlab.cli;

import io.loadlab.core.unit.Count;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads counts as wrk users type them: {@code 100}, {@code 10k}, {@code 1.5k}, {@code 2M}. */
final class CountConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
        try {
            return Count.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
