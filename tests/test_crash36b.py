"""Session 36 (crashfix36b): torch ops' own argument checks, foreach list lengths, uncoalesced
sparse reads, unpicklable checkpoints (``dataflow_fix36b``). Each model is run by torch (CPU,
seeded): a blocker exactly when torch raises; the clean twins (``_ok``) show what the rules
must not claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, net_source, registrar, torch_crashes, write

HEAD = (
    "import io\nimport torch\nfrom torch.func import grad, grad_and_value, jacrev, vmap\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "from torch.utils.data import (ChainDataset, ConcatDataset, DataLoader, IterableDataset, "
    "Subset,\n    TensorDataset, WeightedRandomSampler)\n\n"
    "class Stream(IterableDataset):\n    def __init__(self, rows):\n        self.rows = rows\n\n"
    "    def __iter__(self):\n        for r in self.rows:\n            yield (r,)\n\n"
    "CFG = {'mode': 'matmul', 'how': 'median', 'ord': 'fro', 'q': (25, 0.75), 'dt': 'float32',"
    " 'zp': 128, 'qdt': 'qint8'}\n"
)
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(6, 4)",)


def op(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, body, init))


# torch.cdist's compute_mode (torch/functional.py: three names, anything else a ValueError)
op("cdist_mode_matmul", "return torch.cdist(h, h, compute_mode='matmul')")
op("cdist_mode_true", "return torch.cdist(h, h, 2.0, True)")
op("cdist_mode_cfg", "return torch.cdist(h, h, compute_mode=CFG['mode'])")
op("cdist_mode_kwargs", "kw = {'compute_mode': 'mm'}\n        return torch.cdist(h, h, **kw)")
op("cdist_mode_ok_named", "return torch.cdist(h, h, compute_mode='use_mm_for_euclid_dist')")
op("cdist_mode_ok_default", "return torch.cdist(h, h, p=1.0)")
op("cdist_mode_ok_never", "return torch.cdist(h, h, 2.0, 'donot_use_mm_for_euclid_dist')")
# torch.linalg.vector_norm's ord: a number (the parser's TypeError for a string)
op("vnorm_ord_fro", "return h / torch.linalg.vector_norm(h, ord='fro')")
op("vnorm_ord_inf_str", "return h / torch.linalg.vector_norm(h, 'inf', dim=-1, keepdim=True)")
op("vnorm_ord_cfg", "return h / torch.linalg.vector_norm(h, ord=CFG['ord'])")
op("vnorm_ord_ok_inf", "return h / torch.linalg.vector_norm(h, ord=float('inf'))")
op("vnorm_ord_ok_zero", "return h / (1 + torch.linalg.vector_norm(h, ord=0, dim=-1))[:, None]")
op("vnorm_ord_ok_matrix_fro", "return h / torch.linalg.norm(h, ord='fro')")
# quantile / nanquantile: interpolation names, q in [0, 1] (a number or a tensor of numbers)
op("quantile_interp_median", "return torch.quantile(h, 0.5, dim=0, interpolation='median')")
op("quantile_interp_method", "return h.nanquantile(0.5, interpolation=CFG['how'])")
op("quantile_interp_capital", "return h.quantile(0.5, 1, interpolation='Linear')")
op("quantile_q_percent", "return torch.quantile(h, 50, dim=0)")
op("quantile_q_tensor", "return torch.quantile(h, torch.tensor(CFG['q']), dim=0)")
op("quantile_q_tensor_neg", "q = torch.tensor([-0.1, 0.5])\n        return h.quantile(q, dim=1)")
op("quantile_ok_nearest", "return torch.quantile(h, 0.5, dim=0, interpolation='nearest')")
op("quantile_ok_q_tensor", "return torch.quantile(h, torch.tensor([0.25, 0.75]), dim=0)")
op("quantile_ok_q_edges", "return h.quantile(torch.tensor((0, 1.0)), dim=1)")
op(
    "quantile_ok_q_rescaled",  # the values change in place before the call: not judged
    "q = torch.tensor([25.0, 75.0])\n        q.div_(100)\n        return h.quantile(q, dim=1)",
)
# quantize_per_tensor / per_channel: quantized dtypes, zero points, one scale per channel
op("quant_dtype_float", "return torch.quantize_per_tensor(h, 0.1, 0, torch.float32).dequantize()")
op("quant_dtype_cfg", "return torch.quantize_per_tensor(h, 0.1, 0, getattr(torch, CFG['dt']))"
   ".dequantize()")  # fmt: skip
op("quant_dtype_int8", "return torch.quantize_per_tensor(h, 0.1, 0, torch.int8).dequantize()")
op("quant_zp_above", "return torch.quantize_per_tensor(h, 0.1, CFG['zp'], torch.qint8)"
   ".dequantize()")  # fmt: skip
op("quant_zp_below", "return torch.quantize_per_tensor(h, 0.1, -1, torch.quint8).dequantize()")
op("quant_ok_quint8_128", "return torch.quantize_per_tensor(h, 0.1, CFG['zp'], torch.quint8)"
   ".dequantize()")  # fmt: skip
op("quant_ok_qint8_cfg", "return torch.quantize_per_tensor(h, 0.1, -128, getattr(torch, "
   "CFG['qdt'])).dequantize()")  # fmt: skip
W = "w = self.fc.weight.detach()\n        "
op("quant_channel_one_scale", W + "s = w.abs().max().reshape(1) / 127\n        "
   "q = torch.quantize_per_channel(w, s, torch.zeros(1, dtype=torch.long), 0, torch.qint8)\n"
   "        return F.linear(h, q.dequantize()[:, :4])")  # fmt: skip
op("quant_channel_wrong_axis", W + "s = w.abs().amax(1) / 127\n        "
   "q = torch.quantize_per_channel(w, s, torch.zeros(4, dtype=torch.long), 1, torch.qint8)\n"
   "        return F.linear(h, q.dequantize()[:, :4])")  # fmt: skip
op("quant_channel_dtype_half", W + "s = w.abs().amax(1) / 127\n        "
   "q = torch.quantize_per_channel(w, s, torch.zeros(4, dtype=torch.long), 0, torch.half)\n"
   "        return F.linear(h, q.dequantize()[:, :4])")  # fmt: skip
op("quant_channel_ok", W + "s = w.abs().amax(1) / 127\n        "
   "q = torch.quantize_per_channel(w, s, torch.zeros(4, dtype=torch.long), 0, torch.qint8)\n"
   "        return F.linear(h, q.dequantize()[:, :4])")  # fmt: skip
op("quant_channel_ok_axis1", W + "s = w.abs().amax(0) / 127\n        "
   "q = torch.quantize_per_channel(w, s, torch.zeros(6, dtype=torch.long), 1, torch.quint8)\n"
   "        return F.linear(h, q.dequantize()[:, :4])")  # fmt: skip
# fake_quantize_per_tensor_affine / per_channel_affine: quant_min <= quant_max, zero point inside
op("fake_min_above_max", "return torch.fake_quantize_per_tensor_affine(h, 0.1, 0, 0, -128)")
op("fake_zp_outside", "return torch.fake_quantize_per_tensor_affine(h, 0.1, 128, -128, 127)")
op("fake_channel_reversed", W + "s = w.abs().amax(1) / 127\n        "
   "wq = torch.fake_quantize_per_channel_affine(w, s, torch.zeros(4, dtype=torch.int32), 0, "
   "127, -128)\n        return F.linear(h, wq[:, :4])")  # fmt: skip
op("fake_channel_axis", W + "s = w.abs().amax(1) / 127\n        "
   "wq = torch.fake_quantize_per_channel_affine(w, s, torch.zeros(4, dtype=torch.int32), 1, "
   "-128, 127)\n        return F.linear(h, wq[:, :4])")  # fmt: skip
op("fake_ok", "return torch.fake_quantize_per_tensor_affine(h, 0.1, 0, -128, 127)")
op("fake_ok_unsigned_mid", "return torch.fake_quantize_per_tensor_affine(h, 0.1, 128, 0, 255)")
op("fake_ok_channel", W + "s = w.abs().amax(1) / 127\n        "
   "wq = torch.fake_quantize_per_channel_affine(w, s, torch.zeros(4, dtype=torch.int32), 0, "
   "-127, 127)\n        return F.linear(h, wq[:, :4])")  # fmt: skip

# torch._foreach_*: every list given by position of the first one's length
SEQ = "self.net = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 4))"
FE = ("self.fc = nn.Linear(6, 6)", SEQ)
AVG = "self.avg = [torch.zeros_like(p) for p in self.net.parameters()]"


def fe(name: str, body: str, init: str = AVG) -> None:
    model(name, (3, 6), net_source(FE, body + "\n        return self.net(h)", init))


fe("foreach_last_layer", "cur = [p.detach() for p in self.net[2].parameters()]\n"
   "        torch._foreach_add_(self.avg, cur, alpha=0.5)")  # fmt: skip
fe("foreach_weights_only", "cur = [self.net[0].weight.detach(), self.net[2].weight.detach()]"
   "\n        torch._foreach_lerp_(self.avg, cur, 0.1)")  # fmt: skip
fe("foreach_scalars", "torch._foreach_mul_(self.avg, [0.5] * len(self.net))")
fe("foreach_local_lists", "a = [p.detach().clone() for p in self.net.parameters()]\n"
   "        torch._foreach_mul_(a, a[:2])", "")  # fmt: skip
fe("foreach_ok", "cur = [p.detach() for p in self.net.parameters()]\n"
   "        torch._foreach_add_(self.avg, cur, alpha=0.5)")  # fmt: skip
fe("foreach_ok_scalar", "torch._foreach_mul_(self.avg, 0.5)")
fe("foreach_ok_scalars", "torch._foreach_mul_(self.avg, [0.5] * len(self.avg))")
fe(
    "foreach_ok_unknown_loop",  # a loop over an unknown count: the list's length is not certain
    "cur = []\n        for p in self.net.parameters():\n            if p.dim() > 0:\n"
    "                cur.append(p.detach())\n        torch._foreach_add_(self.avg, cur)",
)

# .indices() / .values() of a sparse tensor torch's constructor left uncoalesced
SP = "i = torch.tensor([[0, 1, 1], [2, 0, 2]])\n        s = torch.sparse_coo_tensor(i, h[0, :3], (2, 4))\n        "
op("sparse_values", SP + "return h + s.values().sum()")
op("sparse_indices", SP + "return h[s.indices()[0]]")
op("sparse_ok_coalesced", SP + "return h + s.coalesce().values().sum()")
op("sparse_ok_rebound", SP + "s = s.coalesce()\n        return h + s.values().sum()")
op("sparse_ok_declared", "i = torch.tensor([[0, 1], [2, 0]])\n        s = torch.sparse_coo_tensor("
   "i, h[0, :2], (2, 4), is_coalesced=True)\n        return h + s.values().sum()")  # fmt: skip
op("sparse_ok_one_entry", "i = torch.tensor([[0], [2]])\n        s = torch.sparse_coo_tensor("
   "i, h[0, :1], (2, 4))\n        return h + s.values().sum()")  # fmt: skip
op("sparse_ok_private", SP + "return h + s._values().sum()")
op("sparse_ok_dense", SP + "return h + s.to_dense().sum()")

# torch.save of a checkpoint holding a lambda or a generator
SV = "buf = io.BytesIO()\n        "
op("save_lambda", SV + "torch.save({'w': self.fc.state_dict(), 'f': lambda t: t * 2}, buf)"
   "\n        return h")  # fmt: skip
op("save_generator", SV + "torch.save([self.fc.weight, (p for p in self.parameters())], buf)"
   "\n        return h")  # fmt: skip
op("save_nested_lambda", SV + "torch.save({'cfg': {'act': lambda t: t}}, buf)\n        return h")
op("save_ok_state", SV + "torch.save({'w': self.fc.state_dict(), 'f': 'gelu'}, buf)"
   "\n        return h")  # fmt: skip
op("save_ok_function", SV + "torch.save({'f': F.gelu, 'p': list(self.parameters())}, buf)"
   "\n        return h")  # fmt: skip
op("save_ok_list_comp", SV + "torch.save([p.detach() for p in self.parameters()], buf)"
   "\n        return h")  # fmt: skip

# torch.utils.data built in forward: a Subset's indices fetched by a DataLoader, a sampler drawing
# more than its weights without replacement, ConcatDataset's constructor assertions
DS = "ds = TensorDataset(h, torch.arange(len(h)))\n        n = len(ds)\n        "


def data(name: str, body: str) -> None:
    model(name, (6, 6), net_source(FC, DS + body))


CAT = "torch.cat([xb for xb, _ in DataLoader(Subset(ds, idx), batch_size=2)])"
data("subset_shifted", f"idx = [i + 1 for i in range(n)]\n        return {CAT}")
data("subset_literal_first_batch", f"idx = [0, 9, 1]\n        return {CAT}")
data("subset_negative", f"idx = list(range(-n - 1, 0))\n        return {CAT}")
data(
    "subset_for_loop",
    "out = []\n        for xb, _ in DataLoader(Subset(ds, range(2, n + 2)), batch_size=4):\n"
    "            out.append(xb)\n        return torch.cat(out)",
)
data("subset_ok", f"idx = list(range(n // 2, n))\n        return {CAT}")
data("subset_ok_negative", f"idx = list(range(-n, 0))\n        return {CAT}")
data(
    "subset_ok_break_first_batch",  # only the first batch is fetched
    "for xb, _ in DataLoader(Subset(ds, [0, 1, 9]), batch_size=2):\n            return xb",
)
data(
    "subset_ok_walked_directly",  # Python's old protocol ends at the IndexError
    "return torch.stack([xb for xb, _ in Subset(ds, [0, 1, 9])])",
)
data(
    "subset_ok_drop_last",
    "return torch.cat([xb for xb, _ in DataLoader(Subset(ds, [0, 1, 9]), batch_size=2, "
    "drop_last=True)])",
)
W6 = "w = torch.ones(6)\n        "
data("sampler_list", W6 + "idx = list(WeightedRandomSampler(w, 8, replacement=False))\n"
     "        return h[idx]")  # fmt: skip
data("sampler_loader", W6 + "s = WeightedRandomSampler(w, n + 1, replacement=False)\n"
     "        return torch.cat([b for b, _ in DataLoader(ds, batch_size=3, sampler=s)])")  # fmt: skip
data("sampler_weights_list", "s = WeightedRandomSampler([1.0, 2.0], 3, False)\n"
     "        return h[[i for i in s]]")  # fmt: skip
data("sampler_ok_replacement", W6 + "idx = list(WeightedRandomSampler(w, 8))\n"
     "        return h[idx]")  # fmt: skip
data("sampler_ok_enough", W6 + "idx = list(WeightedRandomSampler(w, 6, replacement=False))\n"
     "        return h[idx]")  # fmt: skip
data("sampler_ok_not_walked", W6 + "s = WeightedRandomSampler(w, 8, replacement=False)\n"
     "        return h * s.num_samples")  # fmt: skip
data("concat_empty", "return h + len(ConcatDataset([d for d in [ds] if len(d) > 100]))")
data("concat_stream", "c = ConcatDataset([ds, Stream(h)])\n        return h")
data("concat_chain", "c = ConcatDataset([ChainDataset([Stream(h)])])\n        return h")
data("concat_ok", "c = ConcatDataset([ds, TensorDataset(h[:2], torch.arange(2))])\n"
     "        return h + len(c)")  # fmt: skip
data("concat_ok_chain_streams", "c = ChainDataset([Stream(h), Stream(h)])\n        return h")

# export / jit.trace / fx.symbolic_trace of a module of the code's own, called in forward
SUB = (
    "\nclass Body(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.a = nn.Linear(6, 6)\n\n    def forward(self, x):\n        {}\n"
)


def tr(name: str, sub_body: str, call: str) -> None:
    body = sub_body.replace("\n", "\n        ")
    model(name, (3, 6), SUB.format(body) + net_source(("self.body = Body()",), call, None)
          .replace("h = self.body(x)\n        ", ""))  # fmt: skip


PLAIN = "return torch.relu(self.a(x))"
tr("export_list", PLAIN, "return torch.export.export(self.body, [x]).module()(x)")
tr("export_bare_tensor", PLAIN, "return torch.export.export(self.body, x).module()(x)")
tr("export_ok_tuple", PLAIN, "return torch.export.export(self.body, (x,)).module()(x)")
tr("jit_no_return", "self.a(x)\npass", "t = torch.jit.trace(self.body, (x,))\n        return x")
tr("jit_return_none", "y = self.a(x)\nreturn None", "t = torch.jit.trace(self.body, x)\n"
   "        return x")  # fmt: skip
tr("jit_ok_returns", PLAIN, "return torch.jit.trace(self.body, (x,))(x)")
tr("fx_branch_rows", "h = self.a(x)\nif x.shape[0] > 1:\n    h = h - h.mean(0)\nreturn h",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_branch_norm", "h = torch.relu(self.a(x))\nif h.norm() < 1e-3:\n    h = h * 0\nreturn h",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_range_rows", "for i in range(x.size(0)):\n    x = self.a(x)\nreturn x",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_assert_dim", "assert x.dim() == 2\nreturn self.a(x)",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_ok_training", "h = self.a(x)\nif self.training:\n    h = F.dropout(h, 0.1)\nreturn h",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_ok_is_none", "if x is None:\n    return x\nreturn self.a(x)",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_ok_rebound_plain", "n = x.shape[0]\nn = 3\nif n > 1:\n    x = x * 2\nreturn self.a(x)",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_ok_layer_attr", "n = self.a.in_features\nif n > 1:\n    x = x * 2\nreturn self.a(x)",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip
tr("fx_ok_after_return", "return self.a(x)\nif x.sum() > 0:\n    x = x * 2",
   "return torch.fx.symbolic_trace(self.body)(x)")  # fmt: skip

# torch.func transforms' argnums against the positional inputs; CTC's blank against the classes
LOSS = "def loss(a, b):\n            return (self.fc(a) * b).sum()\n        "
op("argnums_past", LOSS + "g = grad(loss, argnums=2)(x, x[:, :4])\n        return g")
op("argnums_tuple_vmap", LOSS + "g = vmap(grad(loss, argnums=(0, 2)))(x, x[:, :4])\n"
   "        return g[0]")  # fmt: skip
op("argnums_negative", LOSS + "g = jacrev(loss, argnums=-3)(x, x[:, :4])\n        return g")
op("argnums_ok", LOSS + "g = grad_and_value(loss, argnums=(0, 1))(x, x[:, :4])\n"
   "        return g[0][0]")  # fmt: skip
op("argnums_ok_negative", LOSS + "return jacrev(loss, argnums=-2)(x, x[:, :4])")
CTC = (
    "lp = torch.randn(8, 3, {c}).log_softmax(-1)\n        t = torch.tensor([[1, 2], [2, 3], "
    "[1, 1]])\n        il = torch.full((3,), 8, dtype=torch.long)\n        "
    "tl = torch.full((3,), 2, dtype=torch.long)\n        "
)
op("ctc_blank_vocab", CTC.format(c=5) + "return self.ctc(lp, t, il, tl) + h.sum()",
   "self.ctc = nn.CTCLoss(blank=5)")  # fmt: skip
op("ctc_blank_negative", CTC.format(c=5) + "return F.ctc_loss(lp, t, il, tl, blank=-1) + h.sum()")
op("ctc_ok_blank_last", CTC.format(c=5) + "return self.ctc(lp, t, il, tl) + h.sum()",
   "self.ctc = nn.CTCLoss(blank=4)")  # fmt: skip
op("ctc_ok_default", CTC.format(c=5) + "return F.ctc_loss(lp, t, il, tl) + h.sum()")

# an iterable dataset's ``__iter__`` reading ``get_worker_info()``'s fields in this process
WI = (
    "from torch.utils.data import get_worker_info\n\n"
    "class Shards(IterableDataset):\n    def __init__(self, rows):\n        self.rows = rows\n\n"
    "    def __iter__(self):\n        info = get_worker_info()\n        {}\n"
    "        for i in range(start, len(self.rows), step):\n            yield self.rows[i]\n"
)


def wi(name: str, line: str, walk: str) -> None:
    model(name, (6, 6), WI.format(line) + net_source(FC, walk))


LOADER = "return torch.cat([b for b in DataLoader(Shards(h), batch_size=2)])"
wi("worker_id_unguarded", "start, step = info.id, info.num_workers", LOADER)
wi("worker_seed_first", "step = 1 + info.seed % 1\n        start = 0", LOADER)
wi("worker_walked_directly", "start, step = info.id, 1", "return torch.stack(list(Shards(h)))")
wi("worker_ok_guarded", "start, step = (0, 1) if info is None else (info.id, info.num_workers)",
   LOADER)  # fmt: skip
wi("worker_ok_getattr", "start, step = getattr(info, 'id', 0), getattr(info, 'num_workers', 1)",
   LOADER)  # fmt: skip
wi("worker_ok_not_walked", "start, step = info.id, info.num_workers",
   "ds = Shards(h)\n        return h")  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


@pytest.mark.parametrize("name", ["cdist_mode_matmul", "sparse_values", "save_lambda"])
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """These rules are what flag these: with ``DRIFTCHECK_NO_FIX36B=1`` nothing does (session
    37: torch's own table carries the cdist ``compute_mode`` check too, switched off with it)."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX36B", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_TORCH_CHECKS", "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_FIX36B")
    assert blockers(path, shape, capsys)
