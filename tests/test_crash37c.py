"""Session 37 (crashfix37): ``dataflow_fix37c``'s torch behaviours (no default process group
in one process; no viable SDPA backend on CPU). Each model is run by torch (CPU, seeded): a
blocker exactly when torch raises; the clean twins (``_ok``) show what the rules must not
claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, net_source, registrar, torch_crashes, write

HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "import torch.distributed as dist\n"
    "from torch.nn.attention import SDPBackend, sdpa_kernel\n"
    "from torch.utils.data import DataLoader, Dataset, DistributedSampler, TensorDataset\n"
    "from torch.utils.data import default_collate, get_worker_info\n"
)

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(6, 4)",)


def op(name: str, body: str, init: str = "", tail: str = "") -> None:
    model(name, (3, 6), net_source(FC, body, init) + tail)


# the default process group, never initialized
op("dist_rank", "return h * (dist.get_rank() + 1)")
op("dist_world_helper", "return h / self.world()", tail=(
    "\n    def world(self):\n        if dist.is_available():\n"
    "            return dist.get_world_size()\n        return 1\n"))  # fmt: skip
op("dist_all_reduce_grad", "t = h.detach().clone()\n        dist.all_reduce(t)\n        return t")
op("dist_barrier", "dist.barrier()\n        return h")
op("dist_sampler_rank_only",
   "ds = TensorDataset(h)\n        s = DistributedSampler(ds, rank=0, shuffle=False)\n"
   "        return torch.cat([b for (b,) in DataLoader(ds, batch_size=2, sampler=s)])")  # fmt: skip
op("dist_ok_sampler_both",
   "ds = TensorDataset(h)\n        s = DistributedSampler(ds, num_replicas=1, rank=0, shuffle=False)\n"
   "        return torch.cat([b for (b,) in DataLoader(ds, batch_size=2, sampler=s)])")  # fmt: skip
op("dist_ok_guarded",
   "if dist.is_initialized():\n            dist.all_reduce(h)\n"
   "            h = h / dist.get_world_size()\n        return h")  # fmt: skip
op("dist_ok_guarded_rank",
   "rank = dist.get_rank() if dist.is_available() and dist.is_initialized() else 0\n"
   "        return h * (rank + 1)")  # fmt: skip
op("dist_ok_try",
   "try:\n            r = dist.get_rank()\n        except ValueError:\n            r = 0\n"
   "        return h * (r + 1)")  # fmt: skip
op("dist_ok_uncalled", "return h", tail="\n    def sync(self, t):\n        dist.all_reduce(t)\n")

# sdpa_kernel on CPU
ATT = ("self.fc = nn.Linear(6, 24)",)
SPLIT = "q, k, v = h.view(3, 1, 3, 2, 4).permute(2, 0, 3, 1, 4)\n        "


def att(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(ATT, SPLIT + body, init))


att("sdpa_efficient_only",
    "with sdpa_kernel([SDPBackend.EFFICIENT_ATTENTION]):\n"
    "            return F.scaled_dot_product_attention(q, k, v)")  # fmt: skip
att("sdpa_one_member",
    "with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):\n"
    "            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)\n"
    "        return y")  # fmt: skip
att("sdpa_from_attr",
    "with sdpa_kernel(self.backends):\n"
    "            return F.scaled_dot_product_attention(q, k, v)",
    "self.backends = [SDPBackend.CUDNN_ATTENTION, SDPBackend.EFFICIENT_ATTENTION]")  # fmt: skip
att("sdpa_old_api",
    "with torch.backends.cuda.sdp_kernel(enable_flash=False, enable_math=False):\n"
    "            return F.scaled_dot_product_attention(q, k, v)")  # fmt: skip
att("sdpa_ok_math",
    "with sdpa_kernel([SDPBackend.EFFICIENT_ATTENTION, SDPBackend.MATH]):\n"
    "            return F.scaled_dot_product_attention(q, k, v)")  # fmt: skip
att("sdpa_ok_flash",
    "with sdpa_kernel(SDPBackend.FLASH_ATTENTION):\n"
    "            return F.scaled_dot_product_attention(q, k, v, is_causal=True)")  # fmt: skip
att("sdpa_ok_after_block",
    "with sdpa_kernel([SDPBackend.EFFICIENT_ATTENTION]):\n"
    "            q = q * 1.0\n"
    "        return F.scaled_dot_product_attention(q, k, v)")  # fmt: skip
att("sdpa_ok_old_api_math",
    "with torch.backends.cuda.sdp_kernel(enable_flash=False, enable_mem_efficient=False):\n"
    "            return F.scaled_dot_product_attention(q, k, v)")  # fmt: skip

# a plain object of the code's own class called in forward: its ``__call__`` runs
COLLATOR = (
    "\n\nclass Collator:\n    def __init__(self, side):\n        self.side = side\n\n"
    "    def __call__(self, seqs):\n"
    "        return torch.nn.utils.rnn.pad_sequence(seqs, batch_first=True, padding_side=self.side)\n"
)
for _name, _side in {"call_collator_side": "end", "call_ok_collator_left": "left"}.items():
    op(_name, "return self.col([r[: 2 + i] for i, r in enumerate(h)])", f"self.col = Collator({_side!r})",
       tail=COLLATOR)  # fmt: skip


# map-style datasets of the code's own built in forward, walked by a DataLoader (no workers)
def data(name: str, item: str, walk: str = "", loader: str = "batch_size=2") -> None:
    walk = walk or "return torch.cat([self.fc(b['x']) for b in DataLoader(Items(h), {})])"
    src = net_source(("self.fc = nn.Linear(6, 4)",), walk.format(loader), None)
    src = src.replace("h = self.fc(x)", "h = x")
    cls = (
        "\n\nclass Items(Dataset):\n    def __init__(self, rows):\n        self.rows = rows\n\n"
        "    def __len__(self):\n        return len(self.rows)\n\n"
        "    def __getitem__(self, i):\n        " + item + "\n"
    )
    model(name, (4, 6), src + cls)


data("load_ragged", "return {'x': self.rows[i], 'ids': torch.arange(i + 1)}")
data("load_none_value", "return {'x': self.rows[i], 'mask': None}")
data("load_none_label", "return {'x': self.rows[i], 'y': 1 if i % 2 == 0 else None}")
data("load_key_even_only",
     "d = {'x': self.rows[i]}\n        if i % 2 == 0:\n            d['w'] = 1.0\n        return d")  # fmt: skip
data("load_worker_id", "info = get_worker_info()\n        return {'x': self.rows[i] * info.id}")
data("load_tuple_ragged",
     "return (self.rows[i], torch.zeros(i))",
     "return torch.cat([self.fc(a) for a, _ in DataLoader(Items(h), {})])")  # fmt: skip
data("load_ragged_later_batch_full_loop",
     "return {'x': self.rows[i], 'ids': torch.arange(1 if i < 2 else i)}",
     "out = []\n        for b in DataLoader(Items(h), {}):\n            out.append(self.fc(b['x']))\n"
     "        return torch.cat(out)")  # fmt: skip
data("load_ok_ragged_later_batch_break",  # torch fetches lazily: the second batch never is
     "return {'x': self.rows[i], 'ids': torch.arange(1 if i < 2 else i)}",
     "for b in DataLoader(Items(h), {}):\n            return self.fc(b['x'])")  # fmt: skip
data("load_ok_equal", "return {'x': self.rows[i], 'ids': torch.arange(3) + i}")
data("load_ok_batch_one", "return {'x': self.rows[i], 'ids': torch.arange(i + 1)}",
     loader="batch_size=1")  # fmt: skip
data("load_ok_key_odd_only",  # the first item's keys decide: a key only later ones hold is dropped
     "d = {'x': self.rows[i]}\n        if i % 2 == 1:\n            d['w'] = 1.0\n        return d")  # fmt: skip
data("load_ok_updated",  # ``d.update`` is not followed: the keys are not claimed
     "d = {'x': self.rows[i], 'w': 0.0} if i == 0 else {'x': self.rows[i]}\n"
     "        d.update(w=1.0)\n        return d")  # fmt: skip
data("load_ok_worker_guarded",
     "info = get_worker_info()\n        k = 1 if info is None else info.id + 1\n"
     "        return {'x': self.rows[i] * k}")  # fmt: skip
op("collate_none_label",
   "rows = []\n        for i, r in enumerate(h):\n"
   "            rows.append({'x': r, 'y': 1 if i == 0 else None})\n"
   "        return default_collate(rows)['x']")  # fmt: skip
op("collate_ok_labels",
   "rows = [{'x': r, 'y': i} for i, r in enumerate(h)]\n"
   "        return default_collate(rows)['x'] * default_collate(rows)['y'][:, None]")  # fmt: skip

# sampling at temperature zero: "no finite element" kept through top-k values and layout ops
op("temp0_topk_values",
   "vals, idx = (h / 0.0).topk(2, dim=-1)\n"
   "        return idx.gather(-1, torch.multinomial(vals.softmax(-1), 1))")  # fmt: skip
op("temp0_sort_view",
   "s = (h / 0.0).sort(-1).values.view(3, 2, 2).flatten(1)\n"
   "        return torch.multinomial(F.softmax(s, -1), 1)")  # fmt: skip
op("temp0_ok_topk_clamped",  # clamp maps +-inf to finite values
   "vals, idx = (h / 0.0).topk(2, dim=-1)\n"
   "        return torch.multinomial(vals.clamp(-1, 1).softmax(-1), 1)")  # fmt: skip
op("temp0_ok_topk_temp_one",
   "vals, idx = (h / 1.0).topk(2, dim=-1)\n"
   "        return idx.gather(-1, torch.multinomial(vals.softmax(-1), 1))")  # fmt: skip

# ``self.modules()`` / ``named_modules()`` walked in forward: torch's tree, in its order
MODS = ("self.fc = nn.Linear(6, 4)", "self.seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU())")
for _name, _body in {
    "mods_xavier_bias": "for m in self.modules():\n            if isinstance(m, nn.Linear):\n"
    "                nn.init.xavier_uniform_(m.bias)\n        return self.seq(h)",
    "mods_named_seq_item": "for n, m in self.named_modules():\n            if n == 'seq.0':\n"
    "                nn.init.kaiming_normal_(m.weight, mode='fan_avg')\n        return self.seq(h)",
    "mods_ok_bias_zero": "for m in self.modules():\n            if isinstance(m, nn.Linear):\n"
    "                nn.init.zeros_(m.bias)\n        return self.seq(h)",
    "mods_ok_named_absent": "for n, m in self.named_modules():\n            if n == 'seq.2':\n"
    "                nn.init.kaiming_normal_(m.weight, mode='fan_avg')\n        return self.seq(h)",
    "mods_ok_count": "k = len(list(self.modules()))\n        return self.seq(h) * k",
    # the registry changed in forward: the Linear torch would list is gone
    "mods_ok_replaced": "self.seq = nn.Sequential(nn.Identity())\n"
    "        for m in self.modules():\n            if isinstance(m, nn.Linear) and m is not self.fc:\n"
    "                nn.init.xavier_uniform_(m.bias)\n        return self.seq(h)",
}.items():
    model(_name, (3, 6), net_source(MODS, _body))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


def test_init_named_is_no_claim(tmp_path, capsys):
    """A file that names ``init_process_group`` may create the group: nothing is claimed."""
    src = MODELS["dist_rank"][0] + (
        "\n\ndef setup():\n    dist.init_process_group('gloo', rank=0, world_size=1)\n"
    )
    path = tmp_path / "dist_init_named.py"
    path.write_text(HEAD + src)
    assert not blockers(path, (3, 6), capsys)


@pytest.mark.parametrize("name", ["dist_rank", "sdpa_efficient_only"])
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """These rules are what flag these: with ``DRIFTCHECK_NO_FIX37C=1`` nothing does."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX37C", "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_FIX37C")
    assert blockers(path, shape, capsys)
