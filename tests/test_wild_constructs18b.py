"""Session 18 (wildfix18b, issue #16): constructs of the twelfth wild batch's confident wrongs
and standalone unknowns, each a small model built in real torch.

- a name a function declares ``global`` lives in the module's namespace: a layer factory
  numbering its layers with a module-level counter sees what the previous call left
  (interp/globalstmt.py);
- ``functools.lru_cache`` / ``cache`` hand back the same object for equal arguments: a norm
  built by a cached builder is shared, counted once (library/lrucache.py);
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="meta")


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
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
    return g.notes


COUNTER = """
    import torch.nn as nn

    _NEXT_ID = 0


    def new_layer(dim):
        global _NEXT_ID
        _NEXT_ID += 1
        hidden = dim * (4 if _NEXT_ID % 3 == 0 else 2)
        return nn.Sequential(nn.Linear(dim, hidden), nn.Linear(hidden, dim))


    def bump():
        global _NEXT_ID
        _NEXT_ID = _NEXT_ID + WARM


    WARM = {warm}
    bump()


    class Net(nn.Module):
        def __init__(self, dim=8, depth=4):
            super().__init__()
            self.layers = nn.ModuleList(new_layer(dim) for _ in range(depth))


    model = Net()
"""


@pytest.mark.parametrize("warm", [0, 1, 2])
def test_global_counter_read_and_written_by_calls(tmp_path, warm):
    # the counter is advanced at import (``bump()``) and by every layer built
    counts = check(tmp_path, COUNTER.format(warm=warm))
    assert counts > 0


def test_global_counter_under_undecided_condition_is_unknown(tmp_path):
    code = """
        import random

        import torch.nn as nn

        _W = 1


        def widen():
            global _W
            if random.random() < 0.5:
                _W = 2


        def make(d):
            widen()
            return nn.Linear(d, d * _W)


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = make(8)


        model = Net()
    """
    notes = honest(tmp_path, code)
    assert any("params_total unknown" in n and "m.py:" in n for n in notes), notes


CACHED = """
    import functools
    from functools import lru_cache

    import torch.nn as nn

    {deco}
    def norm(dim):
        return nn.LayerNorm(dim)


    class FF(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.norm = norm(dim)
            self.lin = nn.Linear(dim, dim)


    class Net(nn.Module):
        def __init__(self, dims=(8, 8, 16, 8, 16, 16)):
            super().__init__()
            self.blocks = nn.ModuleList(FF(d) for d in dims)
            self.final = norm(dims[-1])


    model = Net()
"""


@pytest.mark.parametrize(
    "deco",
    [
        "@lru_cache(maxsize=None)",
        "@lru_cache",
        "@functools.cache",
        "@lru_cache(maxsize=1)",  # evicted between widths: shared only within a run
        "@lru_cache(maxsize=0)",  # no caching: every call a new norm
        "@lru_cache(typed=True)",
    ],
)
def test_lru_cache_returns_the_same_module(tmp_path, deco, monkeypatch):
    want = check(tmp_path, CACHED.format(deco=deco))
    # the memo of constructions (speed/memo.py) must not copy a cached module apart
    monkeypatch.setenv("DRIFTCHECK_MEMO", "0")
    assert parse_source(tmp_path / "m.py").params_total() == want


SHALLOW = """
    import copy

    import torch
    import torch.nn as nn


    class Enc(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.Linear(16, 4))
            self.scale = nn.Parameter(torch.ones(4))


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.online = Enc()
            self.view = copy.copy(self.online)
            self.target = copy.deepcopy(self.online)
            self.lin = nn.Linear(4, 4)
            self.lin_twin = copy.copy(self.lin)
            {after}


    model = Net()
"""


@pytest.mark.parametrize(
    "after",
    [
        "pass",
        # a child set on the twin lands in the shared ``_modules``: the original has it too
        "self.view.extra = nn.Linear(4, 3)",
        # an item replaced in the twin's Sequential: the same Sequential, the original's too
        "self.view.body[0] = nn.Linear(8, 16, bias=False)",
        # a parameter set on the twin lands in the shared ``_parameters``
        "self.view.shift = nn.Parameter(torch.zeros(5))",
        # a plain attribute is the twin's own
        "self.view.tag = 3",
    ],
)
def test_shallow_copy_of_a_module_shares_its_parameters(tmp_path, after):
    check(tmp_path, SHALLOW.format(after=after))


def test_unsure_module_whose_only_child_is_shared_is_unknown(tmp_path):
    # the layer's weight is an instance of a tensor class with its own ``__init__`` (not
    # followed: unsure); its only child is a module counted before it (hypll's manifold).
    # Session 19 follows ``__new__`` + ``__init__`` (interp/tensorinit.py): here ``__new__``
    # hangs on the environment, so the instance is still not known statically
    code = """
        import os

        import torch
        import torch.nn as nn


        class TaggedParam(nn.Parameter):
            def __new__(cls, data, tag):
                if os.environ.get("TAGGED_PARAM_RAW"):
                    return data
                return super().__new__(cls, data)

            def __init__(self, data, tag):
                self.tag = tag


        class Emb(nn.Module):
            def __init__(self, shared):
                super().__init__()
                self.shared = shared
                self.weight = TaggedParam(torch.zeros(50, 3), "emb")


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.norm = nn.LayerNorm(3)
                self.emb = Emb(self.norm)


        model = Net()
    """
    notes = honest(tmp_path, code)
    assert any("emb" in n and "TaggedParam" in n for n in notes), notes


SURGERY = """
    import torch.nn as nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.Linear(8, 2))
            self.blocks = nn.ModuleList(nn.Linear(8, 8 + i) for i in range(5))
            self.heads = nn.ModuleDict({{"a": nn.Linear(8, 3), "b": nn.Linear(8, 5)}})
            self.extra = nn.ParameterDict({{"p": nn.Parameter(torch.zeros(3)), "q": nn.Parameter(torch.zeros(7))}})


    import torch

    model = Net()
    {surgery}
"""


@pytest.mark.parametrize(
    "surgery",
    [
        "model.stem.pop(2)",
        "model.stem.pop(-1)",
        "x = model.stem.pop(0); model.stem.append(x)",  # the popped layer put back at the end
        "model.blocks.pop(1); model.blocks.pop(1)",  # renumbered after each
        "model.blocks.pop(slice(1, 3))",
        "model.heads.pop('b')",
        "model.heads.clear()",
        "model.extra.pop('q')",
        "model.extra.popitem()",
    ],
)
def test_container_removals_follow_torch(tmp_path, surgery):
    check(tmp_path, SURGERY.format(surgery=surgery))


def test_container_pop_of_a_missing_key_is_unknown_not_a_guess(tmp_path):
    f = write(tmp_path, SURGERY.format(surgery="x = 1"))
    code = f.read_text() + "try:\n    model.heads.pop('zz')\nexcept KeyError:\n    pass\n"
    f.write_text(code)
    assert torch_count(f) > 0
    assert parse_source(f).params_total() is None


SEQ_OPS = """
    import torch.nn as nn


    class Block(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.lin = nn.Linear(d, d)
            self.norm = nn.LayerNorm(d)


    stem = nn.Sequential(nn.Linear(3, 8))
    head = nn.Sequential(nn.LayerNorm(8), nn.Linear(8, 2))
    {build}
"""


@pytest.mark.parametrize(
    "build",
    [
        "model = stem + nn.Sequential(Block(8)) * 3 + head",  # repeated: the same block, shared
        "model = stem + 2 * nn.Sequential(Block(8), nn.ReLU()) + head",  # ``__rmul__``
        "model = stem; model += head; model *= 2",
        "model = nn.ModuleList([stem[0]]) + [Block(8), Block(8)]",
        "model = nn.Sequential(*(list(stem) + list(head)))",
    ],
)
def test_sequential_add_and_mul_follow_torch(tmp_path, build):
    check(tmp_path, SEQ_OPS.format(build=build))


def test_regex_match_subscript_reads_groups(tmp_path):
    # ``m["k"]`` is ``m.group("k")``; an optional group that did not take part is None
    check(
        tmp_path,
        """
        import re

        import torch.nn as nn

        TOKEN = re.compile(r"c(?P<k>\\d)(?:s(?P<s>\\d))?-(?P<c>\\d+)(?:x(?P<n>\\d+))?")


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                m = TOKEN.fullmatch("c5s2-32")
                self.a = nn.Linear(int(m["k"]), int(m[3]))
                self.c = nn.Linear(int(m["n"] or 3), 2)
                layers = []
                for tok in "c3-16x2|M|c1-8".split("|"):
                    if t := TOKEN.fullmatch(tok):
                        layers += [nn.Linear(int(t["c"]), int(t["n"] or 1))]
                self.body = nn.ModuleList(layers)


        model = Net()
        """,
    )


@pytest.mark.parametrize("mult", ["0.8", "1.1", "1.0"])
def test_numpy_ceil_floor_of_arrays_elementwise(tmp_path, mult):
    check(
        tmp_path,
        f"""
        import numpy as np
        import torch.nn as nn

        BASE = [1, 2, 3, 4, 5]


        class Net(nn.Module):
            def __init__(self, m={mult}):
                super().__init__()
                up = np.ceil(np.array(BASE) * m).astype(int)
                down = np.floor([n * m for n in BASE])
                self.a = nn.ModuleList(nn.Linear(2, int(n)) for n in up)
                self.b = nn.ModuleList(nn.Linear(3, int(n) + 1) for n in down)


        model = Net()
        """,
    )


FUSE = """
    import torch.nn as nn
    from torch.nn.utils.fusion import fuse_conv_bn_eval, fuse_linear_bn_eval


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 8, 3, bias={bias})
            self.bn = nn.BatchNorm2d(8)
            self.lin = nn.Linear(8, 4)
            self.bn1 = nn.BatchNorm1d(4)


    model = Net().eval()
    model.conv = fuse_conv_bn_eval(model.conv.eval(), model.bn.eval())
    model.bn = nn.Identity()
    model.lin = fuse_linear_bn_eval(model.lin, model.bn1)
"""


@pytest.mark.parametrize("bias", [True, False])
def test_conv_bn_fusion_gives_the_conv_a_bias(tmp_path, bias):
    check(tmp_path, FUSE.format(bias=bias), device="cpu")


PARAMETRIZED = """
    import torch.nn as nn
    from torch.nn.utils import parametrize
    from torch.nn.utils.parametrizations import orthogonal, spectral_norm, weight_norm


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = weight_norm(nn.Conv1d(4, 6, 3))
            self.b = orthogonal(nn.Linear(6, 6, bias=False))
            self.c = weight_norm(nn.Linear(6, 2), dim=None)
            self.d = spectral_norm(nn.Linear(6, 3))


    model = Net()
    {remove}
"""


@pytest.mark.parametrize(
    "remove",
    [
        "pass",
        'parametrize.remove_parametrizations(model.a, "weight")',
        'parametrize.remove_parametrizations(model.c, "weight", leave_parametrized=True)',
        'parametrize.remove_parametrizations(model.b, "weight", leave_parametrized=False)',
        'parametrize.remove_parametrizations(model.d, "weight")',
    ],
)
def test_remove_parametrizations_follows_torch(tmp_path, remove):
    check(tmp_path, PARAMETRIZED.format(remove=remove), device="cpu")


def test_remove_parametrizations_of_an_unparametrized_tensor_is_unknown(tmp_path):
    f = write(tmp_path, PARAMETRIZED.format(remove="x = 1"))
    tail = 'try:\n    parametrize.remove_parametrizations(model.a, "bias")\nexcept ValueError:\n    pass\n'
    f.write_text(f.read_text() + tail)
    assert torch_count(f, device="cpu") > 0
    assert parse_source(f).params_total() is None


PRUNED = """
    import torch.nn as nn
    import torch.nn.utils.prune as prune


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 8, 3)
            self.fc1 = nn.Linear(8, 16)
            self.fc2 = nn.Linear(16, 4)


    model = Net()
    {prune}
"""


@pytest.mark.parametrize(
    "prune",
    [
        'prune.random_unstructured(model.fc1, name="weight", amount=0.3)',
        'prune.l1_unstructured(model.fc2, "bias", amount=0.5); prune.remove(model.fc2, "bias")',
        'prune.ln_structured(model.conv, "weight", amount=0.5, n=2, dim=0)',
        'prune.random_structured(model.fc1, "weight", amount=0.5, dim=1)',
        "prune.global_unstructured([(model.fc1, 'weight'), (model.conv, 'weight')], "
        "pruning_method=prune.L1Unstructured, amount=0.2)",
    ],
)
def test_pruning_keeps_the_count(tmp_path, prune):
    check(tmp_path, PRUNED.format(prune=prune), device="cpu")
