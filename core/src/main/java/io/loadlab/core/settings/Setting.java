package io.loadlab.core.settings;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How the parity check treats one field of {@link ServerSettings}, and whether a model may leave it out. A field
 * without it is {@link Role#COMPARED} and required.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Setting {
    Role value() default Role.COMPARED;

    /** True when a model may leave it out (a database URL without a database). */
    boolean optional() default false;

    /** What the parity check does with a field. */
    enum Role {
        /** Shapes the work; the models of one experiment must agree, each model's own knobs aside. */
        COMPARED,
        /**
         * Compared among the models that have the thing at all (a value above 0): event loops among the event-loop
         * models, not against a thread pool's 0.
         */
        COMPARED_WHERE_PRESENT,
        /** What the model is (its threads, its client's name): shown, never compared. */
        DESIGN,
        /** This process's own (pid, port, URL): neither compared nor shown as a difference. */
        IDENTITY
    }
}
