/**
 * The {@code spring-mvc} model (and {@code spring-mvc-virtual}, the same jar with {@code LOADLAB_VIRTUAL=true}):
 * Spring Boot MVC on its embedded Tomcat with Spring Boot's defaults, {@code @RestController}s that block their
 * request thread, {@code RestClient} for the backend and {@code JdbcTemplate} on HikariCP for the zip codes.
 */
package io.loadlab.frameworks.springmvc;
