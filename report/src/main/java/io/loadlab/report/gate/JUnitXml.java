package io.loadlab.report.gate;

import java.io.StringWriter;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * JUnit XML as CI dashboards read it (Jenkins, GitLab, GitHub test reporters): {@code <testsuites>} of
 * {@code <testsuite>}s of {@code <testcase>}s, a failed case carrying a {@code <failure message=...>}. Written by the
 * JDK's StAX writer, so every name and message is escaped as XML requires.
 */
public final class JUnitXml {
    private JUnitXml() {}

    /**
     * One check.
     *
     * @param failure why it failed, or null when it passed
     * @param output what was measured, shown as the case's standard output
     */
    public record Case(String name, String failure, String output) {
        public static Case of(ThresholdResult r) {
            return new Case(r.threshold().text(), r.passed() ? null : r.detail(), r.detail());
        }
    }

    /** A group of checks, e.g. one run of {@code load} or one trial of {@code run}. */
    public record Suite(String name, List<Case> cases) {
        long failures() {
            return cases.stream().filter(c -> c.failure() != null).count();
        }
    }

    /** The document for these suites. */
    public static String render(String name, List<Suite> suites) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuites");
            x.writeAttribute("name", name);
            x.writeAttribute(
                    "tests",
                    Long.toString(
                            suites.stream().mapToLong(s -> s.cases().size()).sum()));
            x.writeAttribute(
                    "failures",
                    Long.toString(suites.stream().mapToLong(Suite::failures).sum()));
            x.writeAttribute("errors", "0");
            for (Suite s : suites) {
                x.writeCharacters("\n  ");
                x.writeStartElement("testsuite");
                x.writeAttribute("name", s.name());
                x.writeAttribute("tests", Integer.toString(s.cases().size()));
                x.writeAttribute("failures", Long.toString(s.failures()));
                x.writeAttribute("errors", "0");
                x.writeAttribute("skipped", "0");
                for (Case c : s.cases()) {
                    writeCase(x, s.name(), c);
                }
                x.writeCharacters("\n  ");
                x.writeEndElement();
            }
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write JUnit XML: " + e.getMessage(), e);
        }
        return text.toString();
    }

    private static void writeCase(XMLStreamWriter x, String suite, Case c) throws XMLStreamException {
        x.writeCharacters("\n    ");
        x.writeStartElement("testcase");
        x.writeAttribute("classname", suite);
        x.writeAttribute("name", c.name());
        x.writeAttribute("time", "0");
        if (c.failure() != null) {
            x.writeCharacters("\n      ");
            x.writeStartElement("failure");
            x.writeAttribute("message", c.failure());
            x.writeAttribute("type", "threshold");
            x.writeCharacters(c.failure());
            x.writeEndElement();
        }
        if (c.output() != null) {
            x.writeCharacters("\n      ");
            x.writeStartElement("system-out");
            x.writeCharacters(c.output());
            x.writeEndElement();
        }
        x.writeCharacters("\n    ");
        x.writeEndElement();
    }
}
