package io.loadlab.lab.profile;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A server's JVM the lab is attached to through the JDK's Attach API, as {@code jcmd} and async-profiler's
 * {@code asprof} attach: the lab loads agents into it and reads its platform MXBeans over the JVM's local JMX
 * connector (started on the loopback only, by the attach). Works for the reference servers and for a user's own JVM
 * run by the same user. Not thread-safe; close it when the trial ends.
 */
final class AttachedJvm implements AutoCloseable {
    private final long pid;
    private final VirtualMachine vm;
    private final JMXConnector jmx;

    private AttachedJvm(long pid, VirtualMachine vm, JMXConnector jmx) {
        this.pid = pid;
        this.vm = vm;
        this.jmx = jmx;
    }

    /** Attaches to the JVM with this PID and connects to its MXBeans; the message says why not. */
    static AttachedJvm attach(long pid) throws IOException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (Exception e) {
            throw new IOException("could not attach to JVM " + pid + ": " + message(e), e);
        }
        try {
            String address = vm.startLocalManagementAgent();
            JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(address));
            return new AttachedJvm(pid, vm, jmx);
        } catch (Exception e) {
            detach(vm);
            throw new IOException("could not read JVM " + pid + "'s MXBeans: " + message(e), e);
        }
    }

    /**
     * The JVM among a process and its descendants (a user's server is often a shell that starts {@code java}): the
     * JVMs the Attach API sees, by PID. -1 when none is, e.g. the server is not a JVM or disabled attaching.
     */
    static long findJvm(ProcessHandle root) {
        Set<Long> jvms = new HashSet<>();
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            try {
                jvms.add(Long.parseLong(d.id()));
            } catch (NumberFormatException e) {
                // not a local PID
            }
        }
        if (jvms.contains(root.pid())) {
            return root.pid();
        }
        return root.descendants()
                .map(ProcessHandle::pid)
                .filter(jvms::contains)
                .findFirst()
                .orElse(-1L);
    }

    long pid() {
        return pid;
    }

    MBeanServerConnection mbeans() throws IOException {
        return jmx.getMBeanServerConnection();
    }

    /**
     * Runs a command of a native agent (async-profiler's {@code start,...}, {@code stop}) in the JVM; loading an agent
     * that is already loaded runs its {@code Agent_OnAttach} again, which is how async-profiler is driven.
     */
    void agent(String library, String options) throws IOException {
        try {
            vm.loadAgentPath(library, options);
        } catch (AgentLoadException e) {
            throw new IOException("the agent refused '" + options + "': " + message(e), e);
        } catch (Exception e) {
            throw new IOException("could not run '" + options + "' in JVM " + pid + ": " + message(e), e);
        }
    }

    @Override
    public void close() {
        try {
            jmx.close();
        } catch (IOException e) {
            // the server may be gone already
        }
        detach(vm);
    }

    private static void detach(VirtualMachine vm) {
        try {
            vm.detach();
        } catch (IOException e) {
            // the server may be gone already
        }
    }

    private static String message(Exception e) {
        Throwable t = e;
        while (t.getCause() != null && t.getMessage() == null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
