import Teletype
import TeletypeTranscripts

/// A conversation kept as a tree, as chat apps keep one: a prompt edited or a reply regenerated
/// adds a sibling under the same parent. What is shown is the path from the root to the node the
/// app last showed (`current`); every other version hangs off a branch point on that path, and
/// its own versions off branch points of its own, so that every node of the tree is reachable
/// from the conversation shown. A broken tree — a parent that is not there, a cycle, a current
/// node that is not in it — is shown as far as it goes, with a warning.
struct ConversationTree {
    /// The nodes' ids, parents and children (by index), in the order the app keeps them.
    private(set) var ids: [String] = []
    private(set) var parents: [Int?] = []
    private(set) var children: [[Int]] = []
    private var byID: [String: Int] = [:]
    private var uniqueLengths: [Int] = []
    /// What is wrong with the tree, in words (one line each).
    private(set) var warnings: [String] = []

    /// How deep versions of versions are followed; deeper ones are counted in a warning.
    static let maximumNesting = 32

    /// A tree of `nodes`: each with its id, its parent's id, and (where the format lists them) its
    /// children's ids; without them, a node's children are the nodes naming it as parent, in order.
    init(nodes: [(id: String, parent: String?, children: [String]?)]) {
        var index: [String: Int] = [:]
        index.reserveCapacity(nodes.count)
        for node in nodes where index[node.id] == nil {
            index[node.id] = ids.count
            ids.append(node.id)
        }
        byID = index
        parents = Array(repeating: nil, count: ids.count)
        children = Array(repeating: [], count: ids.count)
        var missingParents = 0
        var seen = Set<Int>()
        for node in nodes {
            guard let number = index[node.id], seen.insert(number).inserted else { continue }
            if let parent = node.parent {
                if let parentNumber = index[parent], parentNumber != number {
                    parents[number] = parentNumber
                } else {
                    missingParents += 1
                }
            }
        }
        if nodes.contains(where: { $0.children != nil }) {
            // The listed children, where they name nodes whose parent is this one.
            seen.removeAll()
            for node in nodes {
                guard let number = index[node.id], seen.insert(number).inserted else { continue }
                var listed = Set<Int>()
                for child in node.children ?? [] {
                    guard let childNumber = index[child], parents[childNumber] == number,
                        listed.insert(childNumber).inserted
                    else { continue }
                    children[number].append(childNumber)
                }
            }
            // A node whose parent does not list it comes after the listed ones.
            for (number, parent) in parents.enumerated() {
                if let parent, !children[parent].contains(number) { children[parent].append(number) }
            }
        } else {
            for (number, parent) in parents.enumerated() { if let parent { children[parent].append(number) } }
        }
        uniqueLengths = Self.uniqueLengths(ids)
        if missingParents > 0 {
            warnings.append(
                missingParents == 1
                    ? "a message's parent is not in the conversation"
                    : "\(missingParents) messages' parents are not in the conversation")
        }
    }

    /// The newest leaf below `start`: the last child, each step down.
    func latestLine(from start: Int) -> [Int] {
        var line = [start]
        var seen: Set<Int> = [start]
        var current = start
        while let next = children[current].last, seen.insert(next).inserted {
            line.append(next)
            current = next
        }
        return line
    }

    /// What `--branch` takes to name a node: the shortest start of its id, of eight characters or
    /// more, that no other node's id starts with (a short id whole).
    func selector(_ number: Int) -> String {
        let id = ids[number]
        guard id.count > 12 else { return id }
        return String(id.prefix(max(8, uniqueLengths[number])))
    }

    /// For each node, how many characters of its id no other id starts with: one more than the
    /// longest start it shares with its neighbours in sorted order (found once, in n log n).
    private static func uniqueLengths(_ ids: [String]) -> [Int] {
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        func shared(_ a: String, _ b: String) -> Int {
            zip(a, b).prefix { $0 == $1 }.count
        }
        var lengths = Array(repeating: 1, count: ids.count)
        for (position, number) in order.enumerated() {
            var longest = 0
            if position > 0 { longest = max(longest, shared(ids[number], ids[order[position - 1]])) }
            if position + 1 < order.count { longest = max(longest, shared(ids[number], ids[order[position + 1]])) }
            lengths[number] = min(ids[number].count, longest + 1)
        }
        return lengths
    }

    /// The leaf a `--branch` selector leads to: the newest leaf below the node it names (its id, a
    /// prefix of it naming one node, or one of `aliases`, each node's other id). Nil when it names
    /// none; throws when it names more than one.
    func leaf(for selector: String, aliases: [String] = []) throws(ChatExportSelectionError) -> String? {
        var found: Int?
        if let exact = byID[selector] {
            found = exact
        } else if let alias = aliases.firstIndex(of: selector), alias < ids.count {
            found = alias
        } else {
            let matching = ids.indices.filter {
                ids[$0].hasPrefix(selector) || (($0 < aliases.count) && aliases[$0].hasPrefix(selector))
            }
            if matching.count > 1 {
                throw ChatExportSelectionError(
                    message: "'\(selector)' is the start of \(matching.count) messages' ids: give more of it")
            }
            found = matching.first
        }
        guard let found, !selector.isEmpty else { return nil }
        return latestLine(from: found).last.map { ids[$0] }
    }

    /// The path from the root to `current` (to the newest leaf when `current` is nil or not in the
    /// tree, with a warning for the latter).
    mutating func shownPath(to current: String?) -> [Int] {
        guard !ids.isEmpty else { return [] }
        var end: Int
        if let current, let number = byID[current] {
            end = number
        } else {
            if current != nil { warnings.append("its current message is not in the conversation: the newest is shown") }
            // The newest leaf of the tree holding the last node.
            var root = ids.count - 1
            var seen: Set<Int> = [root]
            while let parent = parents[root], seen.insert(parent).inserted { root = parent }
            end = latestLine(from: root).last ?? root
        }
        var path = [end]
        var seen: Set<Int> = [end]
        while let parent = parents[path[path.count - 1]] {
            guard seen.insert(parent).inserted else {
                warnings.append("its messages' parents form a cycle: it is shown from where the cycle closes")
                break
            }
            path.append(parent)
        }
        return path.reversed()
    }

    /// The messages of `line` (nodes in order, from the root or a branch point down), with a
    /// branch point wherever a node on it has more than one child: `make` makes the messages of
    /// a run of nodes, `reason` says why a version was made (from its first node).
    mutating func messages(
        along line: [Int], nesting: Int = 0, make: ([Int]) -> [Message], reason: (Int) -> String?
    ) -> [Message] {
        var result: [Message] = []
        var run: [Int] = []
        var pending: AIBranchPoint?
        var unshown = 0
        func closeRun() {
            var made = make(run)
            run.removeAll()
            guard !made.isEmpty else { return }
            if let branch = pending {
                made[0].branchPoint = branch
                pending = nil
            }
            result += made
        }
        for (position, node) in line.enumerated() {
            if position > 0, let parent = parents[node], parent == line[position - 1], children[parent].count > 1 {
                // The versions under the parent: this one, and the others each with what follows it.
                closeRun()
                var alternatives: [[Message]] = []
                var selectors: [String] = []
                var version = 1
                var passed = false
                for sibling in children[parent] {
                    if sibling == node {
                        passed = true
                        continue
                    }
                    if nesting >= Self.maximumNesting {
                        unshown += 1
                        continue
                    }
                    let shown = messages(
                        along: latestLine(from: sibling), nesting: nesting + 1, make: make, reason: reason)
                    guard !shown.isEmpty else { continue }
                    alternatives.append(shown)
                    selectors.append(selector(sibling))
                    if !passed { version += 1 }
                }
                if !alternatives.isEmpty {
                    pending = AIBranchPoint(
                        version: version, count: alternatives.count + 1, alternatives: alternatives,
                        reason: reason(node), selectors: selectors)
                }
            }
            run.append(node)
        }
        closeRun()
        if unshown > 0 {
            warnings.append("\(unshown) versions nested more than \(Self.maximumNesting) deep are not shown")
        }
        return result
    }
}
