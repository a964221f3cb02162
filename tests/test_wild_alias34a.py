"""Session 34 (alias34): session 33's alias check (interp/aliasing.py) made too conservative.

Two rules give back exact counts the check had turned into unknowns:

- ``a = 3; B = a * 2; a += 5``: ``+=`` on a global every binding of which is an immutable value
  (a number, a string, a tuple, arithmetic of those) rebinds the name; no object another name
  holds changes (``_Scan._rebound``).
- ``CFG = Cfg(); CFG.sizes["D"] = 24``: a change through an instance of a plain class of the
  module (a body of undecorated functions storing only fresh values into attributes, the class
  named only to be called, no ``type(x)`` / ``__class__`` / ``vars`` in the module) reaches
  only that instance's own objects, never what a lazy read of the class (or an instance it
  builds) gets (``_Scan._plain``).

Every count is torch's on the same file. The negatives are the shapes the rules must leave
alone (a list rebound / changed in place, a class holding data, an ``__init__`` reading a
global, a class reached through ``type(x)`` or stored on): their count may be unknown, never
another count than torch's.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")

_HEAD = "import torch.nn as nn\n"
_TAIL = """
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear({a}, {b})
"""

# (module body, the two sizes' expressions, exact)
CASES = {
    # ``+=`` on an immutable value: a rebinding
    "int_rebound": ("a = 3\nB = a * 2\na += 5\n", "B", "a", True),
    "tuple_rebound": ("t = (2, 3)\nW = t[0] * 4\nt += (5,)\n", "W", "len(t)", True),
    "str_rebound": ('s = "ab"\nW = len(s) * 3\ns += "cde"\n', "W", "len(s)", True),
    "chain_of_ints": ("a = 3\nb = a + 1\nC0 = b * 2\nb += a\n", "C0", "b", True),
    "int_from_int_name": ("n = 4\na = n\nB = a * 2\na += n\n", "B", "a", True),
    "alias_of_int": ("a = b = 3\nb += 4\n", "a", "b", True),
    # a plain class: its instances' own objects
    "plain_class_nested_store": (
        "class Cfg:\n"
        "    def __init__(self):\n"
        '        self.sizes = {"D": 16, "F": 40}\n'
        "A = Cfg()\n"
        'A.sizes["D"] = 8\n'
        "A.sizes.update(F=12)\n"
        "def size(k):\n"
        "    return Cfg().sizes[k]\n",
        'size("D")',
        'A.sizes["F"] + size("F")',
        True,
    ),
    "plain_class_two_instances": (
        "class Cfg:\n"
        "    def __init__(self):\n"
        '        self.sizes = {"D": 16}\n'
        "    def get(self, k):\n"
        "        return self.sizes[k]\n"
        "A = Cfg()\n"
        "B = Cfg()\n"
        'A.sizes["D"] = 8\n'
        "A.extra = Cfg()\n"
        'A.extra.sizes["D"] = 5\n',
        'Cfg().get("D")',
        'A.get("D") + A.extra.sizes["D"]',
        True,
    ),
    # negatives: the rules must not apply
    "list_augassign": ("a = [3]\nB = len(a) * 2\na += [5]\n", "B", "len(a) + 1", False),
    "int_then_list": ("a = 3\na = [1]\nB = a\nC0 = len(B)\na += [2]\n", "C0 + 1", "len(a)", False),
    "alias_of_list": ("a = b = [3]\nb += [4]\n", "len(a)", "len(b)", False),
    "class_holds_data": (
        "class Cfg:\n"
        '    table = {"D": 16}\n'
        "    def __init__(self):\n"
        "        self.sizes = self.table\n"
        "A = Cfg()\n"
        'A.sizes["D"] = 8\n',
        'Cfg().sizes["D"]',
        "3",
        False,
    ),
    "init_reads_a_global": (
        'T = {"D": 16}\n'
        "class Cfg:\n"
        "    def __init__(self):\n"
        "        self.sizes = {}\n"
        '        self.sizes["t"] = T\n'
        "A = Cfg()\n"
        'A.sizes["t"]["D"] = 8\n',
        'Cfg().sizes["t"]["D"]',
        "3",
        False,
    ),
    "class_reached_by_type": (
        "class Cfg:\n"
        "    def __init__(self):\n"
        '        self.sizes = {"D": 16}\n'
        "A = Cfg()\n"
        'type(A).extra = {"D": 16}\n'
        'A.extra["D"] = 4\n',
        'Cfg().extra["D"]',
        "3",
        False,
    ),
    "class_stored_on": (
        "class Cfg:\n"
        "    def __init__(self):\n"
        '        self.sizes = {"D": 16}\n'
        'Cfg.shared = {"D": 16}\n'
        "A = Cfg()\n"
        'A.shared["D"] = 4\n',
        'Cfg().shared["D"]',
        "3",
        False,
    ),
    "instance_attr_is_the_class": (
        "class Cfg:\n"
        "    def __init__(self):\n"
        '        self.sizes = {"D": 16}\n'
        "A = Cfg()\n"
        "A.kind = Cfg\n"
        "A.kind.n = 4\n",
        "getattr(Cfg(), 'n', 9)",
        "3",
        False,
    ),
}


def _model(tmp_path: Path, body: str, a: str, b: str) -> Path:
    path = tmp_path / "model.py"
    path.write_text(_HEAD + body + textwrap.dedent(_TAIL).format(a=a, b=b))
    return path


@pytest.mark.parametrize("name", sorted(CASES))
def test_count_is_torchs_or_unknown(tmp_path: Path, name: str) -> None:
    body, a, b, exact = CASES[name]
    path = _model(tmp_path, body, a, b)
    want = torch_count(path, root="M")
    g = parse_source(path, entry="M")
    got = g.params_total()
    if exact:
        assert got == want, (got, want, [str(n) for n in g.notes])
    else:  # never a wrong count
        assert got in (None, want), (got, want, [str(n) for n in g.notes])
