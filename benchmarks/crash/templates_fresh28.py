"""A twenty-eighth fresh batch of crash cases (session 36, split ``fresh28``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The cases are code users write around a model: recommender training with sparse embedding
gradients, optimizers built from configs (fused / foreach / capturable flags, betas), EMA
trackers written with ``torch._foreach_*``, data pipelines (worker sharding of iterable datasets,
``ConcatDataset`` mixtures, ``Subset`` curricula, weighted samplers without replacement), CTC
heads, quantization stubs (``quantize_per_tensor`` / ``per_channel`` and fake quantization),
sparse COO adjacency and complex spectra, nested (ragged) batches, ``torch.func`` gradients with
``argnums`` / ``has_aux``, custom autograd Functions under ``vmap``, forward-mode AD, backward
hooks next to in-place activations, torch.compile-free export helpers (``torch.fx``,
``torch.jit.trace``, ``torch.export``), checkpoint save / load with ``map_location`` and
unpicklable entries, ``cdist`` / ``quantile`` / ``vector_norm`` options. About half the crash
classes are new; the others are classes earlier batches have, written as whole models whose sizes
and options come through configs, loops and helpers. Several clean variants look risky
(``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f28_``. Whether a
case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()
V: list = []
VARIANTS = V  # the same list: every add() below lands in it


def add(tname: str, *rows: tuple[str, str, dict]) -> None:
    for suffix, defect, sizes in rows:
        V.append((tname, suffix, defect, sizes))


# ---------------------------------------------------------------- sparse embedding gradients (new)
template("recsys_sparse_embedding", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, n_items=50, dim=8):
        super().__init__()
        self.emb = nn.Embedding(n_items, dim, sparse={sparse})
        self.tower = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, 1))
        self.n_items = n_items
        self.opt = None

    def ids(self, x):
        return (x.abs() * 10).long() % self.n_items

    def forward(self, x):
        if self.opt is None:
            self.opt = {opt}
        ids = self.ids(x)
        with torch.enable_grad():
            score = self.tower(self.emb(ids).mean(1)).squeeze(-1)
            loss = F.softplus(-score).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return self.tower(self.emb(ids).mean(1))
"""
)
_EMB = "self.emb.parameters()"
add(
    "recsys_sparse_embedding",
    ("ok", "clean", {"sparse": "False", "opt": "torch.optim.Adam(self.parameters(), lr=1e-3)"}),
    (
        "ok_sparse_sgd",
        "clean",
        {"sparse": "True", "opt": "torch.optim.SGD(self.parameters(), lr=0.1)"},
    ),
    (
        "ok_sparse_adam_on_table",
        "clean",
        {"sparse": "True", "opt": f"torch.optim.SparseAdam(list({_EMB}), lr=1e-3)"},
    ),
    (
        "sparse_table_adam",
        "optimizer_sparse_grad",
        {"sparse": "True", "opt": "torch.optim.Adam(self.parameters(), lr=1e-3)"},
    ),
    (
        "dense_table_sparse_adam",
        "sparse_adam_dense_grad",
        {"sparse": "False", "opt": f"torch.optim.SparseAdam(list({_EMB}), lr=1e-3)"},
    ),
)

template("two_tower_sparse_ids", "(3, 5)")(
    """
class ItemTower(nn.Module):
    def __init__(self, n, dim, sparse):
        super().__init__()
        self.table = nn.Embedding(n, dim, sparse=sparse)
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        return self.proj(self.table(ids).sum(1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.items = ItemTower(40, 6, sparse={sparse})
        self.users = nn.Sequential(nn.Linear(5, 6), nn.Tanh())
        self.opts = []

    def build(self):
        {build}

    def forward(self, x):
        if not self.opts:
            self.build()
        ids = (x.abs() * 7).long() % 40
        with torch.enable_grad():
            logits = (self.users(x) * self.items(ids)).sum(-1)
            loss = F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))
            loss.backward()
            for o in self.opts:
                o.step()
                o.zero_grad()
        return logits
"""
)
_SPLIT = (
    "self.opts = [torch.optim.SparseAdam(list(self.items.table.parameters())), "
    "torch.optim.AdamW(list(self.users.parameters()) + list(self.items.proj.parameters()))]"
)
add(
    "two_tower_sparse_ids",
    (
        "ok",
        "clean",
        {"sparse": "False", "build": "self.opts = [torch.optim.AdamW(self.parameters())]"},
    ),
    ("ok_split_optimizers", "clean", {"sparse": "True", "build": _SPLIT}),
    (
        "ok_adagrad_sparse",
        "clean",
        {
            "sparse": "True",
            "build": "self.opts = [torch.optim.Adagrad(self.parameters(), lr=0.05)]",
        },
    ),
    (
        "adamw_over_sparse_table",
        "optimizer_sparse_grad",
        {"sparse": "True", "build": "self.opts = [torch.optim.AdamW(self.parameters())]"},
    ),
    (
        "sparse_adam_everything",
        "sparse_adam_dense_grad",
        {
            "sparse": "True",
            "build": "self.opts = [torch.optim.SparseAdam(list(self.parameters()))]",
        },
    ),
)

template("bag_of_words_classifier", "(2, 12)")(
    """
class Net(nn.Module):
    def __init__(self, vocab=64, dim=10, classes=3):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, dim, mode="sum", sparse={sparse})
        self.head = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, classes))
        self.vocab = vocab
        self.opt = None

    def forward(self, x):
        tokens = (x.abs() * 20).long().clamp(max=self.vocab - 1)
        if self.opt is None:
            self.opt = torch.optim.{opt}
        with torch.enable_grad():
            logits = self.head(self.bag(tokens))
            loss = F.cross_entropy(logits, torch.zeros(len(x), dtype=torch.long))
            loss.backward()
            self.opt.step()
        return logits
"""
)
add(
    "bag_of_words_classifier",
    ("ok", "clean", {"sparse": "False", "opt": "RMSprop(self.parameters(), lr=1e-3)"}),
    (
        "ok_sparse_sgd_momentum_zero",
        "clean",
        {"sparse": "True", "opt": "SGD(self.parameters(), lr=0.1)"},
    ),
    (
        "sparse_bag_rmsprop",
        "optimizer_sparse_grad",
        {"sparse": "True", "opt": "RMSprop(self.parameters(), lr=1e-3)"},
    ),
    (
        "sparse_bag_nadam_late",
        "optimizer_sparse_grad",
        {"sparse": "True", "opt": "NAdam(self.parameters())"},
    ),
    (
        "dense_bag_sparse_adam",
        "sparse_adam_dense_grad",
        {"sparse": "False", "opt": "SparseAdam(list(self.bag.parameters()))"},
    ),
)

# ---------------------------------------------------------------- optimizer flags from a config (new)
template("optimizer_flags_cfg", "(4, 8)")(
    """
CFG = {{"lr": 1e-3, "fused": {fused}, "foreach": {foreach}, "capturable": {capturable}}}


class Net(nn.Module):
    def __init__(self, cfg=CFG):
        super().__init__()
        self.cfg = dict(cfg)
        self.net = nn.Sequential(nn.Linear(8, 32), nn.GELU(), nn.Linear(32, 8))
        self.opt = None

    def make_opt(self):
        kw = {{k: v for k, v in self.cfg.items() if v is not None}}
        return torch.optim.AdamW(self.net.parameters(), **kw)

    def forward(self, x):
        if self.opt is None:
            self.opt = self.make_opt()
        with torch.enable_grad():
            F.smooth_l1_loss(self.net(x), x).backward()
            self.opt.step()
        return self.net(x)
"""
)
add(
    "optimizer_flags_cfg",
    ("ok", "clean", {"fused": "None", "foreach": "None", "capturable": "None"}),
    ("ok_fused_cpu", "clean", {"fused": "True", "foreach": "None", "capturable": "None"}),
    ("ok_foreach_off_fused", "clean", {"fused": "True", "foreach": "False", "capturable": "False"}),
    (
        "fused_and_foreach_again",
        "optimizer_fused_and_foreach",
        {"fused": "True", "foreach": "True", "capturable": "None"},
    ),
    (
        "capturable_on_cpu_run",
        "optimizer_capturable_cpu",
        {"fused": "None", "foreach": "None", "capturable": "True"},
    ),
)

template("trainer_speed_flags", "(3, 6)")(
    """
from dataclasses import dataclass


@dataclass
class Speed:
    fast_kernels: bool = {fast}
    multi_tensor: bool = {multi}
    graph_safe: bool = {graph}


class Net(nn.Module):
    def __init__(self, speed=Speed()):
        super().__init__()
        self.speed = speed
        self.blocks = nn.ModuleList([nn.Linear(6, 6) for _ in range(3)])
        self.opt = None

    def forward(self, x):
        if self.opt is None:
            s = self.speed
            self.opt = torch.optim.{name}(
                self.parameters(), lr=1e-3, fused=s.fast_kernels or None,
                foreach=s.multi_tensor or None, capturable=s.graph_safe,
            )
        with torch.enable_grad():
            h = x
            for b in self.blocks:
                h = h + torch.tanh(b(h))
            h.pow(2).mean().backward()
            self.opt.step()
        return h.detach()
"""
)
add(
    "trainer_speed_flags",
    ("ok", "clean", {"name": "Adam", "fast": "False", "multi": "True", "graph": "False"}),
    (
        "ok_fused_only",
        "clean",
        {"name": "Adam", "fast": "True", "multi": "False", "graph": "False"},
    ),
    (
        "all_fast_flags",
        "optimizer_fused_and_foreach",
        {"name": "Adam", "fast": "True", "multi": "True", "graph": "False"},
    ),
    (
        "graph_safe_cpu",
        "optimizer_capturable_cpu",
        {"name": "AdamW", "fast": "False", "multi": "True", "graph": "True"},
    ),
    (
        "graph_safe_adam_default_kernels",
        "optimizer_capturable_cpu",
        {"name": "Adam", "fast": "False", "multi": "False", "graph": "True"},
    ),
)

template("adam_betas_cfg", "(4, 8)")(
    """
OPT = {{"lr": 2e-4, "betas": {betas}, "eps": 1e-8}}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 16), nn.SiLU(), nn.Linear(16, 4))
        self.opt = None

    def forward(self, x):
        if self.opt is None:
            self.opt = torch.optim.Adam(self.enc.parameters(), lr=OPT["lr"], betas=OPT["betas"], eps=OPT["eps"])
        with torch.enable_grad():
            self.enc(x).square().mean().backward()
            self.opt.step()
        return self.enc(x)
"""
)
add(
    "adam_betas_cfg",
    ("ok", "clean", {"betas": "(0.9, 0.95)"}),
    ("ok_list_pair", "clean", {"betas": "[0.5, 0.999]"}),
    ("one_beta", "optimizer_betas_len", {"betas": "(0.9,)"}),
    ("beta2_above_one", "optimizer_hparam_range", {"betas": "(0.9, 1.05)"}),
    ("ok_beta1_zero", "clean", {"betas": "(0.0, 0.99)"}),
)

template("gan_two_optimizers", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, beta1={b1}):
        super().__init__()
        self.gen = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 8))
        self.disc = nn.Sequential(nn.Linear(8, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
        self.beta1 = beta1
        self.opts = None

    def forward(self, z):
        if self.opts is None:
            betas = {betas}
            self.opts = (
                torch.optim.Adam(self.gen.parameters(), lr=2e-4, betas=betas),
                torch.optim.Adam(self.disc.parameters(), lr=2e-4, betas=betas),
            )
        g_opt, d_opt = self.opts
        with torch.enable_grad():
            fake = self.gen(z)
            d_loss = F.softplus(self.disc(fake.detach())).mean() + F.softplus(-self.disc(z)).mean()
            d_opt.zero_grad()
            d_loss.backward()
            d_opt.step()
            g_loss = F.softplus(-self.disc(fake)).mean()
            g_opt.zero_grad()
            g_loss.backward()
            g_opt.step()
        return self.gen(z)
"""
)
add(
    "gan_two_optimizers",
    ("ok", "clean", {"b1": "0.5", "betas": "(self.beta1, 0.999)"}),
    ("ok_tuple_from_list", "clean", {"b1": "0.5", "betas": "tuple([self.beta1, 0.99])"}),
    ("betas_only_beta1", "optimizer_betas_len", {"b1": "0.5", "betas": "(self.beta1,)"}),
    ("betas_scalar", "optimizer_betas_len", {"b1": "0.5", "betas": "[self.beta1]"}),
    ("beta1_negative", "optimizer_hparam_range", {"b1": "-0.5", "betas": "(self.beta1, 0.999)"}),
)

# ---------------------------------------------------------------- EMA with foreach kernels (new)
template("ema_foreach_tracker", "(4, 6)")(
    """
class EMA:
    def __init__(self, model, decay=0.99):
        self.decay = decay
        self.shadow = {shadow}

    @torch.no_grad()
    def update(self, model):
        src = {src}
        torch._foreach_lerp_(self.shadow, src, 1.0 - self.decay)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 12), nn.BatchNorm1d(12), nn.ReLU(), nn.Linear(12, 6))
        self.ema = None

    def forward(self, x):
        if self.ema is None:
            self.ema = EMA(self)
        y = self.body(x)
        self.ema.update(self)
        return y
"""
)
_PARAMS = "[p.detach().clone() for p in model.parameters()]"
_SD_FLOAT = "[v.detach().clone() for v in model.state_dict().values() if v.is_floating_point()]"
add(
    "ema_foreach_tracker",
    ("ok", "clean", {"shadow": _PARAMS, "src": "list(model.parameters())"}),
    (
        "ok_state_dict_both_sides",
        "clean",
        {
            "shadow": _SD_FLOAT,
            "src": "[v for v in model.state_dict().values() if v.is_floating_point()]",
        },
    ),
    (
        "shadow_float_state_vs_params_v2",
        "foreach_list_length",
        {"shadow": _SD_FLOAT, "src": "list(model.parameters())"},
    ),
    (
        "shadow_params_vs_buffers_too",
        "foreach_list_length",
        {"shadow": _PARAMS, "src": "list(model.parameters()) + list(model.buffers())[:2]"},
    ),
    (
        "ok_trainable_both_sides",
        "clean",
        {
            "shadow": "[p.detach().clone() for p in model.parameters() if p.requires_grad]",
            "src": "[p for p in model.parameters() if p.requires_grad]",
        },
    ),
)

template("layerwise_lr_scaler", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self, depth=4):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(depth)])
        self.layers[0].requires_grad_({first_trainable})
        self.decay = 0.8

    def forward(self, x):
        with torch.enable_grad():
            h = x
            for layer in self.layers:
                h = torch.relu(layer(h))
            h.sum().backward()
        grads = [p.grad for p in self.parameters() if p.grad is not None]
        scales = {scales}
        torch._foreach_mul_(grads, scales)
        return h.detach()
"""
)
add(
    "layerwise_lr_scaler",
    (
        "ok",
        "clean",
        {
            "first_trainable": "True",
            "scales": "[self.decay ** (i // 2) for i in range(len(grads))]",
        },
    ),
    ("ok_one_scalar", "clean", {"first_trainable": "False", "scales": "self.decay"}),
    (
        "ok_frozen_counted_from_grads",
        "clean",
        {"first_trainable": "False", "scales": "[self.decay ** i for i in range(len(grads))]"},
    ),
    (
        "scales_per_parameter_frozen_first",
        "foreach_list_length",
        {
            "first_trainable": "False",
            "scales": "[self.decay ** i for i in range(len(list(self.parameters())))]",
        },
    ),
    (
        "scales_per_layer",
        "foreach_list_length",
        {"first_trainable": "True", "scales": "[self.decay ** i for i in range(len(self.layers))]"},
    ),
)

template("swa_buffer_average", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Dropout(0.1), nn.Linear(10, 5))
        self.avg = [torch.zeros_like(p) for p in {avg_of}]
        self.n = 0

    def forward(self, x):
        self.n += 1
        cur = [p.detach() for p in {cur_of}]
        torch._foreach_mul_(self.avg, (self.n - 1) / self.n)
        torch._foreach_add_(self.avg, cur, alpha=1.0 / self.n)
        return self.net(x)
"""
)
add(
    "swa_buffer_average",
    ("ok", "clean", {"avg_of": "self.net.parameters()", "cur_of": "self.net.parameters()"}),
    (
        "ok_last_layer_both",
        "clean",
        {"avg_of": "self.net[-1].parameters()", "cur_of": "self.net[3].parameters()"},
    ),
    (
        "avg_of_last_layer_only",
        "foreach_list_length",
        {"avg_of": "self.net[-1].parameters()", "cur_of": "self.net.parameters()"},
    ),
    (
        "avg_weights_only",
        "foreach_list_length",
        {
            "avg_of": "[m.weight for m in self.net if isinstance(m, nn.Linear)]",
            "cur_of": "self.net.parameters()",
        },
    ),
    (
        "ok_weights_only_both",
        "clean",
        {
            "avg_of": "[m.weight for m in self.net if isinstance(m, nn.Linear)]",
            "cur_of": "[m.weight for m in self.net if isinstance(m, nn.Linear)]",
        },
    ),
)

# ---------------------------------------------------------------- data pipelines (new)
template("sharded_stream_dataset", "(8, 4)")(
    """
from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class Shards(IterableDataset):
    def __init__(self, rows):
        self.rows = rows

    def __iter__(self):
        info = get_worker_info()
        {shard}
        for i in range(start, len(self.rows), step):
            yield self.rows[i]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))

    def forward(self, x):
        loader = DataLoader(Shards(x), batch_size=4)
        return torch.cat([self.net(b) for b in loader])
"""
)
add(
    "sharded_stream_dataset",
    (
        "ok",
        "clean",
        {"shard": "start, step = (0, 1) if info is None else (info.id, info.num_workers)"},
    ),
    (
        "ok_getattr_defaults",
        "clean",
        {"shard": "start, step = getattr(info, 'id', 0), getattr(info, 'num_workers', 1)"},
    ),
    (
        "worker_id_unguarded",
        "worker_info_none",
        {"shard": "start, step = info.id, info.num_workers"},
    ),
    (
        "ok_guard_on_num_workers",
        "clean",
        {
            "shard": "step = info.num_workers if info is not None else 1\n        start = info.id if info is not None else 0"
        },
    ),
    (
        "num_workers_unguarded_later_cfg",
        "worker_info_none",
        {
            "shard": "start = 0 if info is None else info.id\n        step = max(1, info.num_workers)"
        },
    ),
)

template("seeded_worker_augment", "(6, 5)")(
    """
from torch.utils.data import DataLoader, Dataset, get_worker_info


class Jitter(Dataset):
    def __init__(self, rows):
        self.rows = rows

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        info = get_worker_info()
        {seed}
        g = torch.Generator().manual_seed(seed)
        return self.rows[i] + 0.01 * torch.randn(self.rows.shape[1:], generator=g)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(5, 10), nn.GELU(), nn.LayerNorm(10))

    def forward(self, x):
        batches = [self.enc(b) for b in DataLoader(Jitter(x), batch_size=3)]
        return torch.cat(batches)
"""
)
add(
    "seeded_worker_augment",
    ("ok", "clean", {"seed": "seed = 1234 + i if info is None else info.seed % 2**31 + i"}),
    (
        "ok_main_process_branch",
        "clean",
        {
            "seed": "if info is None:\n            seed = i\n        else:\n            seed = info.seed % 2**31"
        },
    ),
    ("worker_seed_unguarded", "worker_info_none", {"seed": "seed = info.seed % 2**31 + i"}),
    ("worker_id_seed", "worker_info_none", {"seed": "seed = 17 * info.id + i"}),
    ("ok_torch_initial_seed", "clean", {"seed": "seed = (torch.initial_seed() + i) % 2**31"}),
)

template("corpus_mixture_loader", "(6, 4)")(
    """
from torch.utils.data import ChainDataset, ConcatDataset, DataLoader, IterableDataset, TensorDataset


class Stream(IterableDataset):
    def __init__(self, rows):
        self.rows = rows

    def __iter__(self):
        yield from self.rows


SOURCES = {sources}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 3))

    def build(self, x):
        parts = {{"web": TensorDataset(x[:3]), "books": TensorDataset(x[3:]), "code": Stream(x)}}
        chosen = [parts[k] for k in SOURCES if k in parts]
        return {combine}(chosen)

    def forward(self, x):
        ds = self.build(x)
        outs = [self.net(b[0] if isinstance(b, list) else b) for b in DataLoader(ds, batch_size=2)]
        return torch.cat(outs)
"""
)
add(
    "corpus_mixture_loader",
    ("ok", "clean", {"sources": '["web", "books"]', "combine": "ConcatDataset"}),
    ("ok_stream_chained", "clean", {"sources": '["code"]', "combine": "ChainDataset"}),
    (
        "sources_misspelt_v2",
        "concat_dataset_empty",
        {"sources": '["Web", "Books"]', "combine": "ConcatDataset"},
    ),
    (
        "stream_in_concat_late",
        "concat_dataset_iterable",
        {"sources": '["web", "code"]', "combine": "ConcatDataset"},
    ),
    ("ok_one_source", "clean", {"sources": '["books"]', "combine": "ConcatDataset"}),
)

template("multitask_concat_eval", "(4, 6)")(
    """
from torch.utils.data import ConcatDataset, DataLoader, IterableDataset, TensorDataset


class Generated(IterableDataset):
    def __init__(self, n, dim):
        self.n, self.dim = n, dim

    def __iter__(self):
        for _ in range(self.n):
            yield (torch.zeros(self.dim),)


class Net(nn.Module):
    def __init__(self, tasks={tasks}):
        super().__init__()
        self.tasks = tasks
        self.trunk = nn.Sequential(nn.Linear(6, 12), nn.ReLU())
        self.head = nn.Linear(12, 2)

    def forward(self, x):
        sets = []
        for t in self.tasks:
            if t == "real":
                sets.append(TensorDataset(x))
            elif t == "synthetic":
                sets.append({synthetic})
        ds = ConcatDataset(sets)
        return torch.cat([self.head(self.trunk(b)) for (b,) in DataLoader(ds, batch_size=2)])
"""
)
add(
    "multitask_concat_eval",
    ("ok", "clean", {"tasks": '("real",)', "synthetic": "TensorDataset(torch.zeros(2, 6))"}),
    (
        "ok_synthetic_materialised",
        "clean",
        {
            "tasks": '("real", "synthetic")',
            "synthetic": "TensorDataset(torch.stack([r for (r,) in Generated(2, 6)]))",
        },
    ),
    (
        "synthetic_stream",
        "concat_dataset_iterable",
        {"tasks": '("real", "synthetic")', "synthetic": "Generated(2, 6)"},
    ),
    (
        "tasks_as_string",
        "concat_dataset_empty",
        {"tasks": '"real"', "synthetic": "TensorDataset(torch.zeros(2, 6))"},
    ),
    (
        "no_task_enabled",
        "concat_dataset_empty",
        {"tasks": "()", "synthetic": "TensorDataset(torch.zeros(2, 6))"},
    ),
)

template("curriculum_subset", "(6, 4)")(
    """
from torch.utils.data import DataLoader, Subset, TensorDataset


class Net(nn.Module):
    def __init__(self, keep={keep}):
        super().__init__()
        self.keep = keep
        self.model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        ds = TensorDataset(x, torch.arange(len(x)))
        n = len(ds)
        idx = {idx}
        out = []
        for xb, _ in DataLoader(Subset(ds, idx), batch_size=2):
            out.append(self.model(xb))
        return torch.cat(out)
"""
)
add(
    "curriculum_subset",
    ("ok", "clean", {"keep": "0.5", "idx": "list(range(int(n * self.keep)))"}),
    ("ok_hardest_last", "clean", {"keep": "0.5", "idx": "list(range(n - int(n * self.keep), n))"}),
    ("one_based_indices", "subset_index_range", {"keep": "1.0", "idx": "list(range(1, n + 1))"}),
    (
        "indices_shifted_past_end",
        "subset_index_range",
        {"keep": "1.0", "idx": "[i + 1 for i in range(n)]"},
    ),
    ("ok_negative_tail", "clean", {"keep": "0.5", "idx": "[-1, -2, -3]"}),
    ("indices_from_full_corpus", "subset_index_range", {"keep": "0.5", "idx": "[0, 3, 7, 11]"}),
)

template("kfold_split_trainer", "(10, 3)")(
    """
from torch.utils.data import DataLoader, Subset, TensorDataset


class Net(nn.Module):
    def __init__(self, folds={folds}):
        super().__init__()
        self.folds = folds
        self.clf = nn.Sequential(nn.Linear(3, 6), nn.ReLU(), nn.Linear(6, 2))

    def forward(self, x):
        ds = TensorDataset(x)
        fold = len(ds) // self.folds
        scores = []
        for k in range(self.folds):
            val_idx = {val_idx}
            for (xb,) in DataLoader(Subset(ds, val_idx), batch_size=4):
                scores.append(self.clf(xb))
        return torch.cat(scores)
"""
)
add(
    "kfold_split_trainer",
    ("ok", "clean", {"folds": "5", "val_idx": "list(range(k * fold, (k + 1) * fold))"}),
    (
        "ok_three_folds_floor",
        "clean",
        {"folds": "3", "val_idx": "list(range(k * fold, (k + 1) * fold))"},
    ),
    (
        "fold_end_inclusive",
        "subset_index_range",
        {"folds": "5", "val_idx": "list(range(k * fold, (k + 1) * fold + 1))"},
    ),
    (
        "fold_one_based",
        "subset_index_range",
        {"folds": "2", "val_idx": "list(range(k * fold + 1, (k + 1) * fold + 1))"},
    ),
    (
        "ok_rest_in_last_fold",
        "clean",
        {
            "folds": "3",
            "val_idx": "list(range(k * fold, len(ds) if k == self.folds - 1 else (k + 1) * fold))",
        },
    ),
)

template("balanced_epoch_sampler", "(6, 4)")(
    """
from torch.utils.data import DataLoader, TensorDataset, WeightedRandomSampler


class Net(nn.Module):
    def __init__(self, epoch_factor={factor}, replace={replace}):
        super().__init__()
        self.epoch_factor = epoch_factor
        self.replace = replace
        self.net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))

    def forward(self, x):
        labels = torch.arange(len(x)) % 2
        counts = torch.bincount(labels)
        weights = 1.0 / counts[labels].float()
        sampler = WeightedRandomSampler(weights, int(len(x) * self.epoch_factor), replacement=self.replace)
        loader = DataLoader(TensorDataset(x), batch_size=3, sampler=sampler)
        return torch.cat([self.net(b) for (b,) in loader])
"""
)
add(
    "balanced_epoch_sampler",
    ("ok", "clean", {"factor": "2", "replace": "True"}),
    ("ok_no_replacement_one_epoch", "clean", {"factor": "1", "replace": "False"}),
    (
        "oversample_without_replacement_v2",
        "weighted_sampler_no_replacement",
        {"factor": "2", "replace": "False"},
    ),
    ("ok_half_epoch_no_replacement", "clean", {"factor": "0.5", "replace": "False"}),
    (
        "factor_1_5_without_replacement",
        "weighted_sampler_no_replacement",
        {"factor": "1.5", "replace": "False"},
    ),
)

template("hard_negative_miner", "(5, 6)")(
    """
from torch.utils.data import WeightedRandomSampler


class Net(nn.Module):
    def __init__(self, negatives={k}):
        super().__init__()
        self.k = negatives
        self.q = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 8))
        self.d = nn.Linear(6, 8)

    def forward(self, x):
        q, d = self.q(x), self.d(x)
        sim = q @ d.t()
        out = []
        for i in range(len(x)):
            w = sim[i].softmax(-1).clone()
            w[i] = 0
            idx = list(WeightedRandomSampler(w, {num}, replacement=False))
            out.append(sim[i, idx].logsumexp(-1))
        return torch.stack(out)
"""
)
add(
    "hard_negative_miner",
    ("ok", "clean", {"k": "3", "num": "self.k"}),
    ("ok_all_but_self", "clean", {"k": "4", "num": "min(self.k, len(x) - 1)"}),
    ("more_negatives_than_batch", "weighted_sampler_no_replacement", {"k": "8", "num": "self.k"}),
    (
        "negatives_plus_positives",
        "weighted_sampler_no_replacement",
        {"k": "3", "num": "self.k + 3"},
    ),
    ("ok_clamped_to_candidates", "clean", {"k": "8", "num": "min(self.k, len(x))"}),
    ("k_doubled_for_pairs", "weighted_sampler_no_replacement", {"k": "3", "num": "2 * self.k"}),
)

# ---------------------------------------------------------------- CTC heads (new: blank out of range)
template("ctc_asr_head", "(2, 12, 16)")(
    """
VOCAB = list("abcdefg")


class Net(nn.Module):
    def __init__(self, blank={blank}):
        super().__init__()
        self.enc = nn.GRU(16, 24, batch_first=True)
        self.out = nn.Linear(24, {n_out})
        self.ctc = nn.CTCLoss(blank=blank, zero_infinity=True)

    def forward(self, x):
        h, _ = self.enc(x)
        logp = self.out(h).log_softmax(-1).transpose(0, 1)
        targets = torch.tensor([[1, 2, 3], [2, 3, 4]])
        t_len = torch.full((x.shape[0],), x.shape[1], dtype=torch.long)
        y_len = torch.tensor([3, 2])
        return self.ctc(logp, targets, t_len, y_len)
"""
)
add(
    "ctc_asr_head",
    ("ok", "clean", {"blank": "0", "n_out": "len(VOCAB) + 1"}),
    ("ok_blank_last", "clean", {"blank": "len(VOCAB)", "n_out": "len(VOCAB) + 1"}),
    (
        "blank_after_vocab_no_slot",
        "ctc_blank_range",
        {"blank": "len(VOCAB)", "n_out": "len(VOCAB)"},
    ),
    (
        "blank_index_past_head",
        "ctc_blank_range",
        {"blank": "len(VOCAB) + 1", "n_out": "len(VOCAB) + 1"},
    ),
    ("ok_blank_minus_one_style_last", "clean", {"blank": "7", "n_out": "8"}),
)

template("conformer_ctc_trainer", "(2, 10, 8)")(
    """
from dataclasses import dataclass


@dataclass
class Tok:
    chars: str = "abcde"
    blank_id: int = {blank_id}


class Net(nn.Module):
    def __init__(self, tok=Tok()):
        super().__init__()
        self.tok = tok
        self.conv = nn.Sequential(nn.Conv1d(8, 16, 3, padding=1), nn.SiLU())
        self.proj = nn.Linear(16, len(tok.chars) + {extra})

    def forward(self, x):
        h = self.conv(x.transpose(1, 2)).transpose(1, 2)
        logp = F.log_softmax(self.proj(h), dim=-1).transpose(0, 1)
        tgt = torch.tensor([1, 2, 1, 3])
        return F.ctc_loss(
            logp, tgt, torch.tensor([10, 10]), torch.tensor([2, 2]), blank=self.tok.blank_id
        )
"""
)
add(
    "conformer_ctc_trainer",
    ("ok", "clean", {"blank_id": "0", "extra": "1"}),
    ("ok_blank_at_end", "clean", {"blank_id": "5", "extra": "1"}),
    ("blank_is_char_count", "ctc_blank_range", {"blank_id": "5", "extra": "0"}),
    ("blank_id_negative", "ctc_blank_range", {"blank_id": "-1", "extra": "1"}),
    ("ok_two_extra_blank_first", "clean", {"blank_id": "0", "extra": "2"}),
)

# ---------------------------------------------------------------- quantization stubs (new)
template("int8_weight_export", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(12, 6)
        self.fc2 = nn.Linear(6, 4)
        self.act = nn.ReLU()

    def quantize(self, lin):
        w = lin.weight.detach()
        scales = {scales}
        zps = torch.zeros(scales.numel(), dtype=torch.long)
        return torch.quantize_per_channel(w, scales, zps, axis={axis}, dtype={dtype})

    def forward(self, x):
        q1, q2 = self.quantize(self.fc1), self.quantize(self.fc2)
        h = self.act(F.linear(x, q1.dequantize(), self.fc1.bias))
        return F.linear(h, q2.dequantize(), self.fc2.bias)
"""
)
add(
    "int8_weight_export",
    (
        "ok",
        "clean",
        {
            "scales": "w.abs().amax(dim=1).clamp(min=1e-8) / 127",
            "axis": "0",
            "dtype": "torch.qint8",
        },
    ),
    (
        "ok_per_input_axis",
        "clean",
        {
            "scales": "w.abs().amax(dim=0).clamp(min=1e-8) / 127",
            "axis": "1",
            "dtype": "torch.qint8",
        },
    ),
    (
        "scales_over_inputs_axis0_late",
        "quantize_scales_len",
        {
            "scales": "w.abs().amax(dim=0).clamp(min=1e-8) / 127",
            "axis": "0",
            "dtype": "torch.qint8",
        },
    ),
    (
        "float16_target_early",
        "quantize_dtype_float",
        {
            "scales": "w.abs().amax(dim=1).clamp(min=1e-8) / 127",
            "axis": "0",
            "dtype": "torch.float16",
        },
    ),
    (
        "one_scale_per_tensor_axis0",
        "quantize_scales_len",
        {"scales": "w.abs().max().reshape(1) / 127", "axis": "0", "dtype": "torch.qint8"},
    ),
    (
        "ok_quint8",
        "clean",
        {
            "scales": "w.abs().amax(dim=1).clamp(min=1e-8) / 127",
            "axis": "0",
            "dtype": "torch.quint8",
        },
    ),
)

template("activation_fake_quant", "(4, 8)")(
    """
BITS = {bits}


class FakeQuant(nn.Module):
    def __init__(self, signed):
        super().__init__()
        self.signed = signed

    def forward(self, x):
        qmin, qmax = {qrange}
        scale = float(x.abs().max()) / max(qmax, 1) + 1e-8
        return torch.fake_quantize_per_tensor_affine(x, scale, {zp}, qmin, qmax)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(8, 16)
        self.q = FakeQuant(signed=True)
        self.l2 = nn.Linear(16, 4)

    def forward(self, x):
        return self.l2(self.q(torch.relu(self.l1(x))))
"""
)
_SIGNED = "(-(2 ** (BITS - 1)), 2 ** (BITS - 1) - 1) if self.signed else (0, 2**BITS - 1)"
add(
    "activation_fake_quant",
    ("ok", "clean", {"bits": "8", "qrange": _SIGNED, "zp": "0"}),
    ("ok_four_bit", "clean", {"bits": "4", "qrange": _SIGNED, "zp": "0"}),
    ("range_swapped", "fake_quant_min_max", {"bits": "8", "qrange": "(2**BITS - 1, 0)", "zp": "0"}),
    (
        "signed_range_written_max_first",
        "fake_quant_min_max",
        {"bits": "8", "qrange": "(0, -(2 ** (BITS - 1)))", "zp": "0"},
    ),
    (
        "unsigned_zero_point_signed_range",
        "quantize_zero_point_range",
        {"bits": "8", "qrange": _SIGNED, "zp": "2 ** (BITS - 1)"},
    ),
    (
        "ok_unsigned_mid_zp",
        "clean",
        {"bits": "8", "qrange": "(0, 2**BITS - 1)", "zp": "2 ** (BITS - 1)"},
    ),
)

template("observer_quant_cfg", "(2, 10)")(
    """
QCFG = {{"dtype": "{dtype}", "zero_point": {zp}, "eps": 1e-6}}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Linear(10, 10), nn.ReLU(), nn.Linear(10, 10))

    def observe(self, t):
        lo, hi = t.min().item(), t.max().item()
        return max(hi - lo, QCFG["eps"]) / 255

    def forward(self, x):
        h = self.stem(x)
        q = torch.quantize_per_tensor(h, self.observe(h), QCFG["zero_point"], getattr(torch, QCFG["dtype"]))
        return q.dequantize()
"""
)
add(
    "observer_quant_cfg",
    ("ok", "clean", {"dtype": "quint8", "zp": "128"}),
    ("ok_signed_centered", "clean", {"dtype": "qint8", "zp": "0"}),
    ("signed_with_unsigned_zp", "quantize_zero_point_range", {"dtype": "qint8", "zp": "128"}),
    ("dtype_name_float", "quantize_dtype_float", {"dtype": "float32", "zp": "0"}),
    ("dtype_name_bfloat16", "quantize_dtype_float", {"dtype": "bfloat16", "zp": "0"}),
    ("ok_qint32", "clean", {"dtype": "qint32", "zp": "0"}),
)

template("per_channel_qat_conv", "(2, 3, 8, 8)")(
    """
class QATConv(nn.Conv2d):
    def forward(self, x):
        w = self.weight
        scale = {scale}
        zp = torch.zeros(scale.numel(), dtype=torch.int32)
        wq = torch.fake_quantize_per_channel_affine(w, scale, zp, {axis}, {qmin}, {qmax})
        return F.conv2d(x, wq, self.bias, padding=1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = QATConv(3, 8, 3, padding=1)
        self.c2 = QATConv(8, 4, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        return self.pool(self.c2(torch.relu(self.c1(x)))).flatten(1)
"""
)
_OUT = "w.detach().abs().amax(dim=(1, 2, 3)).clamp(min=1e-6) / 127"
add(
    "per_channel_qat_conv",
    ("ok", "clean", {"scale": _OUT, "axis": "0", "qmin": "-128", "qmax": "127"}),
    (
        "ok_in_channel_axis",
        "clean",
        {
            "scale": "w.detach().abs().amax(dim=(0, 2, 3)).clamp(min=1e-6) / 127",
            "axis": "1",
            "qmin": "-128",
            "qmax": "127",
        },
    ),
    (
        "out_scales_on_in_axis",
        "quantize_scales_len",
        {"scale": _OUT, "axis": "1", "qmin": "-128", "qmax": "127"},
    ),
    (
        "qmin_qmax_reversed",
        "fake_quant_min_max",
        {"scale": _OUT, "axis": "0", "qmin": "127", "qmax": "-128"},
    ),
    ("ok_narrow_range", "clean", {"scale": _OUT, "axis": "0", "qmin": "-127", "qmax": "127"}),
)

template("quant_dequant_residual", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])

    def forward(self, x):
        h = x
        for blk in self.blocks:
            q = torch.quantize_per_tensor(torch.relu(blk(h)), 0.05, 64, torch.quint8)
            h = {combine}
        return h
"""
)
add(
    "quant_dequant_residual",
    ("ok", "clean", {"combine": "h + q.dequantize()"}),
    ("ok_dequant_then_scale", "clean", {"combine": "0.5 * (h + q.dequantize())"}),
    ("residual_on_quantized", "quantized_float_op", {"combine": "h + q"}),
    (
        "half_dtype_requantized",
        "quantize_dtype_float",
        {"combine": "h + torch.quantize_per_tensor(h, 0.05, 0, torch.half).dequantize()"},
    ),
    ("ok_int_repr_float", "clean", {"combine": "h + (q.int_repr().float() - 64) * 0.05"}),
    (
        "zero_point_out_of_range",
        "quantize_zero_point_range",
        {"combine": "h + torch.quantize_per_tensor(h, 0.05, 300, torch.quint8).dequantize()"},
    ),
)

# ---------------------------------------------------------------- sparse COO graphs (new: uncoalesced)
template("gcn_edge_list", "(5, 6)")(
    """
EDGES = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 1), (4, 0)]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin1 = nn.Linear(6, 8)
        self.lin2 = nn.Linear(8, 3)

    def adjacency(self, n):
        idx = torch.tensor(EDGES).t()
        adj = torch.sparse_coo_tensor(idx, torch.ones(idx.shape[1]), (n, n)){coalesce}
        deg = torch.zeros(n).index_add_(0, adj.{part}()[0] if "{part}" == "indices" else adj.indices()[0], adj.values())
        return adj, deg.clamp(min=1)

    def forward(self, x):
        adj, deg = self.adjacency(x.shape[0])
        h = torch.relu(torch.sparse.mm(adj, self.lin1(x)) / deg[:, None])
        return torch.sparse.mm(adj, self.lin2(h)) / deg[:, None]
"""
)
add(
    "gcn_edge_list",
    ("ok", "clean", {"coalesce": ".coalesce()", "part": "indices"}),
    ("ok_coalesced_values", "clean", {"coalesce": ".coalesce()", "part": "values"}),
    (
        "duplicate_edges_uncoalesced_b",
        "sparse_uncoalesced_values",
        {"coalesce": "", "part": "indices"},
    ),
    ("uncoalesced_values_first", "sparse_uncoalesced_values", {"coalesce": "", "part": "values"}),
    ("ok_mm_without_degree_from_values", "clean", {"coalesce": ".coalesce()", "part": "indices"}),
)

template("hashed_feature_bag", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self, buckets=32):
        super().__init__()
        self.buckets = buckets
        self.w = nn.Linear(buckets, 4)
        self.norm = nn.LayerNorm(4)

    def featurize(self, x):
        rows = torch.arange(x.shape[0]).repeat_interleave(x.shape[1])
        cols = (x.abs() * 1000).long().flatten() % self.buckets
        feats = torch.sparse_coo_tensor(torch.stack([rows, cols]), x.flatten().abs(), (x.shape[0], self.buckets))
        {use}

    def forward(self, x):
        return self.norm(self.w(self.featurize(x)))
"""
)
add(
    "hashed_feature_bag",
    ("ok", "clean", {"use": "return feats.to_dense()"}),
    (
        "ok_coalesce_then_log",
        "clean",
        {
            "use": "feats = feats.coalesce()\n        return torch.sparse_coo_tensor(feats.indices(), feats.values().log1p(), feats.shape).to_dense()"
        },
    ),
    (
        "log_values_uncoalesced",
        "sparse_uncoalesced_values",
        {
            "use": "return torch.sparse_coo_tensor(feats.indices(), feats.values().log1p(), feats.shape).to_dense()"
        },
    ),
    (
        "row_ids_from_indices",
        "sparse_uncoalesced_values",
        {
            "use": "counts = torch.bincount(feats.indices()[0], minlength=feats.shape[0])\n        return feats.to_dense() / counts[:, None]"
        },
    ),
    (
        "dense_view_of_sparse",
        "sparse_dense_only_op",
        {"use": "return feats.view(feats.shape[0], -1).to_dense()"},
    ),
)

template("sparse_attention_mask", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self, window=2):
        super().__init__()
        self.window = window
        self.qkv = nn.Linear(8, 24)
        self.out = nn.Linear(8, 8)

    def band(self, n):
        i = torch.arange(n)
        keep = (i[:, None] - i[None, :]).abs() <= self.window
        return keep.float().to_sparse()

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        m = self.band(x.shape[1])
        mask = {mask}
        att = (q @ k.transpose(1, 2)).masked_fill(~mask, float("-inf")).softmax(-1)
        return self.out(att @ v)
"""
)
add(
    "sparse_attention_mask",
    ("ok", "clean", {"mask": "m.to_dense().bool()"}),
    ("ok_dense_unsqueezed", "clean", {"mask": "m.to_dense().unsqueeze(0).bool()"}),
    (
        "sparse_mask_reshaped",
        "sparse_dense_only_op",
        {"mask": "m.reshape(1, *m.shape).to_dense().bool()"},
    ),
    ("sparse_mask_sliced", "sparse_dense_only_op", {"mask": "m[: x.shape[1]].to_dense().bool()"}),
    (
        "sparse_mask_transposed_view",
        "sparse_dense_only_op",
        {"mask": "m.t().view(m.shape).to_dense().bool()"},
    ),
    (
        "ok_coalesced_indices_scatter",
        "clean",
        {
            "mask": "torch.zeros(m.shape, dtype=torch.bool).index_put_(tuple(m.coalesce().indices()), torch.tensor(True))"
        },
    ),
)

# ---------------------------------------------------------------- complex spectra to Python numbers (new)
template("spectral_gate_denoiser", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self, thresh=0.1):
        super().__init__()
        self.thresh = thresh
        self.refine = nn.Sequential(nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 64))

    def forward(self, x):
        spec = torch.fft.rfft(x, dim=-1)
        level = {level}
        if level > self.thresh:
            spec = spec * (spec.abs() > self.thresh)
        return self.refine(torch.fft.irfft(spec, n=x.shape[-1], dim=-1))
"""
)
add(
    "spectral_gate_denoiser",
    ("ok", "clean", {"level": "spec.abs().mean().item()"}),
    ("ok_real_part_mean", "clean", {"level": "float(spec.real.mean())"}),
    ("float_of_complex_mean_late", "complex_to_python_scalar", {"level": "float(spec.mean())"}),
    (
        "item_of_complex_compared",
        "complex_to_python_scalar",
        {"level": "spec[:, 1:].mean().item()"},
    ),
    ("max_of_complex_spectrum", "complex_order_op", {"level": "spec.max()"}),
    ("ok_abs_of_item", "clean", {"level": "abs(spec.mean().item())"}),
)

template("phase_vocoder_stats", "(2, 3, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = nn.Conv1d(3, 3, 1)
        self.post = nn.Sequential(nn.Linear(32, 32), nn.GELU())

    def forward(self, x):
        z = torch.fft.fft(self.mix(x), dim=-1)
        stats = []
        for ch in range(z.shape[1]):
            energy = {energy}
            stats.append(energy)
        scale = torch.tensor(stats).view(1, -1, 1)
        return self.post(torch.fft.ifft(z / (scale + 1), dim=-1).real)
"""
)
add(
    "phase_vocoder_stats",
    ("ok", "clean", {"energy": "float(z[:, ch].abs().pow(2).mean())"}),
    ("ok_complex_item_abs", "clean", {"energy": "abs(z[:, ch].mean().item())"}),
    (
        "float_of_complex_energy",
        "complex_to_python_scalar",
        {"energy": "float(z[:, ch, 1:4].pow(2).mean())"},
    ),
    ("int_of_complex_peak", "complex_to_python_scalar", {"energy": "int(z[:, ch, 1].sum())"}),
    ("ok_real_of_item", "clean", {"energy": "z[:, ch].mean().item().real"}),
)

# ---------------------------------------------------------------- nested (ragged) batches (new)
template("ragged_token_encoder", "(3, 7, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(8, 8), nn.ReLU())
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        lengths = [7, 4, 1]
        seqs = [{seq} for i, n in enumerate(lengths)]
        nt = torch.nested.nested_tensor(seqs)
        {pool}
"""
)
add(
    "ragged_token_encoder",
    (
        "ok",
        "clean",
        {
            "seq": "self.proj(x[i, :n])",
            "pool": "padded = torch.nested.to_padded_tensor(nt, 0.0)\n        return self.head(padded.sum(1))",
        },
    ),
    (
        "ok_unbind_mean",
        "clean",
        {
            "seq": "self.proj(x[i, :n])",
            "pool": "return self.head(torch.stack([t.mean(0) for t in nt.unbind()]))",
        },
    ),
    (
        "squeezed_single_token_late",
        "nested_tensor_rank_mismatch",
        {
            "seq": "self.proj(x[i, :n]).squeeze(0)",
            "pool": "return self.head(torch.stack([t.mean(0) for t in nt.unbind()]))",
        },
    ),
    (
        "single_token_pooled_early",
        "nested_tensor_rank_mismatch",
        {
            "seq": "self.proj(x[i, :n]).mean(0) if n == 1 else self.proj(x[i, :n])",
            "pool": "return self.head(torch.stack([t.mean(0) for t in nt.unbind()]))",
        },
    ),
    (
        "ragged_dim_size",
        "nested_ragged_size",
        {
            "seq": "self.proj(x[i, :n])",
            "pool": "max_len = nt.size(1)\n        return self.head(torch.nested.to_padded_tensor(nt, 0.0, (len(lengths), max_len, 8)).sum(1))",
        },
    ),
    (
        "ok_size_of_batch_dim",
        "clean",
        {
            "seq": "self.proj(x[i, :n])",
            "pool": "b = nt.size(0)\n        return self.head(torch.nested.to_padded_tensor(nt, 0.0).sum(1)).view(b, 2)",
        },
    ),
)

template("packed_document_pool", "(2, 12, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(6, 6), nn.Tanh(), nn.Linear(6, 6))

    def split_docs(self, row, bounds):
        return [{doc} for s, e in zip(bounds[:-1], bounds[1:])]

    def forward(self, x):
        out = []
        for row in x:
            docs = torch.nested.nested_tensor(self.split_docs(self.enc(row), [0, 5, 6, 12]))
            {pool}
        return torch.stack(out)
"""
)
add(
    "packed_document_pool",
    (
        "ok",
        "clean",
        {
            "doc": "row[s:e]",
            "pool": "out.append(torch.nested.to_padded_tensor(docs, 0.0).amax(1).mean(0))",
        },
    ),
    (
        "ok_unbind_lengths",
        "clean",
        {
            "doc": "row[s:e]",
            "pool": "out.append(torch.stack([d.sum(0) / d.shape[0] for d in docs.unbind()]).mean(0))",
        },
    ),
    (
        "single_token_doc_squeezed",
        "nested_tensor_rank_mismatch",
        {
            "doc": "row[s:e].squeeze(0) if e - s == 1 else row[s:e]",
            "pool": "out.append(torch.nested.to_padded_tensor(docs, 0.0).amax(1).mean(0))",
        },
    ),
    (
        "doc_length_from_shape",
        "nested_ragged_size",
        {
            "doc": "row[s:e]",
            "pool": "out.append(torch.nested.to_padded_tensor(docs, 0.0).sum(1).mean(0) / docs.shape[1])",
        },
    ),
    (
        "doc_len_size_minus_two",
        "nested_ragged_size",
        {
            "doc": "row[s:e]",
            "pool": "out.append(torch.nested.to_padded_tensor(docs, 0.0).sum(1).mean(0) / docs.size(-2))",
        },
    ),
)

# ---------------------------------------------------------------- torch.func gradients (new)
template("per_sample_grad_norms", "(4, 6)")(
    """
from torch.func import functional_call, grad, vmap


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 1))

    def forward(self, x):
        params = {{k: v.detach() for k, v in self.model.named_parameters()}}

        def loss_fn(p, xi):
            out = functional_call(self.model, p, (xi[None],))
            {ret}

        g = vmap(grad(loss_fn, {gkw}), in_dims=(None, 0))(params, x)
        {use}
"""
)
_USE_DICT = "return torch.stack([v.flatten(1).norm(dim=1) for v in g.values()], 1)"
add(
    "per_sample_grad_norms",
    ("ok", "clean", {"ret": "return out.pow(2).sum()", "gkw": "argnums=0", "use": _USE_DICT}),
    (
        "ok_aux_pair",
        "clean",
        {
            "ret": "return out.pow(2).sum(), out.detach()",
            "gkw": "has_aux=True",
            "use": "return torch.stack([v.flatten(1).norm(dim=1) for v in g[0].values()], 1)",
        },
    ),
    (
        "argnums_counts_from_one_again",
        "func_argnums_range",
        {"ret": "return out.pow(2).sum()", "gkw": "argnums=2", "use": _USE_DICT},
    ),
    (
        "argnums_params_input_and_target",
        "func_argnums_range",
        {"ret": "return out.pow(2).sum()", "gkw": "argnums=(0, 1, 2)", "use": _USE_DICT},
    ),
    (
        "aux_flag_without_aux",
        "func_has_aux_form",
        {
            "ret": "return out.pow(2).sum()",
            "gkw": "has_aux=True",
            "use": "return torch.stack([v.flatten(1).norm(dim=1) for v in g[0].values()], 1)",
        },
    ),
    (
        "ok_grad_wrt_input",
        "clean",
        {"ret": "return out.pow(2).sum()", "gkw": "argnums=1", "use": "return g.norm(dim=1)"},
    ),
)

template("maml_inner_loop", "(5, 4)")(
    """
from torch.func import functional_call, grad


class Net(nn.Module):
    def __init__(self, inner_lr=0.1, steps=2):
        super().__init__()
        self.learner = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
        self.inner_lr, self.steps = inner_lr, steps

    def forward(self, x):
        y = x.sum(-1, keepdim=True)
        fast = dict(self.learner.named_parameters())

        def inner(p, xb, yb):
            pred = functional_call(self.learner, p, (xb,))
            loss = F.mse_loss(pred, yb)
            {ret}

        for _ in range(self.steps):
            g = grad(inner, {gkw})(fast, x, y)
            {step}
        return functional_call(self.learner, fast, (x,))
"""
)
_STEP = "fast = {k: v - self.inner_lr * g[k] for k, v in fast.items()}"
_STEP_AUX = "g, _ = g\n            fast = {k: v - self.inner_lr * g[k] for k, v in fast.items()}"
add(
    "maml_inner_loop",
    ("ok", "clean", {"ret": "return loss", "gkw": "argnums=0", "step": _STEP}),
    (
        "ok_aux_prediction",
        "clean",
        {"ret": "return loss, pred", "gkw": "has_aux=True", "step": _STEP_AUX},
    ),
    (
        "aux_returned_as_dict",
        "func_has_aux_form",
        {"ret": 'return {"loss": loss, "pred": pred}', "gkw": "has_aux=True", "step": _STEP_AUX},
    ),
    (
        "argnums_tuple_past_inputs",
        "func_argnums_range",
        {"ret": "return loss", "gkw": "argnums=(0, 3)", "step": "g = g[0]\n            " + _STEP},
    ),
    (
        "aux_flag_loss_only",
        "func_has_aux_form",
        {"ret": "return loss", "gkw": "has_aux=True", "step": _STEP_AUX},
    ),
)

# ---------------------------------------------------------------- custom autograd Functions (new)
template("grad_reverse_vmap", "(3, 4, 6)")(
    """
class GradReverse(torch.autograd.Function):
{fn}

    @staticmethod
    def backward(ctx, g):
        return -ctx.lam * g, None


class Net(nn.Module):
    def __init__(self, lam=0.5):
        super().__init__()
        self.lam = lam
        self.feat = nn.Sequential(nn.Linear(6, 8), nn.ReLU())
        self.domain = nn.Linear(8, 2)

    def forward(self, x):
        rev = lambda h: GradReverse.apply(h, self.lam)  # noqa: E731
        h = self.feat(x)
        {call}
        return self.domain(r)
"""
)
_OLD = """    @staticmethod
    def forward(ctx, x, lam):
        ctx.lam = lam
        return x.view_as(x)"""
_NEW = """    generate_vmap_rule = True

    @staticmethod
    def forward(x, lam):
        return x.view_as(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.lam = inputs[1]"""
_NEW_CTX = """    generate_vmap_rule = True

    @staticmethod
    def forward(ctx, x, lam):
        return x.view_as(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.lam = inputs[1]"""
add(
    "grad_reverse_vmap",
    ("ok", "clean", {"fn": _OLD, "call": "r = rev(h)"}),
    ("ok_vmap_with_setup_context", "clean", {"fn": _NEW, "call": "r = torch.vmap(rev)(h)"}),
    (
        "vmap_over_ctx_forward",
        "autograd_function_no_vmap_support",
        {"fn": _OLD, "call": "r = torch.vmap(rev)(h)"},
    ),
    (
        "setup_context_forward_keeps_ctx_v3",
        "autograd_function_setup_context_ctx_arg",
        {"fn": _NEW_CTX, "call": "r = rev(h)"},
    ),
    (
        "ok_loop_instead_of_vmap",
        "clean",
        {"fn": _OLD, "call": "r = torch.stack([rev(hi) for hi in h])"},
    ),
)

template("straight_through_round", "(4, 8)")(
    """
class RoundSTE(torch.autograd.Function):
{fn}

    @staticmethod
    def backward(ctx, g):
        return g


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 8), nn.Sigmoid())
        self.dec = nn.Linear(8, 8)

    def forward(self, x):
        h = self.enc(x) * 15
        {call}
        return self.dec(q / 15)
"""
)
_STE_OLD = """    @staticmethod
    def forward(ctx, x):
        return torch.round(x)"""
_STE_NEW = """    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return torch.round(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass"""
_STE_CTX = """    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass"""
add(
    "straight_through_round",
    ("ok", "clean", {"fn": _STE_OLD, "call": "q = RoundSTE.apply(h)"}),
    ("ok_new_style", "clean", {"fn": _STE_NEW, "call": "q = RoundSTE.apply(h)"}),
    (
        "new_style_forward_with_ctx",
        "autograd_function_setup_context_ctx_arg",
        {"fn": _STE_CTX, "call": "q = RoundSTE.apply(h)"},
    ),
    (
        "old_style_under_vmap",
        "autograd_function_no_vmap_support",
        {"fn": _STE_OLD, "call": "q = torch.vmap(RoundSTE.apply)(h)"},
    ),
    ("ok_new_style_vmap", "clean", {"fn": _STE_NEW, "call": "q = torch.vmap(RoundSTE.apply)(h)"}),
)

template("jacobian_of_custom_act", "(3, 5)")(
    """
class SoftClip(torch.autograd.Function):
{fn}

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return g * (1 - y * y)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(5, 5)
        self.out = nn.Sequential(nn.Linear(5, 3), nn.ReLU())

    def forward(self, x):
        f = lambda v: SoftClip.apply(self.lin(v))  # noqa: E731
        {jac}
        return self.out(torch.einsum("bij,bj->bi", J, x))
"""
)
_SC_OLD = """    @staticmethod
    def forward(ctx, x):
        y = torch.tanh(x)
        ctx.save_for_backward(y)
        return y"""
_SC_NEW = """    @staticmethod
    def forward(x):
        return torch.tanh(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(output)"""
_J_LOOP = "with torch.enable_grad():\n            J = torch.stack([torch.autograd.functional.jacobian(f, xi) for xi in x])"
add(
    "jacobian_of_custom_act",
    ("ok", "clean", {"fn": _SC_OLD, "jac": _J_LOOP}),
    # written clean; torch raises (setup_context alone is not a vmap rule): relabelled by torch
    (
        "ok_jacrev_with_setup_context",
        "autograd_function_no_vmap_support",
        {"fn": _SC_NEW, "jac": "J = torch.vmap(torch.func.jacrev(f))(x)"},
    ),
    (
        "ok_jacrev_generated_vmap_rule",
        "clean",
        {
            "fn": "    generate_vmap_rule = True\n\n" + _SC_NEW,
            "jac": "J = torch.vmap(torch.func.jacrev(f))(x)",
        },
    ),
    (
        "jacrev_over_ctx_forward",
        "autograd_function_no_vmap_support",
        {"fn": _SC_OLD, "jac": "J = torch.vmap(torch.func.jacrev(f))(x)"},
    ),
    (
        "ok_jacrev_loop_setup_context",
        "clean",
        {"fn": _SC_NEW, "jac": "J = torch.stack([torch.func.jacrev(f)(xi) for xi in x])"},
    ),
)

# ---------------------------------------------------------------- forward-mode AD (new)
template("jvp_sensitivity_probe", "(3, 6)")(
    """
import torch.autograd.forward_ad as fwAD


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 2))

    def forward(self, x):
        tangent = {tangent}
        {body}
        return torch.cat([y, jvp], -1)
"""
)
_IN_LEVEL = "with fwAD.dual_level():\n            y, jvp = fwAD.unpack_dual(self.f(fwAD.make_dual(x, tangent)))"
add(
    "jvp_sensitivity_probe",
    ("ok", "clean", {"tangent": "torch.ones_like(x)", "body": _IN_LEVEL}),
    ("ok_broadcast_free_expand", "clean", {"tangent": "x[:1].expand_as(x)", "body": _IN_LEVEL}),
    (
        "dual_made_before_level",
        "forward_ad_no_level",
        {
            "tangent": "torch.ones_like(x)",
            "body": "dual = fwAD.make_dual(x, tangent)\n        with fwAD.dual_level():\n            y, jvp = fwAD.unpack_dual(self.f(dual))",
        },
    ),
    ("tangent_one_row_v3", "dual_tangent_shape", {"tangent": "x[0]", "body": _IN_LEVEL}),
    (
        "tangent_per_feature_column",
        "dual_tangent_shape",
        {"tangent": "torch.ones(x.shape[1], 1)", "body": _IN_LEVEL},
    ),
)

template("directional_curvature", "(2, 4)")(
    """
import torch.autograd.forward_ad as fwAD


class Net(nn.Module):
    def __init__(self, eps=1e-3):
        super().__init__()
        self.eps = eps
        self.energy = nn.Sequential(nn.Linear(4, 8), nn.Softplus(), nn.Linear(8, 1))

    def directional(self, x, v):
        {dd}

    def forward(self, x):
        v = {v}
        return self.directional(x, v)
"""
)
_DD = "with fwAD.dual_level():\n            out = self.energy(fwAD.make_dual(x, v))\n            return fwAD.unpack_dual(out).tangent"
add(
    "directional_curvature",
    ("ok", "clean", {"dd": _DD, "v": "F.normalize(torch.randn_like(x), dim=-1)"}),
    (
        "ok_unit_axis",
        "clean",
        {"dd": _DD, "v": "torch.eye(x.shape[1])[0].expand_as(x).contiguous()"},
    ),
    (
        "dual_outside_level",
        "forward_ad_no_level",
        {
            "dd": "d = fwAD.make_dual(x, v)\n        return fwAD.unpack_dual(self.energy(d)).tangent",
            "v": "torch.randn_like(x)",
        },
    ),
    ("direction_without_batch", "dual_tangent_shape", {"dd": _DD, "v": "torch.eye(x.shape[1])[0]"}),
    (
        "level_entered_after_dual",
        "forward_ad_no_level",
        {
            "dd": "d = fwAD.make_dual(x, v)\n        with fwAD.dual_level():\n            return fwAD.unpack_dual(self.energy(d)).tangent",
            "v": "torch.randn_like(x)",
        },
    ),
)

# ---------------------------------------------------------------- backward hooks next to in-place ops (new)
template("grad_monitor_hooks", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(8, 16), nn.ReLU(inplace={inplace}), nn.Linear(16, 16), nn.ReLU(inplace={inplace}), nn.Linear(16, 2)
        )
        self.norms = {{}}
        for name, m in self.layers.named_children():
            if isinstance(m, nn.Linear):
                m.{register}(self._log(name))

    def _log(self, name):
        def hook(module, *grads):
            g = grads[-1][0]
            if g is not None:
                self.norms[name] = float(g.norm())
        return hook

    def forward(self, x):
        with torch.enable_grad():
            out = self.layers(x)
            out.pow(2).mean().backward()
        return out.detach()
"""
)
add(
    "grad_monitor_hooks",
    ("ok", "clean", {"inplace": "False", "register": "register_full_backward_hook"}),
    ("ok_inplace_with_pre_hook", "clean", {"inplace": "True", "register": "register_forward_hook"}),
    (
        "full_hook_before_inplace_relu_cfg",
        "backward_hook_inplace_output",
        {"inplace": "True", "register": "register_full_backward_hook"},
    ),
    # written clean; torch raises (a full backward pre hook wraps the output the same way): relabelled by torch
    (
        "ok_backward_pre_hook_inplace",
        "backward_hook_inplace_output",
        {"inplace": "True", "register": "register_full_backward_pre_hook"},
    ),
    (
        "ok_pre_hook_out_of_place",
        "clean",
        {"inplace": "False", "register": "register_full_backward_pre_hook"},
    ),
)

template("residual_block_grad_hook", "(3, 12)")(
    """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        return self.norm(self.fc(x))


class Net(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList([Block(12) for _ in range(depth)])
        self.seen = []
        for b in self.blocks:
            b.register_full_backward_hook(lambda m, gi, go: self.seen.append(go[0].shape))

    def forward(self, x):
        with torch.enable_grad():
            h = x.clone().requires_grad_()
            for b in self.blocks:
                {step}
            h.sum().backward()
        return h.detach()
"""
)
add(
    "residual_block_grad_hook",
    ("ok", "clean", {"step": "h = h + b(h)"}),
    ("ok_out_of_place_relu", "clean", {"step": "h = h + F.relu(b(h))"}),
    (
        "residual_added_in_place",
        "backward_hook_inplace_output",
        {"step": "y = b(h)\n                y += h\n                h = y"},
    ),
    (
        "relu_inplace_after_block",
        "backward_hook_inplace_output",
        {"step": "h = h + F.relu(b(h), inplace=True)"},
    ),
    (
        "ok_clone_then_inplace",
        "clean",
        {"step": "y = b(h).clone()\n                y += h\n                h = y"},
    ),
)

# ---------------------------------------------------------------- compile-free export helpers (new)
template("fx_quant_prep", "(2, 10)")(
    """
import torch.fx


class Body(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(10, 10)
        self.b = nn.Linear(10, 4)

    def forward(self, x):
        h = torch.relu(self.a(x))
        {branch}
        return self.b(h)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = Body()
        self.graph_module = None

    def forward(self, x):
        if self.graph_module is None:
            self.graph_module = torch.fx.symbolic_trace(self.body)
        return self.graph_module(x)
"""
)
add(
    "fx_quant_prep",
    ("ok", "clean", {"branch": "h = h * 0.5"}),
    (
        "ok_branch_on_training_flag",
        "clean",
        {"branch": "if self.training:\n            h = F.dropout(h, 0.1)"},
    ),
    (
        "branch_on_activation_mean_b",
        "fx_trace_control_flow",
        {"branch": "if h.mean() > 0:\n            h = h - h.mean()"},
    ),
    (
        "branch_on_batch_size",
        "fx_trace_control_flow",
        {"branch": "if x.shape[0] > 1:\n            h = h - h.mean(0)"},
    ),
    ("ok_torch_where", "clean", {"branch": "h = torch.where(h.mean() > 0, h - h.mean(), h)"}),
)

template("fx_graph_rewriter", "(3, 6)")(
    """
from torch.fx import symbolic_trace


class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(6, 6) for _ in range(3)])

    def forward(self, x):
        {loop}
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.tower = Tower()

    def forward(self, x):
        gm = symbolic_trace(self.tower)
        for node in gm.graph.nodes:
            if node.op == "call_function" and node.target is torch.relu:
                node.target = torch.tanh
        gm.recompile()
        return gm(x)
"""
)
add(
    "fx_graph_rewriter",
    ("ok", "clean", {"loop": "for layer in self.layers:\n            x = torch.relu(layer(x))"}),
    (
        "ok_enumerate_layers",
        "clean",
        {
            "loop": "for i, layer in enumerate(self.layers):\n            x = torch.relu(layer(x)) if i < 2 else layer(x)"
        },
    ),
    (
        "early_exit_on_norm",
        "fx_trace_control_flow",
        {
            "loop": "for layer in self.layers:\n            x = torch.relu(layer(x))\n            if x.norm() < 1e-3:\n                break"
        },
    ),
    (
        "steps_from_input_rows",
        "fx_trace_control_flow",
        {"loop": "for i in range(x.size(0)):\n            x = torch.relu(self.layers[i % 3](x))"},
    ),
)

template("torchscript_trace_export", "(2, 8)")(
    """
class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Linear(8, 3)
        self.box = nn.Linear(8, 4)

    def forward(self, x):
        {ret}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 8), nn.ReLU())
        self.head = Head()
        self.traced = None

    def forward(self, x):
        h = self.backbone(x)
        if self.traced is None:
            self.traced = torch.jit.trace(self.head, h{strict})
        out = self.traced(h)
        return out["cls"] if isinstance(out, dict) else out[0]
"""
)
add(
    "torchscript_trace_export",
    ("ok", "clean", {"ret": "return self.cls(x), self.box(x)", "strict": ""}),
    (
        "ok_dict_non_strict",
        "clean",
        {"ret": 'return {"cls": self.cls(x), "box": self.box(x)}', "strict": ", strict=False"},
    ),
    (
        "dict_output_strict",
        "jit_trace_output_form",
        {"ret": 'return {"cls": self.cls(x), "box": self.box(x)}', "strict": ""},
    ),
    (
        "ok_list_non_strict",
        "clean",
        {"ret": "return [self.cls(x), self.box(x)]", "strict": ", strict=False"},
    ),
    (
        "dict_output_check_trace_only",
        "jit_trace_output_form",
        {"ret": 'return {"cls": self.cls(x), "box": self.box(x)}', "strict": ", check_trace=False"},
    ),
)

template("trace_side_effect_logger", "(3, 5)")(
    """
class Logger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(5, 5)
        self.stats = []

    def forward(self, x):
        self.stats.append(self.proj(x).mean())
        {ret}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.logger = Logger()
        self.head = nn.Sequential(nn.Linear(5, 2), nn.Softmax(-1))

    def forward(self, x):
        traced = torch.jit.trace(self.logger, (x,))
        out = traced(x)
        return self.head(x if out is None else out)
"""
)
add(
    "trace_side_effect_logger",
    ("ok", "clean", {"ret": "return self.proj(x)"}),
    ("ok_returns_input", "clean", {"ret": "return x * 1.0"}),
    ("returns_nothing", "jit_trace_output_form", {"ret": "return None"}),
    ("returns_nothing_implicit", "jit_trace_output_form", {"ret": "pass"}),
)

template("export_program_helper", "(2, 6)")(
    """
class Core(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 2))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.core = Core()
        self.program = None

    def forward(self, x):
        if self.program is None:
            self.program = torch.export.export(self.core, {args})
        return self.program.module()(x)
"""
)
add(
    "export_program_helper",
    ("ok", "clean", {"args": "(x,)"}),
    ("ok_tuple_call", "clean", {"args": "tuple([x])"}),
    ("tensor_not_tuple_late", "export_args_not_tuple", {"args": "x"}),
    ("list_of_inputs", "export_args_not_tuple", {"args": "[x]"}),
)

template("onnx_free_export_bundle", "(2, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(4, 8), nn.GELU())
        self.dec = nn.Linear(8, 4)
        self.exported = {{}}

    def export_part(self, name, mod, example):
        self.exported[name] = torch.export.export(mod, {example})
        return self.exported[name].module()

    def forward(self, x):
        enc = self.export_part("enc", self.enc, x)
        h = enc(x)
        dec = self.export_part("dec", self.dec, h)
        return dec(h)
"""
)
add(
    "onnx_free_export_bundle",
    ("ok", "clean", {"example": "(example,)"}),
    ("example_passed_bare", "export_args_not_tuple", {"example": "example"}),
    ("ok_detached_tuple", "clean", {"example": "(example.detach(),)"}),
)

# ---------------------------------------------------------------- checkpoints: pickling and map_location (new)
template("ckpt_with_run_config", "(3, 6)")(
    """
import io


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 12), nn.GELU(), nn.Linear(12, 6))
        self.act_fn = {act}
        self.buf = io.BytesIO()

    def forward(self, x):
        y = self.net(x)
        torch.save({{"model": self.net.state_dict(), "act": {saved}, "step": 1}}, self.buf)
        self.buf.seek(0)
        state = torch.load(self.buf, weights_only=False)
        self.net.load_state_dict(state["model"])
        return y
"""
)
add(
    "ckpt_with_run_config",
    ("ok", "clean", {"act": "F.gelu", "saved": '"gelu"'}),
    ("ok_builtin_function_pickled", "clean", {"act": "F.gelu", "saved": "self.act_fn"}),
    (
        "lambda_in_checkpoint_v2",
        "save_unpicklable_object",
        {"act": "lambda t: t * torch.sigmoid(t)", "saved": "self.act_fn"},
    ),
    (
        "generator_in_checkpoint",
        "save_unpicklable_object",
        {"act": "F.gelu", "saved": "(p for p in self.parameters())"},
    ),
    (
        "inline_lambda_in_checkpoint",
        "save_unpicklable_object",
        {"act": "F.gelu", "saved": "lambda t: F.gelu(t) * 1.702"},
    ),
    (
        "ok_partial_of_module_fn",
        "clean",
        {
            "act": "F.gelu",
            "saved": '__import__("functools").partial(F.leaky_relu, negative_slope=0.1)',
        },
    ),
)

template("trainer_state_snapshot", "(4, 5)")(
    """
import io


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(5, 5), nn.ReLU(), nn.Linear(5, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.01)
        self.sched = torch.optim.lr_scheduler.LambdaLR(self.opt, {lam})

    def snapshot(self):
        buf = io.BytesIO()
        torch.save({{"model": self.model.state_dict(), "opt": self.opt.state_dict(), "sched": {sched}}}, buf)
        return buf.getvalue()

    def forward(self, x):
        blob = self.snapshot()
        return self.model(x) + 0 * len(blob)
"""
)
add(
    "trainer_state_snapshot",
    ("ok", "clean", {"lam": "lambda s: 0.9**s", "sched": "self.sched.state_dict()"}),
    (
        "ok_multiplicative_state",
        "clean",
        {"lam": "lambda s: 1.0 / (1 + s)", "sched": "self.sched.state_dict()"},
    ),
    (
        "scheduler_object_saved",
        "save_unpicklable_object",
        {"lam": "lambda s: 0.9**s", "sched": "self.sched"},
    ),
    (
        "lr_lambda_saved",
        "save_unpicklable_object",
        {"lam": "lambda s: 0.9**s", "sched": "self.sched.lr_lambdas"},
    ),
)

template("resume_on_device", "(2, 8)")(
    """
import io


class Net(nn.Module):
    def __init__(self, device_name={dev}):
        super().__init__()
        self.device_name = device_name
        self.enc = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))
        self.blob = io.BytesIO()
        torch.save(self.enc.state_dict(), self.blob)

    def forward(self, x):
        self.blob.seek(0)
        state = torch.load(self.blob, map_location={loc}, weights_only=True)
        self.enc.load_state_dict(state)
        return self.enc(x)
"""
)
add(
    "resume_on_device",
    ("ok", "clean", {"dev": '"cpu"', "loc": "self.device_name"}),
    (
        "ok_cuda_if_available",
        "clean",
        {"dev": '"cuda"', "loc": '"cuda" if torch.cuda.is_available() else "cpu"'},
    ),
    (
        "cuda_hardcoded_map_late",
        "load_map_location_device",
        {"dev": '"cuda"', "loc": "self.device_name"},
    ),
    ("ok_storage_lambda", "clean", {"dev": '"cuda"', "loc": "lambda storage, loc: storage"}),
    ("gpu_alias_map", "load_map_location_device", {"dev": '"gpu"', "loc": "self.device_name"}),
)

template("ddp_rank_checkpoint", "(3, 4)")(
    """
import io
import os


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.local_rank = int(os.environ.get("LOCAL_RANK", "0"))
        self.model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 2))
        self.buf = io.BytesIO()

    def forward(self, x):
        torch.save(self.model.state_dict(), self.buf)
        self.buf.seek(0)
        state = torch.load(self.buf, map_location={loc})
        self.model.load_state_dict(state)
        return self.model(x)
"""
)
add(
    "ddp_rank_checkpoint",
    ("ok", "clean", {"loc": '"cpu"'}),
    ("ok_device_object", "clean", {"loc": 'torch.device("cpu")'}),
    ("map_to_local_rank_gpu", "load_map_location_device", {"loc": 'f"cuda:{self.local_rank}"'}),
    ("map_dict_cpu_to_cuda", "load_map_location_device", {"loc": '{"cpu": "cuda:0"}'}),
    ("ok_map_dict_identity", "clean", {"loc": '{"cpu": "cpu"}'}),
)

# ---------------------------------------------------------------- option names of distance / quantile / norm ops (new)
template("knn_retrieval_head", "(6, 8)")(
    """
class Net(nn.Module):
    def __init__(self, k=3, mode="{mode}"):
        super().__init__()
        self.k, self.mode = k, mode
        self.embed = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 8))
        self.register_buffer("bank", torch.randn(10, 8))

    def forward(self, x):
        q = self.embed(x)
        d = torch.cdist(q, self.embed(self.bank), compute_mode=self.mode)
        return d.topk(self.k, largest=False).values
"""
)
add(
    "knn_retrieval_head",
    ("ok", "clean", {"mode": "use_mm_for_euclid_dist_if_necessary"}),
    ("ok_never_mm", "clean", {"mode": "donot_use_mm_for_euclid_dist"}),
    ("mode_short_name_late", "cdist_compute_mode_name", {"mode": "use_mm"}),
    ("mode_bool_like", "cdist_compute_mode_name", {"mode": "True"}),
)

template("prototype_classifier", "(4, 6)")(
    """
CFG = {{"n_proto": 5, "p": {p}, "compute_mode": {mode}}}


class Net(nn.Module):
    def __init__(self, cfg=CFG):
        super().__init__()
        self.cfg = cfg
        self.feat = nn.Sequential(nn.Linear(6, 6), nn.LayerNorm(6))
        self.protos = nn.Parameter(torch.randn(cfg["n_proto"], 6))

    def forward(self, x):
        kw = {{"p": self.cfg["p"]}}
        if self.cfg["compute_mode"]:
            kw["compute_mode"] = self.cfg["compute_mode"]
        return -torch.cdist(self.feat(x), self.protos, **kw)
"""
)
add(
    "prototype_classifier",
    ("ok", "clean", {"p": "2.0", "mode": "None"}),
    ("ok_explicit_mm", "clean", {"p": "2.0", "mode": '"use_mm_for_euclid_dist"'}),
    ("mode_named_matmul", "cdist_compute_mode_name", {"p": "2.0", "mode": '"matmul"'}),
    ("p_negative", "cdist_p_negative", {"p": "-1.0", "mode": "None"}),
    ("ok_manhattan_with_mode", "clean", {"p": "1.0", "mode": '"donot_use_mm_for_euclid_dist"'}),
)

template("robust_quantile_scaler", "(8, 5)")(
    """
class Net(nn.Module):
    def __init__(self, q=({q_lo}, 0.75), how="{how}"):
        super().__init__()
        self.q, self.how = q, how
        self.mlp = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 5))

    def forward(self, x):
        qs = torch.quantile(x, torch.tensor(self.q), dim=0, interpolation=self.how)
        iqr = (qs[1] - qs[0]).clamp(min=1e-6)
        return self.mlp((x - x.median(0).values) / iqr)
"""
)
add(
    "robust_quantile_scaler",
    ("ok", "clean", {"q_lo": "0.25", "how": "linear"}),
    ("ok_midpoint", "clean", {"q_lo": "0.25", "how": "midpoint"}),
    ("interpolation_mean_early", "quantile_interpolation_name", {"q_lo": "0.25", "how": "mean"}),
    (
        "interpolation_numpy_name",
        "quantile_interpolation_name",
        {"q_lo": "0.25", "how": "inclusive"},
    ),
    ("q_as_percent", "quantile_q_range", {"q_lo": "25", "how": "linear"}),
)

template("outlier_clip_stats", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Sequential(nn.Linear(16, 16), nn.GELU())
        self.post = nn.Linear(16, 4)

    def forward(self, x):
        h = self.pre(x)
        h = h.masked_fill(h.abs() > 3, float("nan"))
        hi = torch.nanquantile(h, 0.99, dim=-1, keepdim=True, interpolation="{how}")
        lo = torch.nanquantile(h, 0.01, dim=-1, keepdim=True, interpolation="{how}")
        return self.post(torch.nan_to_num(h).clamp(lo, hi))
"""
)
add(
    "outlier_clip_stats",
    ("ok", "clean", {"how": "nearest"}),
    ("ok_higher", "clean", {"how": "higher"}),
    ("interpolation_median", "quantile_interpolation_name", {"how": "median"}),
    ("interpolation_capitalised", "quantile_interpolation_name", {"how": "Linear"}),
)

template("grad_norm_logger", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self, ord={ord}):
        super().__init__()
        self.ord = ord
        self.model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 1))
        self.history = []

    def forward(self, x):
        with torch.enable_grad():
            out = self.model(x)
            out.sum().backward()
        grads = [p.grad.flatten() for p in self.model.parameters()]
        total = torch.linalg.vector_norm(torch.cat(grads), ord=self.ord)
        self.history.append(total)
        return out.detach() / (1 + total)
"""
)
add(
    "grad_norm_logger",
    ("ok", "clean", {"ord": "2"}),
    ("ok_inf_float", "clean", {"ord": 'float("inf")'}),
    ("ord_fro_name", "vector_norm_ord_name", {"ord": '"fro"'}),
    ("ord_inf_string", "vector_norm_ord_name", {"ord": '"inf"'}),
    ("ok_l1", "clean", {"ord": "1"}),
)

template("embedding_norm_regulariser", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Sequential(nn.Linear(8, 8), nn.Tanh(), nn.Linear(8, 8))

    def forward(self, x):
        z = self.emb(x)
        reg = torch.linalg.vector_norm(z, ord={ord}, dim=-1).mean()
        return z / (1 + reg)
"""
)
add(
    "embedding_norm_regulariser",
    ("ok", "clean", {"ord": "2"}),
    ("ord_nuclear_name", "vector_norm_ord_name", {"ord": '"nuc"'}),
    ("ok_zero_norm_count", "clean", {"ord": "0"}),
    ("ord_l2_string", "vector_norm_ord_name", {"ord": '"l2"'}),
)

# ---------------------------------------------------------------- earlier classes in whole models built from configs
template("masked_lm_trainer", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, smoothing={smooth}):
        super().__init__()
        self.vocab = vocab
        self.emb = nn.Embedding(vocab, 16)
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, batch_first=True), 1)
        self.lm = nn.Linear(16, vocab)
        self.loss = nn.CrossEntropyLoss(label_smoothing=smoothing, ignore_index=-100)

    def forward(self, x):
        ids = (x.abs() * 10).long() % self.vocab
        pick = {pick}
        inputs = ids.masked_fill(pick, 0)
        logits = self.lm(self.enc(self.emb(inputs)))
        labels = ids.masked_fill(~pick.bool(), -100)
        return self.loss(logits.flatten(0, 1), labels.flatten())
"""
)
add(
    "masked_lm_trainer",
    ("ok", "clean", {"smooth": "0.1", "pick": "torch.arange(ids.shape[1]) % 3 == 0"}),
    (
        "ok_no_smoothing_ne",
        "clean",
        {"smooth": "0.0", "pick": "(torch.arange(ids.shape[1]) % 4).ne(1).logical_not()"},
    ),
    (
        "pick_as_float_mask",
        "mask_dtype",
        {"smooth": "0.1", "pick": "(torch.arange(ids.shape[1]) % 3 == 0).float()"},
    ),
    (
        "smoothing_as_percent",
        "label_smoothing_range",
        {"smooth": "10.0", "pick": "torch.arange(ids.shape[1]) % 3 == 0"},
    ),
    (
        "ok_mask_broadcast_rows",
        "clean",
        {"smooth": "0.2", "pick": "(torch.arange(ids.shape[1]) % 3 == 0).expand_as(ids)"},
    ),
)

template("packed_gru_tagger", "(3, 7, 5)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Net(nn.Module):
    def __init__(self, reduction="{red}"):
        super().__init__()
        self.rnn = nn.GRU(5, 8, batch_first=True, bidirectional=True)
        self.tag = nn.Linear(16, 4)
        self.reduction = reduction

    def forward(self, x):
        lengths = torch.tensor({lengths})
        packed = pack_padded_sequence(x, lengths, batch_first=True{sorted})
        out, _ = self.rnn(packed)
        h, _ = pad_packed_sequence(out, batch_first=True, total_length=x.shape[1])
        logits = self.tag(h)
        gold = torch.zeros(x.shape[:2], dtype=torch.long)
        return F.cross_entropy(logits.transpose(1, 2), gold, reduction=self.reduction)
"""
)
add(
    "packed_gru_tagger",
    ("ok", "clean", {"red": "mean", "lengths": "[7, 5, 2]", "sorted": ""}),
    (
        "ok_unsorted_flagged",
        "clean",
        {"red": "sum", "lengths": "[2, 7, 5]", "sorted": ", enforce_sorted=False"},
    ),
    (
        "lengths_in_dataset_order",
        "pack_lengths_unsorted",
        {"red": "mean", "lengths": "[2, 7, 5]", "sorted": ""},
    ),
    ("reduction_avg", "loss_reduction", {"red": "avg", "lengths": "[7, 5, 2]", "sorted": ""}),
    ("ok_reduction_none", "clean", {"red": "none", "lengths": "[7, 7, 7]", "sorted": ""}),
)

template("sampling_decoder_cfg", "(1, 4)")(
    """
GEN = {{"max_new": 5, "top_k": {top_k}, "temperature": {temp}}}


class Net(nn.Module):
    def __init__(self, vocab=12):
        super().__init__()
        self.vocab = vocab
        self.emb = nn.Embedding(vocab, 16)
        self.cell = nn.GRUCell(16, 16)
        self.head = nn.Linear(16, vocab)

    def forward(self, x):
        tok = (x.abs() * 5).long()[:, 0] % self.vocab
        h = torch.zeros(x.shape[0], 16)
        out = []
        for _ in range(GEN["max_new"]):
            h = self.cell(self.emb(tok), h)
            logits = self.head(h) / GEN["temperature"]
            vals, idx = logits.topk(GEN["top_k"], dim=-1)
            {pick}
            out.append(tok)
        return torch.stack(out, 1)
"""
)
_SAMPLE = "tok = idx.gather(-1, torch.multinomial(vals.softmax(-1), 1)).squeeze(-1)"
add(
    "sampling_decoder_cfg",
    ("ok", "clean", {"top_k": "5", "temp": "0.8", "pick": _SAMPLE}),
    ("ok_full_vocab_k", "clean", {"top_k": "12", "temp": "1.0", "pick": _SAMPLE}),
    ("top_k_past_vocab", "topk_k", {"top_k": "50", "temp": "0.8", "pick": _SAMPLE}),
    (
        "greedy_as_temperature_zero",
        "temperature_zero_sampling",
        {"top_k": "5", "temp": "0.0", "pick": _SAMPLE},
    ),
    (
        "ok_temperature_zero_argmax",
        "clean",
        {"top_k": "5", "temp": "1e-4", "pick": "tok = idx[:, 0]"},
    ),
)

template("init_scheme_cfg", "(3, 8)")(
    """
INIT = {{"mode": "{mode}", "nonlinearity": "{nl}"}}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(8, 16), nn.LeakyReLU(0.1), nn.Linear(16, 8))
        self.initialised = False

    def reset(self):
        for m in self.layers:
            if isinstance(m, nn.Linear):
                nn.init.kaiming_normal_(m.weight, a=0.1, mode=INIT["mode"], nonlinearity=INIT["nonlinearity"])
                nn.init.zeros_(m.bias)

    def forward(self, x):
        if not self.initialised:
            self.reset()
            self.initialised = True
        return self.layers(x)
"""
)
add(
    "init_scheme_cfg",
    ("ok", "clean", {"mode": "fan_in", "nl": "leaky_relu"}),
    ("ok_fan_out_relu", "clean", {"mode": "fan_out", "nl": "relu"}),
    ("mode_fan_avg", "init_mode_name", {"mode": "fan_avg", "nl": "leaky_relu"}),
    ("nonlinearity_gelu", "init_nonlinearity", {"mode": "fan_in", "nl": "gelu"}),
    ("ok_selu_gain", "clean", {"mode": "fan_in", "nl": "selu"}),
)

template("config_built_mlp", "(4, 6)")(
    """
CFG = {{"widths": [6, 12, 12, 3], "act": "{act}", "dropout": {drop}}}


class Net(nn.Module):
    def __init__(self, cfg=CFG):
        super().__init__()
        self.cfg = cfg
        w = cfg["widths"]
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(w[:-1], w[1:])])
        self.act = None

    def forward(self, x):
        if self.act is None:
            self.act = getattr(nn, self.cfg["act"])()
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = F.dropout(self.act(x), p=self.cfg["dropout"], training=self.training)
        return x
"""
)
add(
    "config_built_mlp",
    ("ok", "clean", {"act": "GELU", "drop": "0.1"}),
    ("ok_silu_no_dropout", "clean", {"act": "SiLU", "drop": "0.0"}),
    ("act_lowercase", "activation_name", {"act": "gelu", "drop": "0.1"}),
    ("dropout_as_percent", "dropout_prob", {"act": "ReLU", "drop": "10"}),
    ("ok_mish", "clean", {"act": "Mish", "drop": "0.5"}),
)

template("attention_mask_builder", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, heads=2):
        super().__init__()
        self.heads = heads
        self.attn = nn.MultiheadAttention(8, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 8))

    def forward(self, x):
        B, L, _ = x.shape
        causal = torch.triu(torch.ones(L, L, dtype=torch.bool), 1)
        mask = {mask}
        h, _ = self.attn(x, x, x, attn_mask=mask, need_weights=False)
        return x + self.ff(h)
"""
)
add(
    "attention_mask_builder",
    ("ok", "clean", {"mask": "causal"}),
    ("ok_per_head_batch", "clean", {"mask": "causal.expand(B * self.heads, L, L)"}),
    ("mask_per_sample_not_head_late", "mha_attn_mask_shape", {"mask": "causal.expand(B, L, L)"}),
    (
        "mask_heads_as_extra_dim",
        "mha_attn_mask_shape",
        {"mask": "causal.expand(self.heads, B, L, L)"},
    ),
    ("mask_with_bos_column", "mha_attn_mask_shape", {"mask": "F.pad(causal, (1, 0), value=False)"}),
    ("ok_float_mask", "clean", {"mask": "torch.zeros(L, L).masked_fill(causal, float('-inf'))"}),
)

template("kv_cache_generate", "(1, 3, 16)")(
    """
class Net(nn.Module):
    def __init__(self, max_len={max_len}, steps={steps}):
        super().__init__()
        self.max_len, self.steps = max_len, steps
        self.qkv = nn.Linear(16, 48)
        self.pos = nn.Embedding(8, 16)
        self.out = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(1, max_len, 16), persistent=False)
        self.register_buffer("v_cache", torch.zeros(1, max_len, 16), persistent=False)

    def forward(self, x):
        t = 0
        h = x
        for step in range(x.shape[1] + self.steps):
            cur = h[:, -1:] + self.pos(torch.tensor([{pos}]))
            q, k, v = self.qkv(cur).chunk(3, -1)
            {write}
            t += 1
            att = (q @ self.k_cache[:, :t].transpose(1, 2)).softmax(-1)
            h = torch.cat([h, self.out(att @ self.v_cache[:, :t])], 1)
        return h
"""
)
_SLICE = "self.k_cache[:, t : t + 1] = k\n            self.v_cache[:, t : t + 1] = v"
_INDEX = "self.k_cache[0, t] = k[0, 0]\n            self.v_cache[0, t] = v[0, 0]"
add(
    "kv_cache_generate",
    ("ok", "clean", {"max_len": "8", "steps": "4", "pos": "min(step, 7)", "write": _SLICE}),
    ("ok_exact_cache", "clean", {"max_len": "7", "steps": "4", "pos": "step", "write": _INDEX}),
    # written as a crash; torch runs it (a slice past the cache end is empty and a one-row write
    # broadcasts into it): relabelled by torch
    (
        "cache_short_of_prompt_plus_steps",
        "clean",
        {"max_len": "6", "steps": "4", "pos": "min(step, 7)", "write": _SLICE},
    ),
    (
        "cache_index_put_past_end",
        "kv_cache_overflow",
        {"max_len": "6", "steps": "4", "pos": "min(step, 7)", "write": _INDEX},
    ),
    (
        "positions_past_table",
        "pos_table_length",
        {"max_len": "12", "steps": "8", "pos": "step", "write": _SLICE},
    ),
    (
        "ok_positions_wrapped",
        "clean",
        {"max_len": "12", "steps": "8", "pos": "step % 8", "write": _INDEX},
    ),
)

template("half_precision_head", "(2, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 6))
        self.head = nn.Linear(6, 6).to(torch.bfloat16)

    def forward(self, x):
        h = self.body(x)
        {use}
"""
)
add(
    "half_precision_head",
    ("ok", "clean", {"use": "return self.head(h.to(torch.bfloat16)).float()"}),
    (
        "ok_autocast_cpu",
        "clean",
        {
            "use": 'with torch.autocast("cpu", dtype=torch.bfloat16):\n            return self.head(h).float()'
        },
    ),
    ("float_into_bf16_head", "dtype_mismatch", {"use": "return self.head(h)"}),
    (
        "inverse_in_bf16",
        "linalg_low_precision",
        {
            "use": "w = self.head.weight\n        return h @ torch.linalg.inv(w @ w.T + torch.eye(6, dtype=w.dtype)).float()"
        },
    ),
    (
        "ok_inverse_upcast",
        "clean",
        {
            "use": "w = self.head.weight.float()\n        return h @ torch.linalg.inv(w @ w.T + torch.eye(6))"
        },
    ),
)

template("label_encoder_head", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, classes={classes}):
        super().__init__()
        self.classes = classes
        self.enc = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 4))
        self.label_emb = nn.Embedding(4, 4)

    def forward(self, x):
        labels = torch.tensor({labels})
        target = F.one_hot(labels, self.classes).float()
        cond = self.label_emb(labels{shift})
        return F.mse_loss(self.enc(x) + cond, target[:, :4])
"""
)
add(
    "label_encoder_head",
    ("ok", "clean", {"classes": "4", "labels": "[0, 1, 2, 3]", "shift": ""}),
    ("ok_wider_one_hot", "clean", {"classes": "6", "labels": "[0, 3, 2, 3]", "shift": ""}),
    (
        "classes_one_short",
        "one_hot_classes",
        {"classes": "3", "labels": "[0, 1, 2, 3]", "shift": ""},
    ),
    (
        "labels_shifted_negative",
        "embedding_negative_ids",
        {"classes": "4", "labels": "[0, 1, 2, 3]", "shift": " - 1"},
    ),
    (
        "ok_shift_clamped",
        "clean",
        {"classes": "4", "labels": "[0, 1, 2, 3]", "shift": ".sub(1).clamp(min=0)"},
    ),
)

template("grad_clip_trainer", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self, norm_type={norm}):
        super().__init__()
        self.stem = nn.Linear(6, 6)
        self.stem.requires_grad_(False)
        self.body = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
        self.norm_type = norm_type
        self.opt = None

    def forward(self, x):
        if self.opt is None:
            self.opt = {opt}
        with torch.enable_grad():
            loss = self.body(self.stem(x)).pow(2).mean()
            loss.backward()
        {clip}
        self.opt.step()
        return self.body(self.stem(x))
"""
)
_SGD = "torch.optim.SGD(self.body.parameters(), lr=0.01)"
_CLIP = "torch.nn.utils.clip_grad_norm_(self.body.parameters(), 1.0, norm_type=self.norm_type)"
add(
    "grad_clip_trainer",
    ("ok", "clean", {"norm": "2.0", "opt": _SGD, "clip": _CLIP}),
    (
        "ok_inf_norm_frozen_skipped",
        "clean",
        {
            "norm": '"inf"',
            "opt": _SGD,
            "clip": "torch.nn.utils.clip_grad_norm_([p for p in self.parameters() if p.grad is not None], 1.0, norm_type=self.norm_type)",
        },
    ),
    ("norm_type_l2_name", "clip_grad_norm_type", {"norm": '"l2"', "opt": _SGD, "clip": _CLIP}),
    (
        "manual_clip_frozen_grad",
        "param_grad_none",
        {
            "norm": "2.0",
            "opt": _SGD,
            "clip": "for p in self.parameters():\n            p.grad.mul_(min(1.0, 1.0 / (p.grad.norm() + 1e-6)))",
        },
    ),
    (
        "sgd_fused_and_foreach",
        "optimizer_fused_and_foreach",
        {
            "norm": "2.0",
            "opt": "torch.optim.SGD(self.body.parameters(), lr=0.01, fused=True, foreach=True)",
            "clip": _CLIP,
        },
    ),
)

template("scheduler_chain_cfg", "(2, 4)")(
    """
SCHED = {{"warmup": 2, "milestones": {milestones}, "plateau_mode": "{mode}"}}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)
        self.sched = None

    def forward(self, x):
        if self.sched is None:
            warm = torch.optim.lr_scheduler.LinearLR(self.opt, 0.1, 1.0, total_iters=SCHED["warmup"])
            cos = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=10)
            self.sched = torch.optim.lr_scheduler.SequentialLR(self.opt, [warm, cos], milestones=SCHED["milestones"])
            self.plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(self.opt, mode=SCHED["plateau_mode"])
        loss = F.mse_loss(self.net(x), x)
        self.opt.step()
        self.sched.step()
        self.plateau.step(loss.item())
        return self.net(x)
"""
)
add(
    "scheduler_chain_cfg",
    ("ok", "clean", {"milestones": "[2]", "mode": "min"}),
    (
        "ok_max_mode",
        "clean",
        {"milestones": "[SCHED_W] if False else [3]".replace("SCHED_W", "2"), "mode": "max"},
    ),
    (
        "milestone_per_scheduler",
        "scheduler_milestones_count",
        {"milestones": "[2, 10]", "mode": "min"},
    ),
    ("plateau_mode_minimize", "scheduler_mode_name", {"milestones": "[2]", "mode": "minimize"}),
)

template("pretrain_stream_mixer", "(4, 3)")(
    """
from torch.utils.data import ChainDataset, ConcatDataset, DataLoader, IterableDataset, TensorDataset


class Replay(IterableDataset):
    def __init__(self, rows):
        self.rows = rows

    def __iter__(self):
        for r in self.rows:
            yield (r,)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, 6), nn.ReLU(), nn.Linear(6, 3))

    def forward(self, x):
        fresh = {fresh}
        replay = Replay(x.flip(0))
        ds = {combine}([fresh, replay])
        return torch.cat([self.net(b) for (b,) in DataLoader(ds, batch_size=2)])
"""
)
add(
    "pretrain_stream_mixer",
    ("ok", "clean", {"fresh": "Replay(x)", "combine": "ChainDataset"}),
    (
        "map_style_plus_stream_concat",
        "concat_dataset_iterable",
        {"fresh": "TensorDataset(x)", "combine": "ConcatDataset"},
    ),
    (
        "two_streams_concat",
        "concat_dataset_iterable",
        {"fresh": "Replay(x)", "combine": "ConcatDataset"},
    ),
    (
        "ok_materialised_replay",
        "clean",
        {
            "fresh": "TensorDataset(x)",
            "combine": "(lambda parts: ConcatDataset([parts[0], TensorDataset(torch.stack([r for (r,) in parts[1]]))]))",
        },
    ),
)

template("custom_clamp_function", "(3, 6)")(
    """
class Clamp(torch.autograd.Function):
{fn}

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        {bwd}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(6, 6)
        self.post = nn.Sequential(nn.LayerNorm(6), nn.Linear(6, 2))

    def forward(self, x):
        with torch.enable_grad():
            h = Clamp.apply(self.pre(x), -1.0, 1.0)
            self.post(h).sum().backward()
        return self.post(h).detach()
"""
)
_C_OLD = """    @staticmethod
    def forward(ctx, x, lo, hi):
        ctx.save_for_backward(x)
        return x.clamp(lo, hi)"""
_C_NEW = """    @staticmethod
    def forward(x, lo, hi):
        return x.clamp(lo, hi)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])"""
_C_BAD = """    @staticmethod
    def forward(ctx, x, lo, hi):
        return x.clamp(lo, hi)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])"""
_B3 = "return g * (x.abs() <= 1), None, None"
add(
    "custom_clamp_function",
    ("ok", "clean", {"fn": _C_OLD, "bwd": _B3}),
    ("ok_setup_context_style", "clean", {"fn": _C_NEW, "bwd": _B3}),
    (
        "setup_context_with_ctx_forward",
        "autograd_function_setup_context_ctx_arg",
        {"fn": _C_BAD, "bwd": _B3},
    ),
    # written as a crash; torch runs it (trailing None gradients past the inputs are dropped):
    # relabelled by torch
    (
        "grad_only_for_x",
        "clean",
        {"fn": _C_OLD, "bwd": "return g * (x.abs() <= 1), None, None, None"},
    ),
    (
        "grad_only_for_x_bare",
        "autograd_function_grad_count",
        {"fn": _C_OLD, "bwd": "return g * (x.abs() <= 1)"},
    ),
    (
        "ok_single_grad_returned_tuple",
        "clean",
        {"fn": _C_NEW, "bwd": "return (g * (x.abs() <= 1), None, None)"},
    ),
)

# clean variants that look risky (an edge value, a spelling that works, a near-miss of a crash)
RISKY_CLEAN = (
    "recsys_sparse_embedding__ok_sparse_sgd",
    "recsys_sparse_embedding__ok_sparse_adam_on_table",
    "two_tower_sparse_ids__ok_split_optimizers",
    "two_tower_sparse_ids__ok_adagrad_sparse",
    "bag_of_words_classifier__ok_sparse_sgd_momentum_zero",
    "optimizer_flags_cfg__ok_fused_cpu",
    "optimizer_flags_cfg__ok_foreach_off_fused",
    "trainer_speed_flags__ok_fused_only",
    "adam_betas_cfg__ok_list_pair",
    "adam_betas_cfg__ok_beta1_zero",
    "gan_two_optimizers__ok_tuple_from_list",
    "ema_foreach_tracker__ok_state_dict_both_sides",
    "ema_foreach_tracker__ok_trainable_both_sides",
    "layerwise_lr_scaler__ok_one_scalar",
    "layerwise_lr_scaler__ok_frozen_counted_from_grads",
    "swa_buffer_average__ok_last_layer_both",
    "swa_buffer_average__ok_weights_only_both",
    "sharded_stream_dataset__ok_getattr_defaults",
    "sharded_stream_dataset__ok_guard_on_num_workers",
    "seeded_worker_augment__ok_main_process_branch",
    "seeded_worker_augment__ok_torch_initial_seed",
    "corpus_mixture_loader__ok_stream_chained",
    "corpus_mixture_loader__ok_one_source",
    "multitask_concat_eval__ok_synthetic_materialised",
    "curriculum_subset__ok_hardest_last",
    "curriculum_subset__ok_negative_tail",
    "kfold_split_trainer__ok_three_folds_floor",
    "kfold_split_trainer__ok_rest_in_last_fold",
    "balanced_epoch_sampler__ok_no_replacement_one_epoch",
    "balanced_epoch_sampler__ok_half_epoch_no_replacement",
    "hard_negative_miner__ok_all_but_self",
    "hard_negative_miner__ok_clamped_to_candidates",
    "ctc_asr_head__ok_blank_last",
    "ctc_asr_head__ok_blank_minus_one_style_last",
    "conformer_ctc_trainer__ok_blank_at_end",
    "conformer_ctc_trainer__ok_two_extra_blank_first",
    "int8_weight_export__ok_per_input_axis",
    "int8_weight_export__ok_quint8",
    "activation_fake_quant__ok_four_bit",
    "activation_fake_quant__ok_unsigned_mid_zp",
    "observer_quant_cfg__ok_signed_centered",
    "observer_quant_cfg__ok_qint32",
    "per_channel_qat_conv__ok_in_channel_axis",
    "per_channel_qat_conv__ok_narrow_range",
    "quant_dequant_residual__ok_dequant_then_scale",
    "quant_dequant_residual__ok_int_repr_float",
    "gcn_edge_list__ok_coalesced_values",
    "gcn_edge_list__ok_mm_without_degree_from_values",
    "hashed_feature_bag__ok_coalesce_then_log",
    "sparse_attention_mask__ok_dense_unsqueezed",
    "sparse_attention_mask__ok_coalesced_indices_scatter",
    "spectral_gate_denoiser__ok_real_part_mean",
    "spectral_gate_denoiser__ok_abs_of_item",
    "phase_vocoder_stats__ok_complex_item_abs",
    "phase_vocoder_stats__ok_real_of_item",
    "ragged_token_encoder__ok_unbind_mean",
    "ragged_token_encoder__ok_size_of_batch_dim",
    "packed_document_pool__ok_unbind_lengths",
    "per_sample_grad_norms__ok_aux_pair",
    "per_sample_grad_norms__ok_grad_wrt_input",
    "maml_inner_loop__ok_aux_prediction",
    "grad_reverse_vmap__ok_vmap_with_setup_context",
    "grad_reverse_vmap__ok_loop_instead_of_vmap",
    "straight_through_round__ok_new_style",
    "straight_through_round__ok_new_style_vmap",
    "jacobian_of_custom_act__ok_jacrev_generated_vmap_rule",
    "jacobian_of_custom_act__ok_jacrev_loop_setup_context",
    "jvp_sensitivity_probe__ok_broadcast_free_expand",
    "directional_curvature__ok_unit_axis",
    "grad_monitor_hooks__ok_inplace_with_pre_hook",
    "grad_monitor_hooks__ok_pre_hook_out_of_place",
    "residual_block_grad_hook__ok_out_of_place_relu",
    "residual_block_grad_hook__ok_clone_then_inplace",
    "fx_quant_prep__ok_branch_on_training_flag",
    "fx_quant_prep__ok_torch_where",
    "fx_graph_rewriter__ok_enumerate_layers",
    "torchscript_trace_export__ok_dict_non_strict",
    "torchscript_trace_export__ok_list_non_strict",
    "trace_side_effect_logger__ok_returns_input",
    "export_program_helper__ok_tuple_call",
    "onnx_free_export_bundle__ok_detached_tuple",
    "ckpt_with_run_config__ok_builtin_function_pickled",
    "ckpt_with_run_config__ok_partial_of_module_fn",
    "trainer_state_snapshot__ok_multiplicative_state",
    "resume_on_device__ok_cuda_if_available",
    "resume_on_device__ok_storage_lambda",
    "ddp_rank_checkpoint__ok_device_object",
    "ddp_rank_checkpoint__ok_map_dict_identity",
    "knn_retrieval_head__ok_never_mm",
    "prototype_classifier__ok_explicit_mm",
    "prototype_classifier__ok_manhattan_with_mode",
    "robust_quantile_scaler__ok_midpoint",
    "outlier_clip_stats__ok_higher",
    "grad_norm_logger__ok_inf_float",
    "grad_norm_logger__ok_l1",
    "embedding_norm_regulariser__ok_zero_norm_count",
    "masked_lm_trainer__ok_no_smoothing_ne",
    "masked_lm_trainer__ok_mask_broadcast_rows",
    "packed_gru_tagger__ok_unsorted_flagged",
    "packed_gru_tagger__ok_reduction_none",
    "sampling_decoder_cfg__ok_full_vocab_k",
    "sampling_decoder_cfg__ok_temperature_zero_argmax",
    "init_scheme_cfg__ok_fan_out_relu",
    "init_scheme_cfg__ok_selu_gain",
    "config_built_mlp__ok_silu_no_dropout",
    "config_built_mlp__ok_mish",
    "attention_mask_builder__ok_per_head_batch",
    "attention_mask_builder__ok_float_mask",
    "kv_cache_generate__ok_exact_cache",
    "kv_cache_generate__cache_short_of_prompt_plus_steps",
    "kv_cache_generate__ok_positions_wrapped",
    "half_precision_head__ok_autocast_cpu",
    "half_precision_head__ok_inverse_upcast",
    "label_encoder_head__ok_wider_one_hot",
    "label_encoder_head__ok_shift_clamped",
    "grad_clip_trainer__ok_inf_norm_frozen_skipped",
    "scheduler_chain_cfg__ok_max_mode",
    "pretrain_stream_mixer__ok_materialised_replay",
    "custom_clamp_function__ok_setup_context_style",
    "custom_clamp_function__grad_only_for_x",
    "custom_clamp_function__ok_single_grad_returned_tuple",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "recsys_sparse_embedding",
    "two_tower_sparse_ids",
    "bag_of_words_classifier",
    "optimizer_flags_cfg",
    "trainer_speed_flags",
    "adam_betas_cfg",
    "gan_two_optimizers",
    "ema_foreach_tracker",
    "layerwise_lr_scaler",
    "swa_buffer_average",
    "sharded_stream_dataset",
    "seeded_worker_augment",
    "corpus_mixture_loader",
    "multitask_concat_eval",
    "curriculum_subset",
    "kfold_split_trainer",
    "balanced_epoch_sampler",
    "hard_negative_miner",
    "ctc_asr_head",
    "conformer_ctc_trainer",
    "int8_weight_export",
    "activation_fake_quant",
    "observer_quant_cfg",
    "per_channel_qat_conv",
    "quant_dequant_residual",
    "spectral_gate_denoiser",
    "phase_vocoder_stats",
    "ragged_token_encoder",
    "packed_document_pool",
    "per_sample_grad_norms",
    "maml_inner_loop",
    "grad_reverse_vmap",
    "straight_through_round",
    "jacobian_of_custom_act",
    "jvp_sensitivity_probe",
    "directional_curvature",
    "grad_monitor_hooks",
    "residual_block_grad_hook",
    "fx_quant_prep",
    "fx_graph_rewriter",
    "torchscript_trace_export",
    "trace_side_effect_logger",
    "export_program_helper",
    "onnx_free_export_bundle",
    "ckpt_with_run_config",
    "trainer_state_snapshot",
    "resume_on_device",
    "ddp_rank_checkpoint",
    "knn_retrieval_head",
    "prototype_classifier",
    "robust_quantile_scaler",
    "outlier_clip_stats",
    "grad_norm_logger",
    "embedding_norm_regulariser",
    "masked_lm_trainer",
    "sampling_decoder_cfg",
    "init_scheme_cfg",
    "config_built_mlp",
    "attention_mask_builder",
    "kv_cache_generate",
    "half_precision_head",
    "label_encoder_head",
    "grad_clip_trainer",
    "scheduler_chain_cfg",
    "pretrain_stream_mixer",
    "custom_clamp_function",
)
