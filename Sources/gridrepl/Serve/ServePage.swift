import ServeCore

/// The browser view's page (GET /): the grid at real scale (a point is a CSS pixel) in a
/// scrollable area the size of the content. It is a virtualized DOM: it holds exactly the elements
/// of the engine's last answer as absolutely positioned boxes, keyed by kind and index path, and
/// nothing else. Requests go one at a time, in order; a scroll or resize while one is out is sent
/// once it returns, with the position of that moment. While the grid animates or a drag is held it
/// polls the state every 30 ms (the server steps the clock); otherwise every 500 ms, to follow a
/// new run of the script. It loads nothing but its script (`/page.js`), its style (`/page.css`)
/// and the editor's (Debian's CodeMirror, from the same server: `VendorFile`),
/// none inline, and talks to the API: the server's Content-Security-Policy allows nothing else.
///
/// Its files are page/index.html, page/page.js and page/page.css, embedded in the binary at build
/// time (SwiftPM's `embedInCode`: byte arrays, no bundle to find at run time).
enum ServePage {
    static func bytes(_ file: PageFile) -> [UInt8] {
        switch file {
        case .html: PackageResources.index_html
        case .script: PackageResources.page_js
        case .style: PackageResources.page_css
        }
    }
}
