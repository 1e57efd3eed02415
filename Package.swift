// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stategen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stategen", targets: ["stategen"]),
        .library(name: "StategenCore", targets: ["StategenCore"]),
    ],
    targets: [
        // libyaml, the YAML parser under the YAML reader (Debian: libyaml-dev; Homebrew: libyaml).
        .systemLibrary(
            name: "CYAML",
            path: "Sources/CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The pipeline: YAML reader, spec decoder, validator, context builder, renderer, writer.
        .target(
            name: "StategenCore",
            dependencies: ["CYAML"],
            swiftSettings: [
                .unsafeFlags(["-warnings-as-errors"]),
                // Release builds skip the run-time exclusivity checks of class properties (3% of a
                // large run's instructions); debug builds, which the tests run, keep them.
                .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
            ]
        ),
        // The command-line front end: argument parsing and subcommands over StategenCore.
        .executableTarget(
            name: "stategen",
            dependencies: ["StategenCore"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
        .testTarget(
            name: "StategenTests",
            dependencies: ["StategenCore", "stategen"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
