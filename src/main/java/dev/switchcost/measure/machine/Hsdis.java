package dev.switchcost.measure.machine;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Finds an hsdis disassembler plugin where HotSpot would load it for {@code -XX:+PrintAssembly}
 * (and so for JMH's {@code perfasm}): switchcost's own build ({@code target/hsdis/}, made by
 * {@code scripts/perfasm.sh} from {@code src/main/c/hsdis}), the JDK's {@code lib/} and
 * {@code lib/server/}, and {@code LD_LIBRARY_PATH}.
 */
public final class Hsdis {

    /** The library name HotSpot looks for on this architecture, e.g. {@code hsdis-amd64.so}. */
    public static final String LIBRARY = "hsdis-" + arch() + ".so";

    private Hsdis() {
    }

    /** @return the first hsdis found, or null */
    public static Path find() {
        return searchPath().stream().map(dir -> dir.resolve(LIBRARY)).filter(Files::isRegularFile).findFirst()
                .orElse(null);
    }

    /** @return the directories looked in, in order */
    public static List<Path> searchPath() {
        List<Path> dirs = new ArrayList<>();
        Path target = targetDir();
        if (target != null) {
            dirs.add(target.resolve("hsdis"));
        }
        Path home = Path.of(System.getProperty("java.home"));
        dirs.add(home.resolve("lib/server"));
        dirs.add(home.resolve("lib"));
        String ld = System.getenv("LD_LIBRARY_PATH");
        if (ld != null) {
            Arrays.stream(ld.split(File.pathSeparator)).filter(d -> !d.isBlank()).map(Path::of).forEach(dirs::add);
        }
        return dirs;
    }

    /** The {@code target} directory this code was loaded from (benchmarks.jar's or classes/' parent), or null. */
    static Path targetDir() {
        try {
            var src = Hsdis.class.getProtectionDomain().getCodeSource();
            if (src == null) {
                return null;
            }
            Path parent = Path.of(src.getLocation().toURI()).getParent();
            return parent != null && parent.getFileName() != null && parent.getFileName().toString().equals("target")
                    ? parent : null;
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }

    /** HotSpot's name for the architecture in the hsdis file name. */
    static String arch() {
        String a = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        return switch (a) {
            case "x86_64", "amd64" -> "amd64";
            case "aarch64", "arm64" -> "aarch64";
            default -> a;
        };
    }
}
