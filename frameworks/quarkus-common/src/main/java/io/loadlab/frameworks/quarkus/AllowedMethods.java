package io.loadlab.frameworks.quarkus;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The methods a path allows, read from the JAX-RS resource classes' annotations, for a 405's {@code Allow} header
 * (Quarkus REST answers 405 without one).
 */
final class AllowedMethods {
    private record Route(Pattern path, String method) {}

    private final List<Route> routes = new ArrayList<>();

    AllowedMethods(List<Class<?>> resources) {
        for (Class<?> resource : resources) {
            String base = resource.isAnnotationPresent(Path.class) ? resource.getAnnotation(Path.class).value() : "";
            for (Method m : resource.getMethods()) {
                String verb = verb(m);
                if (verb != null) {
                    String sub = m.isAnnotationPresent(Path.class) ? m.getAnnotation(Path.class).value() : "";
                    routes.add(new Route(pattern(base + "/" + sub), verb));
                }
            }
        }
    }

    /** The allowed methods of {@code path}, as {@code GET} or {@code GET, POST}; empty for none. */
    String of(String path) {
        TreeSet<String> allowed = new TreeSet<>();
        for (Route r : routes) {
            if (r.path().matcher(path).matches()) {
                allowed.add(r.method());
            }
        }
        return String.join(", ", allowed);
    }

    private static String verb(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod h = a.annotationType().getAnnotation(HttpMethod.class);
            if (h != null) {
                return h.value();
            }
        }
        return null;
    }

    private static Pattern pattern(String template) {
        String t = ("/" + template).replaceAll("/+", "/");
        if (t.length() > 1 && t.endsWith("/")) {
            t = t.substring(0, t.length() - 1);
        }
        StringBuilder regex = new StringBuilder();
        for (String part : t.split("(?=\\{)|(?<=\\})")) {
            regex.append(part.startsWith("{") ? "[^/]+" : Pattern.quote(part));
        }
        return Pattern.compile(regex + "/?");
    }
}
