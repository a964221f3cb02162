"""Session 31 (wildfix31b, issue #16): fresh30's dev confident wrong and its core != full file.

- ``copyreg.pickle(cls, reducer)`` / ``copyreg.dispatch_table[cls] = reducer``: ``copy.copy`` /
  ``copy.deepcopy`` / ``pickle.dumps`` of an instance of exactly that class call the reducer
  and rebuild ``func(*args)`` (fresh30's copyreg_deepcopy_reducer: 816 where torch has 1,472,
  no note); a write to the table not followed (``update``...) makes later copies unknown.
- A plain class's reduce protocol (``__reduce__``, ``__getstate__`` / ``__setstate__`` /
  ``__getnewargs__``) followed by copy and by a pickle round trip (reduced at ``dumps``,
  rebuilt at ``loads``; pickle never asks ``__deepcopy__``); ``__reduce_ex__`` under pickle
  (called with pickle's protocol) stays unknown.
- A subclass of torch's private ``_ConvNd`` counts the same without torch (the catalogue's
  ``Conv{n}d`` / ``ConvTranspose{n}d`` of the kernel tuple's rank).

Every case is counted by torch too; a null count is an honest unknown.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import installs  # noqa: E402


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


REDUCE_METHOD = """
import copy
import torch.nn as nn

class Cfg:
    def __init__(self, width, depth):
        self.width, self.depth = width, depth
    def __reduce__(self):
        return (Cfg, (self.width * 2, self.depth))

c = Cfg(6, 2)
d = copy.deepcopy(c)
e = copy.copy(c)
model = nn.Sequential(*[nn.Linear(d.width, e.width) for _ in range(d.depth)])
"""

SETSTATE_COPY = """
import copy
import torch.nn as nn

class Cfg:
    def __init__(self, width):
        self.width = width
        self.tags = [width]
    def __setstate__(self, state):
        state = dict(state)
        state["width"] += 4
        self.__dict__.update(state)

c = Cfg(6)
d = copy.deepcopy(c)
d.tags.append(3)
s = copy.copy(c)
s.tags.append(5)
model = nn.Sequential(nn.Linear(d.width, s.width), nn.Linear(len(c.tags), len(d.tags)))
"""

GETSTATE_NEWARGS = """
import copy
import torch.nn as nn

class Cfg:
    def __init__(self, width, scratch=None):
        self.width = width
        self.scratch = scratch
    def __getstate__(self):
        st = dict(self.__dict__)
        st["scratch"] = 7
        return st
    def __getnewargs__(self):
        return (99,)

c = Cfg(6)
d = copy.deepcopy(c)
model = nn.Linear(d.width, d.scratch)
"""

TABLE_UPDATE = """
import copy, copyreg
import torch.nn as nn

class Spec:
    def __init__(self, width):
        self.width = width

def red(s):
    return Spec, (s.width + 8,)

copyreg.dispatch_table.update({Spec: red})
d = copy.deepcopy(Spec(4))
model = nn.Linear(d.width, 3)
"""

EXACT_TYPE_AND_DEL = """
import copy, copyreg
import torch.nn as nn

class Spec:
    def __init__(self, width):
        self.width = width

class Sub(Spec):
    pass

def red(s):
    return Spec, (s.width + 8,)

copyreg.pickle(Spec, red)
a = copy.deepcopy(Sub(4))   # exact type only: Sub is not in the table
del copyreg.dispatch_table[Spec]
b = copy.deepcopy(Spec(4))
model = nn.Linear(a.width, b.width + 1)
"""

REDUCE_TO_NAME = """
import copy, copyreg
import torch.nn as nn

class Spec:
    def __init__(self, width):
        self.width = width

def red(s):
    return "Spec"

copyreg.pickle(Spec, red)
a = Spec(5)
b = copy.deepcopy(a)
b.width += 1
model = nn.Linear(a.width, 3)
"""

REDUCE_STATE_MEMO = """
import copy
import torch.nn as nn

class Node:
    def __init__(self, width):
        self.width = width
        self.parent = None
    def __reduce__(self):
        return (Node, (self.width,), {"parent": self.parent, "extra": self.width + 1})

root = Node(4)
kid = Node(6)
kid.parent = root
pair = [root, kid]
cp = copy.deepcopy(pair)
same = cp[1].parent is cp[0]
model = nn.Linear(cp[1].extra, 2 if same else 5)
"""

PICKLE_SKIPS_DEEPCOPY = """
import copy, pickle
import torch.nn as nn

class Cfg:
    def __init__(self, width):
        self.width = width
    def __deepcopy__(self, memo):
        return Cfg(self.width * 3)

a = pickle.loads(pickle.dumps(Cfg(4)))   # pickle never asks __deepcopy__
b = copy.deepcopy(Cfg(4))
model = nn.Linear(a.width, b.width)
"""

PICKLE_REDUCE_EX = """
import pickle
import torch.nn as nn

class Cfg:
    def __init__(self, width):
        self.width = width
    def __reduce_ex__(self, proto):
        return (Cfg, (self.width + proto,))

a = pickle.loads(pickle.dumps(Cfg(4)))
model = nn.Linear(a.width, 3)
"""

PICKLE_TABLE_AFTER_DUMPS = """
import copyreg, pickle
import torch.nn as nn

class Spec:
    def __init__(self, width):
        self.width = width

def red(s):
    return Spec, (s.width + 8,)

blob = pickle.dumps(Spec(4))
copyreg.pickle(Spec, red)     # after dumps: loads does not ask the table
a = pickle.loads(blob)
b = pickle.loads(pickle.dumps(a))
model = nn.Linear(a.width, b.width)
"""

PICKLE_GETSTATE_SETSTATE_CYCLE = """
import pickle
import torch.nn as nn

class Node:
    def __init__(self, width):
        self.width = width
        self.peer = None
    def __getstate__(self):
        st = dict(self.__dict__)
        st["width"] = st["width"] + 1
        return st
    def __setstate__(self, st):
        self.__dict__.update(st)
        self.width *= 2

x, y = Node(3), Node(5)
x.peer = y
y.peer = x
cx, cy = pickle.loads(pickle.dumps([x, y]))
ok = cx.peer is cy and cy.peer is cx
model = nn.Linear(cx.width, cy.width if ok else 1)
"""

TABLE_SETITEM_COPY_AND_PICKLE = """
import copy, copyreg, pickle
import torch.nn as nn

class Spec:
    def __init__(self, width):
        self.width = width

def red(s):
    return Spec, (s.width + 8,)

copyreg.dispatch_table[Spec] = red
a = copy.copy(Spec(4))
b = pickle.loads(pickle.dumps(Spec(4)))
model = nn.Linear(a.width, b.width)
"""

# fresh30's copyreg_deepcopy_reducer, written otherwise: copies made in a loop
COPYREG_LOOP = """
import copy
import copyreg
import torch.nn as nn

class Spec:
    def __init__(self, width):
        self.width = width

def reduce_spec(s):
    return Spec, (s.width + 8,)

copyreg.pickle(Spec, reduce_spec)
specs = [Spec(16)]
for _ in range(2):
    specs.append(copy.deepcopy(specs[-1]))
model = nn.Sequential(*[nn.Linear(s.width, s.width) for s in specs])
"""

EXACT = {
    "copyreg_loop": COPYREG_LOOP,
    "reduce_method": REDUCE_METHOD,
    "setstate_copy": SETSTATE_COPY,
    "getstate_newargs": GETSTATE_NEWARGS,
    "exact_type_and_del": EXACT_TYPE_AND_DEL,
    "reduce_to_name": REDUCE_TO_NAME,
    "reduce_state_memo": REDUCE_STATE_MEMO,
    "pickle_skips_deepcopy": PICKLE_SKIPS_DEEPCOPY,
    "pickle_table_after_dumps": PICKLE_TABLE_AFTER_DUMPS,
    "pickle_getstate_setstate_cycle": PICKLE_GETSTATE_SETSTATE_CYCLE,
    "table_setitem_copy_and_pickle": TABLE_SETITEM_COPY_AND_PICKLE,
}
UNKNOWN = {"table_update": TABLE_UPDATE, "pickle_reduce_ex": PICKLE_REDUCE_EX}


@pytest.mark.parametrize("name", sorted(EXACT))
def test_reduce_protocol_counts_as_torch(tmp_path, name):
    got, want = _count(tmp_path, EXACT[name])
    assert got == want, (got, want)


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_reduce_protocol_not_followed_is_unknown(tmp_path, name):
    got, want = _count(tmp_path, UNKNOWN[name])
    assert got is None and want > 0, (got, want)


def test_fresh30_copyreg_was_the_default_copy(tmp_path):
    """The reducer matters: without ``copyreg.pickle`` the copies keep width 16."""
    got, want = _count(tmp_path, COPYREG_LOOP.replace("copyreg.pickle(Spec, reduce_spec)", ""))
    assert got == want == 3 * (16 * 16 + 16)


CONVND = """
import math
import torch
import torch.nn as nn
from torch.nn.modules.conv import _ConvNd
from torch.nn.modules.utils import _pair, _single

class HalfConv1d(_ConvNd):
    def __init__(self, cin, cout, k, bias=False):
        super().__init__(cin, cout, _single(k), _single(1), "same", _single(1), False,
                         _single(0), 1, bias, "zeros")
        half = math.ceil(self.weight.size(2) / 2)
        self.weight = nn.Parameter(torch.zeros(self.weight.shape[0], self.weight.shape[1], half))

class UpConv(_ConvNd):
    def __init__(self, cin, cout):
        super().__init__(in_channels=cin, out_channels=cout, kernel_size=_pair(3),
                         stride=_pair(2), padding=_pair(1), dilation=_pair(1), transposed=True,
                         output_padding=_pair(1), groups=2, bias=True, padding_mode="zeros")

class Plain2d(_ConvNd):
    def __init__(self):
        super().__init__(4, 6, (3, 5), (1, 1), (0, 0), (1, 1), False, (0, 0), 2, True, "zeros")

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = HalfConv1d(1, 8, 5)
        self.b = UpConv(4, 6)
        self.c = Plain2d()
        self.t = self.b.transposed

model = M()
"""

CORE = (
    installs.prelude("core")
    + """
import sys
from driftcheck.parsers.source import parse_source
print(parse_source(sys.argv[1]).params_total())
assert not _dc_imported(), _dc_imported()
"""
)


def test_convnd_subclass_counts_the_same_without_torch(tmp_path):
    got_full, want = _count(tmp_path, CONVND)
    p = subprocess.run(
        [sys.executable, "-c", CORE, str(tmp_path / "model.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    assert got_full == want == int(p.stdout.strip()), (got_full, want, p.stdout)


# sqlite3 cursors step on: fetchone / fetchmany / fetchall go on from the rows already read
# (fetchone always gave the first row); a re-executed cursor starts again
SQLITE_FETCH = """
import sqlite3
import torch.nn as nn
db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE t (k INTEGER, w INTEGER)")
db.executemany("INSERT INTO t VALUES (?, ?)", [(0, 8), (1, 24), (2, 40), (3, 12)])
cur = db.execute("SELECT w FROM t ORDER BY k")
first = cur.fetchone()[0]
two = cur.fetchmany(2)
rest = cur.fetchmany(size=5)
again = cur.fetchall()
more = cur.fetchall()
c2 = db.cursor()
c2.execute("SELECT w FROM t ORDER BY k DESC")
top = c2.fetchone()[0]
c2.execute("SELECT w FROM t ORDER BY k")
low = c2.fetchone()[0]
model = nn.Sequential(nn.Linear(first, two[1][0]), nn.Linear(rest[0][0], 3 + len(again) + len(more)),
                      nn.Linear(top, low))
"""

# CPython's heapq.merge: descending, by key with ties in input order, unsorted inputs
HEAPQ_MERGE = """
import heapq
import torch.nn as nn
a = list(heapq.merge([96, 40, 8], [64, 40, 16], reverse=True))
b = list(heapq.merge([(1, "x"), (3, "y")], [(1, "a"), (2, "b")], key=lambda t: t[0]))
c = list(heapq.merge([5, 1], [3, 4, 2]))
ws = a + [len(t[1]) + ord(t[1]) % 7 for t in b] + c
model = nn.Sequential(*[nn.Linear(x, y) for x, y in zip(ws, ws[1:])])
"""

UNICODE_NUMERIC = """
import unicodedata
import torch.nn as nn
depth = int(unicodedata.numeric("\\u216b")) // 4 + unicodedata.digit("\\u0663")
width = int(unicodedata.numeric("\\u00be") * 64)
model = nn.Sequential(*[nn.Linear(width, width) for _ in range(depth)])
"""


@pytest.mark.parametrize("code", [SQLITE_FETCH, HEAPQ_MERGE, UNICODE_NUMERIC])
def test_stdlib_values_count_as_torch(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want, (got, want)


def test_sqlite_fetch_steps_on(tmp_path):
    """Each ``fetchone`` reads the next row: the old answer (always the first) is gone."""
    code = SQLITE_FETCH.replace(
        "first = cur.fetchone()[0]", "cur.fetchone()\nfirst = cur.fetchone()[0]"
    ).replace("(3, 12)]", "(3, 12), (4, 20)]")
    got, want = _count(tmp_path, code)
    assert got == want, (got, want)


# a cursor is its own iterator: a loop, next(), ``in`` and fetches go on from one another
SQLITE_ITER = """
import sqlite3
import torch.nn as nn
db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE t (k INTEGER, w INTEGER)")
db.executemany("INSERT INTO t VALUES (?, ?)", [(k, 4 * k + 4) for k in range(6)])
cur = db.execute("SELECT w FROM t ORDER BY k")
for (w,) in cur:
    if w >= 8:
        break
after = next(cur)[0]
found = (20,) in cur
tail = cur.fetchall()
model = nn.Sequential(nn.Linear(w, after), nn.Linear(len(tail) + 1, 2 if found else 7))
"""

# a second loop over a cursor sees nothing
SQLITE_TWICE = """
import sqlite3
import torch.nn as nn
db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE t (w INTEGER)")
db.executemany("INSERT INTO t VALUES (?)", [(8,), (16,)])
cur = db.execute("SELECT w FROM t")
a = [w for (w,) in cur]
b = [w for (w,) in cur]
model = nn.Linear(len(a) + 3, len(b) + 1)
"""

# ``break`` leaves a single-pass iterator (a generator's, zip's) holding the items after it
BREAK_LEAVES_REST = """
import torch.nn as nn

def widths():
    yield 8
    yield 16
    yield 24
    yield 40

it = widths()
for w in it:
    if w >= 16:
        break
rest = list(it)
z = zip([1, 2, 3, 4], [5, 6, 7, 8])
for a, b in z:
    if a == 2:
        break
left = next(z)
model = nn.Sequential(nn.Linear(w, rest[0]), nn.Linear(len(rest), left[1]))
"""


@pytest.mark.parametrize("code", [SQLITE_ITER, SQLITE_TWICE, BREAK_LEAVES_REST])
def test_single_pass_iterators_count_as_torch(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want, (got, want)


# complex values: the builtin, arithmetic, abs, and cmath of known numbers
COMPLEX_WIDTHS = """
import cmath
import torch.nn as nn
a = int(cmath.sqrt(-144).imag)
b = round(abs(cmath.rect(10, 0.5)))
z = complex(3, 4) * 2j + 1
model = nn.Sequential(nn.Linear(a, b), nn.Linear(b, int(abs(complex(6, 8)))), nn.Linear(10, int(z.imag)))
"""


def test_complex_values_count_as_torch(tmp_path):
    got, want = _count(tmp_path, COMPLEX_WIDTHS)
    assert got == want, (got, want)
