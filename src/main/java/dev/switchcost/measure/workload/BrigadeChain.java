package dev.switchcost.measure.workload;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.switchcost.measure.sample.CountedThreads;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToLongFunction;

/**
 * A chain of tasks that pass a token from first to last, after Jim Blandy's Rust "context-switch"
 * brigades: {@code tasks} tasks and {@code tasks + 1} links; the <em>head</em> (the thread calling
 * {@link #trip()}) sends into link 0, task {@code k} (1-based) receives from link {@code k-1} and
 * sends into link {@code k}, and the head receives from link {@code tasks}. One trip is
 * {@code tasks + 1} hops, each a wake-up of a blocked receiver.
 *
 * <p>{@link Transport#PIPE}: each link is a {@link Pipe} ({@code pipe(2)}: two file descriptors) in
 * blocking mode, one byte per hop. A platform thread blocks in {@code read(2)}; a virtual thread's
 * blocking read puts the descriptor in non-blocking mode and parks until the JDK's poller
 * ({@code epoll}) reports it readable, so its wake-ups are driven by I/O readiness.
 * {@link Transport#MEMORY}: each link is a one-slot mailbox with {@code LockSupport.park}/{@code unpark}
 * (untimed, see {@link CancellableTurn} for why).
 *
 * <p>Nothing hangs: {@link #close()} closes every link, which ends every blocked receive (a closed
 * pipe raises {@code AsynchronousCloseException}, a closed mailbox an {@code EOFException}); a task
 * that fails closes its outgoing link, so the failure travels down the chain to the head.
 */
public final class BrigadeChain implements AutoCloseable {

    /** How a link carries the token. */
    public enum Transport {
        /** A one-slot mailbox with park/unpark. */
        MEMORY,
        /** A {@code java.nio.channels.Pipe} per link, blocking reads. */
        PIPE
    }

    /** File descriptors left for the JVM and JMH beyond those already open, when checking the limit. */
    static final long FD_HEADROOM = 64;
    public static final String TASK_NAME = "switchcost-brigade";

    private final Link[] links;
    private final List<Thread> tasks;
    private final ThreadKind kind;
    private final Transport transport;
    private volatile Throwable failure;

    private BrigadeChain(Link[] links, List<Thread> tasks, ThreadKind kind, Transport transport) {
        this.links = links;
        this.tasks = tasks;
        this.kind = kind;
        this.transport = transport;
    }

    /**
     * Opens {@code tasks + 1} links and starts {@code tasks} tasks of {@code kind} blocked on them.
     *
     * @throws IllegalArgumentException if the pipes would not fit under the open-file limit ({@link #checkFits})
     */
    public static BrigadeChain start(Transport transport, ThreadKind kind, int tasks, long timeoutNanos) {
        if (tasks < 1) {
            throw new IllegalArgumentException("a brigade needs at least one task: " + tasks);
        }
        Link[] links = openLinks(transport, tasks + 1);
        List<Thread> threads = new ArrayList<>(tasks);
        BrigadeChain chain = new BrigadeChain(links, threads, kind, transport);
        CountDownLatch started = new CountDownLatch(tasks);
        try {
            for (int k = 1; k <= tasks; k++) {
                Link in = links[k - 1];
                Link out = links[k];
                threads.add(kind.builder(TASK_NAME).start(() -> chain.relay(in, out, started)));
            }
            if (!started.await(timeoutNanos, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(started.getCount() + " of " + tasks + " brigade tasks did not start within "
                        + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            chain.close();
            throw new IllegalStateException("interrupted while starting the brigade", e);
        } catch (RuntimeException | Error e) {
            chain.close();
            throw e;
        }
        return chain;
    }

    /** Opens {@code count} links of {@code transport} with nothing attached: also the one-thread baseline's. */
    public static Link[] openLinks(Transport transport, int count) {
        if (transport == Transport.PIPE) {
            checkFits(count, fileDescriptors(UnixOperatingSystemMXBean::getOpenFileDescriptorCount),
                    fileDescriptors(UnixOperatingSystemMXBean::getMaxFileDescriptorCount));
        }
        Link[] links = new Link[count];
        try {
            for (int i = 0; i < count; i++) {
                links[i] = transport == Transport.PIPE ? new PipeLink() : new MemoryLink();
            }
        } catch (IOException | RuntimeException e) {
            closeAll(links);
            throw e instanceof IOException io ? new UncheckedIOException("cannot open pipe " + links.length, io) : (RuntimeException) e;
        }
        return links;
    }

    /**
     * Refuses a number of pipes that cannot fit under the soft {@code RLIMIT_NOFILE} ({@code ulimit -n}).
     *
     * @param pipes   pipes to open, two descriptors each
     * @param openFds descriptors open now, or -1 if unknown
     * @param maxFds  the limit, or -1 if unknown (then nothing is refused)
     * @throws IllegalArgumentException naming the need, the limit and the largest brigade that fits
     */
    public static void checkFits(long pipes, long openFds, long maxFds) {
        if (maxFds < 0) {
            return;
        }
        long open = Math.max(openFds, 0);
        long need = 2 * pipes;
        if (open + need + FD_HEADROOM > maxFds) {
            long fitPipes = Math.max(0, (maxFds - open - FD_HEADROOM) / 2);
            throw new IllegalArgumentException("a brigade with " + pipes + " pipes needs " + need + " file descriptors, but "
                    + open + " are open and ulimit -n is " + maxFds + " (keeping " + FD_HEADROOM + " spare): at most "
                    + Math.max(0, fitPipes - 1) + " tasks fit; use fewer tasks or raise ulimit -n");
        }
    }

    /** @return the count the Unix MXBean gives ({@code ulimit -n}, or descriptors open now), or -1 elsewhere */
    static long fileDescriptors(ToLongFunction<UnixOperatingSystemMXBean> count) {
        return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean u ? count.applyAsLong(u) : -1;
    }

    private void relay(Link in, Link out, CountDownLatch started) {
        // platform tasks register so the profiler counts them, and retire so it still can after they end
        // (JMH runs trial teardown before the last iteration's profilers read)
        CountedThreads.registerCurrent(CountedThreads.PARTNER);
        try {
            in.bindReceiver();
            started.countDown();
            while (true) {
                in.receive();
                out.send();
            }
        } catch (Throwable t) {
            if (!in.isClosed() && failure == null) {
                failure = t;
            }
        } finally {
            out.close(); // tell the rest of the chain
            CountedThreads.retireCurrent();
        }
    }

    /** Binds the calling thread as the head; call once before the first {@link #trip()} from the thread that will trip. */
    public void bindHead() {
        links[links.length - 1].bindReceiver();
    }

    /** Passes the token from the head through every task and back to the head. */
    public void trip() throws IOException {
        links[0].send();
        try {
            links[links.length - 1].receive();
        } catch (IOException e) {
            Throwable f = failure;
            if (f != null) {
                e.addSuppressed(f);
            }
            throw e;
        }
    }

    /** @return the first failure of a task, or null */
    public Throwable failure() {
        return failure;
    }

    public int tasks() {
        return tasks.size();
    }

    public ThreadKind kind() {
        return kind;
    }

    public Transport transport() {
        return transport;
    }

    public long alive() {
        return tasks.stream().filter(Thread::isAlive).count();
    }

    /** Closes every link and waits (bounded) for every task to end. */
    @Override
    public void close() {
        closeAll(links);
        long stuck = ThreadKind.joinAll(tasks, Duration.ofSeconds(10));
        if (stuck > 0) {
            throw new IllegalStateException(stuck + " brigade tasks did not end after their links were closed");
        }
    }

    static void closeAll(Link[] links) {
        for (Link l : links) {
            if (l != null) {
                l.close();
            }
        }
    }

    /** One link of the chain: one sender, one receiver. */
    public interface Link {
        /** Records the calling thread as the receiver (for transports that wake it by identity). */
        void bindReceiver();

        void send() throws IOException;

        /** Blocks until the token arrives. @throws IOException once the link is closed */
        void receive() throws IOException;

        boolean isClosed();

        void close();
    }

    /** A pipe: one byte per hop, blocking reads and writes. */
    static final class PipeLink implements Link {
        private final Pipe pipe;
        private final ByteBuffer out = ByteBuffer.allocateDirect(1);
        private final ByteBuffer in = ByteBuffer.allocateDirect(1);
        private volatile boolean closed;

        PipeLink() throws IOException {
            pipe = Pipe.open();
        }

        @Override
        public void bindReceiver() {
            // the kernel (or the poller) wakes whoever reads
        }

        @Override
        public void send() throws IOException {
            out.clear();
            while (out.hasRemaining()) {
                pipe.sink().write(out);
            }
        }

        @Override
        public void receive() throws IOException {
            in.clear();
            if (pipe.source().read(in) < 0) {
                throw new EOFException("pipe closed by its writer");
            }
        }

        @Override
        public boolean isClosed() {
            return closed;
        }

        @Override
        public void close() {
            closed = true;
            for (Closeable end : new Closeable[] {pipe.sink(), pipe.source()}) {
                try {
                    end.close();
                } catch (IOException ignored) {
                    // closing: nothing to do about it
                }
            }
        }
    }

    /** A one-slot mailbox: the sender sets the slot and unparks the receiver. */
    static final class MemoryLink implements Link {
        private volatile boolean full;
        private volatile boolean closed;
        private volatile Thread receiver;

        @Override
        public void bindReceiver() {
            receiver = Thread.currentThread();
        }

        @Override
        public void send() throws IOException {
            if (closed) {
                throw new EOFException("link closed");
            }
            full = true;
            LockSupport.unpark(receiver);
        }

        @Override
        public void receive() throws IOException {
            while (!full) {
                if (closed) {
                    throw new EOFException("link closed");
                }
                LockSupport.park(this);
            }
            full = false;
        }

        @Override
        public boolean isClosed() {
            return closed;
        }

        @Override
        public void close() {
            closed = true;
            Thread r = receiver;
            if (r != null) {
                LockSupport.unpark(r);
            }
        }
    }
}
