package dev.switchcost.cli;

import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.UsageMessageSpec;

import java.util.Map;

/**
 * Help wrapped at spaces only. picocli wraps with the JDK's line {@code BreakIterator}, which breaks after a dot
 * before a letter: "compare.⏎json", "~/.⏎local". Each section is rendered as one long line per row and wrapped
 * here at spaces, continuation lines indented to the row's text column; a word longer than the line is left
 * whole. The examples (the footer) are never wrapped: they are written to fit and to be pasted.
 */
final class HelpLayout {

    private static final int WIDE = 1000;

    private HelpLayout() {
    }

    /** Wraps every section but the footer of {@code cl} and its subcommands (picocli hands the map down) at spaces. */
    static void apply(CommandLine cl) {
        Map<String, IHelpSectionRenderer> sections = cl.getHelpSectionMap();
        for (Map.Entry<String, IHelpSectionRenderer> e : sections.entrySet()) {
            if (e.getKey().equals(UsageMessageSpec.SECTION_KEY_FOOTER)) {
                continue;
            }
            IHelpSectionRenderer original = e.getValue();
            boolean synopsis = e.getKey().equals(UsageMessageSpec.SECTION_KEY_SYNOPSIS);
            e.setValue(help -> {
                UsageMessageSpec usage = help.commandSpec().usageMessage();
                int width = usage.width();
                usage.width(WIDE);
                try {
                    String text = original.render(help);
                    if (!synopsis) {
                        return wrap(text, width);
                    }
                    // the synopsis follows its heading ("Usage: ") on the line: wrapped with it, continued under its options
                    String heading = help.synopsisHeading();
                    return wrap(heading + text, width).substring(heading.length());
                } finally {
                    usage.width(width);
                }
            });
        }
        cl.setHelpSectionMap(sections);
    }

    /** {@code text} with every line longer than {@code width} broken at spaces. */
    static String wrap(String text, int width) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            String l = line.length() > width ? line.stripTrailing() : line;
            int indent = hangingIndent(l);
            boolean first = true;
            while (l.length() > width) {
                int cut = l.lastIndexOf(' ', width);
                int floor = first ? indent : indent + 1;
                if (cut <= floor) {
                    cut = l.indexOf(' ', width); // a word longer than the line stays whole
                    if (cut < 0) {
                        break;
                    }
                }
                out.append(l, 0, cut).append('\n');
                l = " ".repeat(indent) + l.substring(cut).strip();
                first = false;
            }
            out.append(l).append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    /** Where a row's text starts: after "Usage: NAME ", after an option's label and its gap, else its indent. */
    static int hangingIndent(String line) {
        int lead = line.length() - line.stripLeading().length();
        if (line.startsWith("Usage: ")) {
            int option = line.indexOf(" [");
            return option > 0 && option < 50 ? option + 1 : lead;
        }
        int gap = line.indexOf("  ", lead);
        if (gap > lead && gap < 40) {
            int text = gap;
            while (text < line.length() && line.charAt(text) == ' ') {
                text++;
            }
            return text < 40 ? text : lead;
        }
        return lead;
    }
}
