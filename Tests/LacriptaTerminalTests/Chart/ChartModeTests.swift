import LacriptaTerminal
import Testing

@Suite struct ChartModeTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], ChartMode.braille),
        (["LANG": "C.utf8"], .braille),
        (["LANG": "de_DE.utf-8@euro"], .braille),
        (["LANG": "en_US.UTF-8", "LC_ALL": "C"], .blocks),
        (["LANG": "C", "LC_CTYPE": "en_GB.UTF-8"], .braille),
        (["LC_ALL": "", "LANG": "en_US.UTF-8"], .braille),
        (["LANG": "en_US.ISO-8859-1"], .blocks),
        (["LANG": "POSIX"], .blocks),
        ([:], .blocks),
    ])
    func theLocaleCharacterSetDecides(environment: [String: String], expected: ChartMode) {
        #expect(ChartMode.preferred(environment: environment) == expected)
    }
}
