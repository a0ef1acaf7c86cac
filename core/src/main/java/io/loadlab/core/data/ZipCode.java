package io.loadlab.core.data;

/** One row of the {@code zipcode} table, and the body of {@code POST /zipcodes}. */
public record ZipCode(String zip, String type, String city, String state, String county, String timezone) {}
