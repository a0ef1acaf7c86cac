package io.loadlab.servers.http;

/** The endpoints of the HTTP contract; every model routes a request with {@link Contract#route}. */
public enum Route {
    PLAINTEXT("GET"),
    JSON("GET"),
    DELAY("GET"),
    BACKEND("GET"),
    ZIPCODES_POST("POST"),
    ZIPCODE_GET("GET"),
    HEALTH("GET"),
    SETTINGS("GET"),
    /** A path outside the contract: 404. */
    NOT_FOUND(null),
    /** A contract path with the wrong method: 405 with {@code Allow}. */
    METHOD_NOT_ALLOWED(null);

    private final String method;

    Route(String method) {
        this.method = method;
    }

    /** The one method this route answers; null for the error routes. */
    public String method() {
        return method;
    }
}
