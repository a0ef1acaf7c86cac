package io.loadlab.report;

/** The terminal renderings of tables: aligned plain text, or a GitHub-flavoured Markdown table. */
public enum TableFormat {
    TEXT,
    MARKDOWN
}
