package io.loadlab.frameworks.common;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.http.FastHttpDateFormat;

/**
 * Tomcat's own error answers (a request it refused while parsing, or an error no application code answered) as the
 * contract's: one line of JSON {@code {"error":"..."}}, never an HTML page or a stack trace. Request headers over
 * 8 KiB, which Tomcat answers 400, are the contract's 431; 400, 413 and 431 close the connection.
 *
 * <p>A request line without a version is refused here too. Tomcat 11 serves it as HTTP/0.9 (a bare body, no status
 * line, no headers) and has no setting to refuse it: Tomcat 12 dropped HTTP/0.9 altogether ("Remove HTTP 0.9
 * support"). Since Tomcat writes nothing of its own around an HTTP/0.9 answer and always closes its connection, this
 * valve writes the contract's whole 400 answer, status line and headers included, as that answer's bytes, before any
 * application code runs.
 */
public final class ContractErrorValve extends ErrorReportValve {
    /** Replaces {@code host}'s HTML error report with this one; call before the host starts. */
    public static void install(StandardHost host) {
        host.setErrorReportValveClass(ContractErrorValve.class.getName());
        host.getPipeline().addValve(new ContractErrorValve());
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        String protocol = request.getProtocol();
        if (protocol == null || protocol.isEmpty()) {
            refuseHttp09(response);
            return;
        }
        super.invoke(request, response);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        Throwable cause = throwable != null
                ? throwable
                : request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable t ? t : null;
        if (status == 400 && headersTooLarge(cause)) {
            status = 431;
        }
        String body = ContractText.errorJson(ContractText.refusalReason(status));
        try {
            response.setStatus(status);
            response.setContentType(ContractText.APPLICATION_JSON);
            response.setContentLength(ContractText.utf8(body).length);
            if (status == 400 || status == 413 || status == 431) {
                response.setHeader("Connection", "close");
            }
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(body);
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the answer already started: nothing more to say
        }
    }

    /** The contract's 400 for a request without a version, written whole: Tomcat adds nothing to an HTTP/0.9 answer. */
    private static void refuseHttp09(Response response) {
        byte[] body = ContractText.utf8(ContractText.errorJson(ContractText.MALFORMED_REQUEST));
        String head = "HTTP/1.1 400 Bad Request\r\n"
                + "Server: " + ContractText.SERVER + "\r\n"
                + "Date: " + FastHttpDateFormat.getCurrentDate() + "\r\n"
                + "Content-Type: " + ContractText.APPLICATION_JSON + "\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Connection: close\r\n\r\n";
        response.setStatus(400);
        response.setErrorReported();
        try {
            OutputStream out = response.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // the client is gone: nothing more to say
        }
    }

    private static boolean headersTooLarge(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = c.getMessage() == null ? "" : c.getMessage().toLowerCase(Locale.ROOT);
            if (m.contains("too large") && m.contains("header")) {
                return true;
            }
        }
        return false;
    }
}
