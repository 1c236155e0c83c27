import Foundation

/// The benchmark's baseline, `floor.c`, compiled with the C compiler alone when the benchmark starts.
///
/// Built by SwiftPM it was linked against the Swift runtime and libstdc++ and held twice the
/// memory of the same program built with `cc`, which flattered every ratio beside it.
enum Floor {
    /// Compiles the embedded `floor.c` into `work`; answers the program's path.
    static func build(in work: String) throws -> String {
        let source = work + "/floor.c"
        let program = work + "/coursebrowser-floor"
        guard FileManager.default.createFile(atPath: source, contents: Data(PackageResources.floor_c)) else {
            throw BenchFailure(description: "can't write \(source)")
        }
        let compiler = "/usr/bin/cc"
        let run = try ChildRun.run(compiler, ["-O2", "-o", program, source, "-lncursesw"],
                                   environment: ["PATH": "/usr/bin:/bin"], errorsTo: work + "/floor.err")
        guard run.exitStatus == 0 else {
            throw BenchFailure(description: "\(compiler) could not build the floor (libncursesw-dev installed?): \(run.errors)")
        }
        return program
    }
}
