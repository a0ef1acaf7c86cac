package io.loadlab.frameworks.httpcore;

import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.ParseException;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http.message.BasicLineParser;
import org.apache.hc.core5.http.message.RequestLine;
import org.apache.hc.core5.util.CharArrayBuffer;

/**
 * HttpCore's line parser, except that a line it cannot parse becomes a marked request instead of HttpCore's own
 * plain-text 400: the request line gets the method {@link Request#NOT_HTTP}, a header line without a colon the header
 * {@link Request#BAD_HEADER}. The exchange handler answers either with the contract's JSON 400 and closes.
 */
final class LenientLineParser extends BasicLineParser {
    @Override
    public RequestLine parseRequestLine(CharArrayBuffer buffer) throws ParseException {
        try {
            return super.parseRequestLine(buffer);
        } catch (ParseException e) {
            // HTTP/1.0: no Host header is required of it, so HttpCore lets it through to the handler
            return new RequestLine(Request.NOT_HTTP, "/", HttpVersion.HTTP_1_0);
        }
    }

    @Override
    public Header parseHeader(CharArrayBuffer buffer) throws ParseException {
        try {
            return super.parseHeader(buffer);
        } catch (ParseException e) {
            return new BasicHeader(Request.BAD_HEADER, "1");
        }
    }
}
