// Which font mask bit each font of a part's collection sets.

/// The font mask bit of each font of a part's collection: bit i for font i
/// of a text in one style; for an attributed text, the bit of the (font,
/// size, baseline offset) its run gives font i (`_StyleRuns.faceBits`).
struct _FaceBits {
    private unowned(unsafe) let styles: _StyleRuns?
    private let firstFace: Int

    init() {
        styles = nil
        firstFace = 0
    }

    init(styles: _StyleRuns, firstFace: Int) {
        self.styles = styles
        self.firstFace = firstFace
    }

    /// The bit of font `face` (an index in the part's collection).
    func bit(ofFace face: Int) -> UInt32 {
        guard let styles else { return face < 32 ? 1 << UInt32(face) : 0 }
        let index = firstFace + face
        return index < styles.faceBits.count ? styles.faceBits[index] : 0
    }
}
