"""review21b: ``assert`` / ``raise`` during construction (IMP004) must not fire where Python and
torch build the model: each case is built by torch first (it must not raise), then the static
path must give no construction failure (a count equal to torch's, or an honest unknown)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count, write_sized

_HEAD = """
import contextlib
import torch
import torch.nn as nn

"""


def _m(stmt: str, pre: str = "") -> str:
    body = textwrap.indent(textwrap.dedent(stmt).strip(), " " * 8)
    return f"""{pre}
class M(nn.Module):
    def __init__(self, d=12, heads=3):
        super().__init__()
        self.q = nn.Linear(d, d)
{body}
"""


# each held in torch 2.13; each was a false IMP004 blocker (exit 1) at main 9267d97
CLEAN = {
    # a tensor's data attributes were read as a (truthy, not-None) method object
    "grad_is_none": _m("assert self.q.weight.grad is None"),
    "bias_grad_is_none": _m("assert self.q.bias.grad is None"),
    "not_grad": _m("assert not self.q.weight.grad"),
    "grad_fn_is_none": _m("assert self.q.weight.grad_fn is None"),
    "not_is_cuda": _m("assert not self.q.weight.is_cuda"),
    "layout_strided": _m("assert self.q.weight.layout == torch.strided"),
    # torch's dtype aliases are one object (``torch.float is torch.float32``)
    "float_alias": _m("assert torch.float32 == torch.float"),
    "half_alias_is": _m("assert torch.half is torch.float16"),
    # LayerNorm stores ``normalized_shape`` as a tuple
    "layernorm_shape": _m("n = nn.LayerNorm(d)\nassert n.normalized_shape == (12,)"),
    # a manager that swallows the exception: Python goes on after the ``with``
    "suppress_assert": _m("with contextlib.suppress(AssertionError):\n    assert d == 5"),
    "suppress_raise": _m("with contextlib.suppress(ValueError):\n    raise ValueError('x')"),
    "exit_true": _m(
        """
        class S:
            def __enter__(self):
                return self
            def __exit__(self, *a):
                return True
        with S():
            raise ValueError('x')
        """
    ),
    # a generator's body runs when it is iterated, not when it is called
    "generator_not_iterated": _m(
        """
        def g():
            raise ValueError('x')
            yield 1
        g()
        """
    ),
    "generator_raising_after": _m(
        """
        def g():
            if d > 100:
                yield 1
            raise ValueError('x')
        it = g()
        """
    ),
    # hasattr runs a property: its AttributeError makes hasattr False
    "hasattr_property": _m(
        "assert not hasattr(self, 'p')",
        pre="""
class Mixin:
    @property
    def p(self):
        raise AttributeError('no')
""",
    ).replace("class M(nn.Module)", "class M(Mixin, nn.Module)"),
    # ``==`` decided by identity where Python calls an ``__eq__``; truth without ``__bool__``
    "dataclass_eq": _m(
        "assert P(1) == P(1)",
        pre="\nimport dataclasses\n@dataclasses.dataclass\nclass P:\n    x: int\n",
    ),
    "namedtuple_eq": _m(
        "assert P(1, 2) == (1, 2)",
        pre="\nimport collections\nP = collections.namedtuple('P', 'x y')\n",
    ),
    "own_eq": _m(
        "assert P() == 3", pre="\nclass P:\n    def __eq__(self, o):\n        return True\n"
    ),
    "own_bool": _m(
        "assert not P()", pre="\nclass P:\n    def __bool__(self):\n        return False\n"
    ),
    "own_len": _m("assert not P()", pre="\nclass P:\n    def __len__(self):\n        return 0\n"),
    "namespace_eq": _m(
        "assert types.SimpleNamespace(a=1) == types.SimpleNamespace(a=1)", pre="\nimport types\n"
    ),
    "int_base_kw": _m("assert int('11', base=2) == 3"),
    "weight_is_weight": _m("w = self.q.weight\nassert w is self.q.weight"),
}


@pytest.mark.parametrize("case", sorted(CLEAN))
def test_no_false_construction_failure(tmp_path: Path, case: str) -> None:
    path = tmp_path / "model.py"
    path.write_text(_HEAD + CLEAN[case])
    want = torch_count(path, device="cpu")  # torch builds it: no exception
    try:
        g = parse_source(path, entry="M")
    except DriftcheckError:  # "cannot analyse" (exit 2): honest, no finding
        return
    notes = [n for x in g.nodes for n in x.notes]
    assert not any(n.startswith("construction raises") for n in notes), notes
    assert g.params_total() in (None, want)


def test_a_swallowed_raise_is_no_blocker_but_a_plain_one_is(tmp_path: Path) -> None:
    """The twin outside the ``with``: torch raises, IMP004 still reports it (exit 1)."""
    from driftcheck.cli import main

    path = tmp_path / "model.py"
    path.write_text(_HEAD + _m("with torch.no_grad():\n    assert d == 5"))
    with pytest.raises(AssertionError):
        torch_count(path, device="cpu")
    assert main(["check", str(path)]) == 1


def test_tensor_properties_are_torch_s() -> None:
    """The list of a tensor's data attributes is torch's (non-callable on a Parameter)."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.library.torchlib import TENSOR_PROPERTIES

    p = torch.nn.Parameter(torch.zeros(2, 2))
    for name in TENSOR_PROPERTIES:
        if name in ("imag",):  # a real tensor's ``imag`` raises: still no method
            continue
        assert not callable(getattr(p, name)), name


def test_an_object_without_eq_still_compares_by_identity(tmp_path: Path) -> None:
    """The twin: a plain class's instances are equal only to themselves (Python's default),
    so a false ``assert`` over them stays the IMP004 finding torch shows."""
    path = tmp_path / "model.py"
    path.write_text(_HEAD + _m("assert P() == P()", pre="\nclass P:\n    pass\n"))
    with pytest.raises(AssertionError):
        torch_count(path, device="cpu")
    g = parse_source(path, entry="M")
    assert any(n.startswith("construction raises AssertionError") for x in g.nodes for n in x.notes)


# --- lead (session 21 end): hasattr on the analyzer's own value types -------------------------
# ``hasattr(self.weight, "tag")`` where ``self.weight`` is another layer's weight passed in (a
# WeightRef): Python's hasattr answered for the analyzer's object (False), and since asserts are
# evaluated (IMP004) a model torch builds became "construction raises" (fresh10 mup readout).
SHARED_WEIGHT_TAGGED = """
import torch
from torch import nn


class Readout(nn.Linear):
    def __init__(self, weight):
        super().__init__(weight.shape[1], weight.shape[0], bias=False)
        self.weight = weight

    def width(self):
        assert hasattr(self.weight, "tag"), "call tag_all(model) first"
        return self.weight.tag


def tag_all(model):
    for p in model.parameters():
        p.tag = 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 8)
        self.head = Readout(self.emb.weight)
        tag_all(self)
        self.extra = nn.Linear(8, 8 * self.head.width())
"""


def test_hasattr_on_a_shared_weight_is_not_decided_by_the_analyzer_object(tmp_path):
    path = write_sized(tmp_path, SHARED_WEIGHT_TAGGED)
    want = torch_count(path)  # torch builds it: 50*8 + 8*16 + 16
    g = parse_source(path, entry="M")
    assert g.params_total() in (want, None), (g.params_total(), want)
    assert not any("AssertionError" in str(n) for n in g.notes), [str(n) for n in g.notes]
