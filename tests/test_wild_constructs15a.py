"""fresh7's unknowns (issue #16, session 15, wildfix15a): the Python constructs behind them,
each case a small model written here and built in real torch.

- ``x in xs`` compared only constants: an ``Enum`` member, a class, a function or a library
  class was never "in" a list, tuple or set (a confident False; pytorch-frame's
  ``stype not in encoder.supported_stypes`` raised, and a wrong branch counted 12 where torch
  has 30); a tuple holding an unknown item was "not in" a set of tuples.
- ``copy.copy`` of a set returned the set itself (two lazy modules shared one set of missing
  names: one never built its layers, 12 vs 42); ``copy.deepcopy`` of a list of layers or
  of nested lists was shallow (37 vs 66).
- a registry a metaclass fills as each class statement runs (``make_model("resnet34")``:
  cnn-finetune), ``super()`` in a method whose first argument is not ``self`` / ``cls``,
  ``object()`` sentinels (``pool=default`` ... ``if pool is default``).
- ``emb.weight[0]`` of a torch layer; ``block.parameters()`` collected into a
  ``ParameterList`` (nbeats-pytorch); a statement the interpreter could not run left its
  target holding the previous loop round's value (one block counted twice as one).
- a dict filled in a loop over values we cannot enumerate is unknown after it (was empty).
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")


def static_count(path):
    return parse_source(path).params_total()


def check(tmp_path, code: str, name: str = "m.py") -> int:
    f = tmp_path / name
    f.write_text(textwrap.dedent(code))
    want = torch_count(f)
    assert static_count(f) == want
    return want


ENUM_MEMBERS = """
from enum import Enum
import torch.nn as nn


class Kind(Enum):
    num = "num"
    cat = "cat"

    @property
    def parent(self):
        return Kind.cat if self == Kind.cat else self


class NumEnc(nn.Module):
    kinds = {Kind.num}

    def build(self, n):
        self.lin = nn.Linear(n, 4)


class CatEnc(nn.Module):
    kinds = [Kind.cat]

    def build(self, n):
        self.emb = nn.Embedding(n + 1, 4)


class Outer(nn.Module):
    def __init__(self, names):
        super().__init__()
        encs = {Kind.cat: CatEnc(), Kind.num: NumEnc()}
        self.d = nn.ModuleDict()
        for k, e in encs.items():
            if k != k.parent:
                raise ValueError("parent")
            if k not in e.kinds:
                raise ValueError("kind")
            if k in names:
                e.build(len(names[k]))
                self.d[k.value] = e


model = Outer({Kind.num: ["a", "b", "c"], Kind.cat: ["x"]})
"""


def test_enum_members_in_a_set_and_a_list(tmp_path):
    assert check(tmp_path, ENUM_MEMBERS) == 16 + 8


def test_classes_functions_and_library_classes_in_a_container(tmp_path):
    check(
        tmp_path,
        """
        import torch.nn as nn


        class A:
            pass


        class B:
            pass


        def f():
            return 1


        class Outer(nn.Module):
            def __init__(self, kind=A, fn=f):
                super().__init__()
                self.z = nn.Linear(3, 3)
                if kind in (A, B):
                    self.a = nn.Linear(2, 2)
                if fn in [f]:
                    self.b = nn.Linear(2, 2)
                if nn.ReLU in {nn.ReLU, nn.GELU}:
                    self.c = nn.Linear(2, 2)
                if B in [A] or nn.Tanh in (nn.ReLU,) or "A" in (A,):
                    self.d = nn.Linear(9, 9)
                if kind in [int, float] or f in (len, print):
                    self.e = nn.Linear(7, 7)


        model = Outer()
        """,
    )


def test_a_tuple_with_an_unknown_item_is_not_decided(tmp_path):
    """``(name, unknown) in {("a", 1)}`` may hold: never a confident False."""
    f = tmp_path / "m.py"
    f.write_text(
        textwrap.dedent(
            """
            import os
            import torch.nn as nn


            class Outer(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.z = nn.Linear(3, 3)
                    key = ("a", os.environ.get("WIDTH_FLAG"))
                    if key not in {("a", None), ("b", "1")}:
                        self.extra = nn.Linear(5, 5)


            model = Outer()
            """
        )
    )
    assert static_count(f) is None


def test_copy_of_a_class_level_set_is_a_new_set(tmp_path):
    assert (
        check(
            tmp_path,
            """
        import copy
        import torch.nn as nn


        class Lazy(nn.Module):
            NEED = {"a", "b"}

            def __init__(self):
                super().__init__()
                self.missing = copy.copy(self.NEED)

            def give(self, k, n):
                if k in self.missing:
                    self.missing.discard(k)
                    if not self.missing:
                        self.lin = nn.Linear(n, n)


        class LazyA(Lazy):
            pass


        class LazyB(Lazy):
            pass


        class Outer(nn.Module):
            def __init__(self):
                super().__init__()
                self.x = LazyA()
                self.y = LazyB()
                for k in ("a", "b"):
                    self.x.give(k, 3)
                for k in ("a", "b"):
                    self.y.give(k, 5)


        model = Outer()
        """,
        )
        == 42
    )


def test_deepcopy_copies_nested_lists_and_layers(tmp_path):
    assert (
        check(
            tmp_path,
            """
        import copy
        import torch.nn as nn


        class Outer(nn.Module):
            def __init__(self):
                super().__init__()
                base = [nn.Linear(4, 4), nn.Linear(4, 2)]
                self.a = nn.Sequential(*base)
                self.b = nn.Sequential(*copy.deepcopy(base))
                cfg = [[8, 8], [8, 4]]
                cfg2 = copy.deepcopy(cfg)
                cfg2[0].append(3)
                self.c = nn.ModuleList([nn.Linear(len(r), 1) for r in cfg])


        model = Outer()
        """,
        )
        == 66
    )


META_PKG = {
    "__init__.py": "from zoo.families import *\nfrom zoo.base import build\n",
    "base.py": """
        import torch.nn as nn

        TABLE = {}


        class Registering(type):
            def __new__(meta, name, bases, body, **kw):
                made = super().__new__(meta, name, bases, body, **kw)
                for n in body.get("names", ()):
                    TABLE[n] = made
                return made


        class Base(nn.Module, metaclass=Registering):
            def __init__(self, name, classes):
                super().__init__()
                self.body = self.make_body(name)
                self.head = nn.Linear(self.width, classes)


        def build(name, classes):
            if name not in TABLE:
                raise ValueError(name)
            return TABLE[name](name, classes)
        """,
    "families.py": """
        import torch.nn as nn

        from zoo.base import Base

        __all__ = ["Wide", "Narrow"]


        class Wide(Base):
            names = ["wide_a", "wide_b"]
            width = 32

            def make_body(self, name):
                return nn.Linear(8, self.width * (2 if name == "wide_b" else 1))


        class Narrow(Base):
            names = ("narrow",)
            width = 4

            def make_body(self, name):
                return nn.Conv2d(3, self.width, 3)
        """,
}


@pytest.mark.parametrize("name", ["wide_a", "narrow"])
def test_registry_filled_by_a_metaclass(tmp_path, name):
    pkg = tmp_path / "zoo"
    pkg.mkdir()
    for fname, text in META_PKG.items():
        (pkg / fname).write_text(textwrap.dedent(text))
    user = tmp_path / "user.py"
    user.write_text(f"from zoo import build\n\nmodel = build({name!r}, 10)\n")
    want = torch_count(user, sys_path=tmp_path)
    assert static_count(user) == want


def test_object_sentinel_default(tmp_path):
    assert (
        check(
            tmp_path,
            """
        import torch.nn as nn

        _MISSING = object()
        _OTHER = object()


        def pick(pool=_MISSING):
            return nn.AdaptiveAvgPool2d(1) if pool is _MISSING else pool


        class Net(nn.Module):
            def __init__(self, head=_MISSING):
                super().__init__()
                self.pool = pick()
                if head is _MISSING:
                    self.head = nn.Linear(4, 2)
                elif head is _OTHER or head == _OTHER:
                    self.head = nn.Linear(4, 9)
                else:
                    self.head = head
                if _MISSING is not _OTHER and _MISSING != _OTHER:
                    self.extra = nn.Linear(2, 2)


        model = Net()
        """,
        )
        == 16
    )


def test_a_row_of_a_layer_weight(tmp_path):
    check(
        tmp_path,
        """
        import torch.nn as nn


        class Enc(nn.Module):
            def __init__(self, vocab, dim):
                super().__init__()
                self.embed = nn.Embedding(vocab, dim)
                self.bias = nn.Parameter(nn.init.zeros_(nn.Embedding(1, vocab).weight[0].detach().clone()))
                self.cols = nn.Parameter(nn.Linear(dim, 3).weight[:, 1:].clone())


        model = Enc(100, 8)
        """,
    )


def test_parameters_of_unregistered_blocks_in_a_parameter_list(tmp_path):
    check(
        tmp_path,
        """
        import torch.nn as nn


        class Block(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)
                self.theta = nn.Linear(n, 2, bias=False)


        class Net(nn.Module):
            def __init__(self, n, k, share):
                super().__init__()
                self.parameters = []
                blocks = []
                for i in range(k):
                    if share and i != 0:
                        block = blocks[-1]
                    else:
                        block = Block(n)
                        self.parameters.extend(block.parameters())
                    blocks.append(block)
                self.parameters = nn.ParameterList(self.parameters)


        model = Net(4, 3, False)
        """,
    )


def test_parameters_of_registered_modules_are_not_counted_twice(tmp_path):
    check(
        tmp_path,
        """
        import torch.nn as nn


        class Block(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)
                self.scale = nn.Parameter(nn.init.ones_(nn.Linear(1, n).weight[:, 0].clone()))


        class Net(nn.Module):
            def __init__(self, n, k):
                super().__init__()
                self.registered = nn.ModuleList([Block(n) for _ in range(k)])
                ps = []
                for b in self.registered:
                    ps.extend(b.parameters())
                for name, p in self.registered[0].named_parameters():
                    ps.append(p)
                self.again = nn.ParameterList(ps)
                self.conv_ps = nn.ParameterList(nn.Conv2d(3, 4, 3).parameters())


        model = Net(4, 2)
        """,
    )


def test_blocks_holding_numpy_arrays_built_in_a_loop(tmp_path):
    """Each round's block is its own (the memo could not template a numpy array, the
    statement was dropped and ``block`` kept the previous round's: half the count)."""
    check(
        tmp_path,
        """
        import numpy as np
        import torch.nn as nn


        class Block(nn.Module):
            def __init__(self, n, m):
                super().__init__()
                self.grid = np.linspace(0, 1, n)
                self.fc = nn.Linear(n, m)


        class Net(nn.Module):
            def __init__(self, sizes):
                super().__init__()
                self.params = []
                for n in sizes:
                    block = Block(n, 3)
                    self.params.extend(block.parameters())
                self.params = nn.ParameterList(self.params)


        model = Net([4, 4, 6])
        """,
    )


def test_an_undecided_continue_leaves_the_rest_of_the_round_uncertain(tmp_path):
    """``if flag: continue`` on a value we cannot know: the appends after it may or may not
    run (torch counts 60 in a clean environment); they were skipped outright (0), and an
    append under an undecided ``if`` was counted as made."""
    for code in (
        "for i in range(3):\n            if os.environ.get('SKIP_%d' % i):\n"
        "                continue\n            self.layers.append(nn.Linear(4, 4))",
        "if os.environ.get('EXTRA'):\n            self.layers.append(nn.Linear(4, 4))",
    ):
        f = tmp_path / "m.py"
        f.write_text(
            "import os\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n"
            "        self.layers = nn.ModuleList()\n        " + code + "\n\n\nmodel = Net()\n"
        )
        torch_count(f)  # builds in torch
        assert static_count(f) is None


@pytest.mark.parametrize("script_dir", [False, True])
def test_dict_filled_in_a_loop_we_cannot_enumerate_is_unknown(tmp_path, monkeypatch, script_dir):
    """torch counts 20 here (the table has entries). With the script's own folder not read
    (DRIFTCHECK_NO_SCRIPT_DIR_DATA=1) the loop's source is a data file the analyzer does not
    read, so the count is unknown, never 40 from an "empty" table; by default (session 37) the
    JSON next to the script is read, as the program reads it: torch's 20."""
    if not script_dir:
        monkeypatch.setenv("DRIFTCHECK_NO_SCRIPT_DIR_DATA", "1")
    (tmp_path / "table.json").write_text('{"H": 1, "C": 6}')
    f = tmp_path / "m.py"
    f.write_text(
        textwrap.dedent(
            """
            import json
            import os
            import torch.nn as nn


            def load():
                with open(os.path.join(os.path.dirname(__file__), "table.json")) as fh:
                    return json.load(fh)


            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    table = {}
                    for k, v in load().items():
                        table[k] = v
                    self.a = nn.Linear(4, 4)
                    if len(table) == 0:
                        self.b = nn.Linear(4, 4)


            model = Net()
            """
        )
    )
    assert torch_count(f) == 20
    assert static_count(f) == (20 if script_dir else None)


def test_same_counts_with_the_speed_layer_off(tmp_path):
    """The memo change: outputs identical with DRIFTCHECK_SPEED_OFF=all."""
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(ENUM_MEMBERS))
    g = tmp_path / "n.py"
    g.write_text(
        textwrap.dedent(
            """
            import numpy as np
            import torch.nn as nn


            class Block(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.grid = np.linspace(0, 1, n)
                    self.fc = nn.Linear(n, 2)


            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    ps = []
                    for n in (3, 3, 5):
                        b = Block(n)
                        ps.extend(b.parameters())
                    self.ps = nn.ParameterList(ps)


            model = Net()
            """
        )
    )
    code = (
        "import sys\nfrom driftcheck.parsers.source import parse_source\n"
        "print([parse_source(p).params_total() for p in sys.argv[1:]])"
    )
    outs = []
    for off in ("", "all"):
        env = {**os.environ, "DRIFTCHECK_SPEED_OFF": off, "DRIFTCHECK_NO_CACHE": "1"}
        r = subprocess.run(
            [sys.executable, "-c", code, str(f), str(g)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        outs.append(r.stdout.strip())
    assert outs[0] == outs[1] == str([torch_count(f), torch_count(g)])
