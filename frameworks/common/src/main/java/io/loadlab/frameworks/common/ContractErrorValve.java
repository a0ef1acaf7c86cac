package io.loadlab.frameworks.common;

import jakarta.servlet.RequestDispatcher;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's own error answers (a request it refused while parsing, or an error no application code answered) as the
 * contract's: one line of JSON {@code {"error":"..."}}, never an HTML page or a stack trace. Request headers over
 * 8 KiB, which Tomcat answers 400, are the contract's 431; 400, 413 and 431 close the connection.
 */
public final class ContractErrorValve extends ErrorReportValve {
    /** Replaces {@code host}'s HTML error report with this one; call before the host starts. */
    public static void install(StandardHost host) {
        host.setErrorReportValveClass(ContractErrorValve.class.getName());
        host.getPipeline().addValve(new ContractErrorValve());
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
