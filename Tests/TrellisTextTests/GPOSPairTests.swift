// Pair kernings read from GPOS (_GPOSPairs.swift) must be HarfBuzz's: every
// pair of a few hundred Latin, Cyrillic and Greek letters, digits and
// punctuation, measured by the kern-only model from GPOS alone (a workspace
// that never shapes, so it learns nothing), against HarfBuzz shaping the two
// characters.
import Testing

@testable import TrellisText

@Suite struct GPOSPairTests {
    static let characters: [Character] = {
        var scalars: [UInt32] = Array(0x21...0x7E)
        scalars += Array(0xC0...0x17F)  // Latin-1 letters, Latin Extended-A
        scalars += Array(0x391...0x3C9)  // Greek
        scalars += Array(0x400...0x45F)  // Cyrillic
        scalars += [0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0xAB, 0xBB]
        return scalars.compactMap { Unicode.Scalar($0).map(Character.init) }
    }()

    @Test(arguments: [("Inter", FontWeight.regular), ("Inter", .bold), ("Roboto", .regular)])
    func everyPairReadFromGPOSIsHarfBuzzs(family: String, weight: FontWeight) throws {
        let face = try Font(family: family, weight: weight)._face
        let model = try _Workspace()
        let harfBuzz = try _Workspace()
        harfBuzz.usesKernModel = false
        // Each character shaped alone, once (the pairs' kerning is the
        // pair's width against the two alone).
        var alone: [Character: Double] = [:]
        for character in Self.characters {
            let bytes = Array(String(character).utf8)
            alone[character] = bytes.withUnsafeBufferPointer { buffer in
                harfBuzz.shape(
                    buffer, range: 0..<buffer.count, trailingStart: buffer.count, rtl: false,
                    faces: [face], keepClusters: false
                ).wordEm
            }
        }
        var modelled = 0
        var kerned = 0
        for first in Self.characters {
            for second in Self.characters {
                let bytes = Array(String([first, second]).utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    let range = 0..<buffer.count
                    guard
                        let direct = model.kernOnlyMeasure(
                            buffer, range, trailingStart: buffer.count, face: face)
                    else { return }
                    let reference = harfBuzz.shape(
                        buffer, range: range, trailingStart: buffer.count, rtl: false,
                        faces: [face], keepClusters: false)
                    #expect(direct == reference, "\(String([first, second]).debugDescription)")
                    modelled += 1
                    if direct.wordEm != alone[first]! + alone[second]! { kerned += 1 }
                }
            }
        }
        // Most pairs are modelled, and many of them kerned (A and V, T and o…).
        #expect(modelled * 2 > Self.characters.count * Self.characters.count)
        #expect(kerned > 1000, "kerned \(kerned) of \(modelled)")
        #expect(model.usesKernModel)
    }
}
