// swift-tools-version:6.0
import PackageDescription

// An app-side package that uses stategen's output as a library: `make generate` writes the
// `Controls` API from ../UIKitControls/controls.yml into Sources/UIKitControls/Generated, the
// library adds a hand-written helper over it, and a second module (the tests) uses it through its
// public API only.
let package = Package(
    name: "ControlGallery",
    products: [
        .library(name: "UIKitControls", targets: ["UIKitControls"]),
    ],
    targets: [
        // Generated/Controls.swift (stategen's output) and the hand-written ControlGallery.swift.
        .target(
            name: "UIKitControls",
            path: "Sources/UIKitControls",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
        .testTarget(
            name: "ControlGalleryTests",
            dependencies: ["UIKitControls"],
            path: "Tests/ControlGalleryTests",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
