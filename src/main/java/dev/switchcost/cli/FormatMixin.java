package dev.switchcost.cli;

import picocli.CommandLine.Option;

/** {@code --format text|json|csv}: one option shape for every command that prints a table a program may read. */
public final class FormatMixin {

    public enum Format { text, json, csv }

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Write FORMAT: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). json and csv are for programs:"
                    + " one record per row, a figure's value, its 99.9%% error and its unit in separate numeric fields.")
    Format format = Format.text;

    public Format format() {
        return format;
    }
}
