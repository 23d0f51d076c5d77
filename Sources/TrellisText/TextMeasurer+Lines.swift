// Breaking a text into lines in a borrowed workspace: the step every
// measurement and layout of a text in one style shares.

extension TextMeasurer {
    /// Breaks `text` into lines in a borrowed workspace and hands them to
    /// `body`, with whether text was left over; their storage stays with the
    /// workspace for the next layout.
    @inline(__always)
    func _withLines<R>(
        _ text: String, fonts: FontCollection, _ parameters: _BreakParameters,
        tracking: Bool = false,
        _ body: (UnsafeBufferPointer<_Line>, Bool, _PreparedText, _Workspace) -> R
    ) throws(TextError) -> R {
        try workspaces.withWorkspace { (workspace) throws(TextError) -> R in
            guard !keepsPreparedTexts else {
                let prepared = try self._prepared(text, fonts: fonts, workspace: workspace)
                return _withLines(of: prepared, parameters, tracking, workspace, body)
            }
            // Apart, so the path that keeps texts takes no owned copy.
            var prepared = try self._prepared(text, fonts: fonts, workspace: workspace)
            let result = _withLines(of: prepared, parameters, tracking, workspace, body)
            workspace.recycle(&prepared)
            return result
        }
    }

    @inline(__always)
    fileprivate func _withLines<R>(
        of prepared: _PreparedText, _ parameters: _BreakParameters, _ tracking: Bool,
        _ workspace: _Workspace,
        _ body: (UnsafeBufferPointer<_Line>, Bool, _PreparedText, _Workspace) -> R
    ) -> R {
        var lines = workspace.lineList
        let truncated =
            tracking
            ? workspace.breakLinesTracking(prepared, parameters, into: &lines, cache: words)
            : workspace.breakLines(prepared, parameters, into: &lines, cache: words)
        // Growing may have moved the storage.
        workspace.lineList = lines
        return body(lines.lines, truncated, prepared, workspace)
    }
}
