"""An undecided ``if`` inside a layer the memo records (issue #16, session 16, cw16).

The branch-state tracking of session 15 (interp/branchstate.py) walked the frame's values with
``plain`` before the ``if`` ran its branches, outside the ``try`` that pops the condition. In
a construction recorded with its int arguments as probes (speed/memo.py) that walk read the
probe (``self.idx = idx``), the recording was abandoned with ``ProbeUsed``, and the condition's
line stayed on the stack of conditions for the rest of the analysis: every layer built after
it "depends on an unresolved condition", an unknown count where the answer was exact
(transformers' zamba2 ``Zamba2MambaMixer``: ``if ... self.dt_bias.device.type != "meta"``).
Each case is a small model written here and counted by real torch.
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")

# zamba2's shape: the int (a layer index) is stored, the undecided ``if`` comes next, the
# index is read only after it; the layer is built four times from one call site (memo reuse)
MIXERS = """\
import os

import torch
import torch.nn as nn


class Cfg:
    width = 16
    kinds = ["a", "b", "a", "b"]


class Mixer(nn.Module):
    def __init__(self, cfg, idx=None):
        super().__init__()
        self.idx = idx
        self.proj = nn.Linear(cfg.width, cfg.width)
        self.scale = nn.Parameter(torch.empty(cfg.width))
        if os.environ.get("CW16_INIT"):
            self.reset()
        self.kind = cfg.kinds[idx]

    def reset(self):
        nn.init.ones_(self.scale)


class Block(nn.Module):
    def __init__(self, cfg, idx=None):
        super().__init__()
        self.mixer = Mixer(cfg, idx=idx)
        self.norm = nn.LayerNorm(cfg.width)


class Net(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.blocks = nn.ModuleList([Block(cfg, idx=i) for i in range(4)])
        self.head = nn.Linear(cfg.width, 3)


model = Net(Cfg())
"""


def torch_count(path) -> int:
    with torch.device("cpu"):
        model = runpy.run_path(str(path), run_name="__wild__")["model"]
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def test_undecided_if_in_a_recorded_layer_leaves_no_condition_behind(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(MIXERS)
    want = torch_count(f)  # 4 * (16 * 16 + 16 + 16 + 2 * 16) + 16 * 3 + 3 = 1331
    g = parse_source(f)
    assert g.params_total() == want == 1331, g.notes
    assert not any("unresolved condition" in n for n in g.notes), g.notes


@pytest.mark.parametrize("off", ["all", "layer_memo"])
def test_same_count_with_the_memo_off(tmp_path, monkeypatch, off):
    monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
    f = tmp_path / "m.py"
    f.write_text(MIXERS)
    assert parse_source(f).params_total() == torch_count(f)


def test_the_state_walk_reads_no_probe():
    """Recording what an undecided ``if`` may change is no use of a value: a probe reached
    through a local or an attribute is left untouched (a read abandons a memo recording)."""
    from driftcheck.parsers.source.interp import branchstate
    from driftcheck.parsers.source.values.abstract import Obj, Probe, Sourced, Unknown

    class Rec:
        active = True

    p = Probe(3, Rec(), 0)
    held = [Sourced(4, "n", None, None), p]
    obj = Obj(None, attrs={"idx": p, "dims": held})
    local = {"self": obj, "idx": p, "sizes": held}
    s = branchstate.capture(local)  # a touched probe raises ProbeUsed here
    assert any(c is held for c in s.conts)  # the program's own list, not a stripped copy
    held.append(5)
    ids, _ = branchstate.diverged(s, branchstate.again(s))
    assert ids == {id(held)}
    branchstate.forget(local, ids, [], "test")
    assert isinstance(local["sizes"], Unknown) and isinstance(obj.attrs["dims"], Unknown)


# an undecided ``break`` (a loop slot) and an undecided ``if`` over a probe-free construction
BREAKS = """\
import os

import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList()
        for i in range(4):
            self.layers.append(nn.Linear(8, 8))
            if os.environ.get("CW16_STOP"):
                break


model = Net()
"""


def test_one_process_answers_each_file_as_alone(tmp_path):
    """The branch tracking keeps nothing from one analysis to the next (a loop slot, a
    condition on the stack): ``MIXERS`` after ``BREAKS`` in one process answers as alone."""
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text(BREAKS)
    b.write_text(MIXERS)
    alone = parse_source(b)
    first = parse_source(a)
    assert first.params_total() is None  # the loop may stop after any round (torch: 72..288)
    after = parse_source(b)
    assert alone.params_total() == after.params_total() == torch_count(b)
    assert alone.notes == after.notes


# -- importing past a plain module (nnU-Net's plans: ``pydoc.locate("pkg.unet.PlainConvUNet")``)
# pydoc's ``locate`` imports the longest importable prefix of a dotted path: ``if nextmodule:
# module, n = ... else: break``. ``__import__("pkg.unet.PlainConvUNet")`` with ``unet.py`` a
# module (no ``__path__``) surely raises ModuleNotFoundError; the analyzer answered an unknown
# module, the ``if`` was undecided, the loop "may break here", and the located class unknown.

UNET = """\
import torch.nn as nn


class PlainNet(nn.Module):
    def __init__(self, width, depth=2):
        super().__init__()
        self.layers = nn.ModuleList([nn.Conv2d(width, width, 3) for _ in range(depth)])
        self.head = nn.Linear(width, 3)
"""

PYDOC_USER = """\
import pydoc

net_class = pydoc.locate("netpkg.unet.PlainNet")
conv = pydoc.locate("torch.nn.modules.conv.Conv1d")
model = net_class(width=conv(4, 6, 3).out_channels, depth=3)
"""

# the same loop written out, over ``importlib.import_module`` and ``except ImportError``
OWN_LOOP_USER = """\
import importlib


def locate(path):
    parts = path.split(".")
    module, n = None, 0
    while n < len(parts):
        try:
            nxt = importlib.import_module(".".join(parts[: n + 1]))
        except ImportError:
            break
        module, n = nxt, n + 1
    obj = module
    for part in parts[n:]:
        obj = getattr(obj, part)
    return obj


try:
    __import__("netpkg.unet.depth")
    depth = 2
except ImportError:
    depth = 4
model = locate("netpkg.unet.PlainNet")(width=5, depth=depth)
"""


def _netpkg(tmp_path, unet: str = UNET):
    pkg = tmp_path / "netpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "unet.py").write_text(unet)


@pytest.mark.parametrize("user", [PYDOC_USER, OWN_LOOP_USER], ids=["pydoc_locate", "own_loop"])
def test_importing_past_a_plain_module_fails_for_certain(tmp_path, user):
    from model_count_support import torch_count as count

    _netpkg(tmp_path)
    f = tmp_path / "user.py"
    f.write_text(user)
    want = count(f, root="model", sys_path=tmp_path)
    g = parse_source(f)
    assert g.params_total() == want, g.notes
    # pydoc: 3 * (6 * 6 * 9 + 6) + 6 * 3 + 3; own loop: 4 * (5 * 5 * 9 + 5) + 5 * 3 + 3
    assert want in (3 * (6 * 6 * 9 + 6) + 21, 4 * (5 * 5 * 9 + 5) + 18)


@pytest.mark.parametrize("off", ["all", "layer_memo"])
def test_importing_past_a_plain_module_with_the_memo_off(tmp_path, monkeypatch, off):
    from model_count_support import torch_count as count

    monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
    _netpkg(tmp_path)
    f = tmp_path / "user.py"
    f.write_text(PYDOC_USER)
    assert parse_source(f).params_total() == count(f, root="model", sys_path=tmp_path)


# six's way: a plain module that makes ``netpkg.unet.depth`` importable through sys.modules
HOOKED = (
    UNET
    + """
import sys
import types

_sub = types.ModuleType(__name__ + ".depth")
sys.modules[__name__ + ".depth"] = _sub
"""
)


def test_a_plain_module_that_registers_submodules_is_not_decided(tmp_path):
    """Python imports ``netpkg.unet.depth`` here (sys.modules), so the ``try`` takes its
    ``else`` way: the analyzer must not claim ModuleNotFoundError (depth 4), only torch's
    count or an honest unknown."""
    from model_count_support import torch_count as count

    _netpkg(tmp_path, HOOKED)
    f = tmp_path / "user.py"
    f.write_text(OWN_LOOP_USER)
    want = count(f, root="model", sys_path=tmp_path)
    assert want == 2 * (5 * 5 * 9 + 5) + 18
    assert parse_source(f).params_total() in (want, None)
