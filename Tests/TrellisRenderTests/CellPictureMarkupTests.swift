// A template-file label with markup is drawn run by run in a cell picture:
// a 34-point run is drawn at 34 points, where its measurement put it.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisTemplateFiles

@testable import TrellisRender

@Suite struct CellPictureMarkupTests {
    static func file(markup: Bool) throws -> TemplateFile {
        try TemplateFile.parse(
            """
            {"name": "Tag",
             "views": [{"id": "tag", "kind": "label", "field": "tag", "markup": \(markup)}],
             "constraints": ["tag.leading == contentView.leading + 10", "tag.top == contentView.top + 10",
                             "contentView.bottom == tag.bottom + 10"]}
            """, file: "tag.json")
    }

    /// Rows of dark (text) pixels inside the label's frame.
    static func inkRows(markup: Bool, text: String) throws -> (ink: Int, frame: Rect) {
        var cell = try TemplateFileCell(file: try file(markup: markup))
        let row = try #require(
            try JSONRowLoader.parse(Data(#"{"tag": "\#(text)"}"#.utf8), file: "rows.jsonl").first)
        let (bitmap, layouts) = try CellPicture.render(
            template: &cell, items: [row], width: 300, scale: 2)
        let frame = try #require(layouts.first?.frame(of: "tag"))
        var rows = 0
        for y in Int(frame.minY * 2)..<Int(frame.maxY * 2) {
            let dark = (Int(frame.minX * 2)..<Int(frame.maxX * 2)).contains {
                bitmap.pixel(x: $0, y: y).r < 100
            }
            if dark { rows += 1 }
        }
        return (rows, frame)
    }

    @Test func aLargeRunIsDrawnLarge() throws {
        let big = try Self.inkRows(markup: true, text: #"<span size=\"34pt\">Ada</span>"#)
        let plain = try Self.inkRows(markup: false, text: "Ada")
        // Cap height of Inter is about 0.73 em: 34 pt at scale 2 is about 50
        // pixel rows of ink, 17 pt about 25.
        #expect(big.frame.height > plain.frame.height + 10)
        #expect(big.ink > 45 && big.ink < 56, "ink rows \(big.ink)")
        #expect(plain.ink > 20 && plain.ink < 30, "ink rows \(plain.ink)")
    }
}
