package io.loadlab.lab.sample;

import com.sun.tools.attach.VirtualMachine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs diagnostic commands in another JVM, as {@code jcmd PID COMMAND} does, without starting a JVM per command: the
 * JDK's Attach API starts the JVM's attach listener once (one idle thread, "Attach Listener", from then on), and each
 * command is then a message on its UNIX socket ({@code .java_pidPID} in the JVM's {@code /tmp}): protocol version 1,
 * the operation {@code jcmd} and its argument, each NUL-terminated, three arguments in all; the reply is a status
 * line ({@code 0} for success) and the command's output. A command such as {@code GC.heap_info} runs in that thread
 * under the heap's lock, without stopping the JVM, and costs it under a millisecond. Not thread-safe.
 */
public final class JvmCommand {
    /** How long a command may take; GC.heap_info answers in under a millisecond. */
    static final long TIMEOUT_MS = 1000;

    private final UnixDomainSocketAddress socket;

    private JvmCommand(UnixDomainSocketAddress socket) {
        this.socket = socket;
    }

    /** Starts the attach listener of the JVM with this pid, run by this user; the message says why not. */
    public static JvmCommand attach(long pid) throws IOException {
        try {
            VirtualMachine.attach(Long.toString(pid)).detach();
        } catch (Exception e) {
            throw new IOException("could not attach to JVM " + pid + ": " + e.getMessage(), e);
        }
        Path own = Path.of("/proc/" + pid + "/root/tmp/.java_pid" + pid);
        Path sock = Files.exists(own) ? own : Path.of("/tmp/.java_pid" + pid);
        return new JvmCommand(UnixDomainSocketAddress.of(sock));
    }

    /**
     * The output of {@code command} (with its arguments, as jcmd takes them); IOException when the JVM refused it or
     * did not answer within {@link #TIMEOUT_MS}.
     */
    public String run(String command) throws IOException {
        long deadline = System.nanoTime() + TIMEOUT_MS * 1_000_000L;
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                Selector selector = Selector.open()) {
            ch.connect(socket); // a local socket connects at once or fails
            ch.configureBlocking(false);
            ByteBuffer request = ByteBuffer.wrap(("1\0jcmd\0" + command + "\0\0\0").getBytes(StandardCharsets.UTF_8));
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            ByteBuffer b = ByteBuffer.allocate(8192);
            SelectionKey key = ch.register(selector, SelectionKey.OP_WRITE);
            while (true) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    throw new IOException("JVM did not answer '" + command + "' within " + TIMEOUT_MS + " ms");
                }
                selector.select(left);
                if (request.hasRemaining()) {
                    ch.write(request);
                    if (!request.hasRemaining()) {
                        key.interestOps(SelectionKey.OP_READ);
                    }
                    continue;
                }
                int n = ch.read(b);
                if (n < 0) {
                    break;
                }
                reply.write(b.array(), 0, b.position());
                b.clear();
            }
            String s = reply.toString(StandardCharsets.UTF_8);
            int nl = s.indexOf('\n');
            String status = nl < 0 ? s.strip() : s.substring(0, nl).strip();
            if (!status.equals("0")) {
                throw new IOException("JVM refused '" + command + "': " + s.strip());
            }
            return nl < 0 ? "" : s.substring(nl + 1);
        }
    }
}
