package io.loadlab.servers.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import org.junit.jupiter.api.Test;

class DbUrlTest {
    @Test
    void psqlUri() {
        DbUrl u = DbUrl.parse("postgresql://app:s3cret@db.example:6543/zips");
        assertThat(u).isEqualTo(new DbUrl("db.example", 6543, "zips", "app", "s3cret"));
        assertThat(u.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:6543/zips");
        assertThat(u.toString()).doesNotContain("s3cret").contains("app:***@db.example:6543/zips");
    }

    @Test
    void postgresSchemeDefaultPortNoPasswordAndEncodedCharacters() {
        assertThat(DbUrl.parse("postgres://app@127.0.0.1/loadlab"))
                .isEqualTo(new DbUrl("127.0.0.1", 5432, "loadlab", "app", null));
        assertThat(DbUrl.parse("postgresql://u%40x:p%3Aw+d@h:1/d").password()).isEqualTo("p:w+d");
        assertThat(DbUrl.parse("postgresql://u%40x:p@h:1/d").user()).isEqualTo("u@x");
        assertThat(DbUrl.parse("postgresql://[::1]:5433/d").bareHost()).isEqualTo("::1");
    }

    @Test
    void jdbcUrlWithCredentialsInTheQuery() {
        DbUrl u = DbUrl.parse("jdbc:postgresql://localhost:5433/loadlab?user=loadlab&password=pw&ssl=false");
        assertThat(u).isEqualTo(new DbUrl("localhost", 5433, "loadlab", "loadlab", "pw"));
        assertThat(DbUrl.parse("jdbc:postgresql://localhost/x").port()).isEqualTo(5432);
    }

    @Test
    void credentialsOverride() {
        DbUrl u = DbUrl.parse("postgresql://a:b@h:1/d").withCredentials("c", null);
        assertThat(u.user()).isEqualTo("c");
        assertThat(u.password()).isEqualTo("b");
    }

    @Test
    void badUrlsSayWhatIsExpectedAndHideThePassword() {
        assertThatThrownBy(() -> DbUrl.parse("mysql://u:topsecret@h/d"))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("expected postgresql://user:password@host:port/db")
                .hasMessageNotContaining("topsecret");
        assertThatThrownBy(() -> DbUrl.parse("postgresql://h:99999/d"))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("port must be 1..65535");
        assertThatThrownBy(() -> DbUrl.parse("postgresql://h:5432")).isInstanceOf(UserError.class);
    }
}
