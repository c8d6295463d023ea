package dev.switchcost.render;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Text from results files reaches report.md and report.html as text: no HTML, link, image or control character of its own. */
class DocTest {

    @Test
    void markdownKeepsTheRenderersCodeAndStrongAndEscapesTheRest() {
        assertEquals("**Failed trial** in run: `dev.X.y placement=SAME_CPU`", Doc.markdownInline("**Failed trial** in run: `dev.X.y placement=SAME_CPU`"));
        assertEquals("a &lt;script&gt;alert(1)&lt;/script&gt; b", Doc.markdownInline("a <script>alert(1)</script> b"));
        assertEquals("\\[x\\](javascript:alert(1)) \\_y\\_ a\\\\b &amp;lt;", Doc.markdownInline("[x](javascript:alert(1)) _y_ a\\b &lt;"));
        assertEquals("\\# not a heading", Doc.markdownInline("# not a heading"));
        assertEquals("a b  c", Doc.markdownInline("a\rb\u001b\nc"));
    }

    @Test
    void aCodeSpanFromAResultCannotHoldHtmlOrBreakOut() {
        // HTML in a code span: escaped inside <code>, since a code span would show an entity as typed
        assertEquals("reason: <code>&lt;script&gt;</code>", Doc.markdownInline("reason: `<script>`"));
        // two backticks from a result: no empty span whose backticks would join the next one's
        assertEquals("x &lt;script&gt;", Doc.markdownInline("x ``<script>"));
        assertEquals("`ab`", Doc.markdownInline("`a``b`"));
    }

    @Test
    void theDocumentIsEscapedInBothForms() {
        Doc d = new Doc().h(1, "report: <b>").p("status `failed: \u001b]0;x\u0007<img src=x onerror=alert(1)>`")
                .table(new Table.Builder("ll", "a", "b").row("<script>", "| `x`").build()).bullets(List.of("[l](javascript:x)"));
        String md = d.markdown();
        String html = d.html("t <script>");
        for (String s : List.of(md, html)) {
            assertFalse(s.contains("<script") || s.contains("<img") || s.contains("<b>") || s.contains("\u001b") || s.contains("\u0007"), s);
        }
        assertFalse(md.contains("[l](javascript"), md);
        assertTrue(md.contains("|&lt;script&gt;|\\| `x`|"), md);
    }

    /** Issue 18: the contents link to the sections that follow, by id, in both forms; nothing else is listed. */
    @Test
    void theContentsLinkToEachSectionThatFollows() {
        Doc d = new Doc().h(1, "report").contents().h(2, "Runs", "runs").p("x").h(3, "detail", "detail").h(2, "The answer", "answer");
        String md = d.markdown();
        assertTrue(md.contains("Contents: [Runs](#runs) · [The answer](#answer)\n"), md);
        assertTrue(md.contains("<a id=\"answer\"></a>\n\n## The answer\n"), "the id a Markdown link can reach: " + md);
        String html = d.html("report");
        assertTrue(html.contains("Contents: <a href=\"#runs\">Runs</a> · <a href=\"#answer\">The answer</a></p>"), html);
        assertFalse(html.contains("#detail") || md.contains("#detail"), "only level-2 sections");
    }

    /** A report table's constant parameter columns are said once, above it, in both forms. */
    @Test
    void aLiftedColumnIsSaidOnceAboveTheTable() {
        Table t = new Table.Builder("llr", "handoff", "placement", "paired_ns/switch").row("FUTEX", "SAME_CPU", "1 ± 1")
                .row("FUTEX", "CROSS_CPU", "2 ± 1").build();
        Doc d = new Doc().table(t, List.of("handoff", "placement"));
        assertTrue(d.markdown().startsWith("All rows: handoff FUTEX\n\n|placement|paired\\_ns/switch|\n"), d.markdown());
        String html = d.html("t");
        assertTrue(html.contains("<p class=\"caption\">All rows: handoff FUTEX</p>\n<div class=\"scroll\">\n<table>"), html);
        assertFalse(html.contains("<th>handoff</th>"), html);
    }

    /** At 800 px no table scrolls sideways (issue 29): a narrow layout shrinks type and padding (scripts/report-width.sh checks a page). */
    @Test
    void aNarrowWindowGetsTheNarrowLayout() {
        String html = new Doc().table(new Table.Builder("l", "a").row("b").build()).html("t");
        assertTrue(html.contains("@media (max-width:900px){"), html);
        int media = html.indexOf("@media (max-width:900px){");
        assertTrue(html.indexOf("table{font-size:", media) > media, "the narrow layout shrinks the tables: " + html);
    }
}
