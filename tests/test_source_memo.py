"""Layer reuse (``parsers/source/speed/memo.py``): the same graph as interpreting every layer.

Each model below builds a stack of layers whose body uses the layer index in a different way:
stored only (reusable), deciding structure, indexing a config list, written into the config.
Each is checked three ways: against torch's parameter count, against the graph parsed with
reuse turned off (node for node), and for whether reuse happened where it may.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from driftcheck.parsers.source import parse_source  # noqa: E402
from driftcheck.parsers.source.library.machine import Interp  # noqa: E402
from driftcheck.speed import current  # noqa: E402

OFF = ("layer_memo", "propmemo")  # what DRIFTCHECK_MEMO=0 turns off
from tests.source_coverage import meta_build_count  # noqa: E402

HEAD = """
import torch
from torch import nn


class Cfg:
    def __init__(self, hidden=16, layers=6, types=None):
        self.hidden = hidden
        self.layers = layers
        self.types = types or ["a", "b", "a", "a", "b", "a"]

"""

MODELS = {
    # the index is only stored: every layer after the second is a copy
    "stored": """
class Layer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.proj = nn.Linear(cfg.hidden, cfg.hidden)
        self.norm = nn.LayerNorm(cfg.hidden)
""",
    # the index decides which layers get an extra projection
    "structure": """
class Layer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.proj = nn.Linear(cfg.hidden, cfg.hidden)
        if layer_idx % 3 == 0:
            self.extra = nn.Linear(cfg.hidden, 2 * cfg.hidden + layer_idx)
""",
    # the index picks a layer type from the config
    "indexed": """
class Layer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.kind = cfg.types[layer_idx]
        width = 3 * cfg.hidden if self.kind == "b" else cfg.hidden
        self.proj = nn.Linear(cfg.hidden, width)
""",
    # the layer writes into the shared config: never reused
    "writes": """
class Layer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        cfg.hidden = cfg.hidden + 1
        self.proj = nn.Linear(cfg.hidden, 4)
""",
    # the index sizes a layer through a helper and a keyword argument
    "sized": """
def width(i):
    return 8 * (i + 1)


class Layer(nn.Module):
    def __init__(self, cfg, layer_idx=0):
        super().__init__()
        self.proj = nn.Linear(cfg.hidden, width(layer_idx))
        self.idx = layer_idx
""",
}

TAIL = """

class Model(nn.Module):
    def __init__(self, cfg: Cfg):
        super().__init__()
        self.layers = nn.ModuleList([Layer(cfg, layer_idx=i) for i in range(cfg.layers)])


def build():
    return Model(Cfg())
"""


def _write(tmp_path: Path, name: str) -> Path:
    p = tmp_path / f"memo_{name}.py"
    p.write_text(HEAD + MODELS[name] + TAIL)
    return p


def _graph(p: Path, memo: bool, hits: list[int] | None = None):
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
        g = parse_source(p, entry="Model", speed=current().without(*([] if memo else OFF)))
    finally:
        Interp.__init__, Interp.close = orig, orig_close
    if hits is not None:
        hits.append(closed.get(id(seen[0]), getattr(seen[0].memo, "memo_hits", 0)))
    return g


@pytest.mark.parametrize("name", sorted(MODELS))
def test_reuse_gives_the_graph_of_full_interpretation(tmp_path, name):
    p = _write(tmp_path, name)
    hits: list[int] = []
    g = _graph(p, True, hits)
    plain = _graph(p, False)
    assert g.params_total() == meta_build_count(p)
    assert json.loads(g.to_json()) == json.loads(plain.to_json())
    if name == "stored":
        assert hits[0] == 4  # layer 0 interpreted, layer 1 recorded, 2..5 copied
    if name == "indexed":
        assert hits[0] == 3  # types a b a a b a: 1 ("b") and 2 ("a") recorded, 3..5 copied
    if name in ("writes", "structure", "sized"):
        assert hits[0] == 0  # every layer depends on its index or writes outside itself


def test_copies_are_distinct_modules(tmp_path):
    """Reused layers are separate objects: sharing them would count weights once (a tie)."""
    p = _write(tmp_path, "stored")
    g = _graph(p, True)
    assert [n.repeat for n in g.nodes if n.id.startswith("layers/")][0] == 6
    assert g.params_total() == 6 * (16 * 16 + 16 + 2 * 16)


def test_template_copy_keeps_aliasing_shares_what_is_shared_and_fills_probes():
    """A copy (an unpickled template) is a deep copy in every respect that matters here."""
    from driftcheck.parsers.source.speed.memo import Recording, Template
    from driftcheck.parsers.source.values.abstract import Leaf, Obj, Probe, Unknown

    cfg_list = [1, 2]  # reachable from the arguments: shared, never copied
    inner: list = []
    leaf = Leaf("Linear", {"in_features": 4, "out_features": 2}, ("m.py", 3))
    o = Obj(cls=None, module=True, loc=("m.py", 9), children={"fc": leaf})
    rec = Recording({id(cfg_list)})
    o.attrs.update(a=inner, b=inner, cfg=cfg_list, u=Unknown("x"), idx=Probe(7, rec, 0))
    o.attrs["me"] = o  # a cycle
    leaf.tied["weight"] = (o, "w")  # a reference back up the tree
    rec.active = False
    tpl = Template(o, rec, rec.ext)
    c1, c2 = tpl.copy([11]), tpl.copy([12])
    for c, idx in ((c1, 11), (c2, 12)):
        assert c is not o and c.attrs["me"] is c
        assert c.attrs["a"] is c.attrs["b"] and c.attrs["a"] is not inner
        assert c.attrs["cfg"] is cfg_list and c.attrs["u"] is o.attrs["u"]
        assert c.attrs["idx"] == idx
        fc = c.children["fc"]
        assert fc is not leaf and fc.params == leaf.params and fc.params is not leaf.params
        assert fc.tied["weight"][0] is c and fc.loc is leaf.loc
    assert c1.children["fc"] is not c2.children["fc"]
    c1.attrs["a"].append(1)
    assert inner == [] and c2.attrs["a"] == []
