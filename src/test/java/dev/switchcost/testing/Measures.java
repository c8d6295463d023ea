package dev.switchcost.testing;

import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that pins threads, hands off between them, runs benchmarks or native programs, or sets the properties
 * that choose the CPUs: such classes run one at a time, while the classes that only read, parse and render run beside
 * them ({@code src/test/resources/junit-platform.properties} runs classes concurrently).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ResourceLock(Measures.CPUS)
@ResourceLock(Measures.HISTORY)
public @interface Measures {
    /** The lock every {@code @Measures} class holds while it runs. */
    String CPUS = "switchcost.cpus";
    /**
     * The history store (DuckDB): runs and compares record into it, and the classes that open stores of their own hold
     * it too ({@code @ResourceLock(Measures.HISTORY)}): beside each other, two such classes failed where alone they pass.
     */
    String HISTORY = "switchcost.history";
    /**
     * Partner processes and their log files in the temporary directory: a class that checks none is left behind holds
     * it, and so does every class that starts them. Such a class need not be {@code @Measures} when it only waits for a
     * partner to fail or stop: it runs beside the measuring ones, as the watchdog and wait-strategy tests do.
     */
    String PARTNERS = "switchcost.partners";
}
