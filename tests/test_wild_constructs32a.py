"""Session 32 (wildfix32a, issue #16): wild dev unknowns closed by general Python rules.

- ``inspect.BoundArguments.apply_defaults()``: a new ``arguments`` dict in the signature's
  order, defaults filled (``()`` / ``{}`` for ``*args`` / ``**kw``), required names left out.

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


# ------------------------------------------------------------------ inspect apply_defaults
APPLY_DEFAULTS = """
import inspect
import torch.nn as nn
def block(d_in, d_hidden=40, *rest, d_out=8, depth=2, **extra):
    return None
bound = inspect.signature(block).bind_partial(d_in=6, d_out=3)
before = bound.arguments
bound.apply_defaults()
args = bound.arguments
ws = [len(before) + 1, len(args), *[v for v in args.values() if isinstance(v, int)]]
ws += [len(args["rest"]) + 2, len(args["extra"]) + 3, list(args).index("depth") + 1]
"""

APPLY_DEFAULTS_REQUIRED = """
import inspect
import torch.nn as nn
def f(a, b, c=5, *, d, e=7):
    return None
bound = inspect.signature(f).bind_partial(2)
bound.apply_defaults()
ws = [len(bound.arguments), *bound.arguments.values(), 3 if "b" in bound.arguments else 4]
ws.append(9 if "d" in bound.arguments else 11)
"""


@pytest.mark.parametrize(
    "code", [APPLY_DEFAULTS, APPLY_DEFAULTS_REQUIRED], ids=["defaults", "required_left_out"]
)
def test_apply_defaults_as_inspect(tmp_path, code):
    got, want = _count(tmp_path, _chain(code))
    assert got == want


# ------------------------------------------------------------------ exec of a def, own dicts
EXEC_DEF_MODULE_TYPE = """
import types
import torch.nn as nn
text = '''
width = 18
def head(n, k=2):
    return max(n * k, sum(range(n)))
'''
cfg = types.ModuleType("cfg")
exec(text, cfg.__dict__)
ws = [cfg.width, cfg.head(5), cfg.head(4, k=3)]
"""

EXEC_DEF_OWN_DICT = """
import torch.nn as nn
ns = {}
exec('''
def twice(xs):
    return [x * 2 for x in xs if x > 1]
base = 3
''', ns)
ws = [ns["base"], *ns["twice"]([1, 4, 5])]
"""

# the def reads ``width`` from the exec's dict (6), never the module's (40)
EXEC_DEF_READS_GLOBAL = """
import torch.nn as nn
width = 40
ns = {}
exec('''
width = 6
def head(n):
    return n * width
''', ns)
ws = [ns["head"](2), 3]
"""

# ``__name__`` in the exec's globals is the module object's, not the analyzed file's
EXEC_DEF_READS_NAME = """
import types
import torch.nn as nn
cfg = types.ModuleType("abcdefg")
exec('''
def n():
    return len(__name__)
''', cfg.__dict__)
ws = [cfg.n(), 3]
"""


@pytest.mark.parametrize(
    "code", [EXEC_DEF_MODULE_TYPE, EXEC_DEF_OWN_DICT], ids=["module_type", "own_dict"]
)
def test_exec_def_into_own_dicts_as_cpython(tmp_path, code):
    got, want = _count(tmp_path, _chain(code))
    assert got == want


@pytest.mark.parametrize(
    "code", [EXEC_DEF_READS_GLOBAL, EXEC_DEF_READS_NAME], ids=["reads_global", "reads_name"]
)
def test_exec_def_reading_the_execs_globals_is_unknown(tmp_path, code):
    got, want = _count(tmp_path, _chain(code))
    assert got is None and want > 0


# ------------------------------------------------------------------ collections.UserList
USERLIST_METHODS = """
import copy
from collections import UserList
import torch.nn as nn
class Widths(UserList):
    def __init__(self, first):
        super().__init__([first])
        self.extra = 1
    def append(self, item):
        super().append(item)
        super().append(item + self.extra)
u = Widths(4)
for w in (6, 9):
    u.append(w)
u.extend(UserList([3, 12]))
u.insert(1, 20)
popped = u.pop()
u.remove(7)
v = copy.copy(u)
v.append(50)
u.sort(key=lambda x: -x)
empty = UserList()
ws = [len(u), len(v), popped, u[0], u[-1], u.index(10), u.count(6)]
ws += [2 if empty else 5, 3 if u else 8, 11 if 20 in u else 13, 14 if 50 in u else 15]
ws += list(u)
"""

USERLIST_SEQUENTIAL = """
from collections import UserList
import torch.nn as nn
class Twice(UserList):
    def append(self, item):
        super().append(item)
        super().append(item)
blocks = Twice()
for w in (5, 5, 5):
    blocks.append(nn.Linear(w, w))
blocks.extend([nn.Linear(5, 3)])
model = nn.Sequential(*blocks, *[m for m in UserList(blocks)])
"""

# ``Sequence.__iter__`` reads through the subclass's own ``__getitem__``: not modelled
USERLIST_OWN_GETITEM = """
from collections import UserList
import torch.nn as nn
class Doubled(UserList):
    def __getitem__(self, i):
        return self.data[i] * 2
ws = list(Doubled([3, 4, 5]))
"""


def test_userlist_methods_as_cpython(tmp_path):
    got, want = _count(tmp_path, _chain(USERLIST_METHODS))
    assert got == want


def test_userlist_of_layers_as_torch(tmp_path):
    got, want = _count(tmp_path, USERLIST_SEQUENTIAL)
    assert got == want


def test_userlist_iterated_through_its_own_getitem_is_unknown(tmp_path):
    got, want = _count(tmp_path, _chain(USERLIST_OWN_GETITEM))
    assert got is None and want > 0


# ------------------------------------------------------------------ threading
THREAD_LOCAL = """
import threading
import torch.nn as nn
cfg = threading.local()
cfg.width = 24
seen = []
def worker(k, extra=0):
    seen.append(getattr(cfg, "width", 7) + k + extra)
    cfg.width = 999
    seen.append(cfg.width // 100)
t = threading.Thread(target=worker, args=(2,), kwargs={"extra": 1})
t.start()
t.join()
ws = [cfg.width, *seen, getattr(cfg, "out", 5), 3 if hasattr(cfg, "width") else 4]
"""

THREAD_RAISES = """
import contextvars
import threading
import torch.nn as nn
var = contextvars.ContextVar("w", default=11)
var.set(30)
out = []
def worker():
    out.append(var.get())
    raise ValueError("the thread ends here; its starter goes on")
threads = [threading.Thread(target=worker) for _ in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
out.append(var.get())
ws = [*out, 6]
"""

THREAD_SUBCLASS = """
import threading
import torch.nn as nn
box = [4]
class Worker(threading.Thread):
    def __init__(self, n):
        super().__init__(name=f"w{n}")
        self.n = n
    def run(self):
        box.append(self.n)
class Plain(threading.Thread):
    pass
def add(k):
    box.append(k * 3)
for w in (Worker(12), Worker(7), Plain(target=add, args=(5,))):
    w.start()
    w.join()
ws = [*box, 3]
"""

# a subclass whose __init__ never runs Thread's: start() raises RuntimeError in CPython, caught
THREAD_NO_INIT = """
import threading
import torch.nn as nn
box = [4]
class Worker(threading.Thread):
    def __init__(self):
        self.n = 9
    def run(self):
        box.append(self.n)
try:
    Worker().start()
except RuntimeError:
    box.append(2)
ws = [*box, 3]
"""


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.parametrize("code", [THREAD_LOCAL, THREAD_RAISES], ids=["local", "raises_ctx"])
def test_thread_target_runs_as_cpython(tmp_path, code):
    got, want = _count(tmp_path, _chain(code))
    assert got == want


def test_thread_subclass_runs_its_run(tmp_path):
    got, want = _count(tmp_path, _chain(THREAD_SUBCLASS))
    assert got == want


def test_thread_whose_init_did_not_run_raises_runtime_error(tmp_path):
    got, want = _count(tmp_path, _chain(THREAD_NO_INIT))
    assert got == want


# ------------------------------------------------------------------ randperm: order-blind reads
RANDPERM_REDUCED = """
import torch
import torch.nn as nn
masks = [torch.randperm(7) % 2 == k for k in (0, 1)]
odd = torch.as_tensor(torch.randperm(9) % 3 == 1, dtype=torch.bool)
ws = [int(m.sum().item()) for m in masks]
ws += [int(odd.sum()), int((~odd).sum()), int(torch.randperm(6).max()) + 1]
ws += [int((torch.randperm(5) * 2 + 1).sum()), int(torch.randperm(4).min()) + 2]
ws += [int((torch.randperm(6) >= 2).int().sum()), 3 if bool((torch.randperm(3) < 3).all()) else 8]
"""

# an element, a pairing of two permutations, a prefix: their order matters (unknown)
RANDPERM_ORDER = [
    "ws = [int(torch.randperm(6)[0]) + 2, 3]",
    "ws = [int((torch.randperm(6) == torch.randperm(6)).sum()) + 2, 3]",
    "ws = [int(torch.randperm(6)[:3].sum()) + 2, 3]",
    "ws = [int((torch.randperm(6) - torch.arange(6)).abs().sum()) + 2, 3]",
]


def _cpu_count(tmp_path, code: str, seed: int) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(
        path, root="model", device="cpu", seed=seed
    )


def test_randperm_reductions_as_torch(tmp_path):
    # torch draws a new order for each seed; the count is the same for every one
    wants = {_cpu_count(tmp_path, _chain(RANDPERM_REDUCED), seed)[1] for seed in (0, 1, 2)}
    got, _ = _cpu_count(tmp_path, _chain(RANDPERM_REDUCED), 0)
    assert len(wants) == 1 and got == wants.pop()


@pytest.mark.parametrize("line", RANDPERM_ORDER, ids=["item", "pairing", "prefix", "vs_arange"])
def test_randperm_values_in_order_are_unknown(tmp_path, line):
    code = "import torch\nimport torch.nn as nn\n" + line + "\n"
    got, want = _cpu_count(tmp_path, _chain(code), 0)
    assert got is None and want > 0
