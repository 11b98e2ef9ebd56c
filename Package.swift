// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gridlayout",
    products: [
        .library(name: "GridLayout", targets: ["GridLayout"]),
        .executable(name: "gridexample", targets: ["gridexample"]),
        .executable(name: "gridbench", targets: ["gridbench"]),
    ],
    targets: [
        // The engine: pure Swift, no Foundation, imports nothing of ours.
        .target(name: "GridLayout", linkerSettings: [.linkedLibrary("m")]),
        // Prints a grid's visible items (the main job until gridrepl exists).
        .executableTarget(name: "gridexample", dependencies: ["GridLayout"]),
        // Benchmarks of the hot paths; run with `swift run -c release gridbench`.
        .executableTarget(name: "gridbench", dependencies: ["GridLayout"]),
        // Helpers shared by the test targets: brute-force model, random data, fixtures.
        .target(name: "GridLayoutTestSupport", dependencies: ["GridLayout"],
                path: "Tests/GridLayoutTestSupport"),
        .testTarget(name: "GridLayoutTests", dependencies: ["GridLayout", "GridLayoutTestSupport"]),
    ]
)
