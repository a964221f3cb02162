"""A module class's own ``__setattr__`` (issue #16, session 14: fresh7's one confident wrong
count), each case a small model written here and built in real torch.

torch_frame-like modules postpone building their layers: the base ``__init__`` writes every
argument with ``setattr``, a ``__setattr__`` hook crosses each name off a set of names still
missing, and the layers are built once the set is empty. The analyzer wrote attributes without
running the hook, so the set stayed full, the build was skipped and the layers were silently
missing. Now the hook runs (its ``super().__setattr__`` is the plain registering write); under
a name the analyzer cannot compute, the module is unknown with a note naming the hook."""

from __future__ import annotations

import functools
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")

DEFERRED = """
import inspect
import torch
import torch.nn as nn


class Deferred(nn.Module):
    NEEDED = frozenset()

    def __init__(self, *args, **kwargs):
        super().__init__()
        self._pending = set(self.NEEDED)
        names = inspect.signature(self.__init__).parameters
        for name, value in zip(names, args):
            setattr(self, name, value)
        for name, value in kwargs.items():
            setattr(self, name, value)
        if self.ready:
            self.build()

    def __setattr__(self, name, value):
        super().__setattr__(name, value)
        if value is not None and name in getattr(self, "_pending", ()):
            self._pending.discard(name)

    @property
    def ready(self):
        return not self._pending

    def build(self):
        raise NotImplementedError


class Table(Deferred):
    NEEDED = {{"width", "rows"}}

    def __init__(self, width=None, rows=None, dropout=0.0):
        super().__init__(width, rows, dropout)

    def build(self):
        self.table = nn.Embedding(self.rows, self.width)
        self.proj = nn.Linear(self.width, self.width)

    def forward(self, x):
        return self.proj(self.table(x))

{body}
"""


def check(tmp_path, body: str):
    f = tmp_path / "m.py"
    f.write_text(DEFERRED.format(body=textwrap.dedent(body)))
    return parse_source(f), torch_count(f)


@pytest.mark.parametrize(
    "call",
    ["Table(6, 11)", "Table(width=6, rows=11)", "Table(6, rows=11, dropout=0.1)"],
)
def test_hook_crosses_names_off_and_the_layers_are_built(tmp_path, call):
    # positional arguments reach the hook through ``zip(signature(...).parameters, args)``
    g, want = check(tmp_path, f"model = {call}\n")
    assert want == 11 * 6 + 6 * 6 + 6
    assert g.params_total() == want


def test_a_name_left_none_keeps_the_build_off(tmp_path):
    # the other way of the same condition: ``rows`` never set, torch builds nothing inside
    g, want = check(
        tmp_path,
        """
        class Outer(nn.Module):
            def __init__(self):
                super().__init__()
                self.lazy = Table(6)
                self.head = nn.Linear(6, 2)

            def forward(self, x):
                return self.head(x)


        model = Outer()
        """,
    )
    assert want == 6 * 2 + 2
    assert g.params_total() == want


def test_hook_that_wraps_the_layers_it_is_given(tmp_path):
    # a hook that changes what is stored: torch counts the wrapper's norm too
    g, want = check(
        tmp_path,
        """
        class Normed(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.a = nn.Linear(d, d)
                self.b = nn.Linear(d, 3)

            def __setattr__(self, name, value):
                if isinstance(value, nn.Linear):
                    value = nn.Sequential(value, nn.LayerNorm(value.out_features))
                super().__setattr__(name, value)

            def forward(self, x):
                return self.b(self.a(x))


        model = Normed(5)
        """,
    )
    assert want == (5 * 5 + 5 + 2 * 5) + (5 * 3 + 3 + 2 * 3)
    assert g.params_total() == want


def test_unknown_name_through_the_hook_is_an_honest_unknown(tmp_path):
    # the names come from the function's code object (not modelled): which entry the hook
    # crossed off is unknown, so the module is unknown -- never the count without the build
    g, want = check(
        tmp_path,
        """
        class ByCode(Deferred):
            NEEDED = {"width", "rows"}

            def __init__(self, width=None, rows=None):
                nn.Module.__init__(self)
                self._pending = set(self.NEEDED)
                code = type(self).__init__.__code__
                for i, value in enumerate((width, rows)):
                    setattr(self, code.co_varnames[i + 1], value)
                if self.ready:
                    self.build()

            def build(self):
                self.table = nn.Embedding(self.rows, self.width)

            def forward(self, x):
                return self.table(x)


        model = ByCode(4, 9)
        """,
    )
    assert want == 36
    assert g.params_total() is None
    assert any("Deferred.__setattr__ (m.py:" in n for n in g.notes), g.notes


def test_root_without_layers_or_forward_names_why_it_is_unknown(tmp_path):
    # its layers would be built by a method the constructor never reaches here: the null
    # comes with a params_total note naming the root and its file:line
    g, want = check(
        tmp_path,
        """
        class Later(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.d = d

            def materialize(self):
                self.lin = nn.Linear(self.d, self.d)


        model = Later(3)
        """,
    )
    assert want == 0
    assert g.params_total() is None
    assert any(n.startswith("params_total unknown: root (Later) at ") for n in g.notes), g.notes


HOOKED = """
import torch
import torch.nn as nn


class Hooked(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 7)

    def __setattr__(self, name, value):
        {store}

    def forward(self, x):
        return self.lin(x)


model = Hooked()
"""


@pytest.mark.parametrize(
    "store",
    [
        "super().__setattr__(name, value)",
        "nn.Module.__setattr__(self, name, value)",
        "torch.nn.Module.__setattr__(self, name, value)",
    ],
)
def test_hook_storing_through_the_base_write(tmp_path, store):
    f = tmp_path / "m.py"
    f.write_text(HOOKED.format(store=store))
    assert torch_count(f) == 3 * 7 + 7
    assert parse_source(f).params_total() == 3 * 7 + 7


def test_hook_that_does_not_register_is_unknown_not_silent(tmp_path):
    # ``object.__setattr__`` skips nn.Module's registration (torch counts 0): a layer written
    # through a hook the analysis cannot see registering is unknown, never dropped silently
    f = tmp_path / "m.py"
    f.write_text(HOOKED.format(store="object.__setattr__(self, name, value)"))
    assert torch_count(f) == 0
    g = parse_source(f)
    assert g.params_total() is None
    assert any("Hooked.__setattr__ (m.py:" in n for n in g.notes), g.notes
