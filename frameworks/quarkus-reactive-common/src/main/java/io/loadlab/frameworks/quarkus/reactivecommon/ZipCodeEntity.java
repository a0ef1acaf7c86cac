package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.ZipCode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A row of the {@code zipcode} table as a Panache entity, the study's {@code ZipCode}. */
@Entity
@Table(name = "zipcode")
public class ZipCodeEntity extends PanacheEntityBase {
    @Id
    public String zip;

    public String type;
    public String city;
    public String state;
    public String county;
    public String timezone;

    public static ZipCodeEntity of(ZipCode row) {
        ZipCodeEntity e = new ZipCodeEntity();
        e.zip = row.zip();
        e.type = row.type();
        e.city = row.city();
        e.state = row.state();
        e.county = row.county();
        e.timezone = row.timezone();
        return e;
    }

    public ZipCode row() {
        return new ZipCode(zip, type, city, state, county, timezone);
    }
}
