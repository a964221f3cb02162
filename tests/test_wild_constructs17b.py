"""Session 17 (wildfix17b, issue #16): constructs of the eleventh wild batch's confident wrongs,
each a small model built in real torch.

- code after ``model = ...`` that is handed the model (``prune(model)``, ``pruner =
  Pruner(model); pruner.step()``) runs as importing the file would; where the interpreter gives
  up inside code that may change a module handed to it, or calls something it cannot follow
  with a module, the count is unknown with a note naming the statement (interp/postbuild.py);
  code that does not change it (``print``, an optimizer, ``requires_grad_``, a package that
  only reads the model) keeps the count.
- a property setter on a module runs for a plain value (``model.tied = True``:
  interp/propset.py).
- ``setattr(mod, name, None)`` under a name we cannot compute removes a parameter or layer.
- ``ValueError`` from ``tuple.index`` caught by an ``except ValueError`` of the same function.
- a ``break`` under an undecided condition: what the breaking way changed is unknown after
  the loop (it was the state of the way that goes on: hippynn's evaluation order left empty).
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.interp import postbuild
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path: Path, code: str, **kw) -> int:
    f = write(tmp_path, code)
    want = torch_count(f, **kw)
    assert parse_source(f).params_total() == want
    return want


def honest(tmp_path: Path, code: str, **kw) -> list[str]:
    """torch builds it; the analyzer cannot know the count and says so (never a number)."""
    f = write(tmp_path, code)
    assert torch_count(f, **kw) > 0
    g = parse_source(f)
    assert g.params_total() is None
    assert any("unknown" in n for n in g.notes)
    return g.notes


NET = textwrap.dedent(
    """
    import torch
    import torch.nn as nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16))
            self.head = nn.Linear(16, 4)

        def forward(self, x):
            return self.head(self.body(x))


    model = Net()
"""
)


def test_user_function_handed_the_model_is_followed(tmp_path):
    # a function of the file swaps a layer and deletes another: followed, the count exact
    n = check(
        tmp_path,
        NET
        + textwrap.dedent(
            """
    def surgery(m):
        m.head = nn.Linear(16, 2)
        del m.body[2]


    surgery(model)
    """
        ),
    )
    assert n == 8 * 16 + 16 + 16 * 2 + 2


def test_harmless_statements_after_the_model_keep_the_count(tmp_path):
    check(
        tmp_path,
        NET
        + textwrap.dedent(
            """
    print(model)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"{n_params:,}")
    for p in model.body.parameters():
        p.requires_grad_(False)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    """
        ),
    )


LIB_MUTATES = """
    import time

    import torch.nn as nn


    def prune(m, ratio):
        for name, child in list(m.named_children()):
            if time.time() > ratio:  # undecided statically; at run time the loop breaks first
                break
            setattr(m, name, nn.Identity())
"""

LIB_READS = """
    import random


    def inspect(m, ratio):
        seen = []
        for name, p in m.named_parameters():
            seen.append(name)
            if random.random() < ratio:
                break
        return seen
"""


def test_library_that_gives_up_and_may_mutate_is_unknown(tmp_path):
    write(tmp_path, LIB_MUTATES, name="prunelib/__init__.py")
    code = NET.replace("import torch\n", "import torch\nfrom prunelib import prune\n", 1)
    notes = honest(tmp_path, code + "\nprune(model, 0.9)\n", sys_path=tmp_path)
    assert any("prune(model, 0.9)" in n and "not followed" in n for n in notes)


def test_library_that_gives_up_but_never_mutates_keeps_the_count(tmp_path):
    write(tmp_path, LIB_READS, name="readlib/__init__.py")
    code = NET.replace("import torch\n", "import torch\nfrom readlib import inspect\n", 1)
    check(tmp_path, code + "\nnames = inspect(model, 0.5)\n", sys_path=tmp_path)


def test_call_not_followed_given_the_model_is_unknown(tmp_path):
    # a library that is not installed: what it does to the model cannot be read
    f = write(
        tmp_path, NET + "\nimport not_installed_lib_xyz\nnot_installed_lib_xyz.convert(model)\n"
    )
    g = parse_source(f)
    assert g.params_total() is None
    assert any("convert(model)" in n for n in g.notes)


def test_names_bound_from_the_model_reach_it(tmp_path):
    body = textwrap.dedent(
        """
        model = f()
        pruner = P(model, ratio=0.5)
        x = 3
        pruner.step()
        if __name__ == "__main__":
            model.train()
        """
    )
    import ast

    tree = ast.parse(body).body
    assert postbuild.reach(tree, 0, "model") == 3


def test_may_mutate_reads_what_code_writes_on_others(tmp_path):
    import ast

    assert postbuild.tree_mutates(ast.parse("def f(m):\n    setattr(m, 'fc', None)\n"))
    assert postbuild.tree_mutates(ast.parse("def f(l, w):\n    l.weight = w\n"))
    assert postbuild.tree_mutates(ast.parse("def f(m, n):\n    del m._parameters[n]\n"))
    assert postbuild.tree_mutates(ast.parse("def f(m):\n    m.layers[0] = Block(4)\n"))
    # an object building itself is not a change to a module it was handed
    assert not postbuild.tree_mutates(
        ast.parse("class A:\n    def __init__(self, w):\n        self.weight = w\n")
    )
    assert not postbuild.tree_mutates(ast.parse("def f(p, s):\n    p.infshape = s\n"))


def test_property_setter_ties_a_weight(tmp_path):
    n = check(
        tmp_path,
        """
        import torch.nn as nn


        class Tied(nn.Module):
            def __init__(self, vocab=100, dim=16):
                super().__init__()
                self.embed = nn.Embedding(vocab, dim)
                self.head = nn.Linear(dim, vocab, bias=False)
                self.proj = nn.Linear(dim, dim)

            @property
            def tied(self):
                return self.head.weight is self.embed.weight

            @tied.setter
            def tied(self, flag):
                if flag:
                    self.head.weight = self.embed.weight


        model = Tied()
        model.tied = True
        """,
    )
    assert n == 100 * 16 + 16 * 16 + 16


def test_setattr_none_under_an_unknown_name_removes(tmp_path):
    # was an honest unknown; ``mod._parameters`` now lists the layer's weights, each deleted
    # (interp/leafregs.py): the count torch gives
    check(
        tmp_path,
        """
        import torch.nn as nn


        def strip(module):
            for mod in module.modules():
                for name in list(mod._parameters):
                    del mod._parameters[name]
                    setattr(mod, name, None)


        class Hyper(nn.Module):
            def __init__(self):
                super().__init__()
                target = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))
                strip(target)
                self.target = target
                self.gen = nn.Linear(3, 58)


        model = Hyper()
        """,
    )


def test_lookup_error_caught_in_the_same_function(tmp_path):
    check(
        tmp_path,
        """
        import torch.nn as nn


        def width(names, name):
            try:
                return (8, 16)[names.index(name)]
            except ValueError:
                return 32


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(4, width(("x", "y"), "y"))
                self.b = nn.Linear(4, width(("x", "y"), "z"))


        model = Net()
        """,
    )


def test_break_under_undecided_condition_changes_are_unknown(tmp_path):
    honest(
        tmp_path,
        """
        import os

        import torch.nn as nn


        class Net(nn.Module):
            def __init__(self, sizes=(16, 32)):
                super().__init__()
                found = 8
                picked = []
                for s in sizes:
                    if s > int(os.environ.get("LIMIT", "20")):
                        found = s
                        picked.append(nn.Linear(s, s))
                        break
                self.fc = nn.Linear(found, 2)
                self.extra = nn.ModuleList(picked)


        model = Net()
        """,
    )


def test_weights_replaced_by_a_weightless_layer_under_a_condition(tmp_path):
    honest(
        tmp_path,
        """
        import time

        import torch.nn as nn


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.head = nn.Linear(16, 4)
                for _ in range(1):
                    if time.time() < 0:  # undecided statically; never at run time
                        self.head = nn.Identity()


        model = Net()
        """,
    )


def test_frozen_dataclass_post_init_object_setattr(tmp_path):
    check(
        tmp_path,
        """
        import itertools
        from dataclasses import dataclass, field

        import torch.nn as nn


        @dataclass(frozen=True)
        class Cfg:
            d_in: int = 24
            steps: list = field(default_factory=lambda: [40, -8])
            dims: tuple = field(init=False)

            def __post_init__(self):
                object.__setattr__(self, "dims", tuple(itertools.accumulate([self.d_in] + self.steps)))


        class Net(nn.Module):
            def __init__(self, cfg):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(cfg.dims))


        model = Net(Cfg(d_in=12, steps=[20, -4]))
        """,
    )


def test_namedtuple_replace_asdict_fields(tmp_path):
    check(
        tmp_path,
        """
        from typing import NamedTuple

        import torch.nn as nn


        class Cfg(NamedTuple):
            d: int = 12
            out: int = 16
            extra: bool = False


        class Net(nn.Module):
            def __init__(self, cfg):
                super().__init__()
                self.fc = nn.Linear(cfg.d, cfg.out)
                self.more = nn.Linear(len(cfg._fields), cfg._asdict()["out"]) if cfg.extra else None


        model = Net(Cfg()._replace(out=4, extra=True))
        """,
    )


def test_match_sequence_pattern_against_a_dataclass_instance(tmp_path):
    check(
        tmp_path,
        """
        from dataclasses import dataclass

        import torch.nn as nn


        @dataclass
        class Skip:
            width: int


        def build(items, ch=8):
            layers = []
            for item in items:
                match item:
                    case ("fc", n):
                        layers.append(nn.Linear(ch, n))
                        ch = n
                    case Skip(width=w) if w == ch:
                        layers.append(nn.Identity())
                    case Skip(width=w):
                        layers.append(nn.Linear(ch, w))
                        ch = w
            return nn.Sequential(*layers)


        model = build([("fc", 16), Skip(16), Skip(4)])
        """,
    )


def test_object_setattr_of_a_layer_on_a_module_is_not_registered(tmp_path):
    n = check(
        tmp_path,
        """
        import torch.nn as nn


        class Strategy(nn.Module):
            def __init__(self, owner):
                super().__init__()
                object.__setattr__(self, "owner", owner)  # a back-reference torch does not count
                self.proj = nn.Linear(4, 4)


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.strategy = Strategy(nn.Linear(100, 100))


        model = Net()
        """,
    )
    assert n == 20
