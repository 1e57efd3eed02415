#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

import StategenCore

// Ctrl-C and SIGTERM remove the run's temporary files; `ulimit -f` is an error, not SIGXFSZ.
TemporaryFileRegistry.installSignalHandlers()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
