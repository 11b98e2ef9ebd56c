"""Two small hand-written SVG charts for BENCHMARKS.md: lines on log-log axes, and horizontal bars
on a log axis. Plain SVG 1.1 text, no dependencies."""

import math
from html import escape

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"]
FONT = 'font-family="Helvetica, Arial, sans-serif"'


def seconds_label(s):
    """A time with its unit: 100 ns, 1 µs, 10 ms, 1 s."""
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if s >= scale * 0.999:
            return f"{s / scale:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


def count_label(n):
    """An item count: 1k, 10k, 1M, 10M."""
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.3g}{unit}"
    return f"{n:g}"


def decades(lo, hi):
    """The powers of ten from just below lo to just above hi."""
    return [10.0 ** e for e in range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)]


class Canvas:
    def __init__(self, width, height):
        self.width, self.height, self.parts = width, height, []

    def text(self, x, y, s, size=12, anchor="start", weight="normal", color="#222"):
        self.parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
                          f'font-weight="{weight}" fill="{color}" {FONT}>{escape(s)}</text>')

    def line(self, x1, y1, x2, y2, color="#ccc", width=1):
        self.parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                          f'stroke="{color}" stroke-width="{width}"/>')

    def rect(self, x, y, w, h, color):
        self.parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(w, 0):.1f}" height="{h:.1f}" fill="{color}"/>')

    def polyline(self, points, color, width=2):
        coordinates = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self.parts.append(f'<polyline points="{coordinates}" fill="none" stroke="{color}" stroke-width="{width}"/>')
        for x, y in points:
            self.parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')

    def save(self, path):
        with open(path, "w") as f:
            f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                    f'viewBox="0 0 {self.width} {self.height}">\n'
                    f'<rect width="100%" height="100%" fill="white"/>\n')
            f.write("\n".join(self.parts))
            f.write("\n</svg>\n")


def log_scale(lo, hi, start, end):
    """Maps [lo, hi] logarithmically onto [start, end]."""
    a, b = math.log10(lo), math.log10(hi)
    return lambda v: start + (math.log10(v) - a) / (b - a) * (end - start)


def loglog_chart(path, title, series, x_label, y_label, subtitle=""):
    """series: [(label, [(n, seconds)])]; both axes log, decades gridded; the legend at the top left
    (where a rising line leaves room)."""
    c = Canvas(640, 460)
    left, right, top, bottom = 80, 610, 60, 400
    xs = [x for _, points in series for x, _ in points]
    ys = [y for _, points in series for _, y in points]
    x_ticks, y_ticks = decades(min(xs), max(xs)), decades(min(ys), max(ys))
    fx = log_scale(x_ticks[0], x_ticks[-1], left, right)
    fy = log_scale(y_ticks[0], y_ticks[-1], bottom, top)
    c.text(left, 25, title, size=15, weight="bold")
    if subtitle:
        c.text(left, 44, subtitle, size=11, color="#555")
    for t in x_ticks:
        c.line(fx(t), top, fx(t), bottom)
        c.text(fx(t), bottom + 18, count_label(t), anchor="middle")
    for t in y_ticks:
        c.line(left, fy(t), right, fy(t))
        c.text(left - 8, fy(t) + 4, seconds_label(t), anchor="end")
    c.line(left, bottom, right, bottom, color="#444")
    c.line(left, top, left, bottom, color="#444")
    c.text((left + right) / 2, bottom + 40, x_label, anchor="middle")
    c.parts.append(f'<text transform="translate(22,{(top + bottom) / 2:.0f}) rotate(-90)" font-size="12" '
                   f'text-anchor="middle" {FONT}>{escape(y_label)}</text>')
    c.rect(left + 8, top + 6, 250, 20 * len(series) + 8, "white")
    for i, (label, points) in enumerate(series):
        color = COLORS[i % len(COLORS)]
        c.polyline([(fx(x), fy(y)) for x, y in points], color)
        y = top + 20 + 20 * i
        c.line(left + 16, y, left + 40, y, color=color, width=2)
        c.text(left + 46, y + 4, label, size=11)
    c.save(path)


def log_bar_chart(path, title, categories, groups, values, note_for_missing, subtitle=""):
    """Horizontal bars on a log time axis: one row per category, one bar per group in each.
    values[(category, group)] is seconds, or absent (then `note_for_missing(category)` is shown)."""
    row_height = 14 * len(groups) + 18
    c = Canvas(760, 90 + row_height * len(categories) + 40)
    left, right, top = 190, 650, 70
    bottom = top + row_height * len(categories)
    present = list(values.values())
    ticks = decades(min(present) / 3, max(present))  # room for the shortest bar to show
    fx = log_scale(ticks[0], ticks[-1], left, right)
    c.text(20, 25, title, size=15, weight="bold")
    if subtitle:
        c.text(20, 44, subtitle, size=11, color="#555")
    for t in ticks:
        c.line(fx(t), top - 6, fx(t), bottom)
        c.text(fx(t), bottom + 18, seconds_label(t), anchor="middle")
    c.line(left, top - 6, left, bottom, color="#444")
    for i, category in enumerate(categories):
        y0 = top + row_height * i + 6
        c.text(left - 8, y0 + 7 * len(groups) + 4, category, anchor="end")
        if not any((category, g) in values for g in groups):
            c.text(left + 8, y0 + 7 * len(groups) + 4, note_for_missing(category), color="#a00")
            continue
        for j, group in enumerate(groups):
            v = values.get((category, group))
            if v is None:
                continue
            y = y0 + 14 * j
            c.rect(left, y, fx(v) - left, 12, COLORS[j % len(COLORS)])
            c.text(fx(v) + 5, y + 10, seconds_label(v), size=10)
    for j, group in enumerate(groups):
        x = left + 230 * j
        c.rect(x, bottom + 30, 12, 12, COLORS[j % len(COLORS)])
        c.text(x + 18, bottom + 40, group, size=11)
    c.save(path)
