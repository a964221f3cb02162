"""Session 33 (wildfix33): frames and finalizers read as CPython runs them
(interp/frameintro.py).

- ``sys._getframe(n)`` / ``inspect.currentframe()``: a function called straight from a call in
  another function of the analyzed code has that function's frame as its caller; ``f_locals``
  reads its locals, ``f_back`` walks up. Module level, comprehensions, class calls, ``map``
  and a ``f_locals`` written through stay unknown.
- ``weakref.finalize(name, fn, *args)`` of a layer a torch.nn class built, with only
  finalizers between the binding and ``del name``: the callbacks run at the ``del``, the last
  registered first. Lazy modules (a reference cycle), another holder, a call in between stay
  unknown.

Every count is torch's (``torch_count`` runs the file); a null count is an honest unknown.
"""

from __future__ import annotations

import gc
import inspect
import textwrap
import weakref

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

torch = pytest.importorskip("torch")
nn = torch.nn


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


def _chain(tail: str) -> str:
    return tail + "\nmodel = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(ws, ws[1:])])\n"


# ------------------------------------------------------------------ sys._getframe
CALLER_LOCAL = """
import sys
import torch.nn as nn
def block():
    w = sys._getframe(1).f_locals["width"]
    return nn.Sequential(nn.Linear(w, w * 2), nn.ReLU(), nn.Linear(w * 2, w))
def build():
    width = 20
    return nn.Sequential(block(), block())
model = build()
"""

TWO_CALLERS = """
import sys
import torch.nn as nn
def size():
    return sys._getframe(1).f_locals["n"] + 1
def a():
    n = 4
    return size()
def b():
    n = 9
    return size()
ws = [a(), b(), a(), 3]
"""

METHOD_AND_DEPTH_TWO = """
import sys
import inspect
import torch.nn as nn
class Reader:
    def two_up(self):
        return sys._getframe(2).f_locals.get("depth", 1)
    def via_back(self):
        return inspect.currentframe().f_back.f_locals["k"]
def middle(r):
    k = 6
    return [r.two_up(), r.via_back()]
def outer():
    depth = 5
    return middle(Reader())
ws = [*outer(), 2]
"""

FROM_LOOP_BODY = """
import sys
import torch.nn as nn
def grab():
    f = sys._getframe(1)
    return f.f_locals["i"] * 2 + len(f.f_locals)
def build():
    out = []
    for i in range(1, 4):
        out.append(grab())
    return out
ws = build()
"""


@pytest.mark.parametrize(
    "code",
    [CALLER_LOCAL, _chain(TWO_CALLERS), _chain(METHOD_AND_DEPTH_TWO), _chain(FROM_LOOP_BODY)],
    ids=["caller_local", "two_callers", "method_and_depth_two", "from_loop_body"],
)
def test_getframe_reads_the_caller(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


# the frame CPython gives is not one the interpreter knows: unknown, never a guess
AT_MODULE_LEVEL = """
import sys
import torch.nn as nn
def size():
    return sys._getframe(1).f_locals["n"]
n = 4
ws = [size(), 3]
"""

IN_COMPREHENSION = """
import sys
import torch.nn as nn
def size(j):
    return sys._getframe(1).f_locals.get("n", 2) + j
def build():
    n = 7
    return [size(j) for j in range(3)]
ws = build()
"""

WRITTEN_THROUGH = """
import sys
import torch.nn as nn
def bump():
    sys._getframe(1).f_locals["n"] = 11
    return 3
def build():
    n = 4
    bump()
    return [n, 5]
ws = build()
"""

CLASS_CALL = """
import sys
import torch.nn as nn
class Sized:
    def __init__(self):
        self.n = sys._getframe(1).f_locals["n"]
def build():
    n = 6
    return [Sized().n, 4]
ws = build()
"""

MAPPED = """
import sys
import torch.nn as nn
def size(j):
    return sys._getframe(1).f_locals.get("n", 2) + j
def build():
    n = 7
    return list(map(size, [1, 2]))
ws = build()
"""


@pytest.mark.parametrize(
    "code",
    [AT_MODULE_LEVEL, IN_COMPREHENSION, WRITTEN_THROUGH, CLASS_CALL, MAPPED],
    ids=["module_level", "comprehension", "written_through", "class_call", "map"],
)
def test_getframe_unknown_frames_stay_unknown(tmp_path, code):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(_chain(code)))
    torch_count(path, root="model")  # the file runs under CPython
    g = parse_source(path)
    assert g.params_total() is None
    assert any("_getframe" in n or "f_locals" in n for n in _notes(g)), _notes(g)


def _notes(g) -> list[str]:
    out = list(getattr(g, "notes", []) or [])
    for n in g.nodes:
        out += [str(u) for u in (n.unresolved or [])] + [str(u) for u in (n.notes or [])]
    return out


# ------------------------------------------------------------------ weakref.finalize at del
FINALIZE_DEL = """
import weakref
import torch.nn as nn
events = []
probe = nn.Linear(64, 64)
weakref.finalize(probe, events.append, "freed")
del probe
depth = 1 + len(events)
model = nn.Sequential(*[nn.Linear(6, 6) for _ in range(depth)])
"""

FINALIZE_ORDER_AND_FUNC = """
import weakref
import torch.nn as nn
order = []
def note(x, y=0):
    order.append(x + y)
def build():
    p = nn.Conv2d(3, 8, 3)
    weakref.finalize(p, order.append, 3)
    weakref.finalize(p, note, 5, y=2)
    weakref.finalize(p, order.pop, 99)
    del p
    return order
ws = [*build(), 4]
"""

FINALIZE_RAISING = """
import weakref
import torch.nn as nn
events = []
p = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
weakref.finalize(p, events.append, 7)
weakref.finalize(p, events.pop)  # runs first: IndexError, ignored
del p
ws = [len(events) + 2, *events]
"""


@pytest.mark.parametrize(
    "code",
    [FINALIZE_DEL, _chain(FINALIZE_ORDER_AND_FUNC), _chain(FINALIZE_RAISING)],
    ids=["module_level", "order_and_function", "callback_raises"],
)
def test_finalize_runs_at_del(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


LAZY = """
import weakref
import torch.nn as nn
events = []
p = nn.LazyLinear(4)
weakref.finalize(p, events.append, 1)
del p
ws = [len(events) + 2, 3]
"""

HELD_ELSEWHERE = """
import weakref
import torch.nn as nn
events = []
keep = []
p = nn.Linear(2, 2)
keep.append(p)
weakref.finalize(p, events.append, 1)
del p
ws = [len(events) + 2, 3]
"""

CALL_BETWEEN = """
import weakref
import torch.nn as nn
events = []
keep = []
p = nn.Linear(2, 2)
weakref.finalize(p, events.append, 1)
print(p)
del p
ws = [len(events) + 2, 3]
"""


@pytest.mark.parametrize(
    "code", [LAZY, HELD_ELSEWHERE, CALL_BETWEEN], ids=["lazy", "held_elsewhere", "call_between"]
)
def test_finalize_not_proven_stays_unknown(tmp_path, code):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(_chain(code)))
    torch_count(path, root="model")  # the file runs under CPython
    assert parse_source(path).params_total() is None


def _torch_module_classes() -> list[tuple[str, tuple]]:
    special = {
        "AdaptiveLogSoftmaxWithLoss": (8, 10, [4]),
        "RNNBase": ("LSTM", 4, 4),
        "TransformerDecoder": (nn.TransformerDecoderLayer(8, 2), 2),
        "TransformerEncoder": (nn.TransformerEncoderLayer(8, 2), 2),
        "Unflatten": (1, (2, 2)),
    }
    out = []
    for name in sorted(dir(nn)):
        cls = getattr(nn, name)
        if not (inspect.isclass(cls) and issubclass(cls, nn.Module)):
            continue
        if name in special:
            out.append((name, special[name]))
            continue
        for a in ((), (4,), (4, 4), (4, 4, 3), (8, 2), (4, 4, 4)):
            try:
                with torch.device("meta"), _quiet():
                    cls(*a)
            except Exception:  # noqa: BLE001 (another argument list)
                continue
            out.append((name, a))
            break
    return out


class _quiet:
    def __enter__(self):
        import warnings

        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore")

    def __exit__(self, *exc):
        return self._w.__exit__(*exc)


def test_torch_layers_are_freed_at_del_except_lazy():
    """The rule's premise, for every torch.nn module class: a layer built straight into a name
    is freed by ``del`` of that name (no reference cycle), except the lazy modules, which the
    rule leaves out (``frameintro._fresh_torch_layer``)."""
    classes = _torch_module_classes()
    assert len(classes) > 150
    enabled = gc.isenabled()
    gc.disable()
    try:
        kept = []
        for name, args in classes:
            events = []
            with torch.device("meta"), _quiet():
                probe = getattr(nn, name)(*args)
            weakref.finalize(probe, events.append, 1)
            del probe
            if not events:
                kept.append(name)
    finally:
        if enabled:
            gc.enable()
    assert kept and all(n.startswith("Lazy") for n in kept), kept


WEAKREF_LAZY_TEMPORARY = """
import weakref
import torch.nn as nn
r = weakref.ref(nn.LazyLinear(3))
w = 4 if r() is None else 9
model = nn.Linear(w, 2)
"""


def test_weakref_of_a_lazy_temporary_is_unknown(tmp_path):
    """``weakref.ref(nn.LazyLinear(3))()``: the lazy module is in a reference cycle, alive until
    the cycle collector runs (CPython: not None here); it was read as freed (10 where torch
    has 20), now unknown."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(WEAKREF_LAZY_TEMPORARY))
    assert torch_count(path, root="model") == 20
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ the core install agrees
CONV_GROUPS_SUPPRESSED = """
import contextlib
import torch.nn as nn
convs = nn.ModuleList()
for groups in (1, 3, 4, 5, 8, 0):
    with contextlib.suppress(ValueError):
        convs.append(nn.Conv2d(24, 40, 3, padding=1, groups=groups))
    try:
        convs.append(nn.ConvTranspose1d(12, 6, 3, groups=groups))
    except ValueError:
        pass
model = convs
"""

LOSS_BASE = """
import torch.nn as nn
from torch.nn.modules.loss import _Loss
class MyLoss(_Loss):
    def __init__(self, reduction="sum"):
        super().__init__(reduction=reduction)
        self.scale = nn.Linear(3, 4) if self.reduction == "sum" else nn.Linear(3, 9)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.loss = MyLoss()
        self.fc = nn.Linear(4, 4)
model = M()
"""


@pytest.mark.parametrize(
    "code", [CONV_GROUPS_SUPPRESSED, LOSS_BASE], ids=["conv_groups_suppressed", "loss_base"]
)
def test_core_install_counts_as_torch(tmp_path, code):
    """Without torch's source (the core install: the hook's and the Action's), a grouped conv
    torch refuses raises its ValueError (caught here, the layer skipped) and torch's ``_Loss``
    base binds as ``L1Loss`` (no weights, ``reduction`` stored): the full install's answers."""
    import json
    import subprocess
    import sys

    from benchmarks import installs
    from tests.conftest import ROOT

    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    want = torch_count(path, root="model")
    for mode in ("core", "full"):
        r = subprocess.run(
            [sys.executable, "-c", installs.cli(mode), "graph", str(path), "--format", "json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=300,
        )
        assert json.loads(r.stdout)["params_total"] == want, (mode, r.stderr[-500:])
