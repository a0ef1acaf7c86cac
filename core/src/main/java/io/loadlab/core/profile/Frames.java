package io.loadlab.core.profile;

import io.loadlab.core.result.ServerProfile;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Self time per frame, from collapsed stacks: each line {@code root;...;leaf N} gives its N samples to its leaf.
 * A frame's name loses the converter's type suffix ({@code _[j]}, {@code _[i]}, {@code _[k]}, ...), which becomes its
 * kind.
 *
 * @param samples every sample
 * @param self samples by frame name
 * @param kinds each frame's kind
 */
public record Frames(long samples, Map<String, Long> self, Map<String, String> kinds) {

    /** A frame whose share of self time differs between two profiles: shares in 0..1, {@code delta = b - a}. */
    public record Change(String name, String kind, double shareA, double shareB) {
        public double delta() {
            return shareB - shareA;
        }
    }

    public static Frames read(Path collapsed) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(collapsed)) {
            return parse(in.lines().toList());
        }
    }

    public static Frames parse(List<String> lines) {
        Map<String, Long> self = new HashMap<>();
        Map<String, String> kinds = new HashMap<>();
        long total = 0;
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long n;
            try {
                n = Long.parseLong(line.substring(space + 1).trim());
            } catch (NumberFormatException e) {
                continue;
            }
            String stack = line.substring(0, space);
            String leaf = stack.substring(stack.lastIndexOf(';') + 1);
            String kind = kind(leaf);
            String name = strip(leaf);
            self.merge(name, n, Long::sum);
            kinds.putIfAbsent(name, kind);
            total += n;
        }
        return new Frames(total, self, kinds);
    }

    /**
     * The same samples read as an allocation profile's ({@code --profile=alloc}): every leaf is the class allocated,
     * so every kind is {@link ServerProfile#ALLOCATED}. The converter's suffix would say {@code inlined} for a class
     * allocated in a TLAB and {@code kernel} for one allocated outside it (and for every Flight Recorder sample).
     */
    public Frames asAllocations() {
        Map<String, String> allocated = new HashMap<>();
        self.keySet().forEach(name -> allocated.put(name, ServerProfile.ALLOCATED));
        return new Frames(samples, self, allocated);
    }

    /** The {@code n} frames with the most self samples, most first (ties by name). */
    public List<ServerProfile.Frame> top(int n) {
        return self.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .map(e -> new ServerProfile.Frame(e.getKey(), kinds.get(e.getKey()), e.getValue(), share(e.getKey())))
                .toList();
    }

    /**
     * The shares of samples that ended in Java code, native code and the kernel, in that order ({@code java},
     * {@code native}, {@code kernel}), rounded to 0.1%.
     */
    public Map<String, Double> selfTime() {
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("java", 0.0);
        out.put("native", 0.0);
        out.put("kernel", 0.0);
        if (samples == 0) {
            return out;
        }
        self.forEach((name, n) -> {
            String k = kinds.get(name);
            String group = k.equals("kernel") ? "kernel" : k.equals("native") ? "native" : "java";
            out.merge(group, n / (double) samples, Double::sum);
        });
        out.replaceAll((k, v) -> Math.round(v * 1000) / 1000.0);
        return out;
    }

    /** This profile's share of self samples in a frame, 0 when absent. */
    public double share(String name) {
        return samples == 0 ? 0 : self.getOrDefault(name, 0L) / (double) samples;
    }

    /** The {@code n} frames whose shares moved most from {@code a} to {@code b}, largest move first. */
    public static List<Change> changes(Frames a, Frames b, int n) {
        Set<String> names = new LinkedHashSet<>(a.self.keySet());
        names.addAll(b.self.keySet());
        List<Change> out = new ArrayList<>();
        for (String name : names) {
            String kind = b.kinds.getOrDefault(name, a.kinds.get(name));
            out.add(new Change(name, kind, a.share(name), b.share(name)));
        }
        out.sort(Comparator.comparingDouble((Change c) -> -Math.abs(c.delta())).thenComparing(Change::name));
        return out.subList(0, Math.min(n, out.size()));
    }

    public static String kind(String frame) {
        if (frame.endsWith("_[j]")) {
            return "java";
        }
        if (frame.endsWith("_[i]")) {
            return "inlined";
        }
        if (frame.endsWith("_[0]")) {
            return "interpreted";
        }
        if (frame.endsWith("_[1]")) {
            return "c1";
        }
        if (frame.endsWith("_[k]")) {
            return "kernel";
        }
        return frame.contains("/") || frame.contains(".") && !frame.contains("::") ? "java" : "native";
    }

    public static String strip(String frame) {
        int i = frame.length() - 4;
        return i > 0 && frame.charAt(i) == '_' && frame.charAt(i + 1) == '[' && frame.endsWith("]")
                ? frame.substring(0, i)
                : frame;
    }
}
