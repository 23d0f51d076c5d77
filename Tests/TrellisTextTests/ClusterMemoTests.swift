// The clusters `shape` keeps for long pieces (Workspace+ClusterMemo.swift):
// a piece whose runs the kern model measured is not kept, one HarfBuzz
// shaped a run of is, and either gives the same clusters again. Needs the
// system's fonts for box drawing and Thai (Scripts/bootstrap.sh).
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct ClusterMemoTests {
    @Test func keepsOnlyPiecesHarfBuzzShaped() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        let workspace = try _Workspace()
        func clusters(_ string: String) -> (starts: [Int32], ems: [Double], width: Double) {
            var string = string
            return string.withUTF8 { text in
                let faces = fonts._resolved(for: text, in: 0..<text.count).faces
                let measure = workspace.shape(
                    text, range: 0..<text.count, trailingStart: text.count, rtl: false,
                    faces: faces, keepClusters: true)
                return (workspace.clusterStarts, workspace.clusterEms, measure.wordEm)
            }
        }
        // Box drawing, which the kern model measures with the system's font.
        let box = clusters(String(repeating: "─", count: 30) + "┤")
        #expect(box.starts.count == 31)
        #expect(workspace.clusterMemo.count == 0)
        let boxAgain = clusters(String(repeating: "─", count: 30) + "┤")
        #expect(box.starts == boxAgain.starts && box.ems == boxAgain.ems)
        #expect(box.width == boxAgain.width)
        // Thai, which HarfBuzz shapes.
        let thai = clusters(String(repeating: "สวัสดีครับ", count: 3))
        #expect(workspace.clusterMemo.count == 1)
        let thaiAgain = clusters(String(repeating: "สวัสดีครับ", count: 3))
        #expect(thai.starts == thaiAgain.starts && thai.ems == thaiAgain.ems)
        #expect(thai.width == thaiAgain.width)
        #expect(workspace.clusterMemo.count == 1)
    }
}
