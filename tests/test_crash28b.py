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

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = (
    "import numpy as np\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
)

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def cache(name: str, body: str, init: str = "", shape: tuple[int, ...] = (2, 6, 8)) -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(2, 6, 8)``), ``T = 6``, then
    ``body``."""
    model(
        name,
        shape,
        net_source(("self.fc = nn.Linear(8, 8)",), "T = x.shape[1]\n        " + body, init),
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

# ---- halfin: float16 / bfloat16 into an uncast Linear / Conv (float32 weights)
cache("halfin_linear_bf16", "return self.fc(h.bfloat16())")
cache("halfin_linear_to_half", "return self.fc(h.to(torch.float16))")
cache(
    "halfin_conv_half",
    "return self.conv(h.transpose(1, 2).half())",
    init="self.conv = nn.Conv1d(8, 4, 3)",
)
cache("halfin_norm_ok", "return self.norm(h.bfloat16())", init="self.norm = nn.LayerNorm(8)")
cache("halfin_cast_in_forward_ok", "self.fc.half()\n        return self.fc(h.half())")
cache(
    "halfin_apply_in_forward_ok",
    "self.apply(lambda m: m.bfloat16())\n        return self.fc(h.bfloat16())",
)
cache(
    "halfin_double_cast_ok",
    "self.fc.double()\n        return self.fc(h.double())",
)
cache(
    "halfin_weight_data_ok",
    "self.fc.weight.data = self.fc.weight.data.half()\n"
    "        self.fc.bias.data = self.fc.bias.data.half()\n"
    "        return self.fc(h.half())",
)
cache(
    "halfin_after_gelu",
    "return self.head(self.act(h).bfloat16())",
    init="self.act = nn.GELU()\n        self.head = nn.Linear(8, 4)",
)
cache(
    "halfin_autocast_ok",
    'with torch.autocast("cpu", dtype=torch.bfloat16):\n'
    "            return self.head(self.act(h).bfloat16())",
    init="self.act = nn.GELU()\n        self.head = nn.Linear(8, 4)",
)
cache(
    "halfin_cast_in_init_ok",
    "return self.head(h.bfloat16())",
    init="self.head = nn.Linear(8, 4).to(torch.bfloat16)",
)

# ---- unpack: a result whose length is fixed (a named tuple of torch, one index vector per
# axis) unpacked into another number of names
cache("unpack_svd_two", "U, S = torch.linalg.svd(h[0])\n        return U @ torch.diag(S)")
cache("unpack_lstsq_three", "a, b, c = torch.linalg.lstsq(h[0], h[0])\n        return a")
cache(
    "unpack_slogdet_method",
    "m = h[0, :, :6]\n        s, l, z = m.slogdet()\n        return s * l",
)
cache(
    "unpack_nonzero_rank",
    "ys, xs = torch.nonzero(h > 0, as_tuple=True)\n        return h.sum() + ys.sum()",
)
cache("unpack_max_three", "v, i, j = h.max(-1)\n        return v")
cache(
    "unpack_ok",
    "m = h[0, :, :6]\n"
    "        U, S, Vh = torch.linalg.svd(m)\n"
    "        b, t, c = torch.nonzero(h > 0, as_tuple=True)\n"
    "        s, l = m.slogdet()\n"
    "        v, i = h.max(-1)\n"
    "        q, r = torch.linalg.qr(m)\n"
    "        return U @ torch.diag(S) @ Vh + v.sum() + s * l + q @ r + b.sum()",
)

# ---- maskdtype: an integer / uint8 mask into torch's attention layers
_MHA = "self.attn = nn.MultiheadAttention(8, 2, batch_first=True)"
_ENC = (
    "self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, "
    "batch_first=True), 1, enable_nested_tensor=False)"
)
cache(
    "maskdtype_mha_long",
    "pad = (x.abs().sum(-1) == 0).long()\n"
    "        return self.attn(h, h, h, key_padding_mask=pad)[0]",
    init=_MHA,
)
cache(
    "maskdtype_mha_attn_uint8",
    "m = torch.ones(T, T).triu(1).to(torch.uint8)\n"
    "        return self.attn(h, h, h, attn_mask=m)[0]",
    init=_MHA,
)
cache(
    "maskdtype_encoder_inverted",
    "keep = (x[..., 0] > -100).long()\n        return self.enc(h, src_key_padding_mask=1 - keep)",
    init=_ENC,
)
cache(
    "maskdtype_ok",
    "pad = x.abs().sum(-1) == 0\n"
    "        a = self.attn(h, h, h, key_padding_mask=pad)[0]\n"
    "        b = self.attn(h, h, h, key_padding_mask=pad.float())[0]\n"
    "        keep = (x[..., 0] > -100).long()\n"
    "        return a + b + self.enc(h, src_key_padding_mask=(1 - keep).bool())",
    init=_MHA + "\n        " + _ENC,
)

# ---- getsub: ``get_submodule`` of a name the module does not have (or not a module)
_SEQ = "self.body = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))"
cache("getsub_named", 'return self.body.get_submodule("fc2").weight.sum() + h', init=_SEQ)
cache("getsub_past_end", 'return self.body.get_submodule("3").weight.sum() + h', init=_SEQ)
cache("getsub_param", 'return self.get_submodule("scale").weight + h',
      init="self.scale = nn.Parameter(torch.ones(8))")  # fmt: skip
cache("getsub_user_missing", 'return self.get_submodule("body.2.bias").sum() + h', init=_SEQ)
cache(
    "getsub_ok",
    'w = self.body.get_submodule("2").weight + self.get_submodule("body.0").weight\n'
    '        return h @ w + self.get_submodule("").fc(h)',
    init=_SEQ,
)
cache(
    "getsub_grown_ok",
    'self.body.append(nn.Linear(8, 8))\n        return h @ self.body.get_submodule("3").weight',
    init=_SEQ,
)

# ---- fromnumpy: ``torch.from_numpy`` of a Python list or tuple
_SIZES = "self.sizes = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]"
cache("fromnumpy_list_attr", "return h * torch.from_numpy(self.sizes).float()", init=_SIZES)
cache("fromnumpy_tuple", "return h * torch.from_numpy(tuple(self.sizes)).float()", init=_SIZES)
cache(
    "fromnumpy_ok",
    "a = torch.from_numpy(np.array(self.sizes)).float()\n"
    "        b = torch.from_numpy(self.arr).float()\n"
    "        return h * a * b * torch.from_numpy(np.asarray(self.sizes, dtype=np.float32))",
    init=_SIZES + "\n        self.arr = np.array(self.sizes)",
)

# ---- packlen: ``pack_padded_sequence`` lengths of rank other than 1
_GRU = "self.gru = nn.GRU(8, 4, batch_first=True)"
_PACKED = "from torch.nn.utils.rnn import pack_padded_sequence\n        "
cache(
    "packlen_keepdim",
    _PACKED + "n = (x.abs().sum(-1) > 0).sum(1, keepdim=True)\n"
    "        return self.gru(pack_padded_sequence(h, n, batch_first=True, "
    "enforce_sorted=False))[1]",
    init=_GRU,
)
cache(
    "packlen_scalar",
    _PACKED + "n = (x.abs().sum(-1) > 0).sum()\n"
    "        return self.gru(pack_padded_sequence(h, n, batch_first=True))[1]",
    init=_GRU,
)
cache(
    "packlen_ok",
    _PACKED + "n = (x.abs().sum(-1) > 0).sum(1, keepdim=True)\n"
    "        return self.gru(pack_padded_sequence(h, n.squeeze(1), batch_first=True, "
    "enforce_sorted=False))[1]",
    init=_GRU,
)

# ---- moduleto: ``nn.Module.to`` of an integer / bool dtype
cache("moduleto_int64", "head = self.fc.to(torch.int64)\n        return head(h)")
cache("moduleto_ids_dtype", "ids = (x > 0).long()\n        self.fc.to(ids.dtype)\n        return h")
cache("moduleto_tensor", "ids = (x > 0).long()\n        self.to(ids)\n        return h")
cache("moduleto_device_bool", 'self.fc.to("cpu", torch.bool)\n        return h')
cache(
    "moduleto_ok",
    "ids = (x > 0).long()\n"
    "        self.fc.to(x.dtype)\n"
    "        self.fc.to(torch.float32)\n"
    "        return self.fc(h) + ids.to(torch.float32)",
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


def test_half_table_is_torchs():
    """``dataflow_fix28b.HALF_REFUSED``: torch refuses float16 and bfloat16 input for exactly
    these float32 layers (with its message), and takes it for the norms left out."""
    torch = pytest.importorskip("torch")
    from torch import nn

    from driftcheck.parsers.source.forward.dataflow_fix28b import HALF_REFUSED

    made = {
        "Linear": (lambda: nn.Linear(4, 3), (2, 4)),
        "Conv1d": (lambda: nn.Conv1d(4, 3, 3), (2, 4, 8)),
        "Conv2d": (lambda: nn.Conv2d(4, 3, 3), (2, 4, 8, 8)),
        "Conv3d": (lambda: nn.Conv3d(4, 3, 3), (2, 4, 5, 5, 5)),
        "LayerNorm": (lambda: nn.LayerNorm(4), (2, 4)),
        "GroupNorm": (lambda: nn.GroupNorm(2, 4), (2, 4, 5)),
        "BatchNorm1d": (lambda: nn.BatchNorm1d(4).eval(), (2, 4)),
    }
    assert set(HALF_REFUSED) < set(made)
    for name, (make, shape) in made.items():
        for dt, word in ((torch.float16, "Half"), (torch.bfloat16, "BFloat16")):
            try:
                make()(torch.randn(shape).to(dt))
                err = None
            except RuntimeError as e:
                err = str(e)
            if name in HALF_REFUSED:
                assert err == HALF_REFUSED[name].format(w=word), (name, dt, err)
            else:
                assert err is None, (name, dt, err)


def test_arity_table_is_torchs():
    """``dataflow_fix28b.ARITY`` / ``METHOD_ARITY``: the length of each function's result, as
    torch returns it."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix28b import ARITY, METHOD_ARITY

    torch.manual_seed(0)
    a = torch.randn(4, 4)
    spd = a @ a.T + 4 * torch.eye(4)
    two = {"torch.linalg.lstsq", "torch.linalg.solve_ex"}
    for q, n in ARITY.items():
        fn = eval(q, {"torch": torch})  # noqa: S307 - a name of the table, resolved in torch
        x = spd if ("eigh" in q or "cholesky" in q or "ldl" in q) else a
        got = fn(x, x) if q in two else fn(x)
        assert isinstance(got, tuple) and len(got) == n, (q, n, len(got))
    for name, n in METHOD_ARITY.items():
        got = getattr(a, name)()
        assert isinstance(got, tuple) and len(got) == n, (name, n, len(got))


def test_container_methods_are_torchs():
    """``CONTAINER_METHODS``: the public names torch's containers have beyond ``nn.Module``'s
    (``get_submodule`` passes over them, as ``hasattr`` holds)."""
    import subprocess
    import sys

    pytest.importorskip("torch.nn")
    # asked of a fresh interpreter: a transformers model built by an earlier test in the same
    # process adds ``smart_apply`` to ``nn.Module`` (CI failed on that pollution, session 33)
    code = (
        "import torch.nn as nn\n"
        "from driftcheck.parsers.source.forward.dataflow_fix28b import CONTAINER_METHODS\n"
        "from driftcheck.parsers.source.interp.objmodel import NN_MODULE_MEMBERS\n"
        "names = set()\n"
        "for c in (nn.Sequential, nn.ModuleList, nn.ModuleDict):\n"
        "    names |= {n for n in dir(c) if not n.startswith('_')}\n"
        "assert names - set(NN_MODULE_MEMBERS) == CONTAINER_METHODS, "
        "sorted((names - set(NN_MODULE_MEMBERS)) ^ CONTAINER_METHODS)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
