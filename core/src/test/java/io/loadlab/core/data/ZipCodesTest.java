package io.loadlab.core.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZipCodesTest {
    @Test
    void sameSeedSameRowsDifferentSeedDifferentRows() {
        List<ZipCode> a = ZipCodes.generate(7, 1000);
        assertThat(ZipCodes.generate(7, 1000)).isEqualTo(a);
        assertThat(ZipCodes.generate(8, 1000)).isNotEqualTo(a);
        assertThat(ZipCodes.generate(7, 10)).isEqualTo(a.subList(0, 10));
    }

    @Test
    void zipsAreDistinctAndValid() {
        List<ZipCode> rows = ZipCodes.generate(1, 20_000);
        assertThat(new HashSet<>(rows.stream().map(ZipCode::zip).toList())).hasSize(20_000);
        assertThat(rows)
                .allSatisfy(r -> assertThat(ZipCodes.isValidZip(r.zip())).isTrue());
    }

    @Test
    void validatesZips() {
        assertThat(ZipCodes.isValidZip("01234")).isTrue();
        assertThat(ZipCodes.isValidZip("1234")).isFalse();
        assertThat(ZipCodes.isValidZip("123456")).isFalse();
        assertThat(ZipCodes.isValidZip("12a45")).isFalse();
        assertThat(ZipCodes.isValidZip("１２３４５")).isFalse();
        assertThat(ZipCodes.isValidZip(null)).isFalse();
    }
}
