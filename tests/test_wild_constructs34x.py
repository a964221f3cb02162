"""Session 34 (wildfix34): the in-place methods of Python's containers called by name
(library/dunderops.py, objmodel ``_unbound_in_place``).

``a.__setitem__(0, 5)``, ``list.__setitem__(a, 0, 5)``, ``bytearray.extend(b, x)``,
``collections.deque.append(d, x)``, ``s.__ior__({2})``... change the container as CPython's slot
wrappers / methods do; each was read as a call changing nothing (a confident wrong). Forms not
modelled (a slice, ``__init__``) are honest unknowns.

Every count is torch's (``torch_count`` runs the file); a null count is an honest unknown.
"""

from __future__ import annotations

import collections
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.library import dunderops
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text("import collections\nimport torch.nn as nn\n" + textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


EXACT = {
    "bytearray_extend_from_the_type": (
        'b = bytearray(b"ab")\nbytearray.extend(b, b"cd")\nmodel = nn.Linear(1, len(b))',
        8,
    ),
    "list_setitem_from_the_type": (
        "a = [1, 2]\nlist.__setitem__(a, 0, 5)\nmodel = nn.Linear(1, a[0])",
        10,
    ),
    "list_iadd_from_the_type": (
        "a = [1, 2]\nlist.__iadd__(a, [7, 8])\nmodel = nn.Linear(1, len(a))",
        8,
    ),
    "dict_setitem_from_the_type": (
        'd = {"w": 2}\ndict.__setitem__(d, "w", 5)\nmodel = nn.Linear(1, d["w"])',
        10,
    ),
    "list_delitem_from_the_type": (
        "a = [1, 2]\nlist.__delitem__(a, 0)\nmodel = nn.Linear(1, len(a) + 1)",
        4,
    ),
    "deque_append_from_the_type": (
        "d = collections.deque([1])\ncollections.deque.append(d, 2)\nmodel = nn.Linear(1, len(d))",
        4,
    ),
    "bytearray_reverse_clear_from_the_type": (
        'b = bytearray(b"ab")\nbytearray.reverse(b)\nbytearray.clear(b)\n'
        "model = nn.Linear(1, len(b) + 1)",
        2,
    ),
    "bound_setitem": ("a = [1, 2]\na.__setitem__(0, 5)\nmodel = nn.Linear(1, a[0])", 10),
    "bound_iadd": ("a = [1, 2]\na.__iadd__([7, 8])\nmodel = nn.Linear(1, len(a))", 8),
    "bound_dict_delitem": (
        'd = {"w": 2}\nd.__delitem__("w")\nmodel = nn.Linear(1, len(d) + 1)',
        2,
    ),
    "bound_set_ior": ("s = {1}\ns.__ior__({2, 3})\nmodel = nn.Linear(1, len(s))", 6),
    "bound_set_iand": ("s = {1}\ns.__iand__({1, 4})\nmodel = nn.Linear(1, len(s) + 1)", 4),
    "bound_imul": ("a = [1, 2]\na.__imul__(2)\nmodel = nn.Linear(1, len(a))", 8),
    "bytearray_setitem": (
        'b = bytearray(b"ab")\nb.__setitem__(0, 7)\nmodel = nn.Linear(1, b[0])',
        14,
    ),
}


@pytest.mark.parametrize("case", sorted(EXACT))
def test_exact(tmp_path, case):
    code, want = EXACT[case]
    got, truth = _count(tmp_path, code)
    assert truth == want  # the premise, from torch
    assert got == truth


UNKNOWN = {
    # a slice: CPython replaces one item by three (8); not modelled
    "list_setitem_slice": (
        "a = [1, 2]\na.__setitem__(slice(0, 1), [9, 9, 9])\nmodel = nn.Linear(1, len(a))",
        8,
    ),
    "list_init_from_the_type": (
        "a = [1, 2]\nlist.__init__(a, [1, 2, 3])\nmodel = nn.Linear(1, len(a))",
        6,
    ),
    "dict_init_from_the_type": (
        'd = {"w": 2}\ndict.__init__(d, w=5)\nmodel = nn.Linear(1, d["w"])',
        10,
    ),
    # CPython refuses 300 (ValueError, caught): the item stays 1
    "bytearray_setitem_out_of_range": (
        'b = bytearray(b"\\x01")\ntry:\n    b.__setitem__(0, 300)\nexcept ValueError:\n'
        "    pass\nmodel = nn.Linear(1, b[0])",
        2,
    ),
}


@pytest.mark.parametrize("case", sorted(UNKNOWN))
def test_unknown(tmp_path, case):
    code, want = UNKNOWN[case]
    got, truth = _count(tmp_path, code)
    assert truth == want
    assert got is None


def test_mutating_names_are_cpythons():
    # every name MUTATING lists is an in-place slot wrapper / method of the type in CPython
    # (and every in-place dunder of the type is listed)
    for t, name in ((list, "list"), (dict, "dict"), (set, "set"), (bytearray, "list")):
        real = {
            n
            for n, v in vars(t).items()
            if type(v).__name__ == "wrapper_descriptor"
            and (
                n.startswith("__i")
                and n not in ("__iter__",)
                or n in ("__setitem__", "__delitem__")
            )
        } | {"__init__"}
        assert real <= dunderops.MUTATING[name], (t, real - dunderops.MUTATING[name])
    assert {n for n in dunderops.MUTATING["list"]} <= set(vars(collections.deque))
