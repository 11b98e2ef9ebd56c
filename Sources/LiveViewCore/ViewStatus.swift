/// What the view read from the grid for one frame: the numbers of the status lines.
public struct ViewStatus: Equatable, Sendable {
    public var offsetX = 0.0, offsetY = 0.0
    public var contentWidth = 0.0, contentHeight = 0.0
    /// Whether the content size is an estimate (`estimatedSize`, the frontier short of the end):
    /// shown as `~` before it.
    public var estimated = false
    /// Pages count from 1; shown only when the grid pages.
    public var paging = false
    public var page = 1, pageCount = 1
    public var visibleCount = 0
    /// Item views the data source's `view` made, and those it took back from `dequeue()`.
    public var viewsCreated = 0, viewsReused = 0
    /// How long the last `grid:reload()` of the view took, in seconds (nil: none yet, or it failed).
    public var layoutSeconds: Double?
    public var zoom = 1.0
    /// `grid.sort`: dragging reorders.
    public var sort = false
    /// A section that scrolls sideways is in view: `[` and `]` scroll it.
    public var sideways = false
    /// Whether a focus is on (`f`): the arrows and h/j/k/l then move it instead of scrolling.
    public var focusing = false

    public init() {}

    /// The two status lines, each cut to `width` columns: where the viewport is, then what it shows.
    public func lines(width: Int) -> [String] {
        var first = "offset \(ViewFormat.number(offsetX)),\(ViewFormat.number(offsetY))  content \(estimated ? "~" : "")\(ViewFormat.number(contentWidth))x\(ViewFormat.number(contentHeight))"
        if paging { first += "  page \(page)/\(pageCount)" }
        first += "  zoom \(Int((zoom * 100).rounded()))%"
        var second = "\(visibleCount) visible  views \(viewsCreated) created, \(viewsReused) reused"
        second += "  layout " + (layoutSeconds.map(ViewFormat.milliseconds) ?? "-")
        return [first, second].map { String($0.prefix(max(0, width))) }
    }

    /// The key help shown on the message line when there is no message.
    public func help(width: Int) -> String {
        let text = "q quit  hjkl/arrows  " + sidewaysKeys + "PgUp/PgDn/space  Home/End  g go to  +/- zoom  </> scale  r reload  click: info"
            + (sort ? ", drag: move" : "")
        return String(withFocusKeys(text).prefix(max(0, width)))
    }

    /// The focus's keys, first on the line so that a narrow terminal still shows them: `f` to put a
    /// focus on, before the other keys; while it is on, what the keys do to it instead of them (the
    /// arrows no longer scroll), and q.
    func withFocusKeys(_ keys: String) -> String {
        focusing ? "focus: arrows/hjkl move it  Enter reports it  f ends it  q quit" : "f focus  " + keys
    }

    /// `[`/`]` while a section that scrolls sideways is in view, beside the other keys that move.
    var sidewaysKeys: String { sideways ? "[/] sideways  " : "" }
}
