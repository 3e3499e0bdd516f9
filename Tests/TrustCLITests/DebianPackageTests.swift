import Foundation
import TestSupport
import Testing
import TrustLists

/// `scripts/build-deb.sh` (docs/operations.md, "Install the Debian package"): the package is built from this build's
/// products (the script makes a release build by default; a test takes the debug build it already has), lintian
/// reports no error, and installed into a scratch root its programs run, its units pass `systemd-analyze verify`, its
/// user and configuration are as the units expect.
@Suite(
    "Debian package", .serialized,
    .requires(
        .trustlistd, .trustctl, .executable("dpkg-deb"), .executable("dpkg-shlibdeps"), .executable("chrpath"),
        .executable("lintian"), .executable("systemd-analyze"), .executable("systemd-sysusers"), .executable("man")))
struct DebianPackageTests {
    /// The package, built once for the suite, and unpacked into a scratch root.
    struct Built: Sendable {
        let folder: URL
        let deb: URL
        let root: URL
        let arch: String
    }

    /// Built on first use (the suite's traits have found every tool by then).
    static let built: Result<Built, TestSupportError> = {
        do {
            guard let products = BuiltProducts.directory, let dpkg = TestTools.executable(named: "dpkg"),
                let dpkgDeb = TestTools.executable(named: "dpkg-deb")
            else { throw TestSupportError("trustctl, dpkg or dpkg-deb missing") }
            // Beside the build products (`.build/deb-test`), replaced by each run: nothing piles up in /tmp.
            let folder = products.deletingLastPathComponent().appendingPathComponent("deb-test")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (status, output) = try TestTools.run(
                PackageRoot.url.appendingPathComponent("scripts/build-deb.sh"),
                ["--products", products.path, "--out", folder.path, "--compression", "gzip"], withStandardOutput: true)
            guard status == 0 else { throw TestSupportError("build-deb.sh failed (\(status)): \(output)") }
            let arch = try DebianPackageTests.output(dpkg, ["--print-architecture"]).trimmingCharacters(
                in: .whitespacesAndNewlines)
            let deb = folder.appendingPathComponent("trustlists_\(ServiceIdentity.version)-1_\(arch).deb")
            guard FileManager.default.fileExists(atPath: deb.path) else {
                throw TestSupportError("no \(deb.lastPathComponent): \(output)")
            }
            let root = folder.appendingPathComponent("root")
            let (unpacked, problem) = try TestTools.run(dpkgDeb, ["-x", deb.path, root.path])
            guard unpacked == 0 else { throw TestSupportError("dpkg-deb -x: \(problem)") }
            return .success(Built(folder: folder, deb: deb, root: root, arch: arch))
        } catch let error as TestSupportError {
            return .failure(error)
        } catch {
            return .failure(TestSupportError("\(error)"))
        }
    }()

    /// The built package's folder, file, scratch root and architecture.
    static func unpacked() throws -> (URL, URL, URL, String) {
        let built = try built.get()
        return (built.folder, built.deb, built.root, built.arch)
    }

    /// What a program prints on standard output.
    static func output(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> String
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("lintian reports no error")
    func lintian() throws {
        let (_, deb, _, _) = try Self.unpacked()
        let lintian = try #require(TestTools.executable(named: "lintian"))
        let (status, report) = try TestTools.run(lintian, ["--fail-on", "error", deb.path], withStandardOutput: true)
        #expect(status == 0, "\(report)")
        #expect(!report.split(separator: "\n").contains { $0.hasPrefix("E: ") }, "\(report)")
    }

    @Test("the control file names the package, its version and architecture; the configuration is a conffile")
    func control() throws {
        let (folder, deb, _, arch) = try Self.unpacked()
        let dpkgDeb = try #require(TestTools.executable(named: "dpkg-deb"))
        let fields = try Self.output(dpkgDeb, ["-f", deb.path, "Package", "Version", "Architecture", "Depends"])
        #expect(fields.contains("Package: trustlists\n"))
        #expect(fields.contains("Version: \(ServiceIdentity.version)-1\n"))
        #expect(fields.contains("Architecture: \(arch)\n"))
        for library in ["libssl3", "libcurl4", "libmicrohttpd12", "libsystemd0", "zlib1g", "systemd"] {
            #expect(fields.contains(library), "Depends names \(library): \(fields)")
        }
        let control = folder.appendingPathComponent("control")
        _ = try TestTools.run(dpkgDeb, ["-e", deb.path, control.path])
        #expect(
            try String(contentsOf: control.appendingPathComponent("conffiles"), encoding: .utf8)
                == "/etc/trustlists/trustlists.json\n")
    }

    @Test("it holds the programs, units, user, cache folder, configuration, man pages, completions and dashboards")
    func contents() throws {
        let (_, _, root, _) = try Self.unpacked()
        for path in [
            "usr/bin/trustctl", "usr/sbin/trustlistd", "lib/systemd/system/trustlistd.service",
            "lib/systemd/system/trustlistd.socket", "lib/systemd/system/trustlists-refresh.service",
            "lib/systemd/system/trustlists-refresh.timer", "usr/lib/sysusers.d/trustlists.conf",
            "usr/lib/tmpfiles.d/trustlists.conf", "etc/trustlists/trustlists.json", "usr/share/man/man1/trustctl.1.gz",
            "usr/share/man/man8/trustlistd.8.gz", "usr/share/bash-completion/completions/trustctl",
            "usr/share/zsh/vendor-completions/_trustctl", "usr/share/trustlists/prometheus-alerts.yml",
            "usr/share/trustlists/grafana-dashboard.json", "usr/share/doc/trustlists/copyright",
            "usr/share/doc/trustlists/changelog.Debian.gz", "usr/share/doc/trustlists/operations.md.gz",
        ] {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
        for program in ["usr/bin/trustctl", "usr/sbin/trustlistd"] {
            #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(program).path))
        }
        let tmpfiles = try String(
            contentsOf: root.appendingPathComponent("usr/lib/tmpfiles.d/trustlists.conf"), encoding: .utf8)
        #expect(tmpfiles.contains("d /var/lib/trustlists 0700 trustlists trustlists -"))
        // The completions are what `trustctl completion` prints.
        #expect(
            try String(
                contentsOf: root.appendingPathComponent("usr/share/bash-completion/completions/trustctl"),
                encoding: .utf8)
                == CLIRun.run(["completion", "bash"]).run.standardOutput)
    }

    /// The environment the installed programs run in: debug products link the toolchain's Swift runtime, whose folder
    /// the script removed from their search path (a release build links it in).
    static func runtimeEnvironment() throws -> [String: String] {
        let readelf = try #require(TestTools.executable(named: "readelf"))
        let products = try #require(BuiltProducts.directory)
        let dynamic = try Self.output(readelf, ["-d", products.appendingPathComponent("trustctl").path])
        var folders: [String] = []
        for line in dynamic.split(separator: "\n") where line.contains("RUNPATH") || line.contains("RPATH") {
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { continue }
            for folder in line[line.index(after: open)..<close].split(separator: ":") where folder.hasPrefix("/") {
                folders.append(String(folder))
            }
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = folders.joined(separator: ":")
        return environment
    }

    @Test("installed: trustctl --version runs, and trustlistd --check-config accepts the packaged configuration")
    func installedPrograms() throws {
        let (_, _, root, _) = try Self.unpacked()
        let environment = try Self.runtimeEnvironment()
        let version = try Self.output(
            root.appendingPathComponent("usr/bin/trustctl"), ["--version"], environment: environment)
        #expect(version == "trustctl \(ServiceIdentity.version)\n")
        let check = try Self.output(
            root.appendingPathComponent("usr/sbin/trustlistd"),
            ["--check-config", "--config", root.appendingPathComponent("etc/trustlists/trustlists.json").path],
            environment: environment)
        #expect(check.contains(": valid\n"), "\(check)")
        #expect(check.contains("  cacheDirectory = \"/var/lib/trustlists\"\n"), "\(check)")
    }

    @Test("installed: systemd-analyze verify accepts the units (their programs and man pages in the scratch root)")
    func installedUnits() throws {
        let (_, _, root, _) = try Self.unpacked()
        let analyze = try #require(TestTools.executable(named: "systemd-analyze"))
        let units = try TemporaryDirectory()
        var files: [String] = []
        for name in [
            "trustlistd.service", "trustlistd.socket", "trustlists-refresh.service", "trustlists-refresh.timer",
        ] {
            let text = try String(
                contentsOf: root.appendingPathComponent("lib/systemd/system/\(name)"), encoding: .utf8)
            #expect(!text.contains("/usr/local/"), "\(name) names no /usr/local path")
            #expect(!text.contains("DynamicUser=yes"), "\(name) runs as the package's user")
            // Only the programs' folder differs from the installed unit: verify checks that they exist.
            let copy = text.replacingOccurrences(of: "/usr/sbin/trustlistd", with: root.path + "/usr/sbin/trustlistd")
                .replacingOccurrences(of: "/usr/bin/trustctl", with: root.path + "/usr/bin/trustctl")
            files.append(try units.write(Array(copy.utf8), to: name).path)
        }
        let service = try String(
            contentsOf: root.appendingPathComponent("lib/systemd/system/trustlistd.service"), encoding: .utf8)
        #expect(service.contains("\nExecStart=/usr/sbin/trustlistd --config /etc/trustlists/trustlists.json"))
        #expect(service.contains("\nUser=trustlists\nGroup=trustlists\n"))
        #expect(service.contains("Documentation=man:trustlistd(8)"))
        var environment = ProcessInfo.processInfo.environment
        // The units' man: pages are looked up (systemd-analyze runs man): the package's, in the scratch root.
        environment["MANPATH"] = root.appendingPathComponent("usr/share/man").path + ":/usr/share/man"
        environment["SYSTEMD_LOG_COLOR"] = "0"
        let report = try Self.output(analyze, ["verify"] + files, environment: environment)
        let aboutOurs = report.split(separator: "\n").filter { line in
            line.contains(units.url.path) || ["trustlistd", "trustlists-refresh"].contains { line.contains($0) }
        }
        #expect(aboutOurs.isEmpty, "systemd-analyze verify complains:\n\(report)")
    }

    @Test("installed: the sysusers.d entry makes the user trustlists (systemd-sysusers --dry-run)")
    func installedUser() throws {
        let (_, _, root, _) = try Self.unpacked()
        let sysusers = try #require(TestTools.executable(named: "systemd-sysusers"))
        let report = try Self.output(
            sysusers, ["--dry-run", root.appendingPathComponent("usr/lib/sysusers.d/trustlists.conf").path])
        // Nothing to make where the user exists already (a machine the package was installed on).
        let exists = try Self.output(TestTools.executable(named: "getent")!, ["passwd", "trustlists"]).contains(
            "trustlists:")
        #expect(exists || report.contains("Creating user 'trustlists'"), "\(report)")
    }
}
