package dev.switchcost.launch;

/** Entry point of the {@code switchcost} command (see {@link Launcher} for why it is compiled for Java 8). */
public final class Cli {

    private Cli() {
    }

    public static void main(String[] args) {
        Launcher.launch("dev.switchcost.cli.SwitchcostCommand", "scripts/switchcost", args);
    }
}
