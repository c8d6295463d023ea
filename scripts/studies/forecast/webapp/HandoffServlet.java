package forecastapp;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.zip.CRC32;

/**
 * The forecast study's two blocking requests, on any Servlet 6 container. Each hands its work to a downstream thread
 * (one platform thread of this web application, as a client library's I/O thread would be) through a queue and waits
 * for the answer: the request thread parks once per request and is unparked by the downstream thread.
 *
 * <ul>
 *   <li>{@code /handoff}: the wait is a plain {@code CompletableFuture.get()}: a virtual thread unmounts for it.</li>
 *   <li>{@code /pinned}: the same wait inside {@code synchronized (request)}: before JDK 24 a virtual thread parked
 *       there pins its carrier (JEP 491 lifted that in 24).</li>
 * </ul>
 * The downstream work is a CRC32 over 1 KiB, the same for both; the answer is its value as text.
 */
public class HandoffServlet extends HttpServlet {

    private static final byte[] PAYLOAD = new byte[1024];
    private static final LinkedBlockingQueue<CompletableFuture<Long>> QUEUE = new LinkedBlockingQueue<>();
    private Thread downstream;

    @Override
    public void init() {
        downstream = new Thread(HandoffServlet::serve, "forecastapp-downstream");
        downstream.setDaemon(true);
        downstream.start();
    }

    @Override
    public void destroy() {
        downstream.interrupt();
    }

    private static void serve() {
        CRC32 crc = new CRC32();
        try {
            while (true) {
                CompletableFuture<Long> f = QUEUE.take();
                crc.reset();
                crc.update(PAYLOAD);
                f.complete(crc.getValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        CompletableFuture<Long> answer = new CompletableFuture<>();
        QUEUE.add(answer);
        long value;
        try {
            if (req.getServletPath().equals("/pinned")) {
                synchronized (req) {
                    value = answer.get();
                }
            } else {
                value = answer.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServletException(e);
        } catch (ExecutionException e) {
            throw new ServletException(e.getCause());
        }
        resp.setContentType("text/plain");
        resp.getWriter().println(value);
    }
}
