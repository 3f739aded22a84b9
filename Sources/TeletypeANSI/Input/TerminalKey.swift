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
    case tab
    case backspace
    /// Forward delete.
    case delete
    case escape
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// A word to the left or right: Alt-B/Alt-F, Ctrl- or Alt-arrows.
    case wordLeft, wordRight
    /// Ctrl and a letter (`a`…`z`), other than the ones with their own case (Ctrl-I is tab, Ctrl-M
    /// enter, Ctrl-H backspace, Ctrl-[ escape).
    case control(Character)
    /// Alt (Meta) and a character.
    case alt(Character)
}
