// swift-tools-version:6.0
import PackageDescription

// Start-up of the release binary on Linux, which a build pays on every run (README, Usage).
// With `--static-swift-stdlib` the binary carries the Swift runtime and Foundation; before any
// code runs, the dynamic loader applied 75,000 relocations to it and bound about 1,700 symbols
// of the shared libstdc++ to themselves: most of `stategen --version`'s 4 ms.
// - `-no-pie`: a position-dependent executable, whose addresses the static linker fills in, so
//   the loader relocates nothing in it (its libraries, heap and stack are still placed at
//   random; the executable's own code and data are not).
// - `Linker/`: links libstdc++ statically when the Swift driver asks for it (static stdlib
//   builds only; see Linker/libstdc++.so).
// Both together took a no-op `generate` of the example from 5.33 ms to 3.83 ms (--version
// 4.16 ms to 2.49 ms; `true`: 1.04 ms).
let releaseLinkFlags = ["-Xclang-linker", "-no-pie", "-L", Context.packageDirectory + "/Linker"]

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
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            linkerSettings: [.unsafeFlags(releaseLinkFlags, .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(
            name: "StategenTests",
            dependencies: ["StategenCore", "stategen"],
            exclude: ["Fixtures", "Reference"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
