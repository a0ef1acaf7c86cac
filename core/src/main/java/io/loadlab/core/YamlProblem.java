package io.loadlab.core;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A YAML parser's complaint in one line. SnakeYAML (under Jackson's YAML reader) writes it over several lines: what it
 * was parsing, a mark {@code in 'reader', line L, column C:} with a snippet of the file and a caret, then the problem
 * with its own mark. Printed as it comes, a usage error would spill over eight lines; this keeps the words and the
 * problem's position and drops the snippets.
 *
 * @param line the problem's line, 1-based; 0 when the message names none
 * @param column the problem's column, 1-based; 0 when the message names none
 * @param text what the parser said, its parts joined with ": "
 */
public record YamlProblem(int line, int column, String text) {
    private static final Pattern MARK = Pattern.compile("^\\s*in '[^']*', line (\\d+), column (\\d+):?\\s*$");

    public static YamlProblem of(String message) {
        if (message == null || message.isBlank()) {
            return new YamlProblem(0, 0, "unreadable");
        }
        String[] lines = message.split("\n");
        List<String> words = new ArrayList<>();
        int line = 0;
        int column = 0;
        for (int i = 0; i < lines.length; i++) {
            Matcher m = MARK.matcher(lines[i]);
            if (m.matches()) {
                line = Integer.parseInt(m.group(1));
                column = Integer.parseInt(m.group(2));
                // the snippet of the file and the caret under the column, when the parser had them
                if (i + 2 < lines.length && lines[i + 2].strip().equals("^")) {
                    i += 2;
                } else if (i + 1 < lines.length && lines[i + 1].strip().equals("^")) {
                    i += 1;
                }
            } else if (!lines[i].isBlank()) {
                words.add(lines[i].strip());
            }
        }
        return new YamlProblem(line, column, words.isEmpty() ? message.strip() : String.join(": ", words));
    }

    /** {@code line L, column C: text}, or the text alone when the parser named no position. */
    @Override
    public String toString() {
        return line > 0 ? "line " + line + ", column " + column + ": " + text : text;
    }
}
