"""Every public call of `Grid` and every public query of `ContentLayout` states its cost: a
`- Complexity:` line in its doc comment (swift-collections style), naming what its n, s, k are.

The sources are read as text: the declarations at the top level of `Grid`'s class and extensions
(Sources/GridLayout/Grid/Grid*.swift, Sources/GridLayout/Motion/Grid+*.swift) and of
`ContentLayout`'s struct and extensions (Sources/GridLayout/Storage/ContentLayout*.swift). A new
public func or init without the line fails here, so the documented costs cannot fall behind the API.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GRID_FILES = sorted((ROOT / "Sources/GridLayout/Grid").glob("Grid*.swift")) \
    + sorted((ROOT / "Sources/GridLayout/Motion").glob("Grid+*.swift"))
LAYOUT_FILES = sorted((ROOT / "Sources/GridLayout/Storage").glob("ContentLayout*.swift"))

# A type's own block or one of its extensions, opened at the top level.
BLOCK = re.compile(r"^(?:public\s+|final\s+)*(?:class|struct|extension)\s+(\w+)\b")
# A public func, init or subscript, after any attributes (@discardableResult, @inlinable…).
DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:static\s+|mutating\s+)*(func\s+[^(<\s]+|init|subscript)\b")
ATTRIBUTE = re.compile(r"^\s*@\w+(?:\([^)]*\))?\s*$")


def code_braces(line, in_multiline):
    """The change in brace depth a line makes, outside comments and string literals, and whether a
    multi-line string literal is still open after it."""
    if in_multiline:
        return 0, '"""' not in line
    if '"""' in line:
        return 0, line.count('"""') % 2 == 1
    depth, in_string, i = 0, False, 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif line.startswith("//", i):
            break
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        i += 1
    return depth, False


def public_declarations(text, type_name):
    """(line number, declaration, doc comment lines) of each public func, init or subscript declared
    directly in `type_name`'s blocks."""
    lines = text.splitlines()
    found, depth, owner, multiline = [], 0, None, False
    for n, line in enumerate(lines):
        if depth == 0 and not multiline:
            match = BLOCK.match(line)
            owner = match.group(1) if match else None
        if depth == 1 and owner == type_name and not multiline:
            match = DECLARATION.match(line)
            if match:
                k = n - 1
                while k >= 0 and ATTRIBUTE.match(lines[k]):
                    k -= 1
                doc = []
                while k >= 0 and lines[k].lstrip().startswith("///"):
                    doc.insert(0, lines[k].strip())
                    k -= 1
                found.append((n + 1, match.group(1), doc))
        change, multiline = code_braces(line, multiline)
        depth += change
    assert depth == 0 and not multiline, f"unbalanced braces reading {type_name}'s blocks"
    return found


def has_complexity(doc):
    return any(re.match(r"///\s*- Complexity:\s*\S", line) for line in doc)


def missing(files, type_name):
    result, names = [], []
    for path in files:
        for n, declaration, doc in public_declarations(path.read_text(), type_name):
            names.append(declaration)
            if not has_complexity(doc):
                result.append(f"{path.relative_to(ROOT)}:{n}: {declaration}")
    return result, names


def test_every_public_call_of_grid_states_its_complexity():
    lacking, names = missing(GRID_FILES, "Grid")
    # The reader sees the whole surface: a parser that lost its way would find far fewer.
    for name in ("init", "func reload", "func visibleElements", "func elements", "func layOut", "func measure",
                 "func reloadNew", "func reloadSection", "func scrollToItem", "func resize", "func insertItem",
                 "func step", "func beginDrag", "func endDrag"):
        assert name in names, f"{name} not found among Grid's public declarations: {names}"
    assert len(names) >= 25, names
    assert not lacking, "public calls of Grid without a '- Complexity:' line:\n" + "\n".join(lacking)


def test_every_public_query_of_content_layout_states_its_complexity():
    lacking, names = missing(LAYOUT_FILES, "ContentLayout")
    for name in ("init", "func itemCount", "func frame", "func elements", "func indexPath", "func visibleElements"):
        assert name in names, f"{name} not found among ContentLayout's public declarations: {names}"
    assert len(names) >= 10, names
    assert not lacking, "public queries of ContentLayout without a '- Complexity:' line:\n" + "\n".join(lacking)


def test_the_reader_catches_a_missing_line_and_ignores_other_types():
    source = '''
/// Not the grid.
public struct Other {
    public func unrelated() {}
}
extension Grid {
    /// Documented.
    ///
    /// - Complexity: O(1).
    @discardableResult
    public func documented() -> Int { let s = "}{"; return s.count }
    /// Says nothing of its cost.
    public func undocumented() {
        if true { _ = 1 }
    }
    private func hidden() {}
}
'''
    found = {declaration: has_complexity(doc) for _, declaration, doc in public_declarations(source, "Grid")}
    assert found == {"func documented": True, "func undocumented": False}
