package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: {@code -o/--output} says its default in each command's help (one mixin, a default per command). */
class OutputDefaultTest {

    @Test
    void everyOutputOptionNamesItsDefault() {
        CommandLine root = SwitchcostCommand.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        List<String> defaulted = root.getSubcommands().values().stream()
                .filter(c -> c.getCommandSpec().findOption("--output") != null && c.getCommand() instanceof OutputDirMixin.Defaulted)
                .map(CommandLine::getCommandName).sorted().toList();
        assertEquals(List.of("ab", "compare", "machine", "run", "working-set"), defaulted);
        for (String name : defaulted) {
            CommandLine c = root.getSubcommands().get(name);
            String help = String.join(" ", c.getCommandSpec().findOption("--output").description());
            String expected = "Directory to write into (default: " + ((OutputDirMixin.Defaulted) c.getCommand()).outputDefault() + ").";
            assertEquals(expected, help, name);
        }
        String compare = root.getSubcommands().get("compare").getUsageMessage().replaceAll("\\s+", " ");
        assertTrue(compare.contains("(default: a new results/<host>-<date-time>-compare directory"), compare);
        // sample writes nothing without -o; its description says so
        String sample = root.getSubcommands().get("sample").getUsageMessage().replaceAll("\\s+", " ");
        assertTrue(sample.contains("-o DIR (no default)"), sample);
    }
}
