"""Forward-crash rules of session 25 (crashfix25: fresh16's dev misses, made general) against
torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin, most with
spellings the batch did not use.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], src: str, kind: str = "float") -> None:
    MODELS[name] = (textwrap.dedent(src), shape, kind)


def expr(name: str, body: str, shape: tuple[int, ...] = (2, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``."""
    model(
        name,
        shape,
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        {init or "pass"}

    def forward(self, x):
        h = self.fc(x)
        {body}
""",
    )


# ---- scatter family: index values (``arange % p``, expanded) within self.shape[dim]
_IDX = "idx = (torch.arange(h.shape[1]) % {p}).expand_as(h)\n        "
expr("scatter_add_mod", _IDX.format(p=4) + "return h.new_zeros(2, 3).scatter_add_(1, idx, h)")
expr("scatter_plain_mod", _IDX.format(p=5) + "return torch.zeros(2, 4).scatter(1, idx, h)")
expr(
    "scatter_reduce_mod",
    _IDX.format(p=3) + 'return torch.zeros(2, 2).scatter_reduce(1, idx, h, "amax")',
)
expr(
    "scatter_expand_mod",
    "idx = (torch.arange(8) % 6).expand(2, -1)\n        "
    "return torch.zeros(2, 5).scatter_add(1, idx, h)",
)
expr("scatter_neg_mod", _IDX.format(p=-4) + "return h.new_zeros(2, 4).scatter_add_(1, idx, h)")
expr("scatter_add_ok", _IDX.format(p=4) + "return h.new_zeros(2, 4).scatter_add_(1, idx, h)")
expr("scatter_spare_ok", _IDX.format(p=3) + "return torch.zeros(2, 6).scatter(1, idx, h)")
expr(
    "scatter_expand_ok",
    "idx = (torch.arange(8) % 6).expand(2, -1)\n        "
    "return torch.zeros(2, 6).scatter_add(1, idx, h)",
)

# ---- arithmetic on a tuple torch returns: repetition / concatenation, or TypeError
expr("tuplearith_mul", "return self.fc(h.max(0) * 2)")
expr("tuplearith_add", "p = h.min(0)\n        return self.fc(p + p)")
expr("tuplearith_rmul", "return self.fc(3 * torch.max(h, 1))")
expr("tuplearith_float", "return h.max(0) * 0.5")
expr("tuplearith_int_add", "return h.sort(1) + 1")
expr("tuplearith_where", "return self.fc(torch.where(h > 0) - 1)")
expr("tuplearith_ok", "return self.fc((h.max(0) * 2)[2])")
expr("tuplearith_values_ok", "return self.fc(h.max(0).values * 2) + (h.min(0) + h.max(0))[3]")

# ---- einops: a new axis of repeat needs a size; a size given must name an axis of the pattern
_EIN = "from einops import rearrange, reduce, repeat\n        "
expr("einaxes_repeat", _EIN + 'return repeat(h, "b d -> b n d")')
expr("einaxes_group", _EIN + 'return repeat(h, "b d -> (b n) d", m=2)')
expr("einaxes_unused", _EIN + 'return rearrange(h, "b d -> d b", n=2)')
expr("einaxes_reduce_unused", _EIN + 'return reduce(h, "b d -> b", "mean", k=3)')
expr("einaxes_ok", _EIN + 'return repeat(h, "b d -> b n d", n=3) + rearrange(h, "b d -> b 1 d")')
expr(
    "einaxes_kw_ok",
    _EIN
    + 'return reduce(h, "b d -> b", reduction="max") + repeat(h, "b d -> d (b r)", r=2, b=2).sum()',
)
expr("einaxes_splat_ok", _EIN + 'n = {"n": 2}\n        return repeat(h, "b d -> b n d", **n)')


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("scatter_add_mod", "tuplearith_mul", "tuplearith_float"), tmp_path, capsys
    )
