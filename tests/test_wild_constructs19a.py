"""Session 19 (wildfix19a, issue #16): constructs of the thirteenth wild batch's dev unknowns,
each counted statically as torch counts it (or null, never a wrong number).

- ``t.as_subclass(cls)``: ``t``'s data as an instance of a tensor class (interp/tensorsub.py).
- a weight written on a catalogue layer built without it: the layer's flags that make exactly
  that weight (interp/leafflags.py); a weight no flags make stays unknown.
- ``functools.reduce(operator.iadd, lists, [])``: the in-place operators (library/stdlib.py).
- ``next(m.parameters())``: torch's walks are generators (interp/modtree.py).
- ``np.array`` of a nested list with a string dtype: an array held by its shape
  (library/arrays.py).
- ``@REG.register()`` over a package's classes, ``REG.get(name)`` later: an object's registry
  filled by a decorator method (interp/decoregistry.py).
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model")


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


def test_as_subclass_keeps_the_shape_and_is_a_parameter_only_for_a_parameter_class(tmp_path):
    want = check(
        tmp_path,
        """
        import torch
        import torch.nn as nn


        class HV(torch.Tensor):
            @classmethod
            def random(cls, n, d):
                select = torch.empty((n, d), dtype=torch.bool)
                select.bernoulli_(generator=None)
                return torch.where(select, -1, +1).to(dtype=torch.float32).as_subclass(cls)


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Parameter(HV.random(3, 6), requires_grad=False)
                self.b = nn.Parameter(torch.ones(4, 5).as_subclass(HV))
                # a parameter viewed as a plain tensor is no parameter: not registered
                self.c = nn.Parameter(torch.ones(7)).as_subclass(torch.Tensor)


        model = M()
        """,
    )
    assert want == 18 + 20


def test_a_weight_written_on_a_layer_built_without_one_sets_its_flags(tmp_path):
    want = check(
        tmp_path,
        """
        import torch
        import torch.nn as nn


        def surgery(m):
            if isinstance(m, nn.LayerNorm):
                m.weight = nn.Parameter(torch.ones(m.normalized_shape))


        net = nn.Sequential(
            nn.Linear(8, 32), nn.LayerNorm(32, elementwise_affine=False), nn.Linear(32, 4)
        )
        net.apply(surgery)
        model = net
        """,
    )
    assert want == 8 * 32 + 32 + 32 + 32 * 4 + 4


def test_a_weight_no_flags_make_stays_unknown(tmp_path):
    # BatchNorm's ``affine`` makes weight and bias together: a weight alone is no flag setting
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        bn = nn.BatchNorm1d(6, affine=False)
        bn.weight = nn.Parameter(torch.ones(6))
        model = nn.Sequential(nn.Linear(3, 6), bn)
        """,
    )
    assert torch_count(f) == 3 * 6 + 6 + 6
    assert parse_source(f).params_total() is None
    # LayerNorm without affine holds a bias only with its weight: a bias alone is unknown too
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        ln = nn.LayerNorm((4, 6), elementwise_affine=False)
        ln.bias = nn.Parameter(torch.zeros(4, 6))
        model = nn.Sequential(ln)
        """,
    )
    assert torch_count(f) == 24
    assert parse_source(f).params_total() is None


def test_reduce_with_operator_iadd_flattens_lists(tmp_path):
    want = check(
        tmp_path,
        """
        import functools
        import operator

        import torch.nn as nn

        blocks = [1, 2, 3]
        strides = functools.reduce(
            operator.iadd, [[s] + [1] * (n - 1) for n, s in zip(blocks, [2, 2, 1])], []
        )
        layers = []
        for s in strides:
            layers.append(nn.Conv2d(4, 4, 3, stride=s))
        widths = [8]
        same = operator.iadd(widths, [16, 32])
        model = nn.Sequential(*layers, nn.Linear(len(same), len(widths)))
        """,
    )
    assert want == 6 * (4 * 4 * 9 + 4) + 3 * 3 + 3


def test_next_of_a_module_walk_is_its_first_item(tmp_path):
    want = check(
        tmp_path,
        """
        import torch
        import torch.nn as nn


        class Wrap(nn.Module):
            def __init__(self, lifting, head):
                super().__init__()
                out = lifting(torch.rand(size=next(lifting.parameters()).size())).shape[-1]
                walk = head.parameters()
                next(walk)
                second = next(walk)
                first_child = next(head.children())
                self.lifting, self.head = lifting, head
                self.mid = nn.Linear(out, second.shape[0])
                self.tail = nn.Linear(first_child.out_features, len(list(walk)) + 1)


        model = Wrap(nn.Linear(3, 16), nn.Sequential(nn.Linear(16, 5), nn.ReLU(), nn.Linear(5, 2)))
        """,
    )
    assert want == (3 * 16 + 16) + (16 * 5 + 5 + 5 * 2 + 2) + (16 * 5 + 5) + (5 * 3 + 3)


def test_numpy_array_of_nested_numbers_with_a_string_dtype(tmp_path):
    want = check(
        tmp_path,
        """
        import numpy as np
        import torch
        import torch.nn as nn


        def haar(n, dtype="float32"):
            p = 0.5
            w = np.array([[[0, 0, p, p], [0, 0, -p, -p], [0, 0, 0, 0]]], dtype=dtype)
            return torch.tensor(w).repeat(n, 1, 1)


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.w = nn.Parameter(haar(5))
                self.v = nn.Parameter(torch.tensor(np.array([1.0, 2.0], dtype="float64")))


        model = M()
        """,
    )
    assert want == 5 * 12 + 2


def test_ragged_numpy_array_is_not_given_a_shape(tmp_path):
    f = write(
        tmp_path,
        """
        import numpy as np
        import torch
        import torch.nn as nn

        model = nn.ParameterList([nn.Parameter(torch.tensor(np.array([[1.0, 2.0], [3.0]])))])
        """,
    )
    assert parse_source(f).params_total() is None  # numpy raises on a ragged nesting


REG_PKG = {
    "zoo/__init__.py": """
        from .registry import MODELS
        from .small import Small, tiny  # noqa: F401
        from .big import Big  # noqa: F401
    """,
    "zoo/registry.py": """
        class Registry:
            def __init__(self, name):
                self._name = name
                self._obj_map = {}

            def _do_register(self, name, obj):
                assert name not in self._obj_map
                self._obj_map[name] = obj

            def register(self, obj=None, name=None):
                if obj is None:
                    def deco(func_or_class, name=name):
                        if name is None:
                            name = func_or_class.__name__
                        self._do_register(name, func_or_class)
                        return func_or_class
                    return deco
                self._do_register(name or obj.__name__, obj)

            def get(self, name):
                ret = self._obj_map.get(name)
                if ret is None:
                    raise KeyError(name)
                return ret


        MODELS = Registry("models")
    """,
    "zoo/small.py": """
        import torch.nn as nn

        from .registry import MODELS


        @MODELS.register()
        class Small(nn.Module):
            def __init__(self, width=4):
                super().__init__()
                self.fc = nn.Linear(3, width)


        @MODELS.register(name="tiny_v2")
        def tiny(width=2):
            return Small(width)
    """,
    "zoo/big.py": """
        import torch.nn as nn

        from .registry import MODELS


        @MODELS.register
        class Big(nn.Module):
            def __init__(self, width=10):
                super().__init__()
                self.fc = nn.Linear(width, width)
    """,
}


def test_registry_filled_by_a_decorator_method(tmp_path):
    for name, code in REG_PKG.items():
        write(tmp_path, code, name)
    want = check(
        tmp_path,
        """
        import torch.nn as nn

        from zoo import MODELS

        cfgs = {"Small": dict(width=6), "tiny_v2": {}, "Big": dict(width=5)}
        model = nn.ModuleDict({k: MODELS.get(k)(**kw) for k, kw in cfgs.items()})
        model.add_module("n", nn.Linear(len(MODELS._obj_map), 1))
        """,
        sys_path=tmp_path,
    )
    assert want == (3 * 6 + 6) + (3 * 2 + 2) + (5 * 5 + 5) + (3 + 1)


def test_registry_decorated_inside_a_class_body_is_unknown(tmp_path):
    pkg = dict(REG_PKG)
    pkg["zoo/big.py"] = """
        import torch.nn as nn

        from .registry import MODELS


        class Holder:
            @MODELS.register
            class Big(nn.Module):
                def __init__(self, width=10):
                    super().__init__()
                    self.fc = nn.Linear(width, width)
    """
    pkg["zoo/__init__.py"] = """
        from .registry import MODELS
        from .small import Small, tiny  # noqa: F401
        from .big import Holder  # noqa: F401
    """
    for name, code in pkg.items():
        write(tmp_path, code, name)
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        from zoo import MODELS

        model = nn.Linear(len(MODELS._obj_map), 1)
        """,
    )
    assert torch_count(f, sys_path=tmp_path) == 3 + 1
    # a registration not run here: the count is unknown, never the two found
    assert parse_source(f).params_total() is None


PARAMETRIZED = """
    import copy

    import torch
    import torch.nn as nn
    from torch.nn.utils import parametrize


    class DiagScale(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.d = nn.Parameter(torch.ones(n))

        def forward(self, X):
            return X * self.d.unsqueeze(0)


    class Mixed(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.mix = nn.Linear(n, n, bias=False)
            self.s = nn.Parameter(torch.zeros(()))

        def forward(self, X):
            return X + self.s * self.mix(X)


    class Symmetric(nn.Module):
        def forward(self, X):
            return X.triu() + X.triu(1).transpose(-1, -2)


    shared = DiagScale(12)
    a = nn.Linear(12, 12)
    parametrize.register_parametrization(a, "weight", Symmetric())
    parametrize.register_parametrization(a, "weight", shared)
    b = nn.Linear(12, 6)
    parametrize.register_parametrization(b, "weight", shared)
    parametrize.register_parametrization(b, "weight", DiagScale(12))
    c = nn.Linear(5, 5)
    parametrize.register_parametrization(c, "weight", Mixed(5))
    d = copy.deepcopy(b)


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(a, nn.Tanh(), b, nn.ReLU(), nn.Linear(6, 5), c)
            self.again = d

        def forward(self, x):
            return self.body(x) + self.again(x).sum()


    model = Net()
"""


def test_a_parametrization_holding_parameters_counts_with_its_layer(tmp_path):
    want = check(tmp_path, PARAMETRIZED)
    # a: 156 + 12 (the shared DiagScale, counted once); b: 78 + 12 (its own DiagScale);
    # c: 30 + 25 + 1 (a Linear inside); the deep copy of b: 78 + 12 + 12 (the shared one
    # copied too); Linear(6, 5): 35
    assert want == (156 + 12) + (78 + 12) + (30 + 25 + 1) + (78 + 24) + 35


def test_a_parametrization_on_a_module_of_the_analyzed_code_stays_unknown(tmp_path):
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        from torch.nn.utils import parametrize


        class DiagScale(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.d = nn.Parameter(torch.ones(n))

            def forward(self, X):
                return X * self.d


        class Own(nn.Module):
            def __init__(self):
                super().__init__()
                self.w = nn.Parameter(torch.ones(4))


        m = Own()
        parametrize.register_parametrization(m, "w", DiagScale(4))
        model = nn.Sequential(m)
        """,
    )
    assert torch_count(f) == 8
    assert parse_source(f).params_total() is None
