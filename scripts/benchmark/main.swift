// scripts/benchmark-generated's runtime benchmark: the generated Controls.ToggleButton against
// HandWritten.swift, in one binary built with -O, on the same pseudo-random inputs, interleaved
// so that machine noise hits both alike. Prints nanoseconds per operation, the ratio, and the
// heap allocations counted (through LD_PRELOAD=count-allocations.so) in each timed loop.
#if canImport(Glibc)
import Glibc
#endif
// With --cross-module, the generated code is a module of its own.
#if canImport(DesignSystem)
import DesignSystem
#endif

typealias Kind = Controls.ToggleButton

/// The allocations counted so far, or nil when the counting library is not preloaded.
func allocationCount() -> UInt? {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "stategen_allocation_count") else { return nil }
    return symbol.assumingMemoryBound(to: UInt.self).pointee
}

/// A fixed pseudo-random sequence (64-bit LCG), so both sides see the same inputs.
func indices(_ count: Int, below limit: Int, seed: UInt64) -> [Int] {
    var x = seed
    return (0..<count).map { _ in
        x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((x >> 33) % UInt64(limit))
    }
}

let length = 4096
let eventIndices = indices(length, below: 8, seed: 1)
let stateIndices = indices(length, below: 4, seed: 2)
let allHandEvents: [HandEvent] = [
    .touchDown, .touchUpInside, .touchUpOutside, .touchCancel, .disable, .enable, .select, .deselect,
]

/// A plausible stream of UI events: nine times in ten an event the control handles in its current
/// state (a touch goes down, then up; a disabled control gets enabled), else any event.
func plausibleIndices(_ count: Int, seed: UInt64) -> [Int] {
    let dice = indices(count * 2, below: 1000, seed: seed)
    var machine = HandMachine()
    return (0..<count).map { step in
        var handled = allHandEvents.indices.filter { index in
            var copy = machine
            if case .moved = copy.send(allHandEvents[index]) { return true }
            return false
        }
        if dice[2 * step] >= 900 || handled.isEmpty { handled = Array(allHandEvents.indices) }
        let index = handled[dice[2 * step + 1] % handled.count]
        _ = machine.send(allHandEvents[index])
        return index
    }
}

let generatedEvents = eventIndices.map { Array(Kind.Event.allCases)[$0] }
let handEvents = eventIndices.map { allHandEvents[$0] }
let plausible = plausibleIndices(length, seed: 3)
let generatedPlausible = plausible.map { Array(Kind.Event.allCases)[$0] }
let handPlausible = plausible.map { allHandEvents[$0] }
let generatedStates = stateIndices.map { Array(Kind.State.allCases)[$0] }
let handStates: [HandState] = stateIndices.map { [.normal, .highlighted, .disabled, .selected][$0] }

@inline(never)
func transitionsGenerated(_ rounds: Int, _ events: [Kind.Event]) -> Int {
    var machine = Kind.Machine()
    var moved = 0
    for _ in 0..<rounds {
        for event in events {
            if case .moved = machine.send(event) { moved &+= 1 }
        }
    }
    return moved &+ (machine.state == .selected ? 1 : 0)
}

@inline(never)
func transitionsHand(_ rounds: Int, _ events: [HandEvent]) -> Int {
    var machine = HandMachine()
    var moved = 0
    for _ in 0..<rounds {
        for event in events {
            if case .moved = machine.send(event) { moved &+= 1 }
        }
    }
    return moved &+ (machine.state == .selected ? 1 : 0)
}

@inline(never)
func resolveOneGenerated(_ rounds: Int, _ label: Kind.LabelAttributes) -> Double {
    var sum = 0.0
    for _ in 0..<rounds {
        for state in generatedStates { sum += label.titleColor[state].alpha }
    }
    return sum
}

@inline(never)
func resolveOneHand(_ rounds: Int, _ label: HandLabel) -> Double {
    var sum = 0.0
    for _ in 0..<rounds {
        for state in handStates { sum += label.titleColor[state].alpha }
    }
    return sum
}

@inline(never)
func resolveSetGenerated(_ rounds: Int, _ label: Kind.LabelAttributes) -> Double {
    var sum = 0.0
    for _ in 0..<rounds {
        for state in generatedStates {
            let resolved = label.resolved(for: state)
            sum += resolved.titleColor.alpha + (resolved.underline ? 1 : 0) + (resolved.font.size ?? 1)
        }
    }
    return sum
}

@inline(never)
func resolveSetHand(_ rounds: Int, _ label: HandLabel) -> Double {
    var sum = 0.0
    for _ in 0..<rounds {
        for state in handStates {
            let resolved = label.resolved(for: state)
            sum += resolved.titleColor.alpha + (resolved.underline ? 1 : 0) + (resolved.font.size ?? 1)
        }
    }
    return sum
}

/// Runs `body` and returns (nanoseconds per operation, allocations during the run).
func measure(_ operations: Int, _ body: () -> Double) -> (Double, UInt?, Double) {
    let before = allocationCount()
    let clock = ContinuousClock()
    var result = 0.0
    let elapsed = clock.measure { result = body() }
    let after = allocationCount()
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return (nanoseconds / Double(operations), before.flatMap { b in after.map { $0 - b } }, result)
}

let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 2000
let repeats = 9
let label = Kind.LabelAttributes.spec
let hand = HandLabel.spec

struct Row {
    var name: String
    var generated: () -> Double
    var hand: () -> Double
}

let rows = [
    Row(
        name: "transition, random events", generated: { Double(transitionsGenerated(rounds, generatedEvents)) },
        hand: { Double(transitionsHand(rounds, handEvents)) }),
    Row(
        name: "transition, plausible events",
        generated: { Double(transitionsGenerated(rounds, generatedPlausible)) },
        hand: { Double(transitionsHand(rounds, handPlausible)) }),
    Row(name: "resolve one attribute", generated: { resolveOneGenerated(rounds, label) }, hand: { resolveOneHand(rounds, hand) }),
    Row(name: "resolve a set (3 attributes)", generated: { resolveSetGenerated(rounds, label) }, hand: { resolveSetHand(rounds, hand) }),
]

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}
func format(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return "\(scaled)"
}

print("Runtime: Controls.ToggleButton (generated) against HandWritten.swift, swiftc -O, \(rounds) x \(length) operations per run, median of \(repeats) interleaved runs")
print("(random events: uniform over the 8 events, most of them unhandled; plausible: 9 in 10 handled in the current state)")
print(pad("operation", 30) + padLeft("generated ns/op", 17) + padLeft("hand ns/op", 12) + padLeft("ratio", 8) + padLeft("allocations (gen/hand)", 25))
for row in rows {
    var generated: [Double] = [], handTimes: [Double] = []
    var generatedAllocations: UInt = 0, handAllocations: UInt = 0, counted = true
    var checksum = (0.0, 0.0)
    for _ in 0..<repeats {
        let g = measure(rounds * length, row.generated)
        let h = measure(rounds * length, row.hand)
        generated.append(g.0)
        handTimes.append(h.0)
        if let a = g.1, let b = h.1 { generatedAllocations += a; handAllocations += b } else { counted = false }
        checksum = (g.2, h.2)
    }
    let g = generated.sorted()[repeats / 2], h = handTimes.sorted()[repeats / 2]
    print(pad(row.name, 30) + padLeft(format(g), 17) + padLeft(format(h), 12) + padLeft(format(g / h) + "x", 8)
        + padLeft(counted ? "\(generatedAllocations) / \(handAllocations)" : "not counted", 25))
    precondition(checksum.0 == checksum.1, "\(row.name): the two sides computed \(checksum.0) and \(checksum.1)")
}

// The counter's control: code that does allocate (an array whose size is known only at run
// time, kept alive), so that the zeros above are a measurement, not a counter that never counts.
@inline(never)
func allocatingControl(_ count: Int) -> Int {
    var kept: [[Int]] = []
    for size in 1...count { kept.append(Array(repeating: size, count: size + rounds % 7)) }
    return kept.reduce(0) { $0 &+ $1.count }
}

if let before = allocationCount() {
    let checksum = allocatingControl(1000)
    let after = allocationCount() ?? before
    print("control: building 1000 arrays of run-time sizes counted \(after - before) allocations (checksum \(checksum))")
} else {
    print("allocations were not counted: run with LD_PRELOAD=count-allocations.so (scripts/benchmark-generated does)")
}
