import ServeCore

/// The playground's layout switcher.
extension ServeView {
    /// POST /api/layout: the engine's layout transition to the layout asked for, played by the
    /// loop's `step` clock; answers the state (animating). A layout the grid's options cannot
    /// satisfy (waterfall columns that do not fit, say) is the engine's error, and the layout stays.
    func layoutAnswer(_ request: LayoutRequest) -> ServeAnswer {
        if let failure = helperCall("switch", request.layout.rawValue, [], results: 0) {
            updateBusy()
            return failed(failure)
        }
        lastStep = 0
        updateBusy()
        return stateAnswer()
    }
}
