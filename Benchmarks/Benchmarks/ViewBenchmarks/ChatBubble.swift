// A chat cell whose bubble shrinks to fit its message, at most 75% of the
// cell wide: the multi-line label's width comes from the solve, so every
// row runs UIKit's two passes from the start (see LayoutEngine's
// `resetFreeLabelWidths`). Incoming bubbles sit after an avatar on the
// leading side, outgoing ones before it on the trailing side.

import Trellis

final class ChatBubbleCell {
    let content = View()
    let message: Label
    let time: Label
    let incoming: [LayoutConstraint]
    let outgoing: [LayoutConstraint]

    init(outgoing isOutgoing: Bool, style: TextStyle, small: TextStyle) {
        message = Label(style: style)
        message.numberOfLines = 0
        time = Label(text: "12:45", style: small)
        let avatar = ImageView(image: Image(size: Size(width: 32, height: 32)))
        let bubble = View()
        let views = ["avatar": avatar, "bubble": bubble, "message": message, "time": time]
        for (name, view) in views.sorted(by: { $0.key < $1.key }) {
            view.translatesAutoresizingMaskIntoConstraints = false
            (name == "message" || name == "time" ? bubble : content).addSubview(view)
        }
        do {
            for format in [
                "V:|-8-[avatar(32)]-(>=8)-|", "V:|-8-[bubble]-(>=8)-|", "H:[avatar(32)]",
                "V:|-12-[message]-4-[time]-12-|", "H:|-12-[message]-12-|", "H:|-(>=12)-[time]-12-|",
            ] {
                LayoutConstraint.activate(
                    try LayoutConstraint.constraints(withVisualFormat: format, views: views))
            }
        } catch {
            fatalError("Chat bubble formats are valid: \(error)")
        }
        bubble.widthAnchor.constraint(lessThanOrEqualTo: content.widthAnchor, multiplier: 0.75)
            .isActive = true
        incoming = [
            avatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 8),
            bubble.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
            bubble.trailingAnchor.constraint(
                lessThanOrEqualTo: content.trailingAnchor, constant: -8),
        ]
        outgoing = [
            avatar.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -8),
            bubble.trailingAnchor.constraint(equalTo: avatar.leadingAnchor, constant: -8),
            bubble.leadingAnchor.constraint(
                greaterThanOrEqualTo: content.leadingAnchor, constant: 8),
        ]
        LayoutConstraint.activate(isOutgoing ? outgoing : incoming)
    }

    /// Moves the bubble to the other side by swapping the two constraint sets.
    func flip(toOutgoing isOutgoing: Bool) {
        LayoutConstraint.deactivate(isOutgoing ? incoming : outgoing)
        LayoutConstraint.activate(isOutgoing ? outgoing : incoming)
    }

    func height(_ text: String, width: Double) -> Double {
        message.text = text
        return content.systemLayoutSizeFitting(
            Size(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }
}
