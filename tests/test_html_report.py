"""``compare --format html`` opened in a real headless Chromium (the OS package ``chromium``;
``.ci/run`` installs it). The DOM after the page's script ran must hold every finding's text,
each linked to nodes of the drawn graphs, and the screenshot must show the findings' badges
(counted by their exact colour in the decoded PNG: no OCR)."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="needs chromium (apt-get install chromium)"
)

EX = ROOT / "examples" / "drift"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio"]


def _png_pixels(data: bytes) -> tuple[int, int, int, bytes]:
    """(width, height, channels, raw rows without filter bytes) of an 8-bit PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and color in (2, 6)
            ch = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * ch
    out = bytearray()
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - ch] if i >= ch else 0
            b = prev[i]
            c = prev[i - ch] if i >= ch else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        out += line
        prev = line
    return width, height, ch, bytes(out)


def test_compare_html_in_headless_chromium(tmp_path: Path):
    page = tmp_path / "report.html"
    r = run_cli(
        "compare",
        str(EX / "bert-base-uncased.config.json"),
        str(EX / "tiny_encoder.py"),
        "--format",
        "html",
        "-o",
        str(page),
    )
    assert r.returncode == 1, r.stderr
    text = page.read_text()
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")  # self-contained
    assert "https://" not in text and "<script src" not in text
    url = page.as_uri()
    dom = subprocess.run(
        [CHROMIUM, *FLAGS, "--virtual-time-budget=3000", "--dump-dom", url],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert 'data-ready="1"' in dom, dom[:500]  # the page's script ran
    for msg in (
        "bert-base-uncased.config.json has 12 layers, tiny_encoder.py has 3",
        "multiheadAttention.numHeads is 12 in bert-base-uncased.config.json but 8 in tiny_encoder.py",
    ):
        assert msg in dom
    linked = [int(x) for x in __import__("re").findall(r'data-linked="(\d+)"', dom)]
    assert len(linked) == 2 and all(n > 0 for n in linked), linked
    assert 'id="side-left"' in dom and 'id="side-right"' in dom
    shot = tmp_path / "shot.png"
    subprocess.run(
        [CHROMIUM, *FLAGS, "--window-size=1400,1000", f"--screenshot={shot}", url],
        capture_output=True,
        timeout=120,
        cwd=tmp_path,
    )
    data = shot.read_bytes()
    w, h, ch, px = _png_pixels(data)
    assert (w, h) == (1400, 1000)
    colours = {px[i : i + 3] for i in range(0, len(px), ch * 7)}
    assert len(colours) > 20  # not a blank page
    badge = bytes((0xD7, 0x26, 0x3D))
    hits = sum(1 for i in range(0, len(px), ch) if px[i : i + 3] == badge)
    assert hits > 200, hits  # the severity labels and the nodes' badges are drawn
    json.dumps({"png_bytes": len(data), "badge_pixels": hits})
