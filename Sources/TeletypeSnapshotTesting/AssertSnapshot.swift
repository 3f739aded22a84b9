import Foundation
import Teletype
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Compares `value`, snapshotted `as` a strategy, with its reference file, and records a test
/// failure (in Swift Testing or XCTest) when they differ: the failure names the file and shows a
/// unified diff; the new rendering is written beside the reference as `.new`.
///
/// The reference is `Snapshots/<TestFile>/<testName>[.<name>].<ext>` under the package root (the
/// nearest folder above the test file that holds `Package.swift`), or under `snapshotDirectory`.
/// Give each snapshot of one test (and of each argument of a parameterised test) its own `name`.
public func assertSnapshot<Value>(
    of value: Value, as strategy: Snapshotting<Value>, named name: String? = nil, record: SnapshotRecordMode? = nil,
    snapshotDirectory: URL? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: Int = #column
) {
    guard
        let failure = verifySnapshot(
            of: value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
            filePath: "\(filePath)", testName: testName)
    else { return }
    SnapshotFailureReporter.report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A message (a Markdown string) snapshotted as the conversation view shows it.
public func assertSnapshot(
    of message: some AIMessage, as strategy: Snapshotting<[any AIMessage]>, named name: String? = nil,
    record: SnapshotRecordMode? = nil, snapshotDirectory: URL? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: Int = #column
) {
    assertSnapshot(
        of: [message] as [any AIMessage], as: strategy, named: name, record: record,
        snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath, testName: testName, line: line,
        column: column)
}

/// A conversation snapshotted as its view shows it now.
@MainActor
public func assertSnapshot<Message: AIMessage>(
    of conversation: AIConversation<Message>, as strategy: Snapshotting<ConversationSnapshot>,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil, snapshotDirectory: URL? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: Int = #column
) {
    assertSnapshot(
        of: ConversationSnapshot(conversation: conversation), as: strategy, named: name, record: record,
        snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath, testName: testName, line: line,
        column: column)
}

/// Compares like `assertSnapshot(of:as:named:record:snapshotDirectory:fileID:filePath:testName:line:column:)`
/// and returns the failure message instead of recording it; `nil` when the snapshot matches (or was
/// recorded where recording does not fail).
public func verifySnapshot<Value>(
    of value: Value, as strategy: Snapshotting<Value>, named name: String? = nil, record: SnapshotRecordMode? = nil,
    snapshotDirectory: URL? = nil, filePath: String = #filePath, testName: String = #function
) -> String? {
    let mode = record ?? SnapshotRecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
    let testFile = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
    let directory =
        snapshotDirectory
        ?? SnapshotPaths.packageRoot(of: filePath).appendingPathComponent("Snapshots")
        .appendingPathComponent(testFile)
    let test = String(testName.prefix { $0 != "(" })
    let fileName = ([test] + (name.map { [$0] } ?? []) + [strategy.pathExtension]).joined(separator: ".")
    let url = directory.appendingPathComponent(fileName)
    let actual = strategy.snapshot(value)
    let reference = try? String(contentsOf: url, encoding: .utf8)
    let newURL = url.appendingPathExtension("new")
    func write() -> String? {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(at: newURL)
            return nil
        } catch {
            return "could not write the snapshot \(url.path): \(error.localizedDescription)"
        }
    }
    switch (reference, mode) {
    case (nil, .never):
        return "no reference snapshot at \(url.path) (record mode never: it is not written under CI; "
            + "record it with TELETYPE_SNAPSHOT_RECORD=missing)"
    case (nil, _):
        if let problem = write() { return problem }
        return mode == .all ? "recorded \(url.path) (record mode all): look at it, then run again" : nil
    case (let reference?, _) where reference == actual:
        try? FileManager.default.removeItem(at: newURL)
        return mode == .all ? (write() ?? "re-recorded \(url.path) (record mode all): it had not changed") : nil
    case (let reference?, _):
        let diff = LineDiff.unified(reference, actual)
        if mode == .all || mode == .failed {
            if let problem = write() { return problem }
            return "snapshot \(url.path) did not match and was re-recorded (record mode \(mode.rawValue)):\n\(diff)"
        }
        try? actual.write(to: newURL, atomically: true, encoding: .utf8)
        return
            "snapshot \(url.path) does not match (- reference, + now; the new rendering is in \(newURL.lastPathComponent)):\n\(diff)"
    }
}

/// Where snapshots live.
enum SnapshotPaths {
    /// The nearest folder above `filePath` holding `Package.swift`, else the file's folder.
    static func packageRoot(of filePath: String) -> URL {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: filePath).deletingLastPathComponent()
    }
}

/// Records a failure in whichever framework runs the test.
enum SnapshotFailureReporter {
    static func report(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: Int) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: column)
            )
            return
        }
        #if canImport(XCTest)
            XCTFail(message, file: filePath, line: line)
        #else
            FileHandle.standardError.write(Data("\(filePath):\(line): \(message)\n".utf8))
        #endif
    }
}
