package dev.switchcost.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * The one gate every results file passes before it is read: a regular file (not a FIFO, a device or a
 * directory, which could hang or never end), at most {@value #MAX_MIB} MiB (the largest committed results
 * file is under 2 MiB), UTF-8 text.
 */
public final class InputFiles {

    /** The size limit of one results file, in MiB. */
    public static final int MAX_MIB = 64;

    /** The size limit of one results file, in bytes. */
    public static final long MAX_BYTES = (long) MAX_MIB << 20;

    private InputFiles() {
    }

    /**
     * The file's text.
     *
     * @throws IllegalArgumentException (one line, naming the file) when it is not a regular file, is over the limit or
     *                                  is not UTF-8 text
     * @throws IOException              when it cannot be read
     */
    public static String read(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        if (!a.isRegularFile()) {
            throw new IllegalArgumentException(file + " is not a regular file (" + (a.isDirectory() ? "a directory" : "a FIFO, socket or device")
                    + "): give a results directory or a JMH JSON file");
        }
        if (a.size() > MAX_BYTES) {
            throw tooLarge(file);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) MAX_BYTES + 1);
        }
        if (bytes.length > MAX_BYTES) {
            throw tooLarge(file);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not UTF-8 text: not a results file", e);
        }
    }

    /** The file's lines ({@link #read}). */
    public static List<String> readLines(Path file) throws IOException {
        return read(file).lines().toList();
    }

    private static IllegalArgumentException tooLarge(Path file) {
        return new IllegalArgumentException(file + " is larger than " + MAX_MIB + " MiB, the limit for one results file: not a results file");
    }
}
