"""Session 33 (wildfix33b): fresh32 dev's unknowns.

- numpy's 1-D bookkeeping (library/npsplits.py): ``np.array_split`` / ``np.split`` into
  sections or at indices, ``np.searchsorted`` with either side, ``np.concatenate`` of flat
  parts, ``np.cumsum`` of an array (it was a list of a list only);

Every count is torch's (meta device) on the file run by CPython with the real numpy; a null
count is an honest unknown, and where numpy itself raises, the static count must be null.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")
pytest.importorskip("numpy")


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


def _static(tmp_path, code: str) -> int | None:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total()


# ------------------------------------------------------------------ numpy splits and searches
ARRAY_SPLIT = """
import numpy as np
import torch.nn as nn
chunks = np.array_split(np.arange(23), 4)
at = np.array_split([1, 2, 3, 4, 5, 6, 7], [2, -2])
even = np.split(np.arange(12), 3)
model = nn.ModuleList(
    [nn.Conv1d(len(c), len(c) * 2, 3) for c in chunks]
    + [nn.Linear(len(c), int(c[0])) for c in at]
    + [nn.Linear(len(c), 1) for c in even]
)
"""

SPLIT_MORE_SECTIONS = """
import numpy as np
import torch.nn as nn
parts = np.array_split([4, 5, 6], 5)
model = nn.ModuleList(nn.Linear(len(p) + 1, 2) for p in parts)
"""

SEARCHSORTED = """
import numpy as np
import torch.nn as nn
bounds = np.array([16, 32, 32, 64])
widths = [8, 24, 48, 96, 128]
values = [32, 5, 64, 100, 16]
left = np.searchsorted(bounds, values, side="left")
right = np.searchsorted(bounds, values, side="right")
one = np.searchsorted(bounds, 33)
model = nn.ModuleList(
    [nn.Linear(v, widths[i]) for v, i in zip(values, left)]
    + [nn.Linear(v, widths[i]) for v, i in zip(values, right)]
    + [nn.Linear(one, 1)]
)
"""

CONCAT_CUMSUM = """
import numpy as np
import torch
import torch.nn as nn
cards = np.array([10, 7, 31, 4])
offsets = np.concatenate([[0], np.cumsum(cards)[:-1]])
total = np.cumsum(cards)[-1]
runs = np.cumsum([1.5, 2.5, 4.0])
model = nn.Module()
model.table = nn.Embedding(total, np.int32(6))
model.register_buffer("offsets", torch.from_numpy(offsets))
model.head = nn.Linear(int(offsets[-1]) + len(offsets), int(runs[-1]))
"""


@pytest.mark.parametrize(
    "code", [ARRAY_SPLIT, SPLIT_MORE_SECTIONS, SEARCHSORTED, CONCAT_CUMSUM], ids=str
)
def test_numpy_splits_exact(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


def test_split_unequal_is_numpy_error(tmp_path):
    code = """
    import numpy as np
    import torch.nn as nn
    parts = np.split(np.arange(10), 3)
    model = nn.ModuleList(nn.Linear(len(p), 2) for p in parts)
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    with pytest.raises(ValueError):
        torch_count(path, root="model")
    assert parse_source(path).params_total() is None


def test_searchsorted_unsorted_is_unknown(tmp_path):
    # numpy's binary search of an unsorted array gives an answer bisect need not give
    code = """
    import numpy as np
    import torch.nn as nn
    i = np.searchsorted(np.array([5, 1, 9, 3]), 4)
    model = nn.Linear(int(i) + 1, 2)
    """
    assert _static(tmp_path, code) is None


# ------------------------------------------------------------------ dir() of a class
DIR_INHERIT = """
import torch.nn as nn
class Base:
    width = 16
    depth = 2
    out = 3
    @classmethod
    def as_kwargs(cls):
        keys = [k for k in dir(cls) if not k.startswith("_") and not callable(getattr(cls, k))]
        return {k: getattr(cls, k) for k in keys}
    @staticmethod
    def helper():
        return 1
class Narrow(Base):
    width = 8
class Deep(Narrow):
    depth = 4
    _private = 99
    out: int = 5
def build(width, depth, out):
    return nn.Sequential(*[nn.Linear(width, width) for _ in range(depth)], nn.Linear(width, out))
names = dir(Deep)
model = nn.ModuleDict({
    "a": build(**Narrow.as_kwargs()),
    "b": build(**Deep.as_kwargs()),
    "n": nn.Linear(len(names), names.index("width") + 1),
})
"""


def test_dir_of_class_exact(tmp_path):
    got, want = _count(tmp_path, DIR_INHERIT)
    assert got == want


@pytest.mark.parametrize(
    "decl",
    [
        "class C(metaclass=Meta):\n    a = 1\n",
        "class C:\n    __slots__ = ('x',)\n    a = 1\n",
        "class C:\n    a = 1\n    if True:\n        b = 2\n",
        "class C(nn.Module):\n    a = 1\n",
        "class C:\n    a = 1\nC.b = 2\n",
        "import dataclasses\n@dataclasses.dataclass\nclass C:\n    a: int = 1\n",
    ],
    ids=["metaclass", "slots", "branch", "library-base", "written-later", "decorated"],
)
def test_dir_of_class_unknown(tmp_path, decl):
    code = (
        "import torch.nn as nn\n"
        "class Meta(type):\n    def __dir__(cls):\n        return ['a']\n"
        + decl
        + "model = nn.Linear(len(dir(C)), 2)\n"
    )
    assert _static(tmp_path, code) is None


# ------------------------------------------------------------------ operator.length_hint
LENGTH_HINT = """
import operator
import torch.nn as nn
class Hinted:
    def __iter__(self):
        return iter(range(3))
    def __length_hint__(self):
        return 5
class Both(Hinted):
    def __len__(self):
        return 2
class Declines:
    def __length_hint__(self):
        return NotImplemented
class Neither:
    pass
it = iter([1, 2, 3, 4, 5, 6])
next(it)
dims = [
    operator.length_hint(Hinted(), 9),
    operator.length_hint(Both(), 9),
    operator.length_hint(Declines(), 7),
    operator.length_hint(Neither(), 4),
    operator.length_hint(Neither()),
    operator.length_hint(it),
    operator.length_hint((1, 2, 3)),
    operator.length_hint(range(0, 10, 3)),
]
model = nn.ModuleList(nn.Linear(d + 1, 2) for d in dims)
"""


def test_length_hint_exact(tmp_path):
    got, want = _count(tmp_path, LENGTH_HINT)
    assert got == want


def test_length_hint_negative_is_cpython_error(tmp_path):
    code = """
    import operator
    import torch.nn as nn
    class Bad:
        def __length_hint__(self):
            return -1
    model = nn.Linear(operator.length_hint(Bad(), 3) + 1, 2)
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    with pytest.raises(ValueError):
        torch_count(path, root="model")
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ signature() of a partial
PARTIAL_SIGNATURE = """
import functools
import inspect
import torch.nn as nn
def f(a, b, c=3, *args, d, e=5, **kw):
    return a
class Mixer(nn.Module):
    def __init__(self, d_model, d_state=16, expand=2, dt_rank=None, sweep=0):
        super().__init__()
        self.l = nn.Linear(d_model * expand, d_state + (dt_rank or 1) + sweep)
partials = [
    functools.partial(f, 1),
    functools.partial(f, b=2),
    functools.partial(f, 1, 2, 3, 4, d=1),
    functools.partial(functools.partial(f, 1), e=7, z=2),
    functools.partial(Mixer, 8, d_state=4),
]
layers = []
for p in partials:
    ps = inspect.signature(p).parameters
    for i, (name, q) in enumerate(ps.items()):
        kw_only = q.kind == inspect.Parameter.KEYWORD_ONLY
        d = q.default if isinstance(q.default, int) else 0
        layers.append(nn.Linear(i + 1 + len(name), 1 + d + 10 * kw_only))
factory = functools.partial(Mixer, 8, d_state=4, expand=2)
asked = inspect.signature(factory).parameters
layers.append(factory(**{k: v for k, v in {"layer": 1, "sweep": 3}.items() if k in asked}))
model = nn.ModuleList(layers)
"""


def test_partial_signature_exact(tmp_path):
    got, want = _count(tmp_path, PARTIAL_SIGNATURE)
    assert got == want


def test_partial_signature_refused_is_unknown(tmp_path):
    # CPython: ValueError (the partial has arguments f cannot bind)
    code = """
    import functools
    import inspect
    import torch.nn as nn
    def f(a, b):
        return a
    ps = inspect.signature(functools.partial(f, 1, 2, 3)).parameters
    model = nn.Linear(len(ps) + 1, 2)
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    with pytest.raises(ValueError):
        torch_count(path, root="model")
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ ast.parse of a known text
AST_PARSE = """
import ast
import torch.nn as nn
ARCH = '''
conv(3, 12, k=5)
conv(12, 24)
pool()
linear(24, 10, bias=False)
'''
BUILD = {
    "conv": lambda a, b, k=3: nn.Conv2d(a, b, k),
    "pool": lambda: nn.AdaptiveAvgPool2d(1),
    "linear": lambda a, b, bias=True: nn.Linear(a, b, bias=bias),
}
layers = []
tree = ast.parse(ARCH)
for stmt in tree.body:
    call = stmt.value
    args = [ast.literal_eval(a) for a in call.args]
    kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}
    layers.append(BUILD[call.func.id](*args, **kwargs))
widths = ast.literal_eval(ast.parse("[4, 8, (2, 3)]", mode="eval").body)
try:
    ast.literal_eval(ast.parse("width * 2", mode="eval").body)
    extra = 100
except ValueError:
    extra = 1
try:
    ast.parse("conv(3,")
    bad = 100
except SyntaxError:
    bad = 2
model = nn.Sequential(
    *layers[:3], nn.Flatten(), layers[3],
    nn.Linear(10, widths[1] + widths[2][1] + extra + bad + tree.body[1].lineno),
)
"""


def test_ast_parse_exact(tmp_path):
    got, want = _count(tmp_path, AST_PARSE)
    assert got == want


def test_ast_parse_unknown_field(tmp_path):
    code = """
    import ast
    import torch.nn as nn
    node = ast.parse("f(1)").body[0]
    model = nn.Linear(len(node.nonexistent) + 1, 2)
    """
    assert _static(tmp_path, code) is None


AST_NODE_TYPES = """
import ast
import torch.nn as nn
node = ast.parse("f(1)").body[0].value
a = 3 if isinstance(node, ast.expr) else 5
b = 3 if isinstance(node, ast.Name) else 5
c = 3 if getattr(node, "nope", None) is None else 5
d = 3 if type(node) is ast.Call else 5
e = 3 if type(node).__name__ == "Call" else 5
f = 3 if hasattr(node, "func") and not hasattr(node, "id") else 5
model = nn.Linear(a * 100 + b * 10 + c + d + e + f, len(node._fields))
"""


def test_ast_node_types_exact(tmp_path):
    got, want = _count(tmp_path, AST_NODE_TYPES)
    assert got == want


# ------------------------------------------------------------------ hasattr of a numpy array
NDARRAY_HASATTR = """
import numpy as np
import torch.nn as nn
a = np.array([1, 2, 3])
s = np.array(7)
w = 3 if hasattr(a, "shape") and hasattr(a, "tolist") and hasattr(s, "item") else 5
model = nn.Linear(w, len(a) if hasattr(a, "ndim") else 1)
"""


def test_ndarray_hasattr_exact(tmp_path):
    # the generic fallback asked the analyzer's own object: hasattr(a, "shape") was False
    got, want = _count(tmp_path, NDARRAY_HASATTR)
    assert got == want


def test_ndarray_hasattr_other_name_unknown(tmp_path):
    code = """
    import numpy as np
    import torch.nn as nn
    a = np.array([1, 2, 3])
    model = nn.Linear(3 if hasattr(a, "strides") else 5, 2)
    """
    assert _static(tmp_path, code) is None
