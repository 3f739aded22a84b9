// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Teletype",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Teletype", targets: ["Teletype"]),
        .library(name: "TeletypeMarkdown", targets: ["TeletypeMarkdown"]),
        .library(name: "TeletypeTransports", targets: ["TeletypeTransports"]),
        .library(name: "TeletypeLayout", targets: ["TeletypeLayout"]),
        .library(name: "TeletypeANSI", targets: ["TeletypeANSI"]),
        .library(name: "TeletypeHTML", targets: ["TeletypeHTML"]),
        .library(name: "TeletypeSnapshotTesting", targets: ["TeletypeSnapshotTesting"]),
        .executable(name: "teletype", targets: ["teletype"]),
        .executable(name: "teletype-bench", targets: ["teletype-bench"]),
        .executable(name: "teletype-fuzz", targets: ["teletype-fuzz"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .target(name: "TeletypeMarkdown", dependencies: ["CCmarkGFM"]),
        .target(name: "Teletype"),
        .target(name: "TeletypeTransports", dependencies: ["Teletype"]),
        .target(name: "TeletypeLayout", dependencies: ["Teletype", "TeletypeMarkdown"]),
        .target(name: "TeletypeANSI", dependencies: ["TeletypeLayout"]),
        .target(name: "TeletypeHTML", dependencies: ["TeletypeLayout"]),
        .target(name: "TeletypeTestSupport", path: "Sources/TeletypeTestSupport"),
        .target(
            name: "TeletypeSnapshotTesting",
            dependencies: ["Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML"]),
        .executableTarget(
            name: "teletype",
            dependencies: [
                "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML", "TeletypeTransports",
            ]
        ),
        .target(
            name: "TeletypeFuzzing",
            dependencies: [
                "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML", "TeletypeTransports",
                "TeletypeSnapshotTesting", "TeletypeTestSupport",
            ]),
        .executableTarget(name: "teletype-fuzz", dependencies: ["TeletypeFuzzing"], path: "Fuzz/teletype-fuzz"),
        .executableTarget(
            name: "teletype-bench",
            dependencies: ["Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML"],
            path: "Benchmarks/teletype-bench"
        ),
        .testTarget(
            name: "TeletypeMarkdownTests", dependencies: ["TeletypeMarkdown", "TeletypeLayout", "TeletypeTestSupport"]),
        .testTarget(
            name: "TeletypeANSITests", dependencies: ["TeletypeANSI", "TeletypeSnapshotTesting", "TeletypeTestSupport"]),
        .testTarget(name: "TeletypeHTMLTests", dependencies: ["TeletypeHTML", "TeletypeTestSupport"]),
        .testTarget(name: "TeletypeStateTests", dependencies: ["Teletype", "TeletypeLayout", "TeletypeTestSupport"]),
        .testTarget(name: "TeletypeTransportsTests", dependencies: ["TeletypeTransports", "TeletypeTestSupport"]),
        .testTarget(
            name: "TeletypeConversationTests",
            dependencies: [
                "TeletypeANSI", "TeletypeHTML", "TeletypeTransports", "TeletypeSnapshotTesting", "TeletypeTestSupport",
            ]),
        .testTarget(name: "TeletypeFuzzingTests", dependencies: ["TeletypeFuzzing", "TeletypeTestSupport"]),
        .testTarget(
            name: "TeletypeCLITests", dependencies: ["teletype", "TeletypeTestSupport", "TeletypeSnapshotTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
