package io.loadlab.servers.servlet;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.data.ZipCodes;
import io.loadlab.servers.domain.ZipCodeJson;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.http.HttpDate;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/**
 * The contract as a servlet: routing, validation and the immediate answers are the same for both servlet models; a
 * subclass decides how to wait ({@link #await}). The request body of {@code POST /zipcodes} is read with the
 * servlet's blocking input stream on the container thread in both models, as a Spring MVC controller taking a
 * {@code @RequestBody} does.
 */
abstract class ContractServlet extends HttpServlet {
    private static final long MAX_BODY = ContractLimits.MAX_BODY_SIZE.bytes();

    private final transient Supplier<byte[]> settingsJson;

    ContractServlet(Supplier<byte[]> settingsJson) {
        this.settingsJson = settingsJson;
    }

    /** Answers {@code wait}'s request; may return before the answer is written. */
    abstract void await(HttpServletRequest req, HttpServletResponse res, Wait wait) throws IOException;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (req.getContentLengthLong() > MAX_BODY) {
            write(res, Reply.errorAndClose(413, Contract.BODY_TOO_LARGE));
            return;
        }
        String path = req.getRequestURI();
        switch (Contract.route(req.getMethod(), path)) {
            case PLAINTEXT -> write(res, Reply.PLAINTEXT);
            case JSON -> write(res, Reply.ok(Contract.APPLICATION_JSON, Contract.jsonBody()));
            case SETTINGS -> write(res, Reply.json(200, settingsJson.get()));
            case NOT_FOUND -> write(res, Reply.error(404, Contract.NOT_FOUND));
            case METHOD_NOT_ALLOWED ->
                write(
                        res,
                        new Reply(
                                405,
                                Contract.APPLICATION_JSON,
                                Contract.errorBody(Contract.METHOD_NOT_ALLOWED),
                                Contract.allowedMethod(path),
                                false));
            case DELAY -> {
                int ms = Contract.delayMillis(req.getQueryString());
                if (ms < 0) {
                    write(res, Reply.error(400, Contract.BAD_DELAY));
                } else {
                    await(req, res, Wait.delay(ms));
                }
            }
            case BACKEND -> await(req, res, Wait.backend());
            case ZIPCODE_GET -> {
                String zip = Contract.zipOf(path);
                if (ZipCodes.isValidZip(zip)) {
                    await(req, res, Wait.find(zip));
                } else {
                    write(res, Reply.error(400, Contract.BAD_ZIP));
                }
            }
            case ZIPCODES_POST -> upsert(req, res);
            case HEALTH -> await(req, res, Wait.health());
        }
    }

    private void upsert(HttpServletRequest req, HttpServletResponse res) throws IOException {
        byte[] body;
        try {
            body = readBody(req.getInputStream());
        } catch (IOException e) {
            write(res, Reply.errorAndClose(400, Contract.MALFORMED_REQUEST));
            return;
        }
        if (body == null) {
            write(res, Reply.errorAndClose(413, Contract.BODY_TOO_LARGE));
            return;
        }
        try {
            await(req, res, Wait.upsert(ZipCodeJson.parse(body)));
        } catch (ZipCodeJson.BadRequest e) {
            write(res, Reply.error(400, e.getMessage()));
        }
    }

    /** The whole body, or null when it exceeds the limit. Blocks until it has arrived. */
    private static byte[] readBody(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        byte[] buf = new byte[8192];
        long total = 0;
        int n;
        while ((n = in.read(buf)) >= 0) {
            total += n;
            if (total > MAX_BODY) {
                return null;
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** Sets status and the contract's headers. */
    static void headers(HttpServletResponse res, Reply r) {
        res.setStatus(r.status());
        res.setHeader("Server", Contract.SERVER);
        res.setHeader("Date", HttpDate.now());
        res.setContentType(r.contentType());
        res.setContentLength(r.body().length);
        if (r.allow() != null) {
            res.setHeader("Allow", r.allow());
        }
        if (r.close()) {
            res.setHeader("Connection", "close");
        }
    }

    /** Writes {@code r} with the servlet's blocking output stream (the body is small: one write). */
    static void write(HttpServletResponse res, Reply r) throws IOException {
        headers(res, r);
        res.getOutputStream().write(r.body());
    }
}
