package dev.switchcost.measure.footprint;

import dev.switchcost.measure.sample.ProcText;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where a process's cgroups are: the one reader of {@code /proc/<pid>/cgroup} and {@code /proc/self/mountinfo}
 * ({@link SystemLimits}' {@code pids.max} and {@link CpuLimit}'s quota both find their directory here). A process
 * is in one cgroup per hierarchy: cgroup v2's single one ({@code 0::/path}), and on a v1 or hybrid system one per
 * v1 hierarchy, named by its controllers ({@code 1:cpu:/path}, {@code 4:cpu,cpuacct:/path}). A cgroup's directory
 * is where mountinfo says its hierarchy is mounted, plus its path below the mount's root (a container sees its own
 * cgroup as a mount's root). Everything is read under a root directory, so tests feed captured trees.
 */
public final class Cgroups {

    private Cgroups() {
    }

    /**
     * One line of {@code /proc/<pid>/cgroup}: {@code hierarchy-ID:controller-list:cgroup-path}.
     *
     * @param controllers the v1 controllers of the hierarchy ({@code cpu}, {@code cpuacct}, {@code name=systemd});
     *                    empty for cgroup v2's line ({@code 0::/path})
     */
    public record Membership(int hierarchy, List<String> controllers, String path) {

        public boolean v2() {
            return hierarchy == 0 && controllers.isEmpty();
        }
    }

    /**
     * A cgroup filesystem as one line of mountinfo shows it.
     *
     * @param root        the directory of the hierarchy that is mounted (field 4: {@code /} unless a container's own
     *                    cgroup is mounted as its root)
     * @param mountPoint  where (field 5, octal escapes undone)
     * @param version     1 ({@code cgroup}) or 2 ({@code cgroup2})
     * @param controllers a v1 mount's controllers, from its super options ({@code rw,cpu,cpuacct}); empty for v2
     */
    public record Mount(String root, String mountPoint, int version, List<String> controllers) {
    }

    /**
     * A process's cgroup in one hierarchy and the directory that shows it.
     *
     * @param version 1 or 2
     * @param path    the cgroup's path in its hierarchy, as {@code /proc/<pid>/cgroup} names it
     * @param mount   where that hierarchy is mounted
     * @param root    the directory the files were read under ({@code /}, or a captured tree in tests)
     */
    public record Place(int version, String path, Mount mount, Path root) {

        /** The cgroup's directory. */
        public Path dir() {
            return levels().get(0).dir();
        }

        /**
         * The cgroup and each of its ancestors up to the mount's root, leaf first: a limit set on any of them
         * applies to the process.
         */
        public List<Level> levels() {
            String top = mount.root().equals("/") ? "" : mount.root();
            List<Level> out = new ArrayList<>();
            Path mounted = root.resolve(mount.mountPoint().substring(1));
            for (String p = path.equals("/") ? "" : path; ; p = p.substring(0, p.lastIndexOf('/'))) {
                String below = p.substring(top.length());
                out.add(new Level(p.isEmpty() ? "/" : p, below.isEmpty() ? mounted : mounted.resolve(below.substring(1))));
                if (p.length() <= top.length()) {
                    return out;
                }
            }
        }
    }

    /** One cgroup of a {@link Place}'s chain: its path in the hierarchy and its directory. */
    public record Level(String cgroup, Path dir) {
    }

    /** The process's cgroup v2 ({@code 0::/path} under the {@code cgroup2} mount), if it has one and it is mounted. */
    public static Optional<Place> v2(Path root, String pid) {
        return place(root, pid, null);
    }

    /** The process's cgroup in the v1 hierarchy of {@code controller} ({@code cpu}), if one is mounted. */
    public static Optional<Place> v1(Path root, String pid, String controller) {
        return place(root, pid, controller);
    }

    private static Optional<Place> place(Path root, String pid, String controller) {
        List<Membership> in = memberships(lines(root.resolve("proc").resolve(pid).resolve("cgroup")));
        List<Mount> mounts = mounts(lines(root.resolve("proc/self/mountinfo")));
        for (Membership m : in) {
            boolean wanted = controller == null ? m.v2() : m.controllers().contains(controller);
            if (!wanted) {
                continue;
            }
            for (Mount mount : mounts) {
                boolean same = controller == null ? mount.version() == 2 : mount.version() == 1
                        && mount.controllers().contains(controller);
                if (same && under(m.path(), mount.root())) {
                    return Optional.of(new Place(mount.version(), m.path(), mount, root));
                }
            }
        }
        return Optional.empty();
    }

    private static boolean under(String path, String mountRoot) {
        return mountRoot.equals("/") || path.equals(mountRoot) || path.startsWith(mountRoot + "/");
    }

    /**
     * The lines of {@code /proc/<pid>/cgroup}.
     *
     * @throws IllegalArgumentException naming the line when one is not {@code id:controllers:/path}
     */
    public static List<Membership> memberships(List<String> lines) {
        List<Membership> out = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(":", 3);
            if (f.length < 3 || !f[2].startsWith("/") || !f[0].matches("\\d+")) {
                throw new IllegalArgumentException("not a /proc/<pid>/cgroup line (id:controllers:/path): '" + line + "'");
            }
            out.add(new Membership(Integer.parseInt(f[0]), f[1].isEmpty() ? List.of() : List.of(f[1].split(",")), f[2]));
        }
        return out;
    }

    /**
     * The cgroup mounts among the lines of {@code /proc/self/mountinfo}; other filesystems are skipped.
     *
     * @throws IllegalArgumentException naming the line when a cgroup line lacks its fields
     */
    public static List<Mount> mounts(List<String> lines) {
        List<Mount> out = new ArrayList<>();
        for (String line : lines) {
            int dash = line.indexOf(" - ");
            if (dash < 0) {
                continue;
            }
            String[] after = line.substring(dash + 3).split(" ");
            if (!after[0].equals("cgroup") && !after[0].equals("cgroup2")) {
                continue;
            }
            String[] before = line.substring(0, dash).split(" ");
            if (before.length < 6 || after.length < 3) {
                throw new IllegalArgumentException("not a /proc/self/mountinfo line: '" + line + "'");
            }
            boolean v1 = after[0].equals("cgroup");
            List<String> controllers = v1 ? Arrays.stream(after[2].split(","))
                    .filter(o -> !o.equals("rw") && !o.equals("ro") && !o.contains("=") || o.startsWith("name="))
                    .filter(o -> !List.of("noprefix", "clone_children", "xattr", "cpuset_v2_mode", "favordynmods").contains(o))
                    .toList() : List.of();
            out.add(new Mount(unescape(before[3]), unescape(before[4]), v1 ? 1 : 2, controllers));
        }
        return out;
    }

    /** mountinfo's octal escapes ({@code \040} for a space) undone. */
    static String unescape(String field) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                b.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** A file's lines; empty when it does not exist. @throws IllegalArgumentException naming it when it cannot be read */
    static List<String> lines(Path file) {
        try {
            return ProcText.lines(file);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
