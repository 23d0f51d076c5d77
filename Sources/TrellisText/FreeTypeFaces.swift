// FreeType faces opened once per file and face index, for code that draws
// glyphs (pictures, glyph outlines): measurement itself reads fonts through
// HarfBuzz (`Font`), and only opens FreeType for a face's tables.

import CFreeType

/// A FreeType library and the faces opened with it, keyed by file and face
/// index (a collection such as a `.ttc` holds several faces).
///
/// Not thread-safe, as FreeType's faces are not ("In multi-threaded
/// applications it is easiest to use one `FT_Library` object per thread",
/// FreeType's documentation of `FT_Library`): use one per thread.
package final class FreeTypeFaces {
    private var library: FT_Library?
    private var faces: [Key: FT_Face] = [:]

    private struct Key: Hashable {
        var path: String
        var index: Int
    }

    package init() {}

    deinit {
        for face in faces.values { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The face `index` of the font file at `path`, opened on first use.
    /// - Throws: `TextError.invalidFontFile` when FreeType cannot start or
    ///   cannot open the face.
    /// - Complexity: a dictionary lookup after the first call.
    package func face(path: String, index: Int = 0) throws(TextError) -> FT_Face {
        let key = Key(path: path, index: index)
        if let face = faces[key] { return face }
        if library == nil {
            var created: FT_Library?
            guard FT_Init_FreeType(&created) == 0, created != nil else {
                throw TextError.invalidFontFile(path: path, reason: "FreeType could not start")
            }
            library = created
        }
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else {
            throw TextError.invalidFontFile(
                path: path, reason: "FreeType cannot open face \(index) (error \(error))")
        }
        faces[key] = face
        return face
    }

    /// The face `font` was read from (its file and face index).
    package func face(for font: Font) throws(TextError) -> FT_Face {
        try face(path: font.path, index: font.faceIndex)
    }
}
