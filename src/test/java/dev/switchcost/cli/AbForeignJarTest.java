package dev.switchcost.cli;

import dev.switchcost.results.AbResults;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code switchcost ab} on a JMH jar that is not switchcost's: built here the way JMH's archetype builds one (a benchmark
 * compiled with JMH's annotation processor, jmh-core and its dependencies in one jar, {@code org.openjdk.jmh.Main} its
 * main class), with its own package, its own {@code @Param} name, a throughput in ops/ms and a sample-mode time in us/op,
 * and none of switchcost's profilers.
 */
@Measures
class AbForeignJarTest {

    static final String SOURCE = """
            package org.example.foreign;

            import java.util.concurrent.TimeUnit;
            import org.openjdk.jmh.annotations.*;

            @State(Scope.Thread)
            public class Hashing {
                @Param({"16"})
                public int length;

                byte[] data;

                @Setup
                public void setup() {
                    data = new byte[length];
                }

                @Benchmark
                @BenchmarkMode(Mode.Throughput)
                @OutputTimeUnit(TimeUnit.MILLISECONDS)
                public int hash() {
                    return java.util.Arrays.hashCode(data);
                }

                @Benchmark
                @BenchmarkMode(Mode.SampleTime)
                @OutputTimeUnit(TimeUnit.MICROSECONDS)
                public int hashSampled() {
                    return java.util.Arrays.hashCode(data);
                }
            }
            """;

    @Test
    void abJudgesAForeignJarsThroughputAndSampleModeRows(@TempDir Path tmp) throws IOException {
        Path jar = foreignJar(tmp);
        Path dir = tmp.resolve("ab");
        Path md = tmp.resolve("ab.md");
        CliResult r = CliResult.run("ab", jar.toString(), jar.toString(), "--rounds", "2", "--seed", "3", "-o", dir.toString(),
                "--markdown", md.toString(), "--", "-wi", "0", "-i", "1", "-r", "50ms", "org.example.foreign.Hashing");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        List<AbResults.Row> rows = AbResults.read(dir.resolve(AbResults.FILE_NAME)).rows(dir);
        assertEquals(List.of("Hashing.hash length=16 [thrpt]", "Hashing.hashSampled length=16 [sample]"),
                rows.stream().map(AbResults.Row::key).toList(), r.out());
        assertEquals(List.of("ops/s", "ns/op"), rows.stream().map(AbResults.Row::unit).toList());
        assertTrue(rows.stream().allMatch(row -> row.ratios().length == 2), "one ratio per round: " + r.out());
        assertTrue(Files.readString(md).contains("|Hashing.hash length=16 \\[thrpt\\]|"), Files.readString(md));
    }

    /** The foreign benchmarks jar: the source above compiled with JMH's annotation processor, shaded with jmh-core. */
    static Path foreignJar(Path tmp) throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src/org/example/foreign")).resolve("Hashing.java");
        Files.writeString(src, SOURCE);
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int rc = javac.run(null, log, log, "-proc:full", "-processor", "org.openjdk.jmh.generators.BenchmarkProcessor",
                "-classpath", System.getProperty("java.class.path"), "-d", classes.toString(), "-s",
                Files.createDirectories(tmp.resolve("generated")).toString(), src.toString());
        assertEquals(0, rc, log.toString());
        assertTrue(Files.isRegularFile(classes.resolve("META-INF/BenchmarkList")), "JMH's annotation processor ran: " + log);
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.openjdk.jmh.Main");
        Path jar = tmp.resolve("foreign-benchmarks.jar");
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf); Stream<Path> files = Files.walk(classes)) {
            seen.add("META-INF/MANIFEST.MF");
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                seen.add(name);
                out.putNextEntry(new JarEntry(name));
                Files.copy(f, out);
                out.closeEntry();
            }
            for (Class<?> c : List.of(org.openjdk.jmh.Main.class, joptsimple.OptionParser.class,
                    org.apache.commons.math3.stat.descriptive.DescriptiveStatistics.class)) {
                copyJar(jarOf(c), out, seen);
            }
        }
        return jar;
    }

    private static Path jarOf(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every entry of {@code jar} not yet written, but its signature files. */
    private static void copyJar(Path jar, JarOutputStream out, Set<String> seen) throws IOException {
        try (InputStream in = Files.newInputStream(jar); ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                String n = e.getName();
                if (e.isDirectory() || n.matches("META-INF/[^/]+\\.(SF|RSA|DSA)") || !seen.add(n)) {
                    continue;
                }
                out.putNextEntry(new JarEntry(n));
                zip.transferTo(out);
                out.closeEntry();
            }
        }
    }
}
