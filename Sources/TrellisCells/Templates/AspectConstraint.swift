// An image view's aspect ratio as a constraint, shared by the sample cells
// and template files' images from data.

import TrellisViews

/// `view.height == multiplier × view.width`, replaced whenever the ratio
/// changes (a multiplier is fixed once made, as in UIKit).
package struct AspectConstraint {
    package private(set) var constraint: LayoutConstraint?
    package private(set) var ratio: Double = .nan
    /// Below required where a height cap may win over the ratio.
    package var priority: LayoutPriority = .required

    package init(priority: LayoutPriority = .required) {
        self.priority = priority
    }

    package mutating func set(_ ratio: Double, on view: View) {
        guard ratio != self.ratio else { return }
        constraint?.isActive = false
        let new = view.heightAnchor.constraint(equalTo: view.widthAnchor, multiplier: ratio)
        new.identifier = "\(view.layoutName)-aspect"
        new.priority = priority
        new.isActive = true
        constraint = new
        self.ratio = ratio
    }
}
