/**
 * The {@code httpcore5-nio} model, the C10K study's best server: Apache HttpCore 5's asynchronous HTTP/1.1 server on
 * its I/O reactor (a few I/O threads, {@code LOADLAB_IO_THREADS}), which never blocks them: {@code /delay} answers
 * from a scheduled executor, {@code /backend} from the async HttpClient 5's callback, and {@code /zipcodes} runs JDBC
 * on a small worker pool.
 */
package io.loadlab.frameworks.httpcore;
