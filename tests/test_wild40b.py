"""Session 40 (wildfix40b): constructs behind the wild fresh39 dev unknowns, each probe counted
by torch (meta device) and by driftcheck: torch's count, or unknown where the value is not
known; never another number.

- ppbert (4 dev files): ``BertConfig`` / ``GPT2Config`` test ``isinstance(v, str) or
  (sys.version_info[0] == 2 and isinstance(v, unicode))``: ``sys.version_info`` was unknown, so
  the JSON-file branch "may" have run (library/pyversion.py: the major version is 3).
- ppbert GPT-2 from a JSON file: ``os.path.join(tempfile.mkdtemp(), "cfg.json")`` written by
  the script and read back by the library through ``from io import open`` (library/scratchfs.py
  ``mkdtemp``; library/pkgdata.py ``io.open``)."""

from __future__ import annotations

import operator
import sys
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.library.pyversion import VERSION_INFO
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str, root: str = "model"):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    got = parse_source(path).params_total()
    want = torch_count(path, root=root)
    return got, want


# ---------------------------------------------------------------- sys.version_info

_PY2_GUARD = """
import sys
import torch.nn as nn


class Cfg:
    def __init__(self, v, hidden=8):
        if isinstance(v, str) or (sys.version_info[0] == 2 and isinstance(v, unicode)):
            self.vocab, self.hidden = 3, 4
        elif isinstance(v, int):
            self.vocab, self.hidden = v, hidden
        else:
            raise ValueError("bad")


c = Cfg(100, hidden=16)
model = nn.Embedding(c.vocab, c.hidden)
"""

_PY3_FLAGS = """
import sys
import torch.nn as nn

PY2 = sys.version_info < (3,)
PY3 = sys.version_info >= (3, 0)
width = 8 if sys.version_info.major == 3 else 32
layers = [nn.Linear(4, width)]
if PY3 and not PY2:
    layers.append(nn.Linear(width, 5))
if sys.version_info[-5] == 2 or sys.version_info > (4,):
    layers.append(nn.Linear(5, 100))
model = nn.Sequential(*layers)
"""

_FROM_IMPORT = """
from sys import version_info
import torch.nn as nn

n = 2 if version_info[0] >= 3 else 7
model = nn.ModuleList(nn.Linear(6, 6) for _ in range(n))
"""


@pytest.mark.parametrize("code", [_PY2_GUARD, _PY3_FLAGS, _FROM_IMPORT], ids=["py2", "py3", "from"])
def test_version_info_major_is_three(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


_MINOR = """
import sys
import torch.nn as nn

head = nn.Linear(4, 8) if sys.version_info >= (3, 8) else nn.Linear(4, 9)
model = nn.Sequential(head)
"""

_MINOR_SLICE = """
import sys
import torch.nn as nn

head = nn.Linear(4, 8) if sys.version_info[:2] >= (3, 6) else nn.Linear(4, 9)
tail = nn.Linear(8, 2) if sys.version_info.minor > 5 else nn.Linear(8, 3)
model = nn.Sequential(head)
model.append(tail)
"""


@pytest.mark.parametrize("code", [_MINOR, _MINOR_SLICE], ids=["cmp", "slice"])
def test_version_info_minor_stays_unknown(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert want > 0
    assert got is None  # the program's minor version is not the analyzer's to know


_OPS = (operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne)
_TUPLES = [(), (2,), (2, 7), (3,), (3, 0), (3, 8), (3, 99), (4,), (4, 0), (1, 2, 3, 4, 5)]
_TUPLES += [(3, 0, 0, "final", 0), (2, 7, 18, "final", 0), tuple(sys.version_info)]


@pytest.mark.parametrize("t", _TUPLES, ids=repr)
def test_version_info_decided_answers_match_cpython(t):
    """Whatever the model decides, CPython's own ``sys.version_info`` answers the same; the
    rest raises TypeError (read as unknown by the interpreter)."""
    decided = 0
    for op in _OPS:
        try:
            mine = op(VERSION_INFO, t)
        except TypeError:
            continue
        decided += 1
        assert mine == op(sys.version_info, t), (op, t)
    assert VERSION_INFO.library_getitem(0) == sys.version_info[0] == VERSION_INFO.attr("major")
    assert VERSION_INFO.library_getitem(-5) == sys.version_info[-5]
    assert len(VERSION_INFO) == len(sys.version_info)
    if t and t[0] != 3:
        assert decided == len(_OPS)


# ---------------------------------------------------------------- tempfile.mkdtemp + io.open

_MKDTEMP_DICT = """
import json
import os
import tempfile
from io import open

import torch.nn as nn

TEXT = '{"vocab": 100, "hidden": 16}'
path = os.path.join(tempfile.mkdtemp(), "cfg.json")
with open(path, "w") as fh:
    fh.write(json.dumps(json.loads(TEXT)))


class Cfg:
    def __init__(self, p):
        with open(p, "r", encoding="utf-8") as reader:
            cfg = json.loads(reader.read())
        for key, value in cfg.items():
            self.__dict__[key] = value


c = Cfg(path)
model = nn.Embedding(c.vocab, c.hidden)
"""

_MKDTEMP_PREFIX = """
import json
import os
import tempfile

import torch.nn as nn

d = tempfile.mkdtemp(prefix="run-")
with open(os.path.join(d, "sizes.json"), "w") as fh:
    json.dump({"layers": [4, 12, 6]}, fh)
with open(os.path.join(d, "sizes.json")) as fh:
    sizes = json.load(fh)["layers"]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])])
"""


@pytest.mark.parametrize("code", [_MKDTEMP_DICT, _MKDTEMP_PREFIX], ids=["dict", "prefix"])
def test_mkdtemp_file_read_back(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


_MKDTEMP_NEVER_WRITTEN = """
import json
import os
import tempfile

import torch.nn as nn

d = tempfile.mkdtemp()
if os.path.exists(os.path.join(d, "sizes.json")):
    with open(os.path.join(d, "sizes.json")) as fh:
        n = json.load(fh)["n"]
else:
    n = 5
model = nn.Linear(3, n)
"""

_MKDTEMP_DIR_ARG = """
import json
import os
import tempfile

import torch.nn as nn

d = tempfile.mkdtemp(dir=os.getcwd())
with open(os.path.join(d, "sizes.json"), "w") as fh:
    json.dump({"n": 7}, fh)
with open(os.path.join(d, "sizes.json")) as fh:
    n = json.load(fh)["n"]
os.remove(os.path.join(d, "sizes.json"))
os.rmdir(d)
model = nn.Linear(3, n)
"""


_MKDTEMP_DISK_CHECKS = """
import os
import tempfile
from pathlib import Path

import torch.nn as nn

d = tempfile.mkdtemp()
a = 4 if os.path.exists(d) else 9
b = 4 if os.path.isdir(d) and Path(d).exists() else 9
c = 4 if len(os.listdir(d)) == 0 else 9
model = nn.Sequential(nn.Linear(a, b), nn.Linear(b, c))
"""


@pytest.mark.parametrize(
    "code",
    [_MKDTEMP_NEVER_WRITTEN, _MKDTEMP_DIR_ARG, _MKDTEMP_DISK_CHECKS],
    ids=["exists", "dir-arg", "disk"],
)
def test_mkdtemp_exact_or_unknown(tmp_path, code, monkeypatch):
    monkeypatch.chdir(tmp_path)
    got, want = _count(tmp_path, code)
    assert want > 0
    assert got in (None, want)


# ---------------------------------------------------------------- ndarray.round()

_GEOM_ROUND = """
import numpy as np
import torch.nn as nn

hidden = np.geomspace(32, 256, num=4).round().astype(int)
rnns = nn.ModuleList()
prev = 28
for h in hidden:
    rnns.append(nn.RNN(prev, int(h), nonlinearity="relu"))
    prev = int(h)
model = nn.ModuleDict({"rnns": rnns, "readout": nn.Linear(prev, 10)})
"""

_LIN_ROUND = """
import numpy as np
import torch.nn as nn

widths = np.linspace(10, 100, 7).round(0)
model = nn.ModuleList([nn.Linear(3, int(w)) for w in widths])
"""

_SQRT_ROUND = """
import numpy as np
import torch.nn as nn

widths = (np.sqrt(np.array([100.0, 420.0, 1000.0])) * 4).round(decimals=0)
model = nn.Sequential(*[nn.Linear(int(a), int(b)) for a, b in zip(widths, widths[1:])])
"""


@pytest.mark.parametrize(
    "code", [_GEOM_ROUND, _LIN_ROUND, _SQRT_ROUND], ids=["geom", "lin", "sqrt"]
)
def test_ndarray_round_method(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


_ROUND_DECIMALS = """
import numpy as np
import torch.nn as nn

widths = (np.array([12.34, 56.78]) * 10).round(1) * 10
model = nn.ModuleList([nn.Linear(3, int(w)) for w in widths])
"""

_ROUND_HALF = """
import numpy as np
import torch.nn as nn

widths = (np.array([2.5, 3.5, 6.5]) * 2 / 2).round()
model = nn.ModuleList([nn.Linear(3, int(w)) for w in widths])
"""


@pytest.mark.parametrize("code", [_ROUND_DECIMALS, _ROUND_HALF], ids=["decimals", "half"])
def test_ndarray_round_exact_or_unknown(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert want > 0
    assert got in (None, want)
