// Fonts with a legacy `kern` table that HarfBuzz never applies.
//
// HarfBuzz applies a font's `kern` table only where GPOS gives it no
// kerning: its plan (hb-ot-shape.cc, `hb_ot_shape_planner_t::compile`)
// sets `apply_kern` when the font has no AAT positioning and either GPOS is
// not applied or the plan's GPOS script and language system have no `kern`
// feature (`has_gpos_kern`). DejaVu Sans, which the system fonts give Chinese
// rows for box drawing, has both a `kern` table and a GPOS `kern` feature in
// every language system, so HarfBuzz kerns it with GPOS alone and the kern
// model's proof (KernOnlyShaping.swift) holds for it as for a font without
// the table.

import CHarfBuzz

extension _KernOnlyFace {
    /// Whether HarfBuzz kerns `face` with GPOS under every plan, so that a
    /// legacy `kern` table it has is never applied: GPOS has a script
    /// HarfBuzz falls back to when the text's script is not listed
    /// (`DFLT`, `dflt` or `latn`, as `hb_ot_layout_table_select_script`
    /// tries them), and every language system of every script, the default
    /// one included, has a `kern` feature (`hb_ot_layout_language_find_feature`,
    /// which answers false for a script without a default language system).
    /// Whatever script and language a buffer has, the plan then finds a
    /// GPOS `kern` feature (`has_gpos_kern`) and leaves the `kern` table out.
    static func gposKernsEveryPlan(_ face: OpaquePointer) -> Bool {
        let gpos = _tag("GPOS")
        let kern = _tag("kern")
        let fallbacks = ["DFLT", "dflt", "latn"].map(_tag)
        let scriptCount = Int(hb_ot_layout_table_get_script_tags(face, gpos, 0, nil, nil))
        guard scriptCount > 0 else { return false }
        var scripts = [hb_tag_t](repeating: 0, count: scriptCount)
        var returned = UInt32(scriptCount)
        hb_ot_layout_table_get_script_tags(face, gpos, 0, &returned, &scripts)
        guard scripts.contains(where: fallbacks.contains) else { return false }
        for script in 0..<UInt32(returned) {
            let languageCount = hb_ot_layout_script_get_language_tags(
                face, gpos, script, 0, nil, nil)
            let languages = [UInt32(HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX)] + Array(0..<languageCount)
            for language in languages {
                var feature: UInt32 = 0
                guard
                    hb_ot_layout_language_find_feature(
                        face, gpos, script, language, kern, &feature) != 0
                else { return false }
            }
        }
        return true
    }
}
