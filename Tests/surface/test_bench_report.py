"""tools/bench/report.py's list of the goals not met: each miss names the prose section that
explains it, every section it names exists, and the committed report explains every miss."""

import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tools", "bench"))
import report  # noqa: E402


def headings():
    with open(report.DOCUMENT) as f:
        return {line.lstrip("#").strip() for line in f if re.match(r"#{2,4} ", line)}


def test_every_named_section_exists():
    missing = [heading for _, heading in report.UNMET if heading not in headings()]
    assert missing == []


def test_a_miss_links_to_its_section_and_a_met_goal_is_not_listed():
    tables = "\n".join([
        "| Benchmark | n | Result | Goal | Met |",
        "|---|---:|---:|---|:---:|",
        "| layout flow / C floor, timed in alternation | 1M | 2.48× | ≤ 1.5× | **NO** |",
        "| layout lanes, ns/item | 1M | 19.4 ns | ≤ 100 ns/item | yes |",
        "| something new and slow | 1M | 9 s | ≤ 1 s | **NO** |",
    ])
    assert report.unmet_rows(tables) == [
        "- layout flow / C floor, timed in alternation (1M · 2.48× · ≤ 1.5×): "
        "[Where the rest goes: the goals not met](#where-the-rest-goes-the-goals-not-met)",
        "- something new and slow (1M · 9 s · ≤ 1 s): **not explained**",
    ]


def test_the_flow_table_rows_get_their_prefix():
    row = "| 100×100 | 1.0 ms | 1.6 s | 1,600× | **NOT met** |"
    (bullet,) = report.unmet_rows(row, prefix="flow layout against Taffy and Yoga, sizes ")
    assert bullet.startswith("- flow layout against Taffy and Yoga, sizes 100×100 (")
    assert bullet.endswith("(#python-flow-layout-against-taffy-yoga-and-pure-lua)")


def test_anchors_follow_githubs_rule():
    assert report.anchor("`justified --flickr` against node running flickr/justified-layout") == \
        "#justified---flickr-against-node-running-flickrjustified-layout"
    assert report.anchor("Issue 26: apply(snapshot) (gridbench --apply)") == "#issue-26-applysnapshot-gridbench---apply"


def test_the_committed_report_explains_every_miss():
    with open(report.DOCUMENT) as f:
        text = f.read()
    generated = text.split(report.BEGIN, 1)[1].split(report.END, 1)[0]
    assert "**not explained**" not in generated
    for target in re.findall(r"\]\((#[^)]+)\)", generated):
        assert target in {report.anchor(h) for h in headings()}, target
