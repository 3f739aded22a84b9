/// A unified diff of two texts, line by line, with three lines of context around each change.
public enum LineDiff {
    /// The diff from `old` to `new` (`-` lines only in `old`, `+` lines only in `new`), under
    /// `@@ -line,count +line,count @@` headers; empty when they are equal.
    public static func unified(_ old: String, _ new: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a != b else { return "" }
        let edits = script(a, b)
        // Each change with `context` lines around it; runs that touch make one hunk.
        let changes = edits.indices.filter { edits[$0].kind != " " }
        var included = Array(repeating: false, count: edits.count)
        for change in changes {
            for index in max(0, change - context)...min(edits.count - 1, change + context) { included[index] = true }
        }
        var hunks: [[(kind: Character, text: String, old: Int, new: Int)]] = []
        var current: [(kind: Character, text: String, old: Int, new: Int)] = []
        for (index, edit) in edits.enumerated() {
            if included[index] {
                current.append(edit)
            } else if !current.isEmpty {
                hunks.append(current)
                current = []
            }
        }
        if !current.isEmpty { hunks.append(current) }
        var out = ""
        for hunk in hunks {
            let oldLines = hunk.filter { $0.kind != "+" }
            let newLines = hunk.filter { $0.kind != "-" }
            let oldStart = (oldLines.first?.old ?? hunk.first?.old ?? 0) + 1
            let newStart = (newLines.first?.new ?? hunk.first?.new ?? 0) + 1
            out += "@@ -\(oldStart),\(oldLines.count) +\(newStart),\(newLines.count) @@\n"
            for line in hunk { out += "\(line.kind)\(line.text)\n" }
        }
        return out
    }

    /// The shortest edit script: each line kept (" "), removed ("-") or added ("+"), with its
    /// position in each text.
    static func script(_ a: [String], _ b: [String]) -> [(kind: Character, text: String, old: Int, new: Int)] {
        // Common ends first, so a long snapshot with a small change stays cheap.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        var result: [(kind: Character, text: String, old: Int, new: Int)] = []
        for index in 0..<prefix { result.append((" ", a[index], index, index)) }
        if midA.count * midB.count <= 4_000_000 {
            // Longest common subsequence of the middles.
            var table = Array(repeating: Array(repeating: 0, count: midB.count + 1), count: midA.count + 1)
            for i in stride(from: midA.count - 1, through: 0, by: -1) {
                for j in stride(from: midB.count - 1, through: 0, by: -1) {
                    table[i][j] = midA[i] == midB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < midA.count || j < midB.count {
                if i < midA.count, j < midB.count, midA[i] == midB[j] {
                    result.append((" ", midA[i], prefix + i, prefix + j))
                    i += 1
                    j += 1
                } else if j < midB.count, i == midA.count || table[i][j + 1] >= table[i + 1][j] {
                    result.append(("+", midB[j], prefix + i, prefix + j))
                    j += 1
                } else {
                    result.append(("-", midA[i], prefix + i, prefix + j))
                    i += 1
                }
            }
        } else {
            for (offset, line) in midA.enumerated() { result.append(("-", line, prefix + offset, prefix)) }
            for (offset, line) in midB.enumerated() { result.append(("+", line, prefix + midA.count, prefix + offset)) }
        }
        for index in 0..<suffix {
            result.append((" ", a[a.count - suffix + index], a.count - suffix + index, b.count - suffix + index))
        }
        return result
    }
}
