"""Forward-crash rules of session 24 (crashfix24: the burned fresh14 / fresh15 misses, made
general; ``forward/dataflow_fix24.py``) against torch.

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
    model(
        name,
        shape,
        net_source(("self.fc = nn.Linear(8, 8)", "self.g = nn.Linear(8, 6)"), body, init),
    )


# ---- clamp / clip: one bound a tensor of rank >= 1, the other a number
_LO = "self.lo = nn.Parameter(torch.zeros(8))"
expr("clamp_kw", "return h.clamp(min=self.lo, max=2)", init=_LO)
expr("clamp_pos", "return torch.clip(h, -1.0, self.lo)", init=_LO)
expr("clamp_inplace", "return h.clip_(self.lo, 0.5)", init=_LO)
expr("clamp_bool", "return torch.clamp(h, h[0], True)")
expr("clamp_ok", "return torch.clamp(h, min=self.lo, max=self.lo + 1) + h.clamp(-1, 1)", init=_LO)
expr("clamp_none_ok", "return torch.clamp(h, self.lo, None) + h.clip(max=h[0])", init=_LO)
expr("clamp_zerod_ok", "return h.clamp(torch.tensor(0.0), 1.0)")

# ---- torch.gradient: each differentiated axis of at least edge_order + 1 items
expr("gradient_axis", "return torch.gradient(h[:, :1], dim=1)[0]")
expr("gradient_all", "return torch.gradient(h[:1])[0]")
expr("gradient_order2", "return torch.gradient(h, dim=0, edge_order=2)[0]")
expr("gradient_negdim", "return torch.gradient(h.unsqueeze(1), dim=(-1, -2))[0]")
expr("gradient_ok", "return torch.gradient(h, dim=1, edge_order=2)[0]")
expr("gradient_tuple_ok", "return torch.gradient(h.unsqueeze(1), dim=(0, 2))[1]")

# ---- addmv: 2-D matrix, 1-D vector, an input broadcasting to the rows
expr("addmv_input", "return torch.addmv(h[0, :4], self.g.weight, h[1, :8])")
expr("addmv_vec", "return h[0, :6].addmv(self.g.weight, h[1, :6])")
expr("addmv_rank", "return torch.addmv(h[:1, :6], self.g.weight, h[1])")
expr("addmv_inplace", "return h[0, :1].clone().addmv_(self.g.weight, h[1])")
expr(
    "addmv_ok",
    "return torch.addmv(h[0, :6], self.g.weight, h[1]) + h[0, :1].addmv(self.g.weight, h[0])",
)
expr("addmv_scalar_ok", "return torch.addmv(h.sum(), self.g.weight, h[1], beta=0.5)")

# ---- lerp: end / weight tensors of the input's dtype (no promotion)
_W64 = 'self.register_buffer("w", torch.full((8,), 0.25, dtype=torch.float64))'
expr("lerp_weight", "return torch.lerp(h, h.flip(0), self.w)", init=_W64)
expr("lerp_end", "return h.lerp(self.w.expand(2, 8), 0.5)", init=_W64)
expr("lerp_self", "return self.w.lerp(h[0], 0.5)", init=_W64)
expr("lerp_to", "return torch.lerp(h.to(torch.float64), h.double(), 0.3)")
expr("lerp_zerod_ok", "return torch.lerp(h, h.flip(0), torch.tensor(0.5, dtype=torch.float64))")
expr("lerp_ok", "return torch.lerp(h.double(), h.flip(0).to(torch.float64), self.w)", init=_W64)

# ---- rrelu: lower above upper (train and eval)
expr("rrelu_layer", "return self.act(h)", init="self.act = nn.RReLU(upper=0.05)")
expr("rrelu_fn", "return F.rrelu(h, 0.5, 0.25)")
expr("rrelu_torch", "return torch.rrelu(h, 0.9, 0.2, False)")
expr("rrelu_ok", "return self.act(h) + F.rrelu(h, 0.1, 0.1)", init="self.act = nn.RReLU(0.2, 0.4)")

# ---- float functions make a float (or complex) result whatever the input's dtype
model(
    "inexact_embed",
    (2, 10),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(16, 4)

    def forward(self, x):
        return self.emb(torch.exp(x) // 1 + 2).mean(1)
""",
)
model(
    "inexact_tokens",
    (2, 10),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(16, 4)

    def forward(self, ids):
        return self.emb(ids.sqrt() * 2)
""",
    kind="tokens",
)
model(
    "inexact_ok",
    (2, 10),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(16, 4)

    def forward(self, x):
        return self.emb((x.sigmoid() * 7).long()).mean(1)
""",
)

# ---- einops.pack / unpack: einops' checks, torch.cat of the packed pieces, result shapes
_E = "from einops import pack, unpack\n        "
expr("pack_cat", _E + 'return pack([h, self.g(x)], "b * d")[0]')
expr("pack_rank", _E + 'return pack([h], "a b * c")[0]')
expr("pack_follow", _E + 'p, ps = pack([h, h], "b *")\n        return self.fc(p)')
expr("pack_ok", _E + 'p, ps = pack([h, h[:, None]], "b * d")\n        return self.fc(p)')
expr("unpack_split", _E + 'return unpack(h, [(3,), (4,)], "b *")[0]')
expr("unpack_rank", _E + 'return unpack(h, [(8,)], "a * b")[0]')
expr("unpack_follow", _E + 'a, b = unpack(h, [(2,), (6,)], "b *")\n        return self.g(a)')
expr(
    "unpack_ok",
    _E + 'p, ps = pack([h, self.g(x)], "b *")\n        a, b = unpack(p, ps, "b *")\n'
    "        return self.fc(a) + b.sum()",
)

# ---- a matrix product with a bool operand, whatever the other's dtype
model(
    "matmulbool_raw",
    (2, 4, 4),
    """
class Net(nn.Module):
    def forward(self, x):
        return x @ (x > 0).transpose(-1, -2)
""",
)
expr("matmulbool_mm", "return torch.mm(h > 0, x.t())", shape=(8, 8))
expr("matmulbool_ok", "return x @ (x > 0).float().transpose(-1, -2)", shape=(8, 8))

# ---- RNN cells: each state (batch, hidden_size), or (hidden_size,) for a 1-D input
expr("cell_batch", "return self.c(h, torch.zeros(3, 4))", init="self.c = nn.GRUCell(8, 4)")
expr("cell_hidden", "return self.c(h, (h[:, :5], h[:, :4]))[0]", init="self.c = nn.LSTMCell(8, 5)")
expr("cell_unbatched", "return self.c(h[0], h[:1, :6])", init="self.c = nn.RNNCell(8, 6)")
expr("cell_rank3", "return self.c(h, h[None, :, :6])", init="self.c = nn.RNNCell(8, 6)")
expr(
    "cell_ok",
    "return self.c(h, (h[:, :5], h[:, 3:]))[1].sum() + self.r(h[0], h[1, :6]).sum()",
    init="self.c = nn.LSTMCell(8, 5)\n        self.r = nn.RNNCell(8, 6)",
)

# ---- ``slice(a, b)`` built in forward: a module list's slice is a list (soft-moe's experts)
_BLK = "self.blocks = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 6), nn.Linear(8, 8)])"
expr(
    "slicecall_crash",
    "for b in self.blocks[slice(1, 3)]:\n            h = b(h)\n        return h",
    init=_BLK,
)
expr(
    "slicecall_ok",
    "for b in self.blocks[slice(0, 2)]:\n            h = b(h)\n        return h",
    init=_BLK,
)
_REP = "self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(8, 32), nn.Linear(32, 8)) for _ in range(2)])"
expr(
    "slicecall_zip_ok",
    "outs = [b(t) for b, t in zip(self.blocks[slice(0, 2)], h[None].expand(2, -1, -1))]\n"
    "        return torch.stack(outs)",
    init=_REP,
)

# ---- a reduced class loss is a 0-D tensor (its shape followed)
expr("lossshape_ce", "return h + F.cross_entropy(h, h.argmax(-1)).view(2)")
expr("lossshape_nll", "return F.nll_loss(h.log_softmax(-1), h.argmax(-1), reduction='sum')[0]")
expr(
    "lossshape_ok",
    "return h + F.nll_loss(h.log_softmax(-1), h.argmax(-1), reduction='sum').view(1)"
    " + F.cross_entropy(h, h.argmax(-1), reduction='none')[:, None]",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("clamp_kw", "gradient_axis", "addmv_input", "lerp_weight"), tmp_path, capsys
    )


def test_inexact_functions_are_torchs():
    """Every function of ``TO_INEXACT`` makes a floating point result of an integer / bool
    input, as function and as method, and keeps a complex one complex (or refuses it)."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix24 import TO_INEXACT

    inputs = [
        torch.tensor([1, 2]),
        torch.tensor([1, 2], dtype=torch.int32),
        torch.tensor([1, 2], dtype=torch.uint8),
        torch.tensor([True, False]),
        torch.tensor([0.1, 0.2]),
        torch.tensor([0.1, 0.2], dtype=torch.float64),
        torch.tensor([0.1 + 1j, 0.2]),
    ]
    for name in sorted(TO_INEXACT):
        for x in inputs:
            for as_method in (False, True):
                try:
                    r = getattr(x, name)() if as_method else getattr(torch, name)(x)
                except (RuntimeError, NotImplementedError):
                    assert x.is_complex(), (name, x.dtype)
                    continue
                assert r.is_floating_point() or r.is_complex(), (name, x.dtype, r.dtype)
