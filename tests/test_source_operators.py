"""Python's operators written once (``parsers/source/ops/operators.py``): the tables agree with
Python itself, and every evaluator applies its operators from them."""

from __future__ import annotations

import ast
import itertools

import pytest

from driftcheck.parsers import hf_eval
from driftcheck.parsers.source.ops import operators as ops
from driftcheck.parsers.source.ops import pyops
from driftcheck.parsers.source.sizes import TooBig
from driftcheck.parsers.source.speed import fastpath, symbolic

VALUES = [0, 1, -3, 7, 2.5, True, "ab", (1, 2), [3], None]


def _python(src: str, a: object, b: object) -> object:
    try:
        return ("ok", eval(src, {}, {"a": a, "b": b}))  # noqa: S307 - our own literal source
    except Exception as e:  # noqa: BLE001 - the error is the answer to compare
        return ("raises", type(e))


def _ours(fn, a: object, b: object) -> object:
    try:
        return ("ok", fn(a, b))
    except Exception as e:  # noqa: BLE001
        return ("raises", type(e))


@pytest.mark.parametrize("op", ops.BINARY, ids=lambda o: o.symbol)
def test_binary_operators_are_pythons(op):
    node = ast.parse(f"a {op.symbol} b", mode="eval").body
    assert type(node.op) is op.node
    for a, b in itertools.product(VALUES, repeat=2):
        if op.symbol in ("**", "<<") and isinstance(b, int) and abs(b) > 8:
            continue
        want = _python(f"a {op.symbol} b", a, b)
        assert _ours(op.raw, a, b) == want, (op.symbol, a, b)
        assert _ours(op.bounded, a, b) == want, (op.symbol, a, b)


def test_bounded_operators_refuse_what_raw_ones_would_build():
    assert ops.BOUNDED[ast.Mult]("x", 10) == "x" * 10
    with pytest.raises(TooBig):
        ops.BOUNDED[ast.Mult]("x", 10**9)
    with pytest.raises(TooBig):
        ops.BOUNDED[ast.LShift](1, 10**9)


@pytest.mark.parametrize("cmp", ops.COMPARISONS, ids=lambda c: c.symbol)
def test_comparisons_are_pythons(cmp):
    node = ast.parse(f"a {cmp.symbol} b", mode="eval").body
    assert type(node.ops[0]) is cmp.node
    for a, b in itertools.product(VALUES, repeat=2):
        assert _ours(cmp.fn, a, b) == _python(f"a {cmp.symbol} b", a, b), (cmp.symbol, a, b)


def test_truth_and_identity_on_plain_values():
    for v in [0, 1, 0.0, "", "a", (), (0,), [], {}, {1: 2}, set(), frozenset({1}), range(0), b""]:
        assert ops.truth(v) is bool(v)
    assert ops.truth(object()) is None
    assert ops.identical(None, None) and not ops.identical(None, 0)
    assert ops.identical(300, int("300")) and ops.identical("ab", "".join(["a", "b"]))
    assert not ops.identical(1, True) and not ops.identical(1, 1.0)
    assert not ops.identical([1], [1])


def test_every_evaluator_takes_its_operators_from_the_one_table():
    # the forward pass, the fast path, traces and config classes: no table of their own
    assert all(pyops._BIN[n] is ops.BOUNDED[n] for n in pyops._BIN)
    assert fastpath._ARITH is ops.ARITH_BOUNDED
    assert all(symbolic._BIN[s] is f for s, f in ops.RAW_BY_SYMBOL.items())
    assert symbolic.CMP is ops.COMPARE_BY_SYMBOL
    assert hf_eval._BINOPS is ops.ARITH_RAW
    assert all(hf_eval._CMPOPS[n] is f for n, f in ops.COMPARE.items())


def test_forward_unary_operators_are_pythons():
    # the forward pass once answered ``~5`` with 5: its unary operators are the table's now
    assert pyops.py_unary(ast.Invert(), 5) == ~5
    assert pyops.py_unary(ast.USub(), 2.5) == -2.5
    assert pyops.py_unary(ast.UAdd(), 3) == 3
    assert pyops.py_unary(ast.Not(), 0) is True
    assert pyops.py_unary(ast.Invert(), 2.5) is pyops.UNK


def test_config_class_evaluator_applies_the_same_operators():
    fields: dict = {"hidden_size": 96, "num_heads": 4, "flags": 5, "name": "x"}
    src = (
        "self.head_dim = self.hidden_size // self.num_heads\n"
        "self.inverted = ~self.flags\n"
        "self.same = self.name is 'x'\n"
        "self.bad = -self.name\n"
    )
    hf_eval.Evaluator(fields, {}).run(ast.parse(src).body)
    assert fields["head_dim"] == 24 and fields["inverted"] == ~5 and fields["same"] is True
    assert "bad" not in fields or fields["bad"] is hf_eval.UNKNOWN
