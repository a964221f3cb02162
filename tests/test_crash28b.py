"""Forward-crash rules of session 28 (crashfix28b: fresh20's false blocker and dev misses,
made general) against torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin.

``attrwrite``: a module attribute ``forward`` writes (``self.x = v``, ``setattr``,
``register_buffer``, ``self._buffers[...]``, ``.data =``, ``self.x.t_()``, ``self.n += 1``)
is read back as written on the path taken (``dataflow_fix28b``); a write in an undecided
branch leaves it unknown.
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


def cache(name: str, body: str, init: str = "", shape: tuple[int, ...] = (2, 6, 8)) -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(2, 6, 8)``), ``T = 6``, then
    ``body``."""
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
        T = x.shape[1]
        {body}
""",
    )


# ---- attrwrite: a cache ``forward`` fills itself is the value written (fresh20's rope cache)
_ROPE = (
    'self.register_buffer("inv", 1.0 / (10000 ** (torch.arange(0, 8, 2).float() / 8)))\n'
    '        self.register_buffer("cos", torch.zeros(0, 8), persistent=False)'
)
_ROPE_FILL = (
    "if self.cos is None or self.cos.shape[0] < T:\n"
    "            t = torch.arange(T).float()[:, None] * self.inv[None]\n"
    '            self.register_buffer("cos", torch.cos(torch.cat([t, t], -1)), persistent=False)\n'
    "        "
)
cache("attrwrite_rope_register_ok", _ROPE_FILL + "return h * self.cos[:T]", init=_ROPE)
cache(
    "attrwrite_rope_register_half",
    _ROPE_FILL.replace("torch.cat([t, t], -1)", "t") + "return h * self.cos[:T]",
    init=_ROPE,
)
cache(
    "attrwrite_rope_assign_ok",
    _ROPE_FILL.replace('self.register_buffer("cos", ', "self.cos = (").replace(
        ", persistent=False)", ")"
    )
    + "return h * self.cos[:T]",
    init=_ROPE,
)
cache(
    "attrwrite_none_assign_ok",
    "if self.kv is None:\n            self.kv = torch.zeros(T, 8)\n        return h + self.kv",
    init="self.kv = None",
)
cache(
    "attrwrite_none_assign_narrow",
    "if self.kv is None:\n            self.kv = torch.zeros(T, 4)\n        return h + self.kv",
    init="self.kv = None",
)
cache(
    "attrwrite_setattr_ok",
    'setattr(self, "mask", torch.ones(T, T).tril().bool())\n'
    "        s = h @ h.transpose(1, 2)\n"
    '        return s.masked_fill(~self.mask, float("-inf")).softmax(-1)',
    init='self.register_buffer("mask", torch.ones(1, 1).bool())',
)
cache(
    "attrwrite_buffers_item_ok",
    'self._buffers["pos"] = torch.zeros(T, 8)\n        return h + self.pos',
    init='self.register_buffer("pos", torch.zeros(0, 8))',
)
cache(
    "attrwrite_data_ok",
    "self.pos.data = torch.zeros(T, 8)\n        return h + self.pos",
    init='self.register_buffer("pos", torch.zeros(0, 8))',
)
cache(
    "attrwrite_resize_inplace_ok",
    "self.pos.resize_(T, 8).zero_()\n        return h + self.pos",
    init='self.register_buffer("pos", torch.zeros(0, 8))',
)
cache(
    "attrwrite_transpose_inplace_ok",
    "self.w.t_()\n        return h[..., :4] @ self.w",
    init='self.register_buffer("w", torch.ones(8, 4))',
)
cache(
    "attrwrite_counter_ok",
    "self.step += 1\n"
    "        if self.step == 1:\n"
    '            self.register_buffer("pos", torch.zeros(T, 8))\n'
    "        return h + self.pos",
    init='self.step = 0\n        self.register_buffer("pos", torch.zeros(0, 8))',
)
cache(
    "attrwrite_counter_late",
    "self.step += 1\n"
    "        if self.step > 1:\n"
    '            self.register_buffer("pos", torch.zeros(T, 8))\n'
    "        return h + self.pos",
    init='self.step = 0\n        self.register_buffer("pos", torch.zeros(0, 8))',
)
cache(
    "attrwrite_heads_plain",
    "self.n = 5\n        return h.reshape(2, self.n, 8)",
    init="self.n = 6",
)
cache(
    "attrwrite_heads_object_ok",
    'object.__setattr__(self, "n", x.shape[1])\n        return h.reshape(2, self.n, 8)',
    init="self.n = 3",
)
cache(
    "attrwrite_undecided_ok",
    "if h.sum() > 0:\n            self.kv = torch.zeros(T, 8)\n        return h + self.kv",
    init="self.kv = torch.zeros(1, 8)",
)
cache(
    "attrwrite_loop_ok",
    "for _ in range(3):\n            self.k = self.k + 1\n        return h.reshape(2, self.k + 3, 8)",
    init="self.k = 0",
)
cache(
    "attrwrite_loop_off",
    "for _ in range(3):\n            self.k = self.k + 1\n        return h.reshape(2, self.k, 8)",
    init="self.k = 0",
)
cache(
    "attrwrite_list_cache_ok",
    "self.cache.append(h)\n        return torch.cat(self.cache, 1)",
    init="self.cache = []",
)
cache(
    "attrwrite_del_ok",
    "self.tmp = h * 2\n        y = self.tmp\n        del self.tmp\n        return y",
)

# ---- taken: ``register_buffer`` / ``register_parameter`` / ``add_module`` of a name the
# module already has as another kind (a plain attribute, a layer, a buffer): torch's KeyError
cache(
    "taken_buffer_over_none",
    'self.register_buffer("kv", torch.zeros(T, 8))\n        return h + self.kv',
    init="self.kv = None",
)
cache(
    "taken_buffer_over_layer",
    'self.register_buffer("fc", torch.zeros(T, 8))\n        return h',
)
cache(
    "taken_parameter_over_buffer",
    'self.register_parameter("g", nn.Parameter(torch.ones(8)))\n        return h * self.g',
    init='self.register_buffer("g", torch.ones(8))',
)
cache(
    "taken_module_over_plain",
    'self.add_module("act", nn.GELU())\n        return self.act(h)',
    init="self.act = 3",
)
cache(
    "taken_buffer_ok",
    'self.register_buffer("kv", torch.zeros(T, 8))\n        return h + self.kv',
    init='self.register_buffer("kv", None)',
)
cache(
    "taken_buffer_fresh_ok",
    'self.register_buffer("kv", torch.zeros(T, 8))\n        return h + self.kv',
)
cache(
    "taken_module_ok",
    'self.add_module("act", nn.GELU())\n        return self.act(h)',
    init="self.act = nn.ReLU()",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("attrwrite_none_assign_narrow", "attrwrite_heads_plain"), tmp_path, capsys
    )
