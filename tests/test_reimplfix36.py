"""reimplfix36 (issue #17): sizes held in the ways users hold them, against real torch.

The probe ports (``tests/reimpl_probe36``: 12 architectures' bodies written for this probe x the
styles that hold their sizes) are checked here as the reimpl benches check a port: the clean port
has the HF model's parameter count in torch (meta device) and no finding of minor or above
against the HF config (transformers' config class); every planted size (one value changed in the
holder, or the tiny run's line taken out so a larger default shows through) is found with both
values. One style per architecture here (rotating, so every style is run); ``python -m
tests.reimpl_probe36.run --all-styles`` runs all of them.

The constructs fixed (each a probe miss or the fresh33 dev miss):
- ``for n in "qkv"`` in ``forward`` iterates the string's characters (was: unknown, so the body
  of ``(self.proj[n](h).view(b, t, S.n_heads, -1) for n in "qkv")`` never ran);
- a settings class read as an object (``S = TinySettings``; ``S.n_heads``) in ``forward``: the
  head count is a use, as a settings instance's;
- ``parser.parse_args(argv)`` is an ``argparse.Namespace``: its head count read by ``forward``
  is a use (as a ``SimpleNamespace``'s);
- a script outside any package reads a data file in its own directory (a dataclass's defaults
  overridden by a JSON / YAML next to the code), never one above it.
"""

from __future__ import annotations

import ast
import runpy
import sys
import textwrap
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from tests.reimpl_probe36.bodies import BODIES  # noqa: E402
from tests.reimpl_probe36.probes import (  # noqa: E402
    MAIN_STYLES,
    hf_config,
    plants,
    render,
    write,
)
from tests.reimpl_probe36.run import findings, holds  # noqa: E402
from tests.reimpl_probe36.styles import STYLES  # noqa: E402

ARCHS = list(BODIES)
# one style per architecture, rotating over the styles (every style runs in some architecture)
PAIRS = [(a, MAIN_STYLES[(i * 5) % len(MAIN_STYLES)]) for i, a in enumerate(ARCHS)]
PAIRS += [(ARCHS[(j * 7) % len(ARCHS)], s) for j, s in enumerate(MAIN_STYLES)]
PAIRS = sorted(set(PAIRS))


def _root_class(path: Path) -> str:
    tree = ast.parse(path.read_text())
    return [n.name for n in tree.body if isinstance(n, ast.ClassDef)][-1]


def _n(m) -> int:
    return sum(p.numel() for p in m.parameters())


def _torch_model(path: Path):
    g = runpy.run_path(str(path))
    return g[_root_class(path)]()


@pytest.fixture(scope="module")
def configs(tmp_path_factory):
    root = tmp_path_factory.mktemp("hfcfg")
    return {a: hf_config(a, root / a) for a in ARCHS}


def test_every_style_runs_and_every_arch_runs():
    assert {s for _, s in PAIRS} == set(MAIN_STYLES)
    assert {a for a, _ in PAIRS} == set(ARCHS)


@pytest.mark.parametrize(("arch", "style"), PAIRS)
def test_probe_clean_has_hf_count_and_no_finding(arch, style, tmp_path, configs):
    cfg, cfg_path = configs[arch]
    code = write(tmp_path / "clean", render(arch, style))
    with torch.device("meta"):
        hf = getattr(transformers, BODIES[arch].hf_model)(cfg)
    m = _torch_model(code)
    assert _n(m) == _n(hf)
    m(torch.randint(2, 100, (2, 9)))  # it runs on CPU
    assert findings(code, cfg_path) == []


@pytest.mark.parametrize(("arch", "style"), PAIRS)
def test_probe_plants_found_with_both_values(arch, style, tmp_path, configs):
    _, cfg_path = configs[arch]
    missed = []
    for p in plants(arch, style):
        code = write(tmp_path / p["name"], render(arch, style, p["vals"], p["drop"]))
        m = _torch_model(code)
        # the plant is real in torch: the code holds the planted value
        g = runpy.run_path(str(code))
        acc = STYLES[style](p["vals"], BODIES[arch].big, p["drop"]).acc
        got = eval(acc("CFG", p["key"]), g)  # the body's own read of the size
        assert got == p["right"] != p["left"], p["name"]
        del m
        hits = findings(code, cfg_path)
        if not any(
            isinstance(h["values"], dict)
            and holds(h["values"].get("left"), p["right"])
            and holds(h["values"].get("right"), p["left"])
            for h in hits
        ):
            missed.append((p["name"], [h["msg"] for h in hits]))
    assert missed == []


XGLM_LIKE = """
import torch
import torch.nn.functional as F
from torch import nn


class Base:
    width = 256
    n_heads = 16


class Tiny(Base):
    width = 32
{heads}

S = Tiny


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.ModuleDict({{n: nn.Linear(S.width, S.width) for n in ("q", "k", "v")}})
        self.out = nn.Linear(S.width, S.width)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (self.proj[n](x).view(b, t, S.n_heads, -1).transpose(1, 2) for n in "qkv")
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Attn() for _ in range(2)])

    def forward(self, x):
        for a in self.layers:
            x = a(x)
        return x
"""


def _uses(path: Path) -> dict:
    from driftcheck.parsers.source import parse_source

    g = parse_source(path)
    return {u.key: u.value for u in g.uses}, g


@pytest.mark.parametrize("heads", [4, None])
def test_settings_class_heads_through_string_loop(tmp_path, heads):
    f = tmp_path / "m.py"
    f.write_text(XGLM_LIKE.format(heads=f"    n_heads = {heads}" if heads else ""))
    g = runpy.run_path(str(f))
    want = 4 if heads else 16
    assert g["S"].n_heads == want
    net = g["Net"]()
    x = torch.randn(2, 5, 32)
    assert net(x).shape == (2, 5, 32)
    # the head count changes what torch computes: same weights, 4 vs 16 heads differ
    other = runpy.run_path(str(f))
    other["S"].n_heads = 16 if want == 4 else 4
    net2 = other["Net"]()
    net2.load_state_dict(net.state_dict())
    assert (net2(x) - net(x)).abs().max() > 1e-4
    uses, graph = _uses(f)
    assert uses.get("numHeads") == want
    assert graph.params_total() == sum(p.numel() for p in net.parameters())


def test_string_loop_runs_each_character(tmp_path):
    from driftcheck.parsers.source.forward.dataflow_call import MAX_LOOP

    f = tmp_path / "m.py"
    f.write_text(
        textwrap.dedent(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.p = nn.ModuleDict({n: nn.Linear(8, 8) for n in "abc"})

                def forward(self, x):
                    return torch.cat([self.p[n](x) for n in "abc"], dim=-1)
            """
        )
    )
    net = runpy.run_path(str(f))["Net"]()
    assert net(torch.randn(2, 8)).shape == (2, 24)
    from driftcheck.parsers.source import parse_source

    g = parse_source(f)
    assert g.params_total() == sum(p.numel() for p in net.parameters())
    assert MAX_LOOP >= 3


ARGPARSE = """
import argparse
import torch.nn.functional as F
from torch import nn

p = argparse.ArgumentParser()
p.add_argument("--width", type=int, default=512)
p.add_argument("--n_head", type=int, default=8)
HP = p.parse_args(["--width", "32", "--n_head", "{heads}"])


class Attn(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.qkv = nn.Linear(hp.width, 3 * hp.width)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, -1)
        q, k, v = (z.view(b, t, self.hp.n_head, -1).transpose(1, 2) for z in (q, k, v))
        return F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)


class Net(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.blocks = nn.ModuleList([Attn(hp) for _ in range(2)])

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return x
"""


@pytest.mark.parametrize("heads", [2, 4])
def test_argparse_namespace_heads_read_in_forward(tmp_path, heads):
    f = tmp_path / "m.py"
    f.write_text(ARGPARSE.format(heads=heads))
    g = runpy.run_path(str(f))
    assert g["HP"].n_head == heads
    a = g["Attn"](g["HP"])
    assert a(torch.randn(1, 3, 32)).shape == (1, 3, 32)
    uses, graph = _uses(f)
    assert uses.get("numHeads") == heads
    assert graph.params_total() == sum(p.numel() for p in g["Net"]().parameters())


def test_sizes_json_next_to_script_read_and_above_not(tmp_path):
    import json

    d = tmp_path / "run"
    d.mkdir()
    (d / "sizes.json").write_text(json.dumps({"width": 24, "layers": 3}))
    (tmp_path / "sizes.json").write_text(json.dumps({"width": 24, "layers": 3}))
    src = textwrap.dedent(
        """
        import json
        import os
        from dataclasses import dataclass
        from torch import nn

        @dataclass
        class Sizes:
            width: int = 512
            layers: int = 12

        with open(os.path.join(os.path.dirname(__file__), {where!r}, "sizes.json")) as fh:
            CFG = Sizes(**json.load(fh))

        class Net(nn.Module):
            def __init__(self, c=CFG):
                super().__init__()
                self.layers = nn.ModuleList([nn.Linear(c.width, c.width) for _ in range(c.layers)])
        """
    )
    from driftcheck.parsers.source import parse_source

    here = d / "m.py"
    here.write_text(src.format(where="."))
    n = sum(p.numel() for p in runpy.run_path(str(here))["Net"]().parameters())
    assert n == 3 * (24 * 24 + 24)
    assert parse_source(here).params_total() == n
    above = d / "up.py"
    above.write_text(src.format(where=".."))
    assert sum(p.numel() for p in runpy.run_path(str(above))["Net"]().parameters()) == n
    assert parse_source(above).params_total() is None  # above the script's directory


def test_static_path_imports_no_torch_for_probe(tmp_path):
    import subprocess

    code = write(tmp_path / "p", render("xglm", "class_inherit"))
    prog = (
        "import sys\nfrom driftcheck.parsers.source import parse_source\n"
        f"g = parse_source({str(code)!r})\n"
        "print('torch' in sys.modules, 'transformers' in sys.modules, g.params_total())"
    )
    out = subprocess.run(
        [sys.executable, "-c", prog],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        check=True,
    ).stdout.split()
    assert out[:2] == ["False", "False"]
    assert out[2] != "None"
