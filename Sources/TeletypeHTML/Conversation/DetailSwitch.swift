/// The three views of an exported page — everything, the prompts and replies with the work folded,
/// the prompts only — switched by the reader without script: three radio buttons before the
/// conversation's rows, and style rules that hide what a view leaves out (the page's CSP allows
/// no script). Nothing is remembered: a page opens on the view it was exported with.
public enum DetailSwitch {
    /// The views, in the order the switch offers them: the `ConversationDetail` names, and labels.
    static let views = [("full", "Everything"), ("focused", "Prompts and replies"), ("prompts", "Prompts")]

    /// The switch, to write after the page's header and before its rows, `checked` (`full`,
    /// `focused` or `prompts`) chosen.
    public static func html(checked: String = "full") -> String {
        switch checked {
        case "full": full
        case "focused": focused
        case "prompts": prompts
        default: made(checked: checked)
        }
    }

    /// The switch of each view, made once (every page starts with one).
    private static let full = made(checked: "full")
    private static let focused = made(checked: "focused")
    private static let prompts = made(checked: "prompts")

    private static func made(checked: String) -> String {
        var out = ""
        // The buttons are the rows' siblings (the rules reach rows after a checked button), so
        // they are grouped by naming the same legend rather than by a fieldset around them.
        for (name, _) in views {
            out += "<input type=\"radio\" name=\"tt-detail\" class=\"tt-detail-input\" id=\"tt-detail-\(name)\""
            out += " aria-labelledby=\"tt-detail-legend tt-detail-label-\(name)\""
            out += (name == checked ? " checked" : "") + ">\n"
        }
        out += "<nav class=\"tt-detail-switch\" aria-label=\"How much to show\">"
        out += "<span class=\"tt-detail-legend\" id=\"tt-detail-legend\">Show</span>"
        for (name, label) in views {
            out += "<label for=\"tt-detail-\(name)\" id=\"tt-detail-label-\(name)\">\(label)</label>"
        }
        return out + "</nav>\n"
    }

    /// The rules that make the switch work and look like one.
    static let css = """
            .tt-detail-input { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
            .tt-detail-switch { display: flex; flex-wrap: wrap; gap: .4rem; margin: 0 0 1.25rem; font-size: .85rem; }
            .tt-detail-legend { color: var(--muted); padding: .1rem 0; }
            .tt-detail-switch label { cursor: pointer; padding: .1rem .7rem; border: 1px solid var(--border); border-radius: 1rem; color: var(--muted); }
            #tt-detail-full:checked ~ .tt-detail-switch [for="tt-detail-full"], #tt-detail-focused:checked ~ .tt-detail-switch [for="tt-detail-focused"], #tt-detail-prompts:checked ~ .tt-detail-switch [for="tt-detail-prompts"] { color: var(--fg); border-color: var(--fg); }
            #tt-detail-full:focus-visible ~ .tt-detail-switch [for="tt-detail-full"], #tt-detail-focused:focus-visible ~ .tt-detail-switch [for="tt-detail-focused"], #tt-detail-prompts:focus-visible ~ .tt-detail-switch [for="tt-detail-prompts"] { outline: 2px solid var(--accent); }
            #tt-detail-prompts:checked ~ .tt-row:not(.tt-user) { display: none; }
            #tt-detail-focused:checked ~ .tt-row details.tt-tool > :not(summary), #tt-detail-focused:checked ~ .tt-row details.tt-reasoning > :not(summary), #tt-detail-focused:checked ~ .tt-row .tt-tool > .tt-tool-summary { display: none; }
            details.tt-tool[open] > summary > .tt-command { display: none; }
            #tt-detail-focused:checked ~ .tt-row details.tt-tool > summary > .tt-command { display: inline; }

        """
}
