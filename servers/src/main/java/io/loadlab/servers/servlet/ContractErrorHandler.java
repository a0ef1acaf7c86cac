package io.loadlab.servers.servlet;

import io.loadlab.servers.http.Contract;
import io.loadlab.servers.http.HttpDate;
import java.nio.ByteBuffer;
import java.util.Locale;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own error answers (a request it rejected while parsing: 400, 414, 431; or anything that escaped a servlet)
 * rewritten to the contract's: a one-line JSON error with the contract's headers, never HTML or a stack trace, and
 * the contract's status ({@link #contractStatus}).
 */
final class ContractErrorHandler extends ErrorHandler {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus();
        if (request.getAttribute(ERROR_STATUS) instanceof Integer s) {
            status = s;
        }
        status = contractStatus(status);
        byte[] body = Contract.errorBody(reason(status));
        response.setStatus(status);
        HttpFields.Mutable h = response.getHeaders();
        h.put(HttpHeader.SERVER, Contract.SERVER);
        h.put(HttpHeader.DATE, HttpDate.now());
        h.put(HttpHeader.CONTENT_TYPE, Contract.APPLICATION_JSON);
        h.put(HttpHeader.CONTENT_LENGTH, body.length);
        if (closes(status)) {
            h.put(HttpHeader.CONNECTION, "close");
        }
        response.write(true, ByteBuffer.wrap(body), callback);
        return true;
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        int s = contractStatus(status);
        fields.put(HttpHeader.CONTENT_TYPE, Contract.APPLICATION_JSON);
        fields.put(new HttpField(HttpHeader.SERVER, Contract.SERVER));
        return ByteBuffer.wrap(Contract.errorBody(reason(s)));
    }

    /**
     * The contract's status for one of Jetty's: a request line or headers too long are both 431, as in every model; a
     * request line without a version, which Jetty refuses as HTTP/0.9 with 505, is malformed (400), as in every model.
     */
    private static int contractStatus(int status) {
        return switch (status) {
            case HttpStatus.URI_TOO_LONG_414 -> HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE_431;
            case HttpStatus.HTTP_VERSION_NOT_SUPPORTED_505 -> HttpStatus.BAD_REQUEST_400;
            default -> status;
        };
    }

    private static boolean closes(int status) {
        return status == 400 || status == 413 || status == 431;
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> Contract.MALFORMED_REQUEST;
            case 404 -> Contract.NOT_FOUND;
            case 405 -> Contract.METHOD_NOT_ALLOWED;
            case 413 -> Contract.BODY_TOO_LARGE;
            case 431 -> Contract.HEADERS_TOO_LARGE;
            case 500 -> "internal error";
            default -> HttpStatus.getMessage(status).toLowerCase(Locale.ROOT);
        };
    }
}
