"""review20b: confident wrong counts review20 found (weakrefs of temporaries, written and
mutable defaults, def-time defaults), each checked against torch (docs/parser.md)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count


def _write(tmp_path: Path, code: str) -> Path:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return path


def _static(path: Path) -> int | None:
    return parse_source(path, entry="M").params_total()


# ---------------------------------------------------------------- weakref.ref(<call>)
WEAK = """
    import weakref
    import torch.nn as nn

    def keep(m, store=[]):
        store.append(m)
        return m

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(2, 3)
            r = weakref.ref({arg})
            if r() is not None:
                self.b = r()
"""


def test_weakref_of_a_fresh_torch_layer_is_dead(tmp_path):
    """CPython frees the layer nothing holds: the reference gives None (was 18 vs 9)."""
    path = _write(tmp_path, WEAK.format(arg="nn.Linear(2, 3)"))
    assert _static(path) == torch_count(path) == 9


def test_weakref_of_a_held_layer_gives_it(tmp_path):
    path = _write(tmp_path, WEAK.format(arg="self.a"))
    assert _static(path) == torch_count(path) == 9  # the same layer: counted once


def test_weakref_of_a_call_of_read_code_is_unknown(tmp_path):
    """``keep`` stores the layer in its default list, so it stays alive: not decidable here
    in general (a registry, a cache), so unknown rather than a guess."""
    path = _write(tmp_path, WEAK.format(arg="keep(nn.Linear(2, 3))"))
    assert torch_count(path) == 18
    assert _static(path) is None


# ---------------------------------------------------------------- written defaults
WRITTEN = """
    import torch.nn as nn

    def make(d=2, *, e=1):
        return nn.Linear(d, e)

    {write}

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            {inside}
            self.a = make()
"""


@pytest.mark.parametrize(
    ("write", "inside"),
    [
        ("make.__defaults__ = (8,)", "pass"),
        ("pass", "make.__defaults__ = (8,)"),
        ("setattr(make, '__defaults__', (8,))", "pass"),
        ("make.__kwdefaults__ = {'e': 5}", "pass"),
        ("make.__defaults__ = (4,)\n    make.__kwdefaults__ = {'e': 3}", "pass"),
        ("pass", "make.__defaults__ = make.__defaults__ + ()"),
    ],
)
def test_written_defaults_are_the_calls_defaults(tmp_path, write, inside):
    """The write was dropped: the call kept the source default (6 where torch has 72)."""
    path = _write(tmp_path, WRITTEN.format(write=write, inside=inside))
    assert _static(path) == torch_count(path)


def test_a_call_before_the_top_level_write_is_unknown_not_the_new_default(tmp_path):
    """``A = make()`` ran with the old defaults; globals are read lazily here, not in order,
    so the written defaults are unknown rather than applied to that call too."""
    code = WRITTEN.format(write="A = make()\n    make.__defaults__ = (8,)", inside="pass")
    path = _write(tmp_path, code.replace("self.a = make()", "self.a = A"))
    assert torch_count(path) == 3
    assert _static(path) is None


def test_written_defaults_reads_back(tmp_path):
    code = WRITTEN.format(write="make.__defaults__ = (8,)", inside="pass")
    path = _write(tmp_path, code.replace("self.a = make()", "self.a = make(make.__defaults__[0])"))
    assert _static(path) == torch_count(path) == 9


# ---------------------------------------------------------------- one default per def
MUTABLE = """
    import torch.nn as nn

    def make(acc=[]):
        acc.append(nn.Linear(1, 3))
        return acc

    def fresh():
        def inner(acc=[]):
            acc.append(nn.Linear(1, 3))
            return acc
        return inner()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            {calls}
"""


@pytest.mark.parametrize(
    "calls",
    [
        "make()\n            self.a = nn.ModuleList(make())",  # one list: 2 layers
        "fresh()\n            self.a = nn.ModuleList(fresh())",  # a new def each call: 1 layer
        "self.a = nn.ModuleList(make() + make())",  # the same list twice: shared layers
    ],
)
def test_a_mutable_default_is_one_object_per_def(tmp_path, calls):
    """``def make(acc=[])`` called twice appends to one list (was a fresh list per call: 6
    where torch has 12)."""
    path = _write(tmp_path, MUTABLE.format(calls=calls))
    assert _static(path) == torch_count(path)


BUILT_OFTEN = """
    import torch.nn as nn

    def reg(x, seen=[]):
        seen.append(x)
        return len(seen)

    class Layer(nn.Module):
        def __init__(self, d, acc=[]):
            super().__init__()
            acc.append(d)
            self.lin = nn.Linear({width}, 2)

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([Layer(4) for _ in range(3)])
"""


@pytest.mark.parametrize("width", ["len(acc)", "reg(d)"])
@pytest.mark.parametrize("memo", ["1", "0"])
def test_a_mutable_default_changed_by_a_layer_is_seen_by_the_next(
    tmp_path, width, memo, monkeypatch
):
    """A construction that changes a mutable default is not copied for the next one (the
    memo of constructions, speed/memo.py), nor is a retried one's change made twice."""
    monkeypatch.setenv("DRIFTCHECK_MEMO", memo)
    path = _write(tmp_path, BUILT_OFTEN.format(width=width))
    assert _static(path) == torch_count(path) == 18


# ---------------------------------------------------------------- the def-time value
DEF_TIME = """
    import torch.nn as nn

    W = {first}
    {mid}
    class M(nn.Module):
        def __init__(self, d={default}):
            super().__init__()
            self.a = nn.Linear(d[0] if isinstance(d, tuple) else d, 1)

    W = 8
"""


@pytest.mark.parametrize(
    ("first", "mid", "default"),
    [
        ("2", "", "W"),
        ("2", "", "W + 1"),
        ("(3, 1)", "", "W"),
        ("2", "V: int = 5", "W * V"),
    ],
)
def test_a_stale_default_takes_the_value_the_def_saw(tmp_path, first, mid, default):
    """``W = 2; def __init__(self, d=W)``; ``W = 8``: the default is 2 (was unknown)."""
    path = _write(tmp_path, DEF_TIME.format(first=first, mid=mid, default=default))
    assert _static(path) == torch_count(path)


IN_IF = """
    import torch.nn as nn

    W = 2
    if True:
        W = 4

        class M(nn.Module):
            def __init__(self, d=W):
                super().__init__()
                self.a = nn.Linear(d, 1)

    W = 8
"""


@pytest.mark.parametrize(
    "code",
    [
        DEF_TIME.format(first="2 * 3", mid="", default="W"),  # not a literal: not evaluated
        DEF_TIME.format(first="[2]", mid="", default="W[0]"),  # a list others may hold
        IN_IF,  # bound again in the def's own statement
    ],
)
def test_a_stale_default_not_cleanly_known_stays_unknown(tmp_path, code):
    path = _write(tmp_path, code)
    assert torch_count(path) > 0  # it runs
    assert _static(path) is None


# ---------------------------------------------------------------- lru_cache of an unhashable
CACHED = """
    import functools
    import torch.nn as nn

    @functools.lru_cache
    def width(dims):
        return sum(dims)

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            {body}
"""


@pytest.mark.parametrize("arg", ["{2: 1, 3: 1}", "{2, 3}"])
def test_lru_cache_of_an_unhashable_argument_raises(tmp_path, arg):
    """Python raises TypeError (unhashable type): the call ran here, 6 params for a crash."""
    path = _write(tmp_path, CACHED.format(body=f"self.a = nn.Linear(width({arg}), 1)"))
    with pytest.raises(TypeError, match="unhashable"):
        torch_count(path)
    g = parse_source(path, entry="M")  # no count: a blocker finding (IMP004)
    assert g.params_total() is None
    assert any(n.startswith("construction raises TypeError") for x in g.nodes for n in x.notes)


def test_lru_cache_of_an_unhashable_argument_can_be_caught(tmp_path):
    body = "try:\n                w = width({2: 1})\n            except TypeError:\n                w = 4"
    path = _write(tmp_path, CACHED.format(body=body + "\n            self.a = nn.Linear(w, 1)"))
    assert _static(path) == torch_count(path) == 5
