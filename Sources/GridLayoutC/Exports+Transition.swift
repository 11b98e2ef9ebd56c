import GridLayout
import GridLayoutCSupport

// The C ABI of layout transitions (bindings/c/gridlayout.h, "layout transitions";
// docs/layout.md, "Layout transitions"). Each runs under `withDataSource`: starting one lays out
// the target, and every call may load elements (events delivered afterwards).

/// Runs a transition call on a grid not inside one of its callbacks.
private func transitioning(_ handle: OpaquePointer?, _ what: String, _ body: (GridBox) throws(GridError) -> Void) throws(CFailure) {
    let box = try lookup(handle)
    try requireIdle(box, what)
    try box.withDataSource { () throws(GridError) in try body(box) }
}

@_cdecl("gl_grid_transition")
public func gl_grid_transition(_ handle: OpaquePointer?, _ target: UnsafePointer<gl_config>?) -> gl_status {
    cCall { () throws(CFailure) in
        let base = try lookup(handle).grid.configuration
        let configuration = try swiftConfig(target, base: base)
        try transitioning(handle, "gl_grid_transition") { box throws(GridError) in try box.grid.transition(to: configuration) }
    }
}

@_cdecl("gl_grid_transition_progress")
public func gl_grid_transition_progress(_ handle: OpaquePointer?, _ progress: Double) -> gl_status {
    cCall { () throws(CFailure) in
        try transitioning(handle, "gl_grid_transition_progress") { box throws(GridError) in try box.grid.setTransitionProgress(progress) }
    }
}

@_cdecl("gl_grid_transition_commit")
public func gl_grid_transition_commit(_ handle: OpaquePointer?) -> gl_status {
    cCall { () throws(CFailure) in
        try transitioning(handle, "gl_grid_transition_commit") { box throws(GridError) in try box.grid.commitTransition() }
    }
}

@_cdecl("gl_grid_transition_cancel")
public func gl_grid_transition_cancel(_ handle: OpaquePointer?) -> gl_status {
    cCall { () throws(CFailure) in
        try transitioning(handle, "gl_grid_transition_cancel") { box throws(GridError) in try box.grid.cancelTransition() }
    }
}

@_cdecl("gl_grid_transition_state")
public func gl_grid_transition_state(_ handle: OpaquePointer?, _ running: UnsafeMutablePointer<Int32>?,
                                     _ progress: UnsafeMutablePointer<Double>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let running = try output(running, "running")
        let now = box.grid.transitionProgress
        running.pointee = now == nil ? 0 : 1
        if let now, let progress { progress.pointee = now }
    }
}

@_cdecl("gl_grid_animate_to")
public func gl_grid_animate_to(_ handle: OpaquePointer?, _ target: UnsafePointer<gl_config>?, _ duration: Double) -> gl_status {
    cCall { () throws(CFailure) in
        let base = try lookup(handle).grid.configuration
        let configuration = try swiftConfig(target, base: base)
        try transitioning(handle, "gl_grid_animate_to") { box throws(GridError) in
            try box.grid.animate(to: configuration, duration: duration)
        }
    }
}
