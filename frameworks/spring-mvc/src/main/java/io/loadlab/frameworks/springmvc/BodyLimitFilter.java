package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ContractText;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The contract's 1 MiB bound on request bodies: a declared length over it is answered 413 at once (and the
 * connection closed); a chunked body is cut off at the bound with {@link TooLarge}, which {@link ContractErrors}
 * answers 413.
 */
@Component
class BodyLimitFilter extends OncePerRequestFilter {
    /** Reading went past the bound. */
    static final class TooLarge extends IOException {
        TooLarge() {
            super(ContractText.BODY_TOO_LARGE, null);
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws ServletException, IOException {
        if (req.getContentLengthLong() > ContractText.MAX_BODY_BYTES) {
            byte[] body = ContractText.utf8(ContractText.errorJson(ContractText.BODY_TOO_LARGE));
            res.setStatus(413);
            res.setHeader("Connection", "close");
            res.setContentType(ContractText.APPLICATION_JSON);
            res.setContentLength(body.length);
            res.getOutputStream().write(body);
            return;
        }
        chain.doFilter(new Bounded(req), res);
    }

    /** The request with its input stream bounded. */
    private static final class Bounded extends HttpServletRequestWrapper {
        private ServletInputStream in;

        Bounded(HttpServletRequest req) {
            super(req);
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (in == null) {
                in = new BoundedStream(super.getInputStream());
            }
            return in;
        }
    }

    private static final class BoundedStream extends ServletInputStream {
        private final ServletInputStream in;
        private long read;

        BoundedStream(ServletInputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = in.read(buf, off, len);
            count(Math.max(0, n));
            return n;
        }

        private void count(int n) throws TooLarge {
            read += n;
            if (read > ContractText.MAX_BODY_BYTES) {
                throw new TooLarge();
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
