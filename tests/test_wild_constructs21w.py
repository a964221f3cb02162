"""Session 21 (wildfix21, issue #16): constructs found by fresh18's dev part (botorch) and
fresh17's dev unknowns. Each model is built in real torch (meta device) and its static count
compared; where the value cannot be known the count must be null.

- tensor dtypes (library/tensordtypes.py): a library validating ``X.dtype != Y.dtype`` on
  tensors the user built (``torch.rand(8, 3, dtype=torch.double)``) before it builds layers;
  ``torch.double == torch.float64``; torch's promotion (a float tensor times an int64 count
  stays float); ``set_default_dtype`` makes float dtypes unknown;
- an absent attribute read inside ``try/except AttributeError`` raises (interp/missingattr.py:
  botorch's ``transform_inputs``);
- ``torch.cat([layer.weight, torch.zeros(2, 64)])`` joins the weight by its allocated shape,
  and ``layer.weight.t()`` has the transposed shape (layer surgery, weight tying).
"""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch, check_honest_unknown

pytest.importorskip("torch")

_VALIDATING = """
import torch
import torch.nn as nn


class GP(nn.Module):
    def __init__(self, X, Y):
        super().__init__()
        if X.dim() != Y.dim():
            raise ValueError("dims")
        if X.dtype != Y.dtype:
            raise TypeError("Expected all inputs to share the same dtype")
        width = 8 if X.dtype == torch.float64 else 4
        self.lin = nn.Linear(X.shape[-1], width)
"""


@pytest.mark.parametrize(
    "build",
    [
        "X = torch.rand(8, 3, dtype=torch.double)\nY = torch.randn(8, 1).double()",
        "X = torch.rand(8, 3)\nY = torch.zeros(8, 1, dtype=torch.float32)",
        # promotion: bool sum is int64; float64 * int64 / int64 stays float64
        "X = torch.rand(8, 3, dtype=torch.float64)\n"
        "n = (~torch.isnan(X)).sum(dim=-2, keepdim=True)\n"
        "Y = ((X - X.mean(dim=-2, keepdim=True)).pow(2) * n / (n - 1)).sqrt()",
        # a 0-d float64 tensor does not widen a float32 tensor; a Python float neither
        "X = torch.rand(8, 3) * torch.tensor(2.0, dtype=torch.float64)\nY = X[:, :1] + 0.5",
        # indexing, unsqueeze and cat keep the dtype; randint is int64, .to(dtype) casts
        "X = torch.cat([torch.rand(4, 2), torch.randint(0, 3, (4, 1)).float()], dim=-1).to("
        "torch.float64)\nY = (X[:, 0] - X[:, 1]).unsqueeze(-1)",
    ],
)
def test_dtype_validation_matches_torch(tmp_path, build: str) -> None:
    code = _VALIDATING + "\n" + build + "\n\n\nclass M(GP):\n    def __init__(self):\n"
    code += "        super().__init__(X, Y)\n"
    check_count_matches_torch(tmp_path, code)


@pytest.mark.parametrize(
    "build",
    [
        # the default dtype changed: which dtype a factory made is not read
        "torch.set_default_dtype(torch.float64)\nX = torch.rand(8, 3)\n"
        "Y = torch.rand(8, 1)\ntorch.set_default_dtype(torch.float32)",
        # a dtype the user picks through the environment
        "DT = getattr(torch, os.environ.get('DT', 'float64'))\n"
        "X = torch.rand(8, 3).to(DT)\nY = torch.rand(8, 1).to(DT)",
    ],
)
def test_dtype_unknown_stays_unknown(tmp_path, build: str) -> None:
    code = (
        _VALIDATING
        + "\nimport os\n"
        + build
        + "\n\n\nclass M(GP):\n    def __init__(self):\n        super().__init__(X, Y)\n"
    )
    check_honest_unknown(tmp_path, code)


def test_torch_dtype_aliases_compare_equal(tmp_path) -> None:
    check_count_matches_torch(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                same = torch.double == torch.float64 and torch.long == torch.int64
                self.lin = nn.Linear(4, 6 if same else 2)
        """,
    )


def test_absent_attribute_caught_as_attribute_error(tmp_path) -> None:
    check_count_matches_torch(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class Base(nn.Module):
            def transform(self, X):
                try:
                    return self.input_transform(X)
                except AttributeError:
                    return X

        class M(Base):
            def __init__(self):
                super().__init__()
                X = self.transform(torch.rand(5, 7))
                self.lin = nn.Linear(X.shape[-1], 3)
        """,
    )


def test_attribute_maybe_set_stays_unknown(tmp_path) -> None:
    # a name written through ``setattr`` with a name we cannot compute may be the one read
    check_honest_unknown(
        tmp_path,
        """
        import os
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                setattr(self, os.environ.get("ATTR", "input_transform"), nn.Linear(7, 2))
                try:
                    X = self.input_transform(torch.rand(5, 7))
                except AttributeError:
                    X = torch.rand(5, 7)
                self.lin = nn.Linear(X.shape[-1], 3)
        """,
    )


def test_layer_surgery_cat_and_transposed_tie(tmp_path) -> None:
    check_count_matches_torch(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.body = nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 4))
                with torch.no_grad():
                    w = torch.cat([self.body[2].weight, torch.zeros(2, 64)])
                    b = torch.cat([self.body[2].bias, torch.zeros(2)])
                self.body[2] = nn.Linear(64, 6)
                self.body[2].weight = nn.Parameter(w)
                self.body[2].bias = nn.Parameter(b)
                self.enc = nn.Linear(48, 12)
                self.dec = nn.Linear(12, 48)
                self.dec.weight = nn.Parameter(self.enc.weight.detach().t().clone())
        """,
    )


_BEARABLE = """
import torch.nn as nn
from torch.nn import Module
from beartype.door import is_bearable


class M(nn.Module):
    def __init__(self, shape=SHAPE, pair=PAIR):
        super().__init__()
        if not shape is None and not is_bearable(shape, tuple[int, ...]):
            shape = (shape,) * 2
        width = 3 if is_bearable(pair, tuple[Module, Module]) else 5
        fixed = 2 if is_bearable(shape, tuple[int, int]) else 7
        self.lin = nn.Linear(len(shape) + fixed, width)
"""


@pytest.mark.parametrize(
    ("shape", "pair"),
    [
        ("(8, 8)", "None"),
        ("((8, 8), (4, 4))", "(nn.Linear(2, 2), nn.ReLU())"),
        ("(8, 8, 8)", "[nn.Linear(2, 2), nn.ReLU()]"),  # a list is no tuple
        ("[8, 8]", "(nn.ReLU(), 3)"),
        ("(True, 2)", "()"),  # bool is an int, as isinstance says
    ],
)
def test_is_bearable_matches_beartype(tmp_path, shape: str, pair: str) -> None:
    pytest.importorskip("beartype")
    code = _BEARABLE.replace("SHAPE", shape).replace("PAIR", pair)
    check_count_matches_torch(tmp_path, code)


def test_is_bearable_of_mixed_items_stays_unknown(tmp_path) -> None:
    # beartype checks one item of ``tuple[int, ...]`` drawn at random: the answer may differ
    check_honest_unknown(
        tmp_path, _BEARABLE.replace("SHAPE", "(8, 'x', 2.0)").replace("PAIR", "None")
    )
