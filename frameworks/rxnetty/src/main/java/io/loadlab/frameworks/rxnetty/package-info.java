/**
 * The {@code rxnetty} model, the RxJava book's own server: RxNetty 0.5's HTTP server (RxJava 1 on Netty 4.1, its own
 * class path), whose handlers return {@code Observable}s: {@code /delay} is an Rx timer, {@code /backend} RxNetty's
 * client, {@code /zipcodes} JDBC on RxJava's I/O scheduler.
 */
package io.loadlab.frameworks.rxnetty;
