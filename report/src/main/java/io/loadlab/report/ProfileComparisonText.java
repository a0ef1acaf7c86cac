package io.loadlab.report;

import io.loadlab.core.profile.Frames;
import io.loadlab.core.result.TrialResult;
import java.util.List;

/** {@link ProfileComparison} as aligned text or Markdown: the figures with their ratios, then the frames. */
public final class ProfileComparisonText {
    private ProfileComparisonText() {}

    public static String render(ProfileComparison c, TableFormat format) {
        StringBuilder out = new StringBuilder();
        boolean md = format == TableFormat.MARKDOWN;
        String title = "A = " + c.nameA() + " (" + label(c.a()) + "), B = " + c.nameB() + " (" + label(c.b()) + ")";
        out.append(md ? "### " + title + "\n\n" : title + "\n\n");
        TextTable figures = new TextTable("lrrr", List.of("per window / per request", "A", "B", "B/A"));
        for (ProfileComparison.Row r : c.rows()) {
            figures.add(List.of(
                    r.label(),
                    ProfileComparison.value(r.a(), r.unit()),
                    ProfileComparison.value(r.b(), r.unit()),
                    ProfileComparison.ratio(r.ratio())));
        }
        out.append(figures.render(format));
        if (!c.frames().isEmpty()) {
            String head = c.framesHeading();
            out.append(md ? "\n#### " + head + "\n\n" : "\n" + head + "\n");
            TextTable frames = new TextTable("llrrr", List.of("frame", "kind", "A", "B", "change"));
            for (Frames.Change f : c.frames()) {
                frames.add(List.of(
                        f.name(),
                        f.kind(),
                        ProfileComparison.share(f.shareA()),
                        ProfileComparison.share(f.shareB()),
                        ProfileComparison.points(f.delta())));
            }
            out.append(frames.render(format));
        }
        for (String n : c.notes()) {
            out.append(md ? "\n- " : "\n  ").append(n);
        }
        if (!c.notes().isEmpty()) {
            out.append('\n');
        }
        return out.toString();
    }

    static String label(TrialResult t) {
        return t.key().model() + " · " + t.key().scenario() + " · "
                + (t.key().load() == null ? "?" : t.key().load().label());
    }
}
