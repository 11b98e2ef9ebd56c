import GridLayout

/// The HTTP status of a grid call that failed, by the kind of its failure: the one table the
/// browser view answers from (docs/browser.md lists it).
public enum ServeStatus {
    public static func of(_ kind: GridError.Kind?) -> Int {
        switch kind {
        case .invalidArgument: 400   // the request's values are bad for the grid
        case .outOfRange: 404        // it names a section or item that does not exist
        case .wrongState: 409        // out of turn: sorting off, no drag in progress, ...
        case .noRoom: 422            // well-formed, but the grid has no room for a layout
        case .limit: 413             // it would take the grid past a limit or the memory budget
        case .interrupted: 503       // --timeout or Ctrl-C stopped it; the grid is unchanged
        case .dataSource: 500        // the script's data source failed
        case nil: 500                // the script or Lua itself failed
        }
    }
}
