"""Forward-crash rules of session 21b (fresh12's dev part: arguments of the wrong kind,
bool subtraction, slice assignment) against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin.
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

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS)


def expr(name: str, shape: tuple[int, ...], body: str, init: str = "") -> None:
    """A model whose forward is ``h = self.conv(x)`` (a 4-D map) then ``body`` (returns)."""
    model(name, shape, net_source(("self.conv = nn.Conv2d(3, 4, 1)",), body, init))


S = (2, 3, 6, 6)
# ---- a tuple ``dim`` where torch takes one int axis
expr("tupledim_max", S, "return h.max(dim=(2, 3)).values")
expr("tupledim_torch_max", S, "return torch.max(h, (2, 3))[0]")
expr("tupledim_argmax", S, "return h.argmax(dim=[2, 3])")
expr("tupledim_softmax", S, "return F.softmax(h, dim=(2, 3))")
expr("tupledim_cumsum", S, "return torch.cumsum(h, dim=(2,))")
expr("tupledim_topk", S, "return h.topk(2, dim=(2, 3)).values")
expr("tupledim_size", S, "return h.softmax(h.shape[2:])")
expr("tupledim_ok_amax", S, "return h.amax(dim=(2, 3))")
expr("tupledim_ok_sum", S, "return torch.sum(h, dim=[2, 3])")
expr("tupledim_ok_int", S, "return h.max(dim=2).values.argmax(-1)")
expr("tupledim_ok_squeeze", S, "return h[:, :, :1, :1].squeeze((2, 3))")
# ---- a torch math function of a Python number
expr("number_log", S, "return h * torch.log(10000.0)")
expr("number_sqrt", S, "return h / torch.sqrt(h.shape[1])")
expr("number_ok_tensor", S, "return h * torch.log(torch.tensor(10000.0))")
expr("number_ok_math", S, "import math\n        return h / math.sqrt(h.shape[1])")
# ---- clamp without bounds
expr("clamp_none", S, "return torch.clamp(h, min=None, max=None)")
expr("clamp_method_bare", S, "return h.clamp()")
expr("clamp_ok_min", S, "return h.clamp(min=None, max=1.0)")
expr("clamp_ok_pos", S, "return torch.clip(h, -1.0)")
# ---- a tensor where the sequence of tensors goes
expr("seq_cat_three", S, "return torch.cat(h, h, 1)")
expr("seq_stack_two", S, "return torch.stack(h, h)")
expr("seq_ok_cat", S, "return torch.cat((h, h), 1)")
expr("seq_ok_stack_list", S, "return torch.stack([h, h])")
expr("seq_ok_chunk", S, "return torch.cat(torch.chunk(h, 2, 0), 1)")
expr("seq_ok_list_of", S, "return torch.cat(list(h), 0) + torch.cat(tuple(h), 0)")
expr("seq_ok_unbind", S, "return torch.stack(h.unbind(1)) + torch.stack([*h], 1)")
expr("nested_first_tuple", S, "return h.new_zeros((2, 3), 4)")
# ---- a size given as ints with a sequence among them
expr("nested_reshape", S, "return h.reshape(2, -1, (6, 6))")
expr("nested_view_list", S, "return h.view(2, 4, [36])")
expr("nested_ok_tuple", S, "return h.reshape((2, -1, 36))")
expr("nested_ok_star", S, "g = (6, 6)\n        return h.reshape(2, -1, *g)")
# ---- ``-`` with a bool tensor
expr("boolsub_rsub", S, "m = h > 0\n        return h + (1 - m) * -1e4")
expr("boolsub_float_minus", S, "m = h > 0\n        return h - m")
expr("boolsub_neg", S, "m = h > 0\n        return -m")
expr("boolsub_ok_float", S, "m = (h > 0).float()\n        return h + (1 - m) * -1e4")
expr("boolsub_ok_invert", S, "m = h > 0\n        return h + (~m) * -1e4")
expr("boolsub_ok_add", S, "m = h > 0\n        return h + m")
# ---- slice assignment: the value expands to the slice
expr(
    "slice_assign_long",
    S,
    "buf = h.new_zeros(2, 4, 8, 6)\n        buf[:, :, 1:] = h\n        return buf",
)
expr(
    "slice_assign_clip",
    S,
    "buf = h.new_zeros(2, 4, 8, 6)\n        buf[:, :, 3:10] = h\n        return buf",
)
expr("slice_assign_rank", S, "buf = h.new_zeros(4, 6, 6)\n        buf[1:] = h\n        return buf")
expr(
    "slice_assign_buffer",
    S,
    "self.buf[:, :, 1 : 1 + 7] = h\n        return self.buf",
    "self.register_buffer('buf', torch.zeros(2, 4, 8, 6))",
)
expr(
    "slice_assign_ok",
    S,
    "buf = h.new_zeros(2, 4, 8, 6)\n        buf[:, :, 1:7] = h\n        return buf",
)
expr(
    "slice_assign_ok_lead1",
    S,
    "buf = h.new_zeros(4, 6, 6)\n        buf[:] = h[:1]\n        return buf",
)
expr(
    "slice_assign_ok_bcast",
    S,
    "buf = h.new_zeros(2, 4, 8, 6)\n        buf[..., 2:4, :] = h[:, :, :1]\n        return buf",
)
expr(
    "slice_assign_ok_int",
    S,
    "buf = h.new_zeros(3, 2, 4, 6, 6)\n        buf[1] = h\n        return buf",
)
expr(
    "slice_assign_ok_none",
    S,
    "buf = h.new_zeros(2, 4, 1, 6, 6)\n        buf[:, :, 0] = h\n        return buf",
)

# ---- ``torch.Size`` of known ints as a size (a sequence among separate ints)
expr("nested_torch_size", S, "return h.reshape(2, -1, torch.Size([s // 2 for s in x.shape[2:]]))")
expr("nested_ok_torch_size", S, "return h.reshape(torch.Size([2, 4, 36]))")
# ---- zip(strict=True) of sequences whose lengths are certain
_ZIP = (
    "outs = []\n        for i in range({n}):\n            outs.append(h * i)\n"
    "        return torch.stack([l(o) for l, o in zip(self.ls, outs, strict=True)])"
)
_LS = "self.ls = nn.ModuleList([nn.Conv2d(4, 4, 1) for _ in range(3)])"
expr("zipstrict_short", S, _ZIP.format(n=2), _LS)
expr("zipstrict_long", S, _ZIP.format(n=4), _LS)
expr("zipstrict_ok", S, _ZIP.format(n=3), _LS)
expr("zipstrict_ok_not_strict", S, _ZIP.format(n=2).replace(", strict=True", ""), _LS)

# ---- two ``...``: a second one with nothing after it skips past the last axis
expr("ellipsis_two", S, "return h * self.g[..., None, ...]", "self.g = nn.Parameter(torch.ones(4))")
expr(
    "ellipsis_two_ok",
    S,
    "return h * self.g[..., None, ...]",
    "self.g = nn.Parameter(torch.ones(6))",
)
# ---- rows of an int64 buffer unpacked (``src, dst = self.edges``) index like int64 tensors
_EDGES = "self.register_buffer('edges', torch.tensor([[0, 1, 1], [1, 0, 1]]))"
expr("edges_rows", S, "src, dst = self.edges\n        return h[src] * h[dst][:, :3]", _EDGES)
expr("edges_rows_ok", S, "src, dst = self.edges\n        return h[src] * h[dst]", _EDGES)

# ---- ``view(dtype)`` to a larger element: the last axis holds a whole number of them
_IDS = "ids = h.flatten(2).argmin(1).to(torch.uint8)\n        "
expr("viewdtype_int32", S, _IDS + "return ids[:, :6].contiguous().view(torch.int32).float()")
expr("viewdtype_int16", S, _IDS + "return ids[:, :3].contiguous().view(torch.int16).float()")
expr("viewdtype_ok", S, _IDS + "return ids[:, :4].contiguous().view(torch.int32).float()")
expr("viewdtype_ok_smaller", S, "return h.argmin(1).view(torch.int32).float()")

# ---- ``vmap(fn)(*args)``: one size along every mapped axis
_VM = "return torch.func.vmap(lambda a, b: a * b{dims})(h, {b})"
expr("vmap_sizes", S, _VM.format(dims="", b="h[:1]"))
expr("vmap_sizes_ok_none", S, _VM.format(dims=", in_dims=(0, None)", b="h[:1]"))
expr("vmap_sizes_ok", S, _VM.format(dims="", b="h + 1"))
_ENSEMBLE = """
from torch.func import functional_call, stack_module_state, vmap


class Member(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1, self.l2 = nn.Linear(8, 16), nn.Linear(16, 2)

    def forward(self, x):
        return self.l2(torch.tanh(self.l1(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.members = nn.ModuleList([Member() for _ in range(3)])

    def forward(self, x):
        params, bufs = stack_module_state(list(self.members))
        base = Member().to("meta")

        def run(p, b, xi):
            return functional_call(base, (p, b), (xi,))

        return vmap(run)(params, bufs, x[:{n}])
"""
model("vmap_ensemble", (3, 8), _ENSEMBLE.format(n=2))
model("vmap_ensemble_ok", (3, 8), _ENSEMBLE.format(n=3))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("tupledim_max", "boolsub_rsub"), tmp_path, capsys)
