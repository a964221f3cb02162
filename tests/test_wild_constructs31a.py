"""Session 31 (wildfix31a, issue #16): wild dev unknowns closed by general Python rules.

- ``functools.cmp_to_key(cmp)``: a key whose comparisons run ``cmp`` (``sorted`` /
  ``list.sort`` / ``min`` / ``max``); a comparison whose answer is not known: unknown.

Every case is counted by torch too; a null count is an honest unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


def _chain(tail: str = "") -> str:
    return tail + "\nmodel = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(ws, ws[1:])])\n"


# ------------------------------------------------------------------ functools.cmp_to_key
CMP_SORTED = """
import functools
import torch.nn as nn
specs = [(32, 2), (16, 4), (48, 2), (24, 4), (8, 4)]
def compare(a, b):
    if a[1] != b[1]:
        return b[1] - a[1]
    return a[0] - b[0]
ws = [w for w, _ in sorted(specs, key=functools.cmp_to_key(compare))]
"""

CMP_SORT_REVERSE = """
from functools import cmp_to_key
import torch.nn as nn
ws = [5, 17, 3, 9, 11]
ws.sort(key=cmp_to_key(lambda a, b: (a % 4) - (b % 4)), reverse=True)
"""

CMP_MIN_MAX = """
import functools
import torch.nn as nn
xs = [6, 14, 30, 22]
k = functools.cmp_to_key(lambda a, b: (a > b) - (a < b) if a % 3 == b % 3 else b % 3 - a % 3)
ws = [max(xs, key=k), min(xs, key=k), *sorted(xs, key=k)]
"""

CMP_UNKNOWN = """
import functools
import sys
import torch.nn as nn
flip = len(sys.argv) > 5
ws = sorted([4, 8, 2], key=functools.cmp_to_key(lambda a, b: (b - a) if flip else (a - b)))
"""


@pytest.mark.parametrize(
    "code", [CMP_SORTED, CMP_SORT_REVERSE, CMP_MIN_MAX], ids=["sorted", "sort_reverse", "min_max"]
)
def test_cmp_to_key_orders_as_cpython(tmp_path, code):
    got, want = _count(tmp_path, _chain(code))
    assert got == want


def test_cmp_to_key_of_an_unknown_answer_is_unknown(tmp_path):
    got, _ = _count(tmp_path, _chain(CMP_UNKNOWN))
    assert got is None


# ------------------------------------------------------------------ itertools.filterfalse
FILTERFALSE = """
import itertools
import torch.nn as nn
stages = [12, 7, 20, 9, 16]
it = itertools.filterfalse(lambda w: w % 2, stages)
first = list(it)
again = list(it)  # single pass: nothing left
ws = [4, *first, *again, *itertools.filterfalse(None, [0, 5, 0, 3]), 2]
"""

FILTERFALSE_UNKNOWN = """
import itertools
import sys
import torch.nn as nn
stages = [12, 7, 20]
ws = [3, *itertools.filterfalse(lambda w: w > len(sys.argv), stages), 2]
"""


def test_filterfalse_keeps_the_rejected_items(tmp_path):
    got, want = _count(tmp_path, _chain(FILTERFALSE))
    assert got == want


def test_filterfalse_of_an_unknown_test_is_unknown(tmp_path):
    got, _ = _count(tmp_path, _chain(FILTERFALSE_UNKNOWN))
    assert got is None


# ------------------------------------------------------------------ difflib over a dict's keys
DIFFLIB_DICT = """
import difflib
import torch.nn as nn
REG = {"linear": lambda: nn.Linear(16, 16), "layernorm": lambda: nn.LayerNorm(16),
       "conv": lambda: nn.Conv1d(16, 16, 3)}
layers = []
for name in ["lineer", "layer_norm", "cnov", "dropout", "conv1"]:
    hit = difflib.get_close_matches(name, REG, n=1, cutoff=0.6)
    if hit:
        layers.append(REG[hit[0]]())
model = nn.Sequential(*layers)
"""

DIFFLIB_UNKNOWN_KEY = """
import difflib
import sys
import torch.nn as nn
REG = {"linear": 16, sys.argv[0]: 4}
hit = difflib.get_close_matches("lineer", REG, n=1)
model = nn.Linear(8, REG[hit[0]])
"""


def test_get_close_matches_searches_a_dicts_keys(tmp_path):
    got, want = _count(tmp_path, DIFFLIB_DICT)
    assert got == want


def test_get_close_matches_of_an_unknown_key_is_unknown(tmp_path):
    got, _ = _count(tmp_path, DIFFLIB_UNKNOWN_KEY)
    assert got is None


# ------------------------------------------------------------------ the builtin name Ellipsis
ELLIPSIS = """
import torch.nn as nn
spec = [64, ..., ..., 16]
known = [i for i, v in enumerate(spec) if v is not Ellipsis]
same = [v == Ellipsis for v in spec].count(True) + (Ellipsis is ...)
ws = [known[1] + 2, 3 + same, 5]
"""


def test_the_name_ellipsis_is_the_literal(tmp_path):
    got, want = _count(tmp_path, _chain(ELLIPSIS))
    assert got == want


# ------------------------------------------------------------------ zip beside an endless iterator
ZIP_ENDLESS = """
import itertools
import torch.nn as nn
names = ["a", "b", "c", "d"]
c = itertools.count(10, 6)
widths = dict(zip(names, c))
after = next(c)  # zip pulled one per pair: 34
c2 = itertools.count(3)
pairs = list(zip(c2, "xy"))  # the count comes first: pulled a third time before "xy" ends
cyc = list(zip([1, 2, 3], itertools.cycle([5, 7])))
rep = list(zip(itertools.repeat(9), (1, 2)))
ws = [*widths.values(), after, next(c2), *[a + b for a, b in cyc], *[a for a, _ in rep]]
"""

ZIP_ONLY_ENDLESS = """
import itertools
import torch.nn as nn
ws = [4]
for a, b in zip(itertools.count(2), itertools.cycle([3])):
    ws.append(a + b)
    if a > 5:
        break
ws.append(2)
"""


def test_zip_beside_an_endless_iterator_advances_it_as_cpython(tmp_path):
    got, want = _count(tmp_path, _chain(ZIP_ENDLESS))
    assert got == want


def test_zip_of_only_endless_iterators_is_not_run(tmp_path):
    got, want = _count(tmp_path, _chain(ZIP_ONLY_ENDLESS))
    assert got is None or got == want


# ------------------------------------------------------------------ Generic[X] / ABC bases
GENERIC_EXCEPTION = """
import sys
from abc import ABC
from typing import Generic, TypeVar
import torch.nn as nn
X = TypeVar("X")
class RegistrationError(KeyError, Generic[X], ABC):
    pass
class Conflict(RegistrationError[X]):
    pass
def build(flag):
    if flag:
        raise Conflict("k")
    return nn.Linear(4, 4)
def make(flag):
    try:
        return build(flag)
    except TypeError:
        return nn.Linear(4, 8)
model = make(len(sys.argv) > 1000)
"""

GENERIC_EXCEPTION_CAUGHT = GENERIC_EXCEPTION.replace("except TypeError", "except LookupError")

GENERIC_MRO = """
from typing import Generic, Protocol, TypeVar
import torch.nn as nn
T = TypeVar("T")
class Base(Generic[T]):
    width = 6
class Both(Base[int], Generic[T]):
    pass
class Early(Generic[T], Base[T]):
    pass
class P(Protocol[T]):
    pass
ws = [
    3,
    len(Base.__mro__), len(Both.__mro__), len(Early.__mro__), len(Early.__bases__),
    len(P.__mro__), Base.width + issubclass(Both, Generic) + issubclass(Early, Base),
    2,
]
"""


def test_generic_and_abc_bases_add_no_exception_class(tmp_path):
    got, want = _count(tmp_path, GENERIC_EXCEPTION)
    assert got == want


def test_generic_exception_under_its_builtin_base_may_be_caught(tmp_path):
    got, _ = _count(tmp_path, GENERIC_EXCEPTION_CAUGHT)
    assert got is None  # raised or not is undecided: the handler is the other way


def test_generic_bases_follow_mro_entries(tmp_path):
    got, want = _count(tmp_path, _chain(GENERIC_MRO))
    assert got is None or got == want


# ------------------------------------------------------------------ torch.get_default_dtype()
DEFAULT_DTYPE = """
import torch
import torch.nn as nn
d = torch.get_default_dtype()
ws = [3, 4 if d.is_complex else 6, 5 if d.is_floating_point else 7, 8 if d == torch.float32 else 9]
"""

DEFAULT_DTYPE_SET = """
import torch
import torch.nn as nn
torch.set_default_dtype(torch.float64)
d = torch.get_default_dtype()
ws = [3, 8 if d == torch.float32 else 9]
"""


def test_get_default_dtype_is_float32(tmp_path):
    got, want = _count(tmp_path, _chain(DEFAULT_DTYPE))
    assert got == want


def test_get_default_dtype_after_a_setter_is_unknown(tmp_path):
    path = tmp_path / "model.py"  # not run in torch: the setter would outlive the test
    path.write_text(textwrap.dedent(_chain(DEFAULT_DTYPE_SET)))
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ hasattr of a torch container
CONTAINER_HASATTR = """
import torch.nn as nn
seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
ml = nn.ModuleList([nn.Linear(2, 2), None])
md = nn.ModuleDict({"a": nn.Linear(2, 2)})
probe = [
    hasattr(seq, "reset_parameters"), hasattr(seq, "0"), hasattr(seq, "2"), hasattr(seq, "append"),
    hasattr(ml, "1"), hasattr(ml, "reset_parameters"), hasattr(md, "a"), hasattr(md, "b"),
    hasattr(md, "keys"),
]
ws = [3, *[5 + 2 * i if p else 4 + i for i, p in enumerate(probe)], 2]
tasks = []
for name, m in nn.Sequential(seq, nn.Linear(3, 4)).named_modules():
    if hasattr(m, "reset_parameters"):
        tasks.append(name)
ws.append(len(tasks) + 1)
"""


def test_hasattr_of_a_torch_container_with_known_children(tmp_path):
    got, want = _count(tmp_path, _chain(CONTAINER_HASATTR))
    assert got == want


# ------------------------------------------------------------------ register() sites of a package
def test_register_sites_in_a_module_not_imported_are_read(tmp_path):
    """``isinstance(Emb, Rep)`` against an ABC whose package has a ``.register`` site in a
    module the analyzed code never imports: that module is loaded by its dotted name (it was
    named without its top package, ``other``, never found: the isinstance stayed unknown)."""
    pkg = tmp_path / "mypkg31a"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "rep.py").write_text(
        textwrap.dedent(
            """
            from abc import ABC
            import torch.nn as nn
            class Rep(nn.Module, ABC):
                pass
            class Emb(Rep):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(3, 4)
            """
        )
    )
    (pkg / "other.py").write_text(
        textwrap.dedent(
            """
            class Registry:
                def register(self, f):
                    return f
            REG = Registry()
            REG.register(len)
            """
        )
    )
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            """
            import torch.nn as nn
            from mypkg31a.rep import Emb, Rep
            def make(q):
                if isinstance(q, Rep):
                    return nn.Sequential(q, nn.Linear(4, 9))
                return q()
            model = make(Emb)
            """
        )
    )
    got = parse_source(path).params_total()
    assert got == torch_count(path, root="model", sys_path=tmp_path)


# ------------------------------------------------------------------ __code__ / types.FunctionType
CODE_ATTRS = """
import torch.nn as nn
def hook(x, scale, /, shift, *rest, k, m=2, **kw):
    return x
def busy(a, b):
    c = a + b
    return c
lam = lambda p, q=1: p
h = hook.__code__
ws = [
    3, h.co_argcount + 1, h.co_posonlyargcount + 1, h.co_kwonlyargcount + 1,
    len("".join(h.co_varnames)), h.co_nlocals, len(h.co_name), lam.__code__.co_argcount + 1,
    len(lam.__code__.co_varnames), busy.__code__.co_argcount + 1,
    len("".join(hook.__code__.co_varnames[: h.co_argcount])), 2,
]
"""

CODE_LOCALS = """
import torch.nn as nn
def busy(a, b):
    c = a + b
    return c
ws = [3, len(busy.__code__.co_varnames), 2]
"""

FUNCTION_TYPE = """
import types
import torch.nn as nn
def make_block(d_in, d_out=16, expand=2):
    return nn.Sequential(nn.Linear(d_in, d_out * expand), nn.Linear(d_out * expand, d_out))
wide = types.FunctionType(make_block.__code__, make_block.__globals__, "wide", (32, 4))
bare = types.FunctionType(make_block.__code__, globals())
model = nn.ModuleList(
    [make_block(8), wide(8), bare(4, 6, 1), nn.Linear(len(wide.__name__), len(bare.__name__))]
)
"""


def test_code_attributes_as_cpython(tmp_path):
    got, want = _count(tmp_path, _chain(CODE_ATTRS))
    assert got == want


def test_co_varnames_with_other_locals_is_unknown(tmp_path):
    got, _ = _count(tmp_path, _chain(CODE_LOCALS))
    assert got is None


def test_function_type_clone_has_its_own_defaults(tmp_path):
    got, want = _count(tmp_path, FUNCTION_TYPE)
    assert got == want


# ------------------------------------------------------------------ a metaclass __subclasscheck__
SUBCLASSCHECK = """
import torch.nn as nn
class WideMeta(type):
    def __subclasscheck__(cls, sub):
        return getattr(sub, "wide", False)
class Wide(metaclass=WideMeta):
    pass
class SpecA:
    wide = True
class SpecB(Wide):
    wide = False
class SpecC(Wide):
    pass
flags = [issubclass(SpecA, Wide), issubclass(SpecB, Wide), issubclass(Wide, Wide),
         issubclass(SpecC, Wide), issubclass(SpecB, (Wide, SpecA)) if False else True]
ws = [3, *[9 if f else 4 + i for i, f in enumerate(flags)], 2]
"""

SUBCLASSCHECK_UNKNOWN = """
import sys
import torch.nn as nn
class WideMeta(type):
    def __subclasscheck__(cls, sub):
        return len(sys.argv) > 3
class Wide(metaclass=WideMeta):
    pass
class SpecA:
    pass
ws = [3, 9 if issubclass(SpecA, Wide) else 5, 2]
"""


def test_metaclass_subclasscheck_decides_issubclass(tmp_path):
    got, want = _count(tmp_path, _chain(SUBCLASSCHECK))
    assert got == want


def test_metaclass_subclasscheck_of_an_unknown_answer_is_unknown(tmp_path):
    got, _ = _count(tmp_path, _chain(SUBCLASSCHECK_UNKNOWN))
    assert got is None


# ------------------------------------------------------------------ += of bytes / of items not known
BYTES_IADD = """
import torch.nn as nn
buf = bytearray()
for w in (12, 300):
    buf += w.to_bytes(2, "big")
buf[1] = 20
xs = [7]
xs += b"ab"
ws = [int.from_bytes(buf[0:2], "big"), int.from_bytes(buf[2:4], "big"), len(buf) + 1,
      sum(b"\\x01\\x02") + 2, len(xs) + xs[-1]]
"""

IADD_UNKNOWN = """
import os
import torch.nn as nn
xs = [3]
xs += os.environ.get("DRIFTCHECK_UNSET_WIDTHS", "5,6").split(",")
model = nn.Linear(4, len(xs))
"""


def test_iadd_of_bytes_extends_by_their_ints(tmp_path):
    got, want = _count(tmp_path, _chain(BYTES_IADD))
    assert got == want


def test_iadd_of_items_not_known_leaves_the_length_unknown(tmp_path):
    got, _ = _count(tmp_path, IADD_UNKNOWN)
    assert got is None  # one unknown item claimed a length
