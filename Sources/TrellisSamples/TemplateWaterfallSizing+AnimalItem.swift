// Waterfall sizing over the sample rows.

import TrellisCells

extension TemplateWaterfallSizing where Template.Item == AnimalItem {
    /// A sizing over the sample rows: media sizes from `AnimalItem.imageSize`.
    public convenience init(sizing: TemplateSizing<Template>) {
        self.init(sizing: sizing, mediaSize: \.imageSize)
    }
}
