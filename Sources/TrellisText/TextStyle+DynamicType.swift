// Text styles for Dynamic Type, as UIFont.preferredFont(forTextStyle:compatibleWith:).

extension TextStyle {
    /// The style of a Dynamic Type text style at a content size category:
    /// a bundled family (Inter by default, standing in for SF Pro) at the
    /// style's weight (`DynamicTypeStyle.weight`) and point size
    /// (`DynamicTypeStyle.pointSize(for:)`), with the bundled fallbacks.
    ///
    /// ```swift
    /// let headline = try TextStyle.preferred(.headline, category: .extraLarge)
    /// headline.size   // 19 (Inter SemiBold)
    /// ```
    /// - Throws: `TextError.unknownFamily` when `family` is not bundled at
    ///   the style's weight (no other weight is put in its place).
    /// - Complexity: O(1) after the family's fonts are loaded once.
    public static func preferred(
        _ textStyle: DynamicTypeStyle, family: String = "Inter",
        category: ContentSizeCategory = .large
    ) throws(TextError) -> TextStyle {
        TextStyle(
            fonts: try FontCollection.bundled(family, weight: textStyle.weight),
            size: textStyle.pointSize(for: category))
    }
}
