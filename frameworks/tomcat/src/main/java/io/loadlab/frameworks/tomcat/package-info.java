/**
 * The {@code tomcat} model, the C10K study's Tomcat rows: embedded Tomcat 11 with one plain {@code HttpServlet} on
 * the NIO connector (200 request threads, Tomcat's default), Apache HttpClient 5's classic client for the backend and
 * JDBC on HikariCP. No Spring: each waiting request holds a Tomcat thread.
 */
package io.loadlab.frameworks.tomcat;
