// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Teletype",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Teletype", targets: ["Teletype"]),
        .library(name: "TeletypeMarkdown", targets: ["TeletypeMarkdown"]),
        .library(name: "TeletypeTranscripts", targets: ["TeletypeTranscripts"]),
        .library(name: "TeletypeSessions", targets: ["TeletypeSessions"]),
        .library(name: "TeletypeTransports", targets: ["TeletypeTransports"]),
        .library(name: "TeletypeLayout", targets: ["TeletypeLayout"]),
        .library(name: "TeletypeANSI", targets: ["TeletypeANSI"]),
        .library(name: "TeletypeHTML", targets: ["TeletypeHTML"]),
        .library(name: "TeletypeA2UI", targets: ["TeletypeA2UI"]),
        .library(name: "TeletypeArchive", targets: ["TeletypeArchive"]),
        .library(name: "TeletypeSnapshotTesting", targets: ["TeletypeSnapshotTesting"]),
        .executable(name: "teletype", targets: ["teletype"]),
        .executable(name: "teletype-agent", targets: ["teletype-agent"]),
        .executable(name: "teletype-bench", targets: ["teletype-bench"]),
        .executable(name: "teletype-fuzz", targets: ["teletype-fuzz"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .target(name: "CCmarkSupport"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "CSearchTokenizer", dependencies: ["CSQLite"]),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        .target(name: "TeletypeMarkdown", dependencies: ["CCmarkGFM", "CCmarkSupport"]),
        .target(name: "Teletype", dependencies: ["CCmarkSupport"]),
        .target(name: "TeletypeTranscripts", dependencies: ["Teletype", "TeletypeMarkdown", "CCmarkSupport"]),
        .target(
            name: "TeletypeSessions",
            dependencies: [
                "Teletype", "TeletypeMarkdown", "TeletypeTranscripts", "CCmarkSupport", "CSQLite", "CSearchTokenizer",
                "CZstd",
            ]),
        .target(name: "TeletypeTransports", dependencies: ["Teletype", "TeletypeTranscripts"]),
        .target(name: "TeletypeLayout", dependencies: ["Teletype", "TeletypeMarkdown"]),
        .target(name: "TeletypeANSI", dependencies: ["TeletypeLayout", "CZlib"]),
        .target(name: "TeletypeHTML", dependencies: ["TeletypeLayout", "CCmarkSupport"]),
        .target(
            name: "TeletypeA2UI", dependencies: ["Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeHTML"]),
        .target(
            name: "TeletypeArchive",
            dependencies: [
                "CCmarkSupport", "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeHTML",
                "TeletypeTranscripts", "TeletypeSessions",
            ]),
        .target(name: "TeletypeTestSupport", dependencies: ["CSQLite"], path: "Sources/TeletypeTestSupport"),
        .target(
            name: "TeletypeSnapshotTesting",
            dependencies: ["Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML"]),
        .target(
            name: "TeletypeCommandLine",
            dependencies: [
                "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML", "TeletypeTranscripts",
                "TeletypeSessions", "TeletypeA2UI", "TeletypeArchive",
            ]
        ),
        .executableTarget(name: "teletype", dependencies: ["TeletypeCommandLine"]),
        .executableTarget(
            name: "teletype-agent",
            dependencies: [
                "TeletypeCommandLine", "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML",
                "TeletypeTransports", "TeletypeArchive", "TeletypeA2UI",
            ],
            // FoundationNetworking's static library leaves libcurl to the link (`make install` links
            // the Swift libraries in); Debian's libcurl4-openssl-dev has it.
            linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "TeletypeFuzzing",
            dependencies: [
                "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML", "TeletypeTransports",
                "TeletypeSessions", "TeletypeSnapshotTesting", "TeletypeTestSupport", "TeletypeA2UI",
            ]),
        .executableTarget(name: "teletype-fuzz", dependencies: ["TeletypeFuzzing"], path: "Fuzz/teletype-fuzz"),
        .executableTarget(
            name: "teletype-bench",
            dependencies: [
                "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML", "TeletypeTestSupport",
                "TeletypeSessions", "TeletypeCommandLine",
            ],
            path: "Benchmarks/teletype-bench"
        ),
        .testTarget(
            name: "TeletypeMarkdownTests", dependencies: ["TeletypeMarkdown", "TeletypeLayout", "TeletypeTestSupport"]),
        .testTarget(
            name: "TeletypeANSITests", dependencies: ["TeletypeANSI", "TeletypeSnapshotTesting", "TeletypeTestSupport"]),
        .testTarget(name: "TeletypeHTMLTests", dependencies: ["TeletypeHTML", "TeletypeTestSupport"]),
        .testTarget(name: "TeletypeStateTests", dependencies: ["Teletype", "TeletypeLayout", "TeletypeTestSupport"]),
        .testTarget(
            name: "TeletypeTransportsTests",
            dependencies: ["TeletypeTransports", "TeletypeTranscripts", "TeletypeTestSupport"]),
        .testTarget(
            name: "TeletypeConversationTests",
            dependencies: [
                "TeletypeANSI", "TeletypeHTML", "TeletypeTransports", "TeletypeTranscripts", "TeletypeSessions",
                "TeletypeSnapshotTesting", "TeletypeTestSupport", "TeletypeArchive",
            ]),
        .testTarget(name: "TeletypeFuzzingTests", dependencies: ["TeletypeFuzzing", "TeletypeTestSupport"]),
        .testTarget(
            name: "TeletypeA2UITests",
            dependencies: [
                "TeletypeA2UI", "TeletypeANSI", "TeletypeHTML", "TeletypeLayout", "TeletypeSnapshotTesting",
                "TeletypeTestSupport", "TeletypeCommandLine",
            ]),
        .testTarget(
            name: "TeletypeCLITests",
            dependencies: [
                "teletype", "teletype-agent", "TeletypeTestSupport", "TeletypeSnapshotTesting", "TeletypeCommandLine",
                "TeletypeSessions",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
