"""gridrepl.1 and gridlayout.1: render without warnings and document exactly the options their
program's `--help` lists."""

import re
import shutil
import subprocess

import pytest

from pkgsupport import VERSION


@pytest.fixture(scope="module")
def page(static):
    return static / "man" / "gridrepl.1"


@pytest.mark.parametrize("name", ["gridrepl", "gridlayout"])
def test_renders_without_warnings(static, name):
    page = static / "man" / f"{name}.1"
    if not shutil.which("groff"):
        pytest.skip("no groff (Debian's groff-base)")
    r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", str(page)], capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (0, "")
    text = subprocess.run(["groff", "-man", "-Tutf8", str(page)], capture_output=True, text=True,
                          check=True, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}).stdout
    assert f"gridlayout {VERSION}" in text


def test_documents_every_option_of_help(static, page):
    help_text = subprocess.run([str(static / "bin" / "gridrepl"), "--help"], capture_output=True,
                               text=True, check=True).stdout
    listed = set()
    for short, long in re.findall(r"^  (-[^\s,]*)(?:, (--\S+))?", help_text, re.M):  # "-h, --help"
        listed |= {short, long} - {""}
    assert {"-e", "-v", "--", "-", "--max-memory", "--timeout", "--sandbox", "-h", "--help", "--version"} <= listed
    source = page.read_text()
    options = source.split("\n.SH OPTIONS\n", 1)[1].split("\n.SH ", 1)[0]
    documented = {o.replace("\\-", "-") for o in re.findall(r"^\.T[PQ]\n\.BI? (\S+)", options, re.M)}
    assert documented == listed
    # and the environment variables --help names
    for name in re.findall(r"\b([A-Z][A-Z_0-9]{3,})\b", help_text.split("Environment:", 1)[1]):
        assert name in source, name


def test_gridlayout_page_documents_its_commands_and_options(static):
    help_text = subprocess.run([str(static / "bin" / "gridlayout"), "--help"], capture_output=True,
                               text=True, check=True).stdout
    source = (static / "man" / "gridlayout.1").read_text()
    listed = set(re.findall(r"--[a-z]+(?:-[a-z]+)*", help_text))
    assert listed == {"--help", "--version", "--flickr", "--strict", "--max-input"}
    documented = {o.replace("\\-", "-") for o in re.findall(r"^\.TP\n\.B (\\-\\-\S+)", source, re.M)}
    assert documented == listed
    assert ".B gridlayout layout" in source
    assert ".B gridlayout justified \\-\\-flickr" in source
