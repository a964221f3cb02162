"""Layer reuse when the body reads an int argument every layer gets the same value.

``Block(cfg, width=12)`` x 6: the second construction's recording finds the read and retries
keyed on the value. The first (plain) construction has already marked that value key, so the
retry records at once: the body runs twice, not three times (levit's offset loops), and the
other four layers are copies.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from driftcheck.parsers.source import parse_source  # noqa: E402
from driftcheck.parsers.source.library.machine import Interp  # noqa: E402
from driftcheck.speed import current  # noqa: E402

CODE = """
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, hidden, width=4):
        super().__init__()
        self.proj = nn.Linear(hidden, width * 2)
        self.table = nn.Parameter(torch.zeros(width + 1))


class Model(nn.Module):
    def __init__(self, hidden=8):
        super().__init__()
        self.blocks = nn.ModuleList([Block(hidden, width=12) for _ in range(6)])


def build():
    return Model()
"""


def _parse(p: Path, memo: bool) -> tuple[object, int]:
    seen: list[Interp] = []
    closed: dict[int, int] = {}  # the memo's hits, read as the analysis closes its interpreter
    orig, orig_close = Interp.__init__, Interp.close

    def init(self, *a, **k):  # noqa: ANN001
        orig(self, *a, **k)
        seen.append(self)

    def close(self):  # noqa: ANN001
        closed[id(self)] = getattr(self.memo, "memo_hits", 0)
        orig_close(self)

    Interp.__init__, Interp.close = init, close
    try:
        sp = current() if memo else current().without("layer_memo", "propmemo")
        g = parse_source(p, entry="Model", speed=sp)
    finally:
        Interp.__init__, Interp.close = orig, orig_close
    return g, closed.get(id(seen[0]), getattr(seen[0].memo, "memo_hits", 0))


def test_value_keyed_retry_records_at_once(tmp_path):
    p = tmp_path / "memo_value.py"
    p.write_text(CODE)
    g, hits = _parse(p, True)
    plain, _ = _parse(p, False)
    spec = importlib.util.spec_from_file_location(p.stem, p)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # our own test file: importing it is fine
    with torch.device("meta"):
        want = sum(x.numel() for x in mod.build().parameters())
    assert g.params_total() == want
    assert json.loads(g.to_json()) == json.loads(plain.to_json())
    assert hits == 4  # block 0 plain, block 1 read the width and was recorded by value
