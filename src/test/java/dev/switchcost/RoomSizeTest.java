package dev.switchcost;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import org.junit.jupiter.api.Test;

import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Rooms a person can hold in their head (issue 27): no main-code file over {@value #MAX_FILE_LINES} lines
 * and no method over {@value #MAX_METHOD_LINES}, a method counted from its first modifier (its Javadoc
 * left out) to its closing brace, as javac's own parser places them.
 */
class RoomSizeTest {

    static final int MAX_FILE_LINES = 500;
    static final int MAX_METHOD_LINES = 80;
    static final Path MAIN = Path.of("src/main/java");

    @Test
    void noMainFileIsOver500Lines() throws IOException {
        List<String> over = new ArrayList<>();
        for (Path f : sources()) {
            long lines;
            try (Stream<String> s = Files.lines(f)) {
                lines = s.count();
            }
            if (lines > MAX_FILE_LINES) {
                over.add(MAIN.relativize(f) + ": " + lines + " lines");
            }
        }
        assertEquals(List.of(), over);
    }

    @Test
    void noMainMethodIsOver80Lines() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            assertEquals(List.of(), longMethods(javac, files.getJavaFileObjectsFromPaths(sources())));
        }
    }

    /** The rule can fail: a constructed 81-line method is named, an 80-line one is not. */
    @Test
    void aLongMethodIsNamed() throws IOException {
        JavaFileObject source = new SimpleJavaFileObject(URI.create("string:///Long.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return "class Long {\n" + method("fits", 80) + method("tooLong", 81) + "}\n";
            }
        };
        List<String> found = longMethods(ToolProvider.getSystemJavaCompiler(), List.of(source));
        assertEquals(List.of("/Long.java:82 tooLong: 81 lines"), found);
    }

    /** A method of exactly {@code lines} lines: its signature, statements and closing brace. */
    private static String method(String name, int lines) {
        StringBuilder b = new StringBuilder("    void " + name + "() {\n");
        for (int i = 0; i < lines - 2; i++) {
            b.append("        int x").append(i).append(" = ").append(i).append(";\n");
        }
        return b.append("    }\n").toString();
    }

    private static List<String> longMethods(JavaCompiler javac, Iterable<? extends JavaFileObject> units) throws IOException {
        JavacTask task = (JavacTask) javac.getTask(null, null, d -> { }, List.of("-proc:none"), null, units);
        SourcePositions at = Trees.instance(task).getSourcePositions();
        List<String> over = new ArrayList<>();
        for (CompilationUnitTree unit : task.parse()) {
            LineMap lines = unit.getLineMap();
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitMethod(MethodTree m, Void unused) {
                    long first = lines.getLineNumber(at.getStartPosition(unit, m));
                    long last = lines.getLineNumber(at.getEndPosition(unit, m));
                    if (last - first + 1 > MAX_METHOD_LINES) {
                        String file = unit.getSourceFile().toUri().getPath();
                        int main = file.indexOf("/src/main/java/");
                        over.add((main < 0 ? file : file.substring(main + "/src/main/java/".length()))
                                + ":" + first + " " + m.getName() + ": " + (last - first + 1) + " lines");
                    }
                    return super.visitMethod(m, unused);
                }
            }.scan(unit, null);
        }
        return over;
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> s = Files.walk(MAIN)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }
}
