import Testing

@testable import TrellisViews

/// The built-in views' type names, written out in `View+TypeName.swift`
/// rather than asked of the runtime, are the names the runtime gives; a
/// view's default layout name starts with its type's name.
@Suite struct ViewTypeNameTests {
    @Test func writtenOutNamesAreTheRuntimesNames() {
        #expect(View._viewName == String(describing: View.self))
        #expect(View._stackViewName == String(describing: StackView.self))
        #expect(View._labelName == String(describing: Label.self))
        #expect(View._imageViewName == String(describing: ImageView.self))
        #expect(View._typeName(View.self) == "View")
        #expect(View._typeName(StackView.self) == "StackView")
        #expect(View._typeName(Label.self) == "Label")
        #expect(View._typeName(ImageView.self) == "ImageView")
    }

    final class Tile: View {}

    @Test func otherViewsAreNamedByTheRuntime() {
        #expect(View._typeName(Tile.self) == String(describing: Tile.self))
        #expect(Tile().layoutName.hasPrefix(String(describing: Tile.self) + "#"))
        #expect(Label().layoutName.hasPrefix("Label#"))
        #expect(StackView().layoutName.hasPrefix("StackView#"))
    }
}
