// A constraint template's hierarchies per shape of row
// (`ConstraintCellView.shapeKey(for:)`), as a table keeps cells per reuse
// identifier: each sees only rows of its shape, so only texts, images'
// sizes and constants change on it, which the engine's refit applies
// without touching the constraints.

extension ConstraintTemplate {
    /// Makes `cell` the hierarchy of shape `key`: the one kept for it, a
    /// new one while fewer than `shapeLimit` are kept, else the last row's
    /// hierarchy, which then changes its constraints for the row.
    /// - Complexity: O(`shapeLimit`), plus building a hierarchy for a new shape.
    @inlinable mutating func showShape(_ key: Int) throws(CellError) {
        guard let current = shape else {
            shape = key  // the first hierarchy takes the first shape
            return
        }
        // Inlinable, so the search and the exchange are specialized for
        // the client's cell view (unspecialized, each row looked up the
        // idle shapes' type metadata: about 1,200 instructions a row).
        var found = -1
        for index in idleShapes.indices where idleShapes[index].key == key {
            found = index
            break
        }
        if found >= 0 {
            swap(&idleShapes[found].cell, &_cell)
            swap(&idleShapes[found].parts, &parts)
            idleShapes[found].key = current
        } else if idleShapes.count + 1 < shapeLimit {
            let made = try make()
            idleShapes.append(_IdleShape(key: current, cell: _cell, parts: parts))
            _cell = made
            parts = _CellParts(made)
        }
        shape = key
    }

    /// The number of hierarchies kept, one per shape seen (at most `shapeLimit`).
    public var hierarchyCount: Int { idleShapes.count + 1 }
}
