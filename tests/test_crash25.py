"""Forward-crash rules of session 25 (crashfix25: fresh16's dev misses, made general) against
torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin, most with
spellings the batch did not use.
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

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS)


def expr(name: str, body: str, shape: tuple[int, ...] = (2, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


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

# ---- numbers from dtype and tensor metadata: iinfo / finfo attributes, numel, element_size,
# itemsize, nbytes, len, data_ptr ...: arithmetic with them keeps a tensor's shape
_G = "self.g = nn.Linear(3, 2)"
expr("meta_iinfo", "return self.g(h + 0 * torch.iinfo(torch.int64).bits)", init=_G)
expr("meta_finfo", "return self.g(h * torch.finfo(h.dtype).eps)", init=_G)
expr("meta_finfo_tiny", "return self.g(h.clamp(min=torch.finfo(torch.float32).tiny))", init=_G)
expr("meta_iinfo_slice", "return self.fc(h[:, : torch.iinfo(torch.int16).bits // 4])")
expr("meta_finfo_slice", "return self.fc(h[:, : torch.finfo(torch.double).bits // 16])")
expr(
    "meta_ids_dtype",
    "ids = h.long()\n        return self.g(h + torch.iinfo(ids.dtype).max * 0)",
    init=_G,
)
expr("meta_numel", "return self.fc(h.view(h.numel() // 4, 4))")
expr("meta_element_size", "return self.fc(h[:, : h.long().element_size() // 2])")
expr("meta_len", "return self.fc(h[:, : len(h) * 3])")
expr("meta_ptr", "return self.g(h + 0 * (h.data_ptr() % 7) + h.storage_offset())", init=_G)
expr("meta_nbytes", "return self.g(h + h.nbytes * 0 + h.itemsize * 0)", init=_G)
expr(
    "meta_iinfo_ok",
    "return self.fc(h[:, : torch.iinfo(torch.int8).bits] + torch.iinfo(torch.int32).min * 0)",
)
expr(
    "meta_finfo_ok", "return self.fc(h.clamp(min=torch.finfo(h.dtype).min, max=torch.finfo().max))"
)
expr(
    "meta_numel_ok", "return self.fc(h.view(h.numel() // 8, 8)) + len(h) + h.long().element_size()"
)
expr("meta_nbytes_ok", "return self.fc(h + 0 * h.nbytes + h.data_ptr() * 0)")

# ---- as_strided: its result has the size asked for; an arithmetic result owns its items
expr("strided_shape", "return self.fc(h.flatten().as_strided((2, 4), (4, 1)))")
expr("strided_fn_shape", "return self.fc(torch.as_strided(h.flatten(), (3, 8), (0, 1)))")
expr("strided_view", "return h.flatten().as_strided((2, 4), (1, 2)).view(8)")
expr("strided_arith", "return (h * 2).contiguous().flatten().as_strided((9, 2), (2, 1))")
expr("strided_arith_add", "return (h + h[:1]).as_strided((4, 4), (4, 1), 1)")
expr(
    "strided_ok",
    "return self.fc(h.flatten().as_strided((2, 8), (8, 1))) + h.as_strided((2, 2), (1, 2)).sum()",
)
expr(
    "strided_arith_ok",
    "return (h * 2).flatten().as_strided((8, 2), (2, 1)) + (h - 1).as_strided((4, 4), (4, 1))",
)

# ---- math functions of plain numbers are CPython's (two-argument log too)
_M = "import math\n        "
expr("math_cos", _M + "return self.fc(h * math.cos(h.shape[-1] / 10) * math.pi).topk(9)")
expr("math_log_base", _M + "return self.fc(h[:, : int(math.log(64, 2))])")
expr("math_hypot", _M + "return self.fc(h[:, : int(math.hypot(3, 4))])")
expr("math_item", _M + "return self.fc(h * math.tanh(h.sum().item()))[:, :3].topk(4)")
expr("math_log_base_ok", _M + "return self.fc(h[:, : int(math.log(256, 2))])")
expr("math_cos_ok", _M + "return self.fc(h * math.cos(h.shape[-1] / 10) * math.exp(0.5)).topk(8)")

# ---- torch._assert(cond, msg) on sizes: the assert statement's rule
expr("assertfn_width", 'torch._assert(h.shape[-1] == 6, "width")\n        return h')
expr("assertfn_len", 'torch._assert(len(h) > 4, message="batch")\n        return h')
expr("assertfn_ok", 'torch._assert(h.shape[-1] == 8, "width")\n        return h')
expr("assertfn_dim_ok", 'torch._assert(h.dim() == 2 and len(h) == 2, "rank")\n        return h')

# ---- complex widths: complex64 and complex128 differ; a matrix product does not promote
_W = "self.w = nn.Parameter(torch.randn(5, 5))"
_Z = "z = torch.fft.rfft(h)\n        "
expr("cwidth_to", _Z + "return (z @ self.w.to(torch.complex128)).abs()", init=_W)
expr("cwidth_cfloat", "z = torch.fft.rfft(h.double())\n        return z @ self.w.cfloat()", init=_W)
expr("cwidth_arith", _Z + "return torch.matmul(z * 2 + 1j, self.w.cdouble())", init=_W)
expr("cwidth_promote", _Z + "return (z * h.double()[:, :5]).mm(self.w.cfloat())", init=_W)
expr("cwidth_view", _Z + "return z @ self.w.cdouble().transpose(0, 1).contiguous()", init=_W)
expr("cwidth_ok", _Z + "return (z @ self.w.to(torch.complex64)).abs()", init=_W)
expr(
    "cwidth_double_ok",
    "z = torch.fft.rfft(h.double())\n        return z @ self.w.cdouble()",
    init=_W,
)
expr(
    "cwidth_zerod_ok",
    _Z + "return (z * torch.tensor(2.0, dtype=torch.float64)) @ self.w.cfloat()",
    init=_W,
)
expr("cwidth_same_ok", _Z + "return (z * 2j) @ (z.transpose(0, 1) * z.sum())", init=_W)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("scatter_add_mod", "tuplearith_mul", "tuplearith_float"), tmp_path, capsys
    )


def test_info_table_is_torchs():
    """``dataflow_fix25``'s iinfo / finfo / itemsize tables are torch's own values."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix25 import FINFO, IINFO, ITEMSIZE

    for name, (bits, lo, hi) in IINFO.items():
        i = torch.iinfo(getattr(torch, name))
        assert (i.bits, i.min, i.max, i.dtype) == (bits, lo, hi, name)
    for name, (bits, eps, hi, tiny, res, named) in FINFO.items():
        i = torch.finfo(getattr(torch, name))
        got = (i.bits, i.eps, i.max, -i.min, i.tiny, i.smallest_normal, i.resolution, i.dtype)
        assert got == (bits, eps, hi, hi, tiny, tiny, res, named), name
    for name, size in ITEMSIZE.items():
        assert torch.empty(0, dtype=getattr(torch, name)).element_size() == size, name
        assert getattr(torch, name).itemsize == size, name
