package io.loadlab.lab.sample;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * The performance counters a HotSpot JVM publishes in shared memory ({@code /tmp/hsperfdata_USER/PID}, the file
 * {@code jstat} reads): read in place, without attaching to the JVM or running anything in it. The file is a prologue
 * (magic {@code 0xcafec0c0}, byte order, version, the offset and count of its entries) and then one entry per counter:
 * its length, the offsets of its name and its data, its type ({@code 'J'} for a 64-bit value, {@code 'B'} with a
 * length for NUL-terminated text). The JVM updates the
 * values in place (sampled ones, such as a space's use, every 50 ms), so a mapping read twice sees two moments. A JVM
 * started with {@code -XX:-UsePerfData} or {@code -XX:+PerfDisableSharedMem} has no such file. Not thread-safe.
 */
public final class HsPerfData {
    private static final int MAGIC = 0xcafec0c0;
    private static final Path TMP = Path.of("/tmp");

    private final MappedByteBuffer map;
    private final Map<String, Integer> longs = new HashMap<>();
    /** Each text counter's data offset and length. */
    private final Map<String, int[]> texts = new HashMap<>();

    private int indexed;

    private HsPerfData(MappedByteBuffer map) {
        this.map = map;
    }

    /** The counters of the JVM with this pid, or null when it publishes none this user can read. */
    public static HsPerfData of(long pid) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(TMP, "hsperfdata_*")) {
            for (Path dir : dirs) {
                Path f = dir.resolve(Long.toString(pid));
                if (Files.isRegularFile(f) && Files.isReadable(f)) {
                    HsPerfData d = open(f);
                    if (d != null) {
                        return d;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // no /tmp to list, or a file that vanished with its JVM: no counters
        }
        return null;
    }

    /** The counters in this file, or null when it is not one (a wrong magic, a JVM that has not finished writing it). */
    static HsPerfData open(Path file) throws IOException {
        MappedByteBuffer map;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() < 32) {
                return null;
            }
            map = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()); // stays valid after the channel closes
        }
        if (map.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC || map.get(7) == 0) {
            return null; // byte 7: "accessible", set once the JVM has laid the file out
        }
        map.order(map.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        HsPerfData d = new HsPerfData(map);
        d.index();
        return d;
    }

    /**
     * Records where each 64-bit and each text counter's value sits; counters the JVM adds later are appended after the
     * others.
     */
    private void index() {
        int count = map.getInt(28);
        int at = map.getInt(24);
        indexed = count;
        for (int i = 0; i < count && at > 0 && at + 20 <= map.capacity(); i++) {
            int length = map.getInt(at);
            if (length <= 0) {
                break;
            }
            int nameAt = at + map.getInt(at + 4);
            int vector = map.getInt(at + 8);
            byte type = map.get(at + 12);
            int dataAt = at + map.getInt(at + 16);
            if (type == 'J' && vector == 0 && dataAt + 8 <= map.capacity()) {
                longs.put(name(nameAt, at + length), dataAt);
            } else if (type == 'B' && vector > 0 && dataAt + vector <= map.capacity()) {
                texts.put(name(nameAt, at + length), new int[] {dataAt, vector});
            }
            at += length;
        }
    }

    private String name(int from, int limit) {
        int end = from;
        while (end < limit && map.get(end) != 0) {
            end++;
        }
        byte[] b = new byte[end - from];
        map.get(from, b);
        return new String(b, StandardCharsets.US_ASCII);
    }

    /** The counter's value now, or -1 when the JVM has no such 64-bit counter. */
    public long get(String name) {
        Integer at = lookup(longs, name);
        return at == null ? -1 : map.getLong(at);
    }

    /** The text counter's value ({@code sun.gc.collector.0.name}: "Serial young collection pauses"), or null. */
    public String text(String name) {
        int[] at = lookup(texts, name);
        return at == null ? null : name(at[0], at[0] + at[1]);
    }

    /** Whether the JVM publishes this 64-bit counter. */
    public boolean has(String name) {
        return lookup(longs, name) != null;
    }

    /** Where the named counter sits, indexing again first when the JVM has added counters since: null if it has none. */
    private <T> T lookup(Map<String, T> where, String name) {
        T at = where.get(name);
        if (at == null && map.getInt(28) != indexed) {
            index();
            at = where.get(name);
        }
        return at;
    }
}
