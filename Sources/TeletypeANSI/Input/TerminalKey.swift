/// A key (or a paste) read from a terminal in raw mode.
public enum TerminalKey: Sendable, Equatable {
    /// Text typed: a printable character.
    case character(Character)
    /// Text pasted at once (bracketed paste), newlines kept.
    case paste(String)
    /// Enter (Return).
    case enter
    /// A new line without sending: Alt-Enter, or Shift-Enter where the terminal reports it.
    case newline
    /// Tab (also Ctrl-I).
    case tab
    /// Backspace: delete the character before the cursor (also Ctrl-H).
    case backspace
    /// Forward delete.
    case delete
    /// Escape, on its own (also Ctrl-[).
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home: the start of the line.
    case home
    /// End: the end of the line.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// A word to the left or right: Alt-B/Alt-F, Ctrl- or Alt-arrows.
    case wordLeft, wordRight
    /// Ctrl and a letter (`a`…`z`), other than the ones with their own case (Ctrl-I is tab, Ctrl-M
    /// enter, Ctrl-H backspace, Ctrl-[ escape).
    case control(Character)
    /// Alt (Meta) and a character.
    case alt(Character)
    /// The mouse wheel turned up or down a notch (reported once mouse reporting is on, SGR mode).
    case scrollUp, scrollDown
}
