package dev.switchcost.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JdkPolicyTest {

    /** A JDK home with a release file and an executable bin/java that is only a script. */
    static Path fakeJdk(Path dir, String version) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        Path java = dir.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    @Test
    void featureReadsEveryVersionScheme() {
        assertEquals(8, JdkPolicy.feature("1.8.0_402"));
        assertEquals(17, JdkPolicy.feature("17"));
        assertEquals(21, JdkPolicy.feature("21.0.8"));
        assertEquals(25, JdkPolicy.feature("25-ea"));
        assertEquals(0, JdkPolicy.feature("abc"));
        assertEquals(0, JdkPolicy.feature(null));
    }

    @Test
    void flagsFollowTheVersion() {
        assertEquals(List.of(), JdkPolicy.jvmFlags(11));
        assertEquals(List.of(JdkPolicy.NATIVE_ACCESS), JdkPolicy.jvmFlags(21));
        assertEquals(List.of(JdkPolicy.NATIVE_ACCESS), JdkPolicy.jvmFlags(22));
        assertEquals(List.of(JdkPolicy.NATIVE_ACCESS, JdkPolicy.UNSAFE_ALLOW), JdkPolicy.jvmFlags(23));
        assertEquals(List.of(JdkPolicy.NATIVE_ACCESS, JdkPolicy.UNSAFE_ALLOW), JdkPolicy.jvmFlags(25));
    }

    @Test
    void aForkOnAnOlderJdkInheritsOnlyTheFlagsItKnows() {
        List<String> host = List.of(JdkPolicy.NATIVE_ACCESS, JdkPolicy.UNSAFE_ALLOW, "-Xmx1g");
        assertEquals(List.of(JdkPolicy.NATIVE_ACCESS, "-Xmx1g"), JdkPolicy.inheritable(host, 21));
        assertEquals(host, JdkPolicy.inheritable(host, 25));
        assertEquals(List.of("-Xmx1g"), JdkPolicy.inheritable(host, 11));
    }

    @Test
    void theOldestSupportedJdkComesFromThePolicyFile() {
        assertEquals(21, JdkPolicy.min());
    }

    @Test
    void whatEachVersionEnables(@TempDir Path tmp) throws IOException {
        Jdk j21 = JdkDiscovery.ofHome(fakeJdk(tmp.resolve("a"), "21.0.8").getParent().getParent().toFile());
        Jdk j25 = JdkDiscovery.ofHome(fakeJdk(tmp.resolve("b"), "25.0.1").getParent().getParent().toFile());
        assertTrue(j21.hasVirtualThreads() && !j21.hasFfm() && !j21.synchronizedUnpinned() && j21.runsSwitchcost());
        assertTrue(j25.hasVirtualThreads() && j25.hasFfm() && j25.synchronizedUnpinned());
        assertTrue(j21.enables().contains("synchronized pins the carrier (JEP 491 needs 24+)"), j21.enables().toString());
        assertTrue(j25.enables().contains("synchronized does not pin (JEP 491)"), j25.enables().toString());
        assertTrue(j21.enables().stream().anyMatch(s -> s.startsWith("runtime only")), "no javac in the fake JDK");
    }

    @Test
    void aJavaBehindSymbolicLinksIsTheJdkItPointsTo(@TempDir Path tmp) throws IOException {
        // like /usr/bin/java -> /etc/alternatives/java -> /usr/lib/jvm/java-17-openjdk-amd64/bin/java
        Path java = fakeJdk(tmp.resolve("jvm/java-17"), "17.0.15");
        Path alternatives = Files.createSymbolicLink(tmp.resolve("alternatives-java"), java);
        Path usrBin = Files.createSymbolicLink(tmp.resolve("java"), alternatives);
        Jdk j = JdkDiscovery.ofJava(usrBin.toString());
        assertNotNull(j);
        assertEquals(17, j.feature);
        assertEquals(tmp.resolve("jvm/java-17").toRealPath().toFile(), j.home);
        assertFalse(j.runsSwitchcost());
    }

    @Test
    void aJdkIsGivenAsItsJavaOrItsHome(@TempDir Path tmp) throws IOException {
        Path java = fakeJdk(tmp.resolve("jdk-21"), "21.0.8");
        assertEquals(21, JdkDiscovery.resolve(java.toString()).feature);
        assertEquals(JdkDiscovery.resolve(java.toString()), JdkDiscovery.resolve(tmp.resolve("jdk-21").toString()));
        assertNull(JdkDiscovery.resolve(tmp.resolve("nothing").toString()));
        assertNull(JdkDiscovery.resolve(tmp.toString()), "a directory without a release file");
    }

    @Test
    void aMissingJavaIsNull(@TempDir Path tmp) {
        assertNull(JdkDiscovery.ofJava(tmp.resolve("nope/bin/java").toString()));
        assertNull(JdkDiscovery.ofHome(tmp.toFile()));
    }

    @Test
    void theRunningJdkIsFoundAndListedOnce() {
        Jdk here = JdkDiscovery.running();
        assertEquals(Runtime.version().feature(), here.feature);
        List<Jdk> all = JdkDiscovery.discover();
        assertEquals(1, all.stream().filter(j -> j.home.equals(here.home)).count(), all.toString());
        for (int i = 1; i < all.size(); i++) {
            assertTrue(all.get(i - 1).feature >= all.get(i).feature, "newest first: " + all);
        }
    }

    @Test
    void theRunningJavaAskedDirectlySaysItsOwnVersion() {
        Jdk j = JdkDiscovery.ofJava(new File(System.getProperty("java.home"), "bin/java").getPath());
        assertNotNull(j);
        assertEquals(Runtime.version().feature(), j.feature);
    }

    /** The launcher package must load on an old java to say what to do: Java 8 class files (major 52). */
    @Test
    void theLauncherPackageIsCompiledForJava8() throws IOException {
        for (Class<?> c : new Class<?>[] {Launcher.class, Cli.class, JdkPolicy.class, Jdk.class}) {
            try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class");
                 DataInputStream d = new DataInputStream(in)) {
                assertEquals(0xCAFEBABE, d.readInt());
                d.readUnsignedShort();
                assertEquals(52, d.readUnsignedShort(), c.getName() + " is not Java 8 bytecode");
            }
        }
        assertNotNull(JdkPolicy.class.getResourceAsStream("jdk-policy.properties"));
        assertTrue(new String(JdkPolicy.class.getResourceAsStream("jdk-policy.properties").readAllBytes(), StandardCharsets.UTF_8)
                .contains("switchcost.jdk.min="));
    }

    /** The build's check: a runtime without javac cannot build, nor can a JDK older than the policy's oldest. */
    @Test
    void onlyAJdkNewEnoughWithJavacBuilds(@TempDir Path tmp) throws IOException {
        Jdk runtime25 = JdkDiscovery.ofHome(fakeJdk(tmp.resolve("rt25"), "25.0.1").getParent().getParent().toFile());
        Jdk jdk17 = JdkDiscovery.ofHome(withJavac(fakeJdk(tmp.resolve("jdk17"), "17.0.15")));
        Jdk jdk21 = JdkDiscovery.ofHome(withJavac(fakeJdk(tmp.resolve("jdk21"), "21.0.8")));
        assertNull(JdkDiscovery.firstBuilder(List.of(runtime25, jdk17)));
        assertEquals(jdk21, JdkDiscovery.firstBuilder(List.of(runtime25, jdk21, jdk17)));
        String why = JdkPolicy.noBuildJdk();
        assertTrue(why.startsWith("switchcost needs a JDK " + JdkPolicy.min() + " or newer with javac to build"), why);
        assertTrue(why.contains("JAVA_HOME") && why.contains("/usr/lib/jvm"), why);
    }

    private static File withJavac(Path java) throws IOException {
        Path javac = java.resolveSibling("javac");
        Files.copy(java, javac);
        Files.setPosixFilePermissions(javac, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java.getParent().getParent().toFile();
    }
}
