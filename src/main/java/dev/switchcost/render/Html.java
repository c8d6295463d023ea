package dev.switchcost.render;

/** HTML escaping for the renderers. */
final class Html {

    private Html() {
    }

    /** Escaped for HTML text and attributes; a control character but newline and tab (ESC, CR) becomes a space. */
    static String esc(String s) {
        return s.replaceAll("[\\p{Cntrl}&&[^\n\t]]", " ").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Escapes, and turns {@code `code`} spans into {@code <code>} and {@code **strong**} into {@code <strong>}. */
    static String inline(String s) {
        String e = esc(s);
        StringBuilder sb = new StringBuilder();
        boolean code = false;
        boolean strong = false;
        for (int i = 0; i < e.length(); i++) {
            char c = e.charAt(i);
            if (c == '`') {
                sb.append(code ? "</code>" : "<code>");
                code = !code;
            } else if (!code && c == '*' && i + 1 < e.length() && e.charAt(i + 1) == '*') {
                sb.append(strong ? "</strong>" : "<strong>");
                strong = !strong;
                i++;
            } else {
                sb.append(c);
            }
        }
        if (code) {
            sb.append("</code>");
        }
        if (strong) {
            sb.append("</strong>");
        }
        return sb.toString();
    }
}
