"""A thirty-first fresh batch of crash cases (session 39, split ``fresh31``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The cases are code users write around a model: soft-label and distillation losses, generator
state replay, quasi-random (Sobol) sampling, model ensembles through ``torch.func``
(``stack_module_state`` / ``functional_call``), distribution flows with reshape transforms,
in-place random fills, Householder and tensor-inverse linear algebra, ``vmap`` output dims,
``torch.gradient`` spacings, ``autograd.functional`` Jacobians, ``frexp`` bucketing, spectral
norm discriminators, volumetric ``grid_sample``, ``torch.func`` argnums, batched vector-Jacobian
products. About a quarter of the crash classes are new; the others are classes earlier batches
have, written in new code shapes (sizes that reach the bad call through configs, helpers,
properties, loops, containers and other modules; method vs function vs operator spellings):
view / reshape sizes, cat then linear, matmul / bmm / einsum, split / chunk, broadcasting,
einops, masks, caches, losses, optimizers and schedulers, checkpoints. Several clean variants
look risky (``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f31_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()
V: list = []
VARIANTS = V  # the same list: every add() below lands in it


def add(tname: str, *rows: tuple[str, str, dict]) -> None:
    for suffix, defect, sizes in rows:
        V.append((tname, suffix, defect, sizes))


# ---------------------------------------------------------------- soft targets with ignore_index (new)
template("soft_label_trainer", "(6, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n_cls=5, ignore={ign}, smoothing={ls}):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, n_cls))
        self.crit = nn.CrossEntropyLoss(ignore_index=ignore, label_smoothing=smoothing)

    def soft_targets(self, logits):
        return {tgt}

    def forward(self, x):
        logits = self.body(x)
        return self.crit(logits, self.soft_targets(logits.detach()))
"""
)
_HARD = "logits.argmax(-1)"
_SOFT = "torch.softmax(logits / 2.0, -1)"
_MIX = "0.5 * F.one_hot(logits.argmax(-1), 5).float() + 0.5 * torch.softmax(logits, -1)"
add(
    "soft_label_trainer",
    ("ok", "clean", {"ign": "-100", "ls": "0.0", "tgt": _HARD}),
    ("ok_soft_default_ignore", "clean", {"ign": "-100", "ls": "0.1", "tgt": _SOFT}),
    ("ok_hard_pad_ignored", "clean", {"ign": "0", "ls": "0.0", "tgt": _HARD}),
    (
        "soft_with_pad_ignore_v4",
        "ce_soft_target_ignore_index",
        {"ign": "0", "ls": "0.0", "tgt": _SOFT},
    ),
    # written as a crash (ce_soft_target_ignore_index); torch 2.13 runs it: a negative
    # ignore_index other than the default passes with probability targets
    ("mixup_soft_ignore", "clean", {"ign": "-1", "ls": "0.0", "tgt": _MIX}),
    ("smoothing_as_percent", "label_smoothing_range", {"ign": "-100", "ls": "10.0", "tgt": _HARD}),
)

template("distill_seq_loss", "(2, 5, 12)")(
    """
def distill_loss(student, teacher, T={temp}, pad_id={pad}):
    soft = F.softmax(teacher / T, dim=-1)
    return F.cross_entropy(student.flatten(0, 1), soft.flatten(0, 1), ignore_index=pad_id) * T * T


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(12, 7)
        self.teacher = nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Linear(32, {tout}))

    def forward(self, x):
        with torch.no_grad():
            t = self.teacher(x)
        return distill_loss(self.student(x), t)
"""
)
add(
    "distill_seq_loss",
    ("ok", "clean", {"temp": "1.0", "pad": "-100", "tout": "7"}),
    ("ok_hot_temperature", "clean", {"temp": "4.0", "pad": "-100", "tout": "7"}),
    ("pad_id_zero", "ce_soft_target_ignore_index", {"temp": "2.0", "pad": "0", "tout": "7"}),
    ("pad_id_three", "ce_soft_target_ignore_index", {"temp": "1.0", "pad": "3", "tout": "7"}),
    ("teacher_vocab_wider", "cross_entropy_shape", {"temp": "1.0", "pad": "-100", "tout": "8"}),
)

# ---------------------------------------------------------------- generator state replay (new)
template("augment_replay", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gen = torch.Generator().manual_seed(0)
        self.saved = self.gen.get_state()
        self.fc = nn.Sequential(nn.Linear(6, 6), nn.Tanh(), nn.Linear(6, 2))

    def restore(self):
        self.gen.set_state({state})

    def forward(self, x):
        self.restore()
        eps = torch.randn(x.shape, generator=self.gen)
        return self.fc(x + 0.1 * eps)
"""
)
add(
    "augment_replay",
    ("ok", "clean", {"state": "self.saved"}),
    ("ok_clone", "clean", {"state": "self.saved.clone()"}),
    ("state_as_float", "rng_state_invalid", {"state": "self.saved.float()"}),
    ("state_truncated", "rng_state_invalid", {"state": "self.saved[:-16]"}),
    (
        "state_rebuilt_from_list",
        "rng_state_invalid",
        {"state": "torch.tensor(self.saved.tolist())"},
    ),
)

template("resume_rng_ckpt", "(2, 4)")(
    """
def resume_rng(gen, ckpt):
    gen.set_state(ckpt["rng"])
    return gen


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)
        self.dec = nn.Linear(4, 4)

    def forward(self, x):
        g0 = torch.Generator().manual_seed(7)
        ckpt = dict(model=self.state_dict(), rng={rng})
        g = resume_rng(torch.Generator(), ckpt)
        keep = torch.rand(x.shape, generator=g) > 0.2
        return self.dec(self.enc(x) * keep)
"""
)
add(
    "resume_rng_ckpt",
    ("ok", "clean", {"rng": "g0.get_state()"}),
    ("ok_cloned", "clean", {"rng": "g0.get_state().clone()"}),
    ("rng_as_numpy", "rng_state_invalid", {"rng": "g0.get_state().numpy()"}),
    ("rng_two_states", "rng_state_invalid", {"rng": "torch.cat([g0.get_state(), g0.get_state()])"}),
)

# ---------------------------------------------------------------- Sobol engine (new)
template("sobol_probe_noise", "(4, 6)")(
    """
from torch.quasirandom import SobolEngine


class Net(nn.Module):
    def __init__(self, skip={skip}, m={m}, mult={mult}):
        super().__init__()
        self.skip, self.m, self.mult = skip, m, mult
        self.fc = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 1))

    def probes(self, dim):
        eng = SobolEngine(dim * self.mult, scramble=True, seed=0)
        eng.fast_forward(self.skip)
        return eng.draw_base2(self.m)[:, :dim]

    def forward(self, x):
        pts = self.probes(x.shape[-1])
        return self.fc(x[:, None, :] + 0.01 * pts[None]).mean(1)
"""
)
add(
    "sobol_probe_noise",
    ("ok", "clean", {"skip": "0", "m": "3", "mult": "1"}),
    ("ok_skip_aligned", "clean", {"skip": "8", "m": "3", "mult": "2"}),
    ("skip_not_power_two", "sobol_engine_args", {"skip": "5", "m": "3", "mult": "1"}),
    ("dim_too_large", "sobol_engine_args", {"skip": "0", "m": "2", "mult": "4000"}),
    ("odd_skip_small_draw", "sobol_engine_args", {"skip": "3", "m": "1", "mult": "1"}),
)

template("quasi_search_init", "(2, 5)")(
    """
from torch.quasirandom import SobolEngine

CFG = dict(dims={d}, n={n})


def sobol_grid(cfg):
    eng = SobolEngine(dimension=cfg["dims"], scramble=False)
    return eng.draw(cfg["n"])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(5, 4)

    def forward(self, x):
        grid = sobol_grid(CFG)
        return self.proj(x).sum() + grid.sum()
"""
)
add(
    "quasi_search_init",
    ("ok", "clean", {"d": "4", "n": "16"}),
    ("ok_max_dims", "clean", {"d": "21201", "n": "2"}),
    ("ok_single_dim", "clean", {"d": "1", "n": "8"}),
    ("zero_dims", "sobol_engine_args", {"d": "0", "n": "16"}),
    ("dims_past_table", "sobol_engine_args", {"d": "21202", "n": "2"}),
)

# ---------------------------------------------------------------- torch.func ensembles (new: stack mode, dict overlap)
template("vmap_ensemble", "(3, 8)")(
    """
import copy

from torch.func import functional_call, stack_module_state


class Member(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.members = [Member() for _ in range(k)]
        {prep}

    def forward(self, x):
        params, buffers = stack_module_state(self.members)
        base = copy.deepcopy(self.members[0]).to("meta")

        def call(p, b, xx):
            return functional_call(base, {pb}, (xx,))

        return torch.vmap(call, in_dims=(0, 0, None))(params, buffers, x).mean(0)
"""
)
_OVER = "(p, {k: v for k, v in p.items() if k.endswith('bias')})"
add(
    "vmap_ensemble",
    ("ok", "clean", {"prep": "pass", "pb": "(p, b)"}),
    ("ok_all_eval", "clean", {"prep": "[m.eval() for m in self.members]", "pb": "(p, b)"}),
    (
        "last_member_eval",
        "stack_module_state_mode",
        {"prep": "self.members[-1].eval()", "pb": "(p, b)"},
    ),
    (
        "first_member_train_false",
        "stack_module_state_mode",
        {"prep": "self.members[0].train(False)", "pb": "(p, b)"},
    ),
    ("bias_dict_overlaps", "functional_call_dict_overlap", {"prep": "pass", "pb": _OVER}),
    ("ok_merged_dict", "clean", {"prep": "pass", "pb": "{**p, **b}"}),
)

template("model_soup_avg", "(2, 4)")(
    """
from torch.func import functional_call, stack_module_state


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)
        self.refresh_b = {refresh}

    def soup(self):
        if self.refresh_b:
            self.b.train()
        params, _ = stack_module_state([self.a, self.b])
        return {{k: v.mean(0) for k, v in params.items()}}

    def forward(self, x):
        avg = self.soup()
        return functional_call(self.a, {call}, (x,))
"""
)
add(
    "model_soup_avg",
    ("ok", "clean", {"refresh": "False", "call": "avg"}),
    (
        "ok_buffers_pair",
        "clean",
        {"refresh": "False", "call": "(avg, dict(self.a.named_buffers()))"},
    ),
    ("one_member_back_in_train_v8", "stack_module_state_mode", {"refresh": "True", "call": "avg"}),
    (
        "avg_and_live_params",
        "functional_call_dict_overlap",
        {"refresh": "False", "call": "(avg, dict(self.a.named_parameters()))"},
    ),
)

template("lora_functional_merge", "(2, 10)")(
    """
from torch.func import functional_call


def lora_delta(base, A, B, scale):
    return dict(weight=base.weight + scale * (B @ A))


class Net(nn.Module):
    def __init__(self, r=2):
        super().__init__()
        self.base = nn.Linear(10, 6)
        self.A = nn.Parameter(torch.randn(r, 10) * 0.01)
        self.B = nn.Parameter(torch.zeros(6, r))

    def forward(self, x):
        params = dict(self.base.named_parameters())
        delta = lora_delta(self.base, self.A, self.B, 0.5)
        return functional_call(self.base, {call}, (x,))
"""
)
add(
    "lora_functional_merge",
    ("ok", "clean", {"call": "{**params, **delta}"}),
    ("delta_then_params_pair", "functional_call_dict_overlap", {"call": "(delta, params)"}),
    ("ok_delta_only", "clean", {"call": "(delta,)"}),
    ("params_and_delta_pair", "functional_call_dict_overlap", {"call": "(params, delta)"}),
    ("ok_tie_false", "clean", {"call": "delta"}),
)

# ---------------------------------------------------------------- distribution reshape transform (new)
template("reshape_flow_head", "(3, 8)")(
    """
from torch.distributions import Independent, Normal, TransformedDistribution
from torch.distributions.transforms import ReshapeTransform


class Net(nn.Module):
    def __init__(self, event=6):
        super().__init__()
        self.event = event
        self.grid = {grid}
        self.head = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 2 * event))

    def forward(self, x):
        loc, log_s = self.head(x).chunk(2, -1)
        base = Independent(Normal(loc, log_s.exp()), 1)
        flow = TransformedDistribution(base, [ReshapeTransform((self.event,), {out})])
        z = flow.rsample()
        return flow.log_prob(z)
"""
)
add(
    "reshape_flow_head",
    ("ok", "clean", {"grid": "2", "out": "(2, 3)"}),
    ("ok_three_by_two", "clean", {"grid": "3", "out": "(3, 2)"}),
    ("event_two_by_four", "reshape_transform_numel", {"grid": "2", "out": "(2, 4)"}),
    (
        "square_grid_from_attr_v3",
        "reshape_transform_numel",
        {"grid": "3", "out": "(self.grid, self.grid)"},
    ),
)

template("grid_action_policy", "(2, 6)")(
    """
import torch.distributions as D

POLICY = dict(rows={rows}, cols={cols}, actions=12)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mu = nn.Linear(6, POLICY["actions"])
        self.log_std = nn.Parameter(torch.zeros(POLICY["actions"]))

    def forward(self, x):
        base = D.Independent(D.Normal(self.mu(x), self.log_std.exp()), 1)
        shape = torch.Size([POLICY["rows"], POLICY["cols"]])
        dist = D.TransformedDistribution(base, D.transforms.ReshapeTransform(torch.Size([POLICY["actions"]]), shape))
        a = dist.sample()
        return dist.log_prob(a).mean()
"""
)
add(
    "grid_action_policy",
    ("ok", "clean", {"rows": "3", "cols": "4"}),
    ("ok_one_row", "clean", {"rows": "1", "cols": "12"}),
    ("rows_cols_swapped_wrong", "reshape_transform_numel", {"rows": "4", "cols": "4"}),
    ("ok_six_by_two", "clean", {"rows": "6", "cols": "2"}),
    ("obs_sized_grid", "reshape_transform_numel", {"rows": "6", "cols": "6"}),
)

# ---------------------------------------------------------------- in-place random fills (new)
template("noise_injector_kind", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, kind="{kind}", p={p}):
        super().__init__()
        self.kind, self.p = kind, p
        self.fc = nn.Linear(8, 8)
        self.out = nn.Linear(8, 3)

    def noise(self, like):
        buf = torch.empty_like(like)
        if self.kind == "geom":
            return buf.geometric_(self.p)
        if self.kind == "lognormal":
            return buf.log_normal_(0.0, self.p)
        return buf.cauchy_(0.0, self.p)

    def forward(self, x):
        h = self.fc(x)
        return self.out(h * self.noise(h).clamp(max=10.0))
"""
)
add(
    "noise_injector_kind",
    ("ok", "clean", {"kind": "geom", "p": "0.5"}),
    ("ok_lognormal", "clean", {"kind": "lognormal", "p": "0.25"}),
    ("ok_cauchy", "clean", {"kind": "cauchy", "p": "0.1"}),
    ("geom_p_one", "random_inplace_param_range", {"kind": "geom", "p": "1.0"}),
    ("lognormal_std_zero", "random_inplace_param_range", {"kind": "lognormal", "p": "0.0"}),
    ("cauchy_negative_scale", "random_inplace_param_range", {"kind": "cauchy", "p": "-0.1"}),
)

template("span_mask_sampler", "(2, 16)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, mean_span={span}, vocab=2):
        super().__init__()
        self.mean_span = mean_span
        self.emb = nn.Embedding(vocab, 8)
        self.head = nn.Linear(8, vocab)

    def span_lengths(self, n):
        return torch.empty(n).geometric_(1.0 / self.mean_span).long()

    def forward(self, ids):
        lens = self.span_lengths(ids.shape[0])
        starts = torch.empty(ids.shape[0], dtype=torch.long).random_(0, {hi})
        mask = torch.zeros_like(ids, dtype=torch.bool)
        for b in range(ids.shape[0]):
            mask[b, starts[b] : starts[b] + lens[b]] = True
        return self.head(self.emb(ids.masked_fill(mask, 0)))
"""
)
add(
    "span_mask_sampler",
    ("ok", "clean", {"span": "3.0", "hi": "ids.shape[1]"}),
    ("ok_span_two", "clean", {"span": "2.0", "hi": "8"}),
    ("span_below_one", "random_inplace_param_range", {"span": "0.5", "hi": "ids.shape[1]"}),
    ("start_range_empty", "randint_range", {"span": "3.0", "hi": "0"}),
)

# ---------------------------------------------------------------- Householder products (new)
template("householder_mixer", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self, d=6, reflectors=4, taus={k}):
        super().__init__()
        self.v = nn.Parameter(torch.randn(d, reflectors))
        self.tau = nn.Parameter(torch.rand(taus) + 0.5)
        self.out = nn.Linear(d, 2)

    @property
    def rotation(self):
        return torch.linalg.householder_product(self.v, self.tau)

    def forward(self, x):
        q = self.rotation
        return self.out(x @ q @ q.T)
"""
)
add(
    "householder_mixer",
    ("ok", "clean", {"k": "4"}),
    ("ok_fewer_taus", "clean", {"k": "2"}),
    ("ok_single_tau", "clean", {"k": "1"}),
    ("tau_per_row", "householder_tau_size", {"k": "6"}),
)

template("qr_orthogonal_head", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(8, 5))
        self.keep = {keep}
        self.head = nn.Linear(8, 3)

    def orth(self):
        a, tau = torch.geqrf(self.w)
        return torch.linalg.householder_product(a[:, : self.keep], tau)

    def forward(self, x):
        q = self.orth()
        return self.head((x @ q) @ q.mT)
"""
)
add(
    "qr_orthogonal_head",
    ("ok", "clean", {"keep": "5"}),
    ("ok_slice_none", "clean", {"keep": "None"}),
    ("keep_fewer_columns", "householder_tau_size", {"keep": "3"}),
    ("keep_two_columns", "householder_tau_size", {"keep": "2"}),
)

# ---------------------------------------------------------------- tensorinv / tensorsolve (new)
template("tensor_operator_inverse", "(2, 12)")(
    """
class Net(nn.Module):
    def __init__(self, shape={shape}, ind={ind}):
        super().__init__()
        self.ind = ind
        self.op = nn.Parameter(torch.randn(*shape) * 0.1)
        self.head = nn.Linear(12, 4)

    def forward(self, x):
        eye = torch.eye(12).reshape(self.op.shape)
        inv = torch.linalg.tensorinv(self.op + eye, ind=self.ind)
        return self.head(x @ inv.reshape(12, 12))
"""
)
add(
    "tensor_operator_inverse",
    ("ok", "clean", {"shape": "(4, 3, 12)", "ind": "2"}),
    ("ok_split_four", "clean", {"shape": "(2, 6, 3, 4)", "ind": "2"}),
    ("ind_one", "linalg_tensor_inverse_shape", {"shape": "(4, 3, 12)", "ind": "1"}),
    ("ind_three_of_four", "linalg_tensor_inverse_shape", {"shape": "(2, 6, 3, 4)", "ind": "3"}),
)

template("multilinear_solve", "(2, 3)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.A = nn.Parameter(torch.eye(6).reshape(2, 3, 6) + 0.01 * torch.randn(2, 3, 6))
        self.enc = nn.Linear(3, 3)

    def rhs(self, x):
        return {rhs}

    def forward(self, x):
        b = self.rhs(self.enc(x))
        sol = torch.linalg.tensorsolve(self.A, b)
        return sol.sum()
"""
)
add(
    "multilinear_solve",
    ("ok", "clean", {"rhs": "x"}),
    ("ok_summed_rows", "clean", {"rhs": "x + x.mean(0, keepdim=True)"}),
    ("rhs_flattened", "linalg_tensor_inverse_shape", {"rhs": "x.reshape(6)"}),
)

# ---------------------------------------------------------------- vmap out_dims (new)
template("per_sample_features_vmap", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Linear(5, 3)

    def feats(self, row):
        h = self.w(row)
        return {ret}

    def forward(self, x):
        out = torch.vmap(self.feats, out_dims={od})(x)
        return out if torch.is_tensor(out) else out[0]
"""
)
add(
    "per_sample_features_vmap",
    ("ok", "clean", {"ret": "h", "od": "0"}),
    ("ok_out_dim_last", "clean", {"ret": "h", "od": "1"}),
    ("ok_pair_dims", "clean", {"ret": "(h, h.sum())", "od": "(0, 0)"}),
    ("out_dim_past_rank", "vmap_out_dims", {"ret": "h", "od": "2"}),
    ("out_dims_three_for_pair", "vmap_out_dims", {"ret": "(h, h.sum())", "od": "(0, 0, 0)"}),
)

template("jacobian_rows_vmap", "(3, 4)")(
    """
from torch.func import jacrev, vmap

SPEC = dict(out_dims={od})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(4, 4), nn.Tanh())

    def forward(self, x):
        with torch.enable_grad():
            jac = vmap(jacrev(self.f), **SPEC)(x)
        return jac.flatten(1).norm(dim=-1)
"""
)
add(
    "jacobian_rows_vmap",
    ("ok", "clean", {"od": "0"}),
    ("ok_negative_dim", "clean", {"od": "-3"}),
    ("out_dim_three", "vmap_out_dims", {"od": "3"}),
)

# ---------------------------------------------------------------- torch.gradient spacing (new)
template("edge_gradient_features", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, pixel=(1.0, 1.0)):
        super().__init__()
        self.pixel = list(pixel)
        self.conv = nn.Conv2d(6, 8, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 4)

    def edges(self, img):
        gy, gx = torch.gradient(img, spacing={sp}, dim={dims})
        return torch.cat([gy, gx], 1)

    def forward(self, x):
        return self.fc(self.pool(F.relu(self.conv(self.edges(x)))).flatten(1))
"""
)
add(
    "edge_gradient_features",
    ("ok", "clean", {"sp": "self.pixel", "dims": "(-2, -1)"}),
    ("ok_scalar_spacing", "clean", {"sp": "0.5", "dims": "(2, 3)"}),
    (
        "spacing_with_channel",
        "gradient_spacing_len",
        {"sp": "[1.0] + self.pixel", "dims": "(-2, -1)"},
    ),
    ("spacing_one_axis", "gradient_spacing_len", {"sp": "self.pixel[:1]", "dims": "(2, 3)"}),
)

template("trajectory_velocity", "(10, 3)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = torch.linspace(0, 1, 10)
        self.head = nn.Linear(6, 2)

    def velocity(self, traj):
        (v,) = torch.gradient(traj, spacing={sp}, dim=0)
        return v

    def forward(self, x):
        return self.head(torch.cat([x, self.velocity(x)], -1)).mean(0)
"""
)
add(
    "trajectory_velocity",
    ("ok", "clean", {"sp": "(self.t,)"}),
    ("ok_scalar_dt", "clean", {"sp": "0.1"}),
    ("ok_unit_list", "clean", {"sp": "[1.0]"}),
    ("coords_for_both_axes", "gradient_spacing_len", {"sp": "(self.t, torch.arange(3.0))"}),
)

# ---------------------------------------------------------------- autograd.functional strategies (new)
template("sensitivity_probe", "(2, 4)")(
    """
from torch.autograd.functional import jacobian


class Net(nn.Module):
    def __init__(self, vec={vec}, strategy="{strat}"):
        super().__init__()
        self.vec, self.strategy = vec, strategy
        self.f = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 3))

    def forward(self, x):
        with torch.enable_grad():
            J = jacobian(self.f, x[0], vectorize=self.vec, strategy=self.strategy)
        return J.abs().sum(0)
"""
)
add(
    "sensitivity_probe",
    ("ok", "clean", {"vec": "False", "strat": "reverse-mode"}),
    ("ok_forward_vectorized", "clean", {"vec": "True", "strat": "forward-mode"}),
    ("ok_reverse_vectorized", "clean", {"vec": "True", "strat": "reverse-mode"}),
    (
        "forward_mode_not_vectorized",
        "jacobian_strategy_vectorize",
        {"vec": "False", "strat": "forward-mode"},
    ),
)

template("curvature_regularizer", "(3, 5)")(
    """
from torch.autograd.functional import hessian


def energy(model, z):
    return model(z).pow(2).sum()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(5, 8), nn.Softplus(), nn.Linear(8, 1))

    def forward(self, x):
        with torch.enable_grad():
            H = hessian(lambda z: energy(self.model, z), x[0], {kw})
        return torch.diagonal(H).sum()
"""
)
add(
    "curvature_regularizer",
    ("ok", "clean", {"kw": "create_graph=False"}),
    (
        "ok_forward_over_reverse_vec",
        "clean",
        {"kw": 'vectorize=True, outer_jacobian_strategy="forward-mode"'},
    ),
    (
        "forward_outer_no_vectorize",
        "jacobian_strategy_vectorize",
        {"kw": 'outer_jacobian_strategy="forward-mode"'},
    ),
    (
        "forward_outer_vectorize_false_v2",
        "jacobian_strategy_vectorize",
        {"kw": 'vectorize=False, outer_jacobian_strategy="forward-mode"'},
    ),
)

# ---------------------------------------------------------------- frexp on integers (new)
template("log2_length_buckets", "(4, 7)")(
    """
class Net(nn.Module):
    def __init__(self, n_buckets=8):
        super().__init__()
        self.bucket_emb = nn.Embedding(n_buckets, 7)
        self.fc = nn.Linear(7, 2)

    def buckets(self, x):
        lengths = {lengths}
        _, expo = torch.frexp(lengths)
        return expo.long().clamp(0, 7)

    def forward(self, x):
        return self.fc(x + self.bucket_emb(self.buckets(x)).mean(1))
"""
)
add(
    "log2_length_buckets",
    ("ok", "clean", {"lengths": "x.abs().sum(-1, keepdim=True) + 1"}),
    ("ok_float_counts", "clean", {"lengths": "(x > 0).sum(-1, keepdim=True).float() + 1"}),
    ("integer_counts", "frexp_int_dtype", {"lengths": "(x > 0).sum(-1, keepdim=True) + 1"}),
    ("lengths_cast_long", "frexp_int_dtype", {"lengths": "(x.abs() * 10).long() + 1"}),
)

template("pow2_scale_quant", "(3, 9)")(
    """
def pow2_scale(amax):
    mant, expo = amax.frexp()
    return torch.ldexp(torch.ones_like(mant), expo)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(9, 9)

    def forward(self, x):
        h = self.fc(x)
        amax = {amax}
        s = pow2_scale(amax)
        return torch.round(h / s * 127).clamp(-128, 127) * s / 127
"""
)
add(
    "pow2_scale_quant",
    ("ok", "clean", {"amax": "h.abs().amax(-1, keepdim=True)"}),
    ("ok_ceil_float", "clean", {"amax": "h.abs().amax(-1, keepdim=True).ceil()"}),
    ("amax_as_int", "frexp_int_dtype", {"amax": "h.abs().amax(-1, keepdim=True).ceil().int()"}),
    (
        "amax_rounded_long",
        "frexp_int_dtype",
        {"amax": "h.abs().amax(-1, keepdim=True).round().long() + 1"},
    ),
)

# ---------------------------------------------------------------- spectral norm iterations (new)
template("sn_discriminator_lazy", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(10, 16, 1), iters={iters}):
        super().__init__()
        self.widths, self.iters = widths, iters
        self.layers = None

    def build(self):
        layers = []
        for a, b in zip(self.widths[:-1], self.widths[1:]):
            layers += [nn.utils.spectral_norm(nn.Linear(a, b), n_power_iterations=self.iters), nn.LeakyReLU(0.2)]
        self.layers = nn.Sequential(*layers[:-1])

    def forward(self, x):
        if self.layers is None:
            self.build()
        return self.layers(x)
"""
)
add(
    "sn_discriminator_lazy",
    ("ok", "clean", {"iters": "1"}),
    ("ok_five_iters", "clean", {"iters": "5"}),
    ("iters_zero", "spectral_norm_power_iterations", {"iters": "0"}),
    ("iters_negative", "spectral_norm_power_iterations", {"iters": "-1"}),
)

template("sn_parametrized_critic", "(2, 3, 8, 8)")(
    """
from torch.nn.utils.parametrizations import spectral_norm

CRITIC = dict(power_iters={iters}, width=8)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(3, 8, 3, padding=1), nn.Conv2d(8, 8, 3, stride=2, padding=1)])
        self.fc = nn.Linear(8, 1)
        self.wrapped = False

    def wrap(self):
        for i, c in enumerate(self.convs):
            self.convs[i] = spectral_norm(c, n_power_iterations=CRITIC["power_iters"])
        self.wrapped = True

    def forward(self, x):
        if not self.wrapped:
            self.wrap()
        for c in self.convs:
            x = F.leaky_relu(c(x), 0.2)
        return self.fc(x.mean((2, 3)))
"""
)
add(
    "sn_parametrized_critic",
    ("ok", "clean", {"iters": "1"}),
    ("ok_two_iters", "clean", {"iters": "2"}),
    ("power_iters_zero", "spectral_norm_power_iterations", {"iters": "0"}),
    ("power_iters_negative_v2", "spectral_norm_power_iterations", {"iters": "-2"}),
)

# ---------------------------------------------------------------- volumetric grid_sample bicubic (new)
template("volume_warp", "(1, 2, 6, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self, mode="{mode}"):
        super().__init__()
        self.mode = mode
        self.flow = nn.Conv3d(2, 3, 3, padding=1)

    def forward(self, x):
        n = x.shape[0]
        base = F.affine_grid(torch.eye(3, 4).expand(n, 3, 4), list(x.shape), align_corners=False)
        grid = base + 0.05 * self.flow(x).permute(0, 2, 3, 4, 1)
        return F.grid_sample(x, grid, mode=self.mode, align_corners=False)
"""
)
add(
    "volume_warp",
    ("ok", "clean", {"mode": "bilinear"}),
    ("ok_nearest", "clean", {"mode": "nearest"}),
    ("bicubic_volume", "grid_sample_bicubic_5d", {"mode": "bicubic"}),
    ("mode_trilinear", "grid_sample_mode_name", {"mode": "trilinear"}),
)

template("video_frame_resampler", "(1, 3, 4, 8, 8)")(
    """
CFG = dict(interp="{interp}", pad="border")


def resample(vol, grid, cfg):
    return F.grid_sample(vol, grid, mode=cfg["interp"], padding_mode=cfg["pad"], align_corners=True)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv3d(3, 4, 1)

    def forward(self, x):
        d, h, w = x.shape[2:]
        zs, ys, xs = torch.meshgrid(torch.linspace(-1, 1, d), torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
        grid = torch.stack([xs, ys, zs], -1)[None] * 0.9
        return resample(self.enc(x), grid.to(x.dtype), CFG)
"""
)
add(
    "video_frame_resampler",
    ("ok", "clean", {"interp": "bilinear"}),
    ("ok_nearest", "clean", {"interp": "nearest"}),
    ("bicubic_from_cfg_v2", "grid_sample_bicubic_5d", {"interp": "bicubic"}),
    ("ok_bilinear_from_cfg_twice", "clean", {"interp": "bilinear"}),
)

template("depth_volume_sampler", "(1, 1, 4, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self, mode="{mode}", as_volume={vol}):
        super().__init__()
        self.mode, self.as_volume = mode, as_volume
        self.proj = nn.Conv3d(1, 2, 1)
        self.head = nn.Linear(2, 1)

    def sample(self, vol, pts):
        if not self.as_volume:
            vol, pts = vol[:, :, 0], pts[:, 0, ..., :2]
        return F.grid_sample(vol, pts, mode=self.mode, align_corners=True)

    def forward(self, x):
        vol = self.proj(x)
        pts = torch.linspace(-0.9, 0.9, 3 * 5 * 5 * 3).reshape(1, 3, 5, 5, 3)
        feats = self.sample(vol, pts)
        return self.head(feats.flatten(2).mean(-1))
"""
)
add(
    "depth_volume_sampler",
    ("ok", "clean", {"mode": "bilinear", "vol": "True"}),
    ("ok_bicubic_slice", "clean", {"mode": "bicubic", "vol": "False"}),
    ("ok_nearest_volume", "clean", {"mode": "nearest", "vol": "True"}),
    ("bicubic_on_volume", "grid_sample_bicubic_5d", {"mode": "bicubic", "vol": "True"}),
    ("mode_area_slice_v22", "grid_sample_mode_name", {"mode": "area", "vol": "False"}),
)

# ---------------------------------------------------------------- torch.func argnums duplicated (new)
template("pair_jacobian_func", "(3, 4)")(
    """
from torch.func import jacrev


def bilinear_score(a, b, W):
    return (a @ W * b).sum(-1)


class Net(nn.Module):
    def __init__(self, argnums={an}):
        super().__init__()
        self.argnums = argnums
        self.W = nn.Parameter(torch.randn(4, 4))
        self.enc = nn.Linear(4, 4)

    def forward(self, x):
        a, b = self.enc(x), x.flip(0)
        with torch.enable_grad():
            grads = jacrev(bilinear_score, argnums=self.argnums)(a, b, self.W)
        return sum(g.sum() for g in grads)
"""
)
add(
    "pair_jacobian_func",
    ("ok", "clean", {"an": "(0, 1)"}),
    ("ok_all_three", "clean", {"an": "(0, 1, 2)"}),
    ("first_arg_twice", "func_argnums_duplicate", {"an": "(0, 0)"}),
    ("weights_listed_twice", "func_argnums_duplicate", {"an": "(1, 2, 2)"}),
)

template("meta_inner_grad", "(4, 6)")(
    """
from torch.func import functional_call, grad


class Net(nn.Module):
    def __init__(self, wrt={wrt}):
        super().__init__()
        self.learner = nn.Linear(6, 1)
        self.wrt = wrt

    def loss(self, params, lr, x):
        return functional_call(self.learner, params, (x,)).pow(2).mean() * lr

    def forward(self, x):
        params = dict(self.learner.named_parameters())
        lr = torch.tensor(0.1)
        g = grad(self.loss, argnums=self.wrt)(params, lr, x)
        return g[0]["weight"].sum() if isinstance(g, tuple) else g["weight"].sum()
"""
)
add(
    "meta_inner_grad",
    ("ok", "clean", {"wrt": "0"}),
    ("ok_params_and_lr", "clean", {"wrt": "(0, 1)"}),
    ("params_twice", "func_argnums_duplicate", {"wrt": "(0, 0)"}),
    ("lr_twice", "func_argnums_duplicate", {"wrt": "(0, 1, 1)"}),
)

# ---------------------------------------------------------------- batched vjp grad_outputs (new)
template("batched_vjp_probe", "(2, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(4, 4), nn.Tanh())

    def cotangents(self, y):
        return {cot}

    def forward(self, x):
        with torch.enable_grad():
            xi = x[0].clone().requires_grad_()
            y = self.f(xi)
            (J,) = torch.autograd.grad(y, xi, self.cotangents(y), is_grads_batched=True)
        return J.trace()
"""
)
add(
    "batched_vjp_probe",
    ("ok", "clean", {"cot": "torch.eye(y.numel())"}),
    ("ok_two_rows", "clean", {"cot": "torch.eye(y.numel())[:2]"}),
    ("rows_cut_short", "grads_batched_shape", {"cot": "torch.eye(y.numel())[:, :3]"}),
    ("no_batch_dim", "grads_batched_shape", {"cot": "torch.ones(y.numel(), 1)"}),
)

template("output_jacobian_rows", "(2, 3)")(
    """
def jac_rows(y, x):
    basis = {basis}
    return torch.autograd.grad(y, x, basis, is_grads_batched=True)[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        with torch.enable_grad():
            xr = x.clone().requires_grad_()
            y = self.lin(xr).tanh()
            J = jac_rows(y, xr)
        return J.flatten(1).norm(dim=1)
"""
)
add(
    "output_jacobian_rows",
    ("ok", "clean", {"basis": "torch.eye(y.numel()).view(-1, *y.shape)"}),
    ("ok_reshape", "clean", {"basis": "torch.eye(6).reshape(6, 2, 3)"}),
    ("basis_not_viewed", "grads_batched_shape", {"basis": "torch.eye(y.numel())"}),
    ("basis_transposed_shape", "grads_batched_shape", {"basis": "torch.eye(6).reshape(6, 3, 2)"}),
)

# ================================================================ earlier classes in new code shapes
template("kv_cache_greedy_decode", "(2, 4)", "tokens")(
    """
class Cache:
    def __init__(self, batch, max_len, dim):
        self.k = torch.zeros(batch, max_len, dim)
        self.n = 0

    def append(self, k):
        self.k[:, self.n + torch.arange(k.shape[1])] = k
        self.n += k.shape[1]
        return self.k[:, : self.n]


class Net(nn.Module):
    def __init__(self, vocab=2, dim=8, max_len={max_len}, pos_len={pos_len}, steps={steps}):
        super().__init__()
        self.max_len, self.steps = max_len, steps
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(pos_len, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):
        cache = Cache(ids.shape[0], self.max_len, self.tok.embedding_dim)
        h = self.tok(ids) + self.pos(torch.arange(ids.shape[1]))
        keys = cache.append(h)
        nxt = self.out(keys[:, -1]).argmax(-1)
        for _ in range(self.steps):
            p = torch.tensor([cache.n])
            q = self.tok(nxt)[:, None] + self.pos(p)
            keys = cache.append(q)
            att = torch.softmax(q @ keys.mT, -1) @ keys
            nxt = self.out(att[:, -1]).argmax(-1)
        return nxt
"""
)
add(
    "kv_cache_greedy_decode",
    ("ok", "clean", {"max_len": "12", "pos_len": "12", "steps": "8"}),
    ("ok_exact_fill", "clean", {"max_len": "10", "pos_len": "10", "steps": "6"}),
    ("cache_short_by_one", "kv_cache_overflow", {"max_len": "10", "pos_len": "12", "steps": "7"}),
    ("pos_table_short", "pos_table_length", {"max_len": "12", "pos_len": "9", "steps": "8"}),
    ("ok_few_steps", "clean", {"max_len": "8", "pos_len": "8", "steps": "2"}),
)

template("gqa_attention_cfg", "(2, 6, 24)")(
    """
from dataclasses import dataclass


@dataclass
class AttnCfg:
    dim: int = 24
    heads: int = {heads}
    kv_heads: int = {kv}


class Attn(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.h, self.kv, self.hd = cfg.heads, cfg.kv_heads, cfg.dim // cfg.heads
        self.q = nn.Linear(cfg.dim, cfg.heads * self.hd)
        self.kv_proj = nn.Linear(cfg.dim, 2 * cfg.kv_heads * self.hd)
        self.o = nn.Linear(cfg.heads * self.hd, cfg.dim)

    def forward(self, x, mask=None):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k, v = self.kv_proj(x).view(b, t, 2, self.kv, self.hd).unbind(2)
        k, v = k.transpose(1, 2), v.transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn(AttnCfg())

    def forward(self, x):
        mask = {mask}
        return self.attn(x, mask)
"""
)
add(
    "gqa_attention_cfg",
    ("ok", "clean", {"heads": "4", "kv": "2", "mask": "None"}),
    (
        "ok_mqa_mask",
        "clean",
        {"heads": "6", "kv": "1", "mask": "torch.ones(6, 6, dtype=torch.bool).tril()"},
    ),
    ("kv_heads_three_of_four", "sdpa_gqa_heads", {"heads": "4", "kv": "3", "mask": "None"}),
    (
        "mask_per_batch_no_head",
        "sdpa_attn_mask_shape",
        {"heads": "4", "kv": "2", "mask": "torch.ones(2, 6, 6, dtype=torch.bool)"},
    ),
    (
        "ok_mask_broadcast_heads",
        "clean",
        {"heads": "4", "kv": "2", "mask": "torch.ones(2, 1, 6, 6, dtype=torch.bool)"},
    ),
)

template("beam_search_step", "(2, 5)")(
    """
class Net(nn.Module):
    def __init__(self, vocab={vocab}, beams={beams}):
        super().__init__()
        self.beams = beams
        self.lm = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, vocab))

    def step(self, scores, logp):
        total = scores[:, :, None] + logp
        flat = total.flatten(1)
        best, idx = flat.topk({k}, dim=-1)
        origin = idx // logp.shape[-1]
        return best, origin

    def forward(self, x):
        logp = self.lm(x).log_softmax(-1)[:, None].expand(-1, self.beams, -1)
        scores = torch.zeros(x.shape[0], self.beams)
        best, origin = self.step(scores, logp)
        hist = torch.arange(self.beams).expand(x.shape[0], -1)
        return torch.gather(hist, 1, {gidx})
"""
)
add(
    "beam_search_step",
    ("ok", "clean", {"vocab": "6", "beams": "3", "k": "self.beams", "gidx": "origin"}),
    (
        "ok_tiny_vocab_k_all",
        "clean",
        {"vocab": "2", "beams": "2", "k": "self.beams * 2", "gidx": "origin"},
    ),
    (
        "k_doubled_small_vocab",
        "topk_k",
        {"vocab": "2", "beams": "2", "k": "self.beams * 2 + 1", "gidx": "origin"},
    ),
    (
        "gather_with_flat_ids",
        "gather_index",
        {"vocab": "6", "beams": "3", "k": "self.beams", "gidx": "origin * 6"},
    ),
    (
        "gather_index_unsqueezed_v9",
        "gather_index",
        {"vocab": "6", "beams": "3", "k": "self.beams", "gidx": "origin[..., None]"},
    ),
)

template("patchify_einops_cfg", "(2, 3, 16, 16)")(
    """
from einops import rearrange


class PatchEmbed(nn.Module):
    def __init__(self, patch, dim):
        super().__init__()
        self.patch = patch
        self.proj = nn.Linear(3 * patch * patch, dim)

    def forward(self, img):
        tokens = rearrange(img, "{pattern}", p1=self.patch, p2=self.patch)
        return self.proj(tokens)


class Net(nn.Module):
    def __init__(self, patch={patch}):
        super().__init__()
        self.embed = PatchEmbed(patch, 32)
        self.head = nn.Linear(32, 10)

    def forward(self, x):
        tok = self.embed(x)
        return self.head(tok.{pool})
"""
)
_PAT = "b c (h p1) (w p2) -> b (h w) (p1 p2 c)"
add(
    "patchify_einops_cfg",
    ("ok", "clean", {"pattern": _PAT, "patch": "4", "pool": "mean(1)"}),
    ("ok_patch_eight", "clean", {"pattern": _PAT, "patch": "8", "pool": "mean(1)"}),
    ("patch_not_dividing", "einops_axes", {"pattern": _PAT, "patch": "5", "pool": "mean(1)"}),
    (
        "pattern_keeps_c_apart_v2",
        "einops_axes",
        {"pattern": "b c (h p1) (w p2) -> b (h w) p1 p2", "patch": "4", "pool": "mean(1)"},
    ),
    (
        "flat_view_wrong_count",
        "reshape_numel",
        {"pattern": _PAT, "patch": "4", "pool": "reshape(2, 15, 32).mean(1)"},
    ),
)

template("multiscale_fusion_head", "(2, 3, 32, 32)")(
    """
class Stage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=2, padding=1)

    def forward(self, x):
        return F.relu(self.conv(x))


class Net(nn.Module):
    def __init__(self, widths=(3, 8, 16, {w3})):
        super().__init__()
        self.stages = nn.ModuleList(Stage(a, b) for a, b in zip(widths[:-1], widths[1:]))
        self.fuse = nn.Linear({fin}, 10)

    def forward(self, x):
        pooled = []
        for s in self.stages:
            x = s(x)
            pooled.append({pool})
        return self.fuse(torch.cat(pooled, dim=1))
"""
)
add(
    "multiscale_fusion_head",
    ("ok", "clean", {"w3": "32", "fin": "56", "pool": "x.mean((2, 3))"}),
    ("ok_amax_pool", "clean", {"w3": "24", "fin": "48", "pool": "x.amax((2, 3))"}),
    (
        "fuse_width_last_stage_only",
        "cat_linear",
        {"w3": "32", "fin": "32", "pool": "x.mean((2, 3))"},
    ),
    (
        "stage_widened_fuse_kept_v4",
        "cat_linear",
        {"w3": "40", "fin": "56", "pool": "x.mean((2, 3))"},
    ),
    ("maps_not_pooled", "cat_spatial", {"w3": "32", "fin": "56", "pool": "x"}),
)

template("pairwise_interaction", "(3, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, r={r}):
        super().__init__()
        self.U = nn.Parameter(torch.randn(d, r) * 0.1)
        self.V = nn.Parameter(torch.randn({vr}, d) * 0.1)
        self.head = nn.Linear(5, 1)

    def forward(self, x):
        left = x @ self.U
        right = {right}
        inter = {combine}
        return self.head(inter.mean(-1)).squeeze(-1)
"""
)
add(
    "pairwise_interaction",
    (
        "ok",
        "clean",
        {
            "r": "4",
            "vr": "4",
            "right": "(x @ self.V.T)",
            "combine": 'torch.einsum("bir,bjr->bij", left, right)',
        },
    ),
    (
        "ok_bmm_transposed",
        "clean",
        {
            "r": "4",
            "vr": "4",
            "right": "(x @ self.V.T)",
            "combine": "torch.bmm(left, right.transpose(1, 2))",
        },
    ),
    (
        "einsum_rank_mismatch",
        "einsum",
        {
            "r": "4",
            "vr": "3",
            "right": "(x @ self.V.T)",
            "combine": 'torch.einsum("bir,bjr->bij", left, right)',
        },
    ),
    (
        "bmm_untransposed",
        "bmm",
        {"r": "4", "vr": "4", "right": "(x @ self.V.T)", "combine": "left.bmm(right)"},
    ),
    (
        "flatten_transposed_view",
        "view_noncontiguous",
        {
            "r": "4",
            "vr": "4",
            "right": "(x @ self.V.T)",
            "combine": 'torch.einsum("bir,bjr->bij", left, right).mT.view(3, 25).view(3, 5, 5)',
        },
    ),
    (
        "V_not_transposed",
        "matmul",
        {"r": "4", "vr": "4", "right": "(x @ self.V)", "combine": "left @ right.mT"},
    ),
)

template("fused_qkv_unpack", "(2, 7, 24)")(
    """
class Net(nn.Module):
    def __init__(self, dim=24, heads=4, kv_dim={kvd}):
        super().__init__()
        self.dim, self.kv_dim, self.heads = dim, kv_dim, heads
        self.qkv = nn.Linear(dim, dim + 2 * kv_dim)
        self.o = nn.Linear(dim, dim)

    def forward(self, x):
        fused = self.qkv(x)
        {unpack}
        att = torch.softmax(q @ k.mT / self.dim**0.5, -1)
        return self.o(att @ v)
"""
)
add(
    "fused_qkv_unpack",
    (
        "ok",
        "clean",
        {"kvd": "24", "unpack": "q, k, v = fused.split([self.dim, self.kv_dim, self.kv_dim], -1)"},
    ),
    ("ok_chunk_three", "clean", {"kvd": "24", "unpack": "q, k, v = fused.chunk(3, dim=-1)"}),
    (
        "sizes_assume_full_kv",
        "split_sizes",
        {"kvd": "12", "unpack": "q, k, v = fused.split([self.dim, self.dim, self.dim], -1)"},
    ),
    (
        "chunk_by_heads",
        "chunk_unpack_count",
        {"kvd": "24", "unpack": "q, k, v = fused.chunk(self.heads, dim=-1)"},
    ),
    (
        "split_width_gives_four",
        "split_unpack_count",
        {"kvd": "24", "unpack": "q, k, v = torch.split(fused, 18, dim=-1)"},
    ),
)

template("film_mask_block", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, cond=4):
        super().__init__()
        self.cond = cond
        self.film = nn.Linear(cond, 2 * dim)
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim))

    def forward(self, x):
        c = x[:, 0, : self.cond]
        gamma, beta = self.film(c).chunk(2, -1)
        h = self.ff(x) * {gamma} + beta[:, None]
        pad = x[..., 0] > 1.5
        return h.masked_fill({pad}, 0.0).sum(1)
"""
)
add(
    "film_mask_block",
    ("ok", "clean", {"gamma": "gamma.unsqueeze(1)", "pad": "pad[..., None]"}),
    ("ok_view_gamma", "clean", {"gamma": "gamma.view(2, 1, -1)", "pad": "pad.unsqueeze(-1)"}),
    ("gamma_without_time_axis", "broadcast_add", {"gamma": "gamma", "pad": "pad[..., None]"}),
    ("pad_mask_not_unsqueezed", "masked_fill_broadcast", {"gamma": "gamma[:, None]", "pad": "pad"}),
    (
        "pad_mask_on_wrong_axis",
        "masked_fill_broadcast",
        {"gamma": "gamma[:, None]", "pad": "pad[:, None]"},
    ),
)

template("head_merge_helpers", "(2, 5, 32)")(
    """
def split_heads(t, h):
    b, n, d = t.shape
    return t.view(b, n, h, d // h).transpose(1, 2)


def merge_heads(t):
    b, h, n, hd = t.shape
    return {merge}


class Net(nn.Module):
    def __init__(self, heads={heads}):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(32, 96)
        self.proj = nn.Linear(32, 32)

    def forward(self, x):
        q, k, v = (split_heads(t, self.heads) for t in self.qkv(x).chunk(3, -1))
        y = F.scaled_dot_product_attention(q, k, v)
        return self.proj(merge_heads(y))
"""
)
add(
    "head_merge_helpers",
    ("ok", "clean", {"heads": "4", "merge": "t.transpose(1, 2).reshape(b, n, h * hd)"}),
    (
        "ok_contiguous_view",
        "clean",
        {"heads": "8", "merge": "t.transpose(1, 2).contiguous().view(b, n, -1)"},
    ),
    # written as a crash (view_noncontiguous); torch runs it: the attention output is already
    # laid out batch, time, heads, so the transposed view is contiguous
    (
        "view_after_transpose",
        "clean",
        {"heads": "4", "merge": "t.transpose(1, 2).view(b, n, h * hd)"},
    ),
    (
        "heads_not_dividing",
        "reshape_numel",
        {"heads": "5", "merge": "t.transpose(1, 2).reshape(b, n, h * hd)"},
    ),
    (
        "merge_drops_head_axis_v4",
        "reshape_numel",
        {"heads": "4", "merge": "t.transpose(1, 2).reshape(b, n, hd)"},
    ),
)

template("amp_train_step_cfg", "(4, 6)")(
    """
OPT = dict(lr=1e-3, betas={betas}, weight_decay={wd})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
        self.scaler = torch.amp.GradScaler("cpu")

    def train_step(self, x):
        opt = torch.optim.AdamW(self.model.parameters(), **OPT)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = self.model(x).float().pow(2).mean()
        self.scaler.scale(loss).backward()
        {order}
        self.scaler.update()
        return loss.detach()

    def forward(self, x):
        with torch.enable_grad():
            return self.train_step(x)
"""
)
_STEP = "self.scaler.unscale_(opt)\n        self.scaler.step(opt)"
add(
    "amp_train_step_cfg",
    ("ok", "clean", {"betas": "(0.9, 0.999)", "wd": "0.01", "order": _STEP}),
    (
        "ok_step_only",
        "clean",
        {"betas": "(0.9, 0.95)", "wd": "0.0", "order": "self.scaler.step(opt)"},
    ),
    ("betas_one_value", "optimizer_betas_len", {"betas": "(0.9,)", "wd": "0.01", "order": _STEP}),
    (
        "decay_negative",
        "optimizer_hparam_range",
        {"betas": "(0.9, 0.999)", "wd": "-0.1", "order": _STEP},
    ),
    (
        "unscale_after_step",
        "grad_scaler_order",
        {
            "betas": "(0.9, 0.999)",
            "wd": "0.01",
            "order": "self.scaler.step(opt)\n        self.scaler.unscale_(opt)",
        },
    ),
)

template("multistep_sched_builder", "(3, 4)")(
    """
def build_schedule(opt, cfg):
    warm = torch.optim.lr_scheduler.LinearLR(opt, start_factor=cfg["start"], total_iters=cfg["warm"])
    decay = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=cfg["milestones"], gamma=cfg["gamma"])
    return torch.optim.lr_scheduler.SequentialLR(opt, [warm, decay], milestones={seq_ms})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)
        self.cfg = dict(start={start}, warm=3, milestones=[5, 8], gamma=0.5)

    def forward(self, x):
        opt = torch.optim.SGD(self.net.parameters(), lr=0.1)
        sched = build_schedule(opt, self.cfg)
        for _ in range(4):
            opt.step()
            sched.step()
        return self.net(x) * opt.param_groups[0]["lr"]
"""
)
add(
    "multistep_sched_builder",
    ("ok", "clean", {"seq_ms": '[cfg["warm"]]', "start": "0.1"}),
    ("ok_start_one", "clean", {"seq_ms": "[3]", "start": "1.0"}),
    (
        "milestones_list_per_scheduler",
        "scheduler_milestones_count",
        {"seq_ms": "[3, 6]", "start": "0.1"},
    ),
    ("start_factor_zero", "scheduler_hparam_range", {"seq_ms": "[3]", "start": "0.0"}),
    ("start_factor_above_one_v2", "scheduler_hparam_range", {"seq_ms": "[3]", "start": "1.5"}),
)

template("ckpt_reload_roundtrip", "(2, 6)")(
    """
import io


class Encoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, width), nn.ReLU(), nn.Linear(width, 3))

    def forward(self, x):
        return self.body(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.live = Encoder(16)

    def forward(self, x):
        buf = io.BytesIO()
        torch.save(self.live.state_dict(), buf)
        {rewind}
        fresh = Encoder({width})
        fresh.load_state_dict(torch.load(buf, weights_only=True){strict})
        return fresh(x)
"""
)
add(
    "ckpt_reload_roundtrip",
    ("ok", "clean", {"rewind": "buf.seek(0)", "width": "16", "strict": ""}),
    (
        "ok_bytes_copy",
        "clean",
        {"rewind": "buf = io.BytesIO(buf.getvalue())", "width": "16", "strict": ", strict=True"},
    ),
    (
        "reload_wider_encoder",
        "load_state_dict_mismatch",
        {"rewind": "buf.seek(0)", "width": "32", "strict": ""},
    ),
    (
        "wider_non_strict",
        "load_state_dict_mismatch",
        {"rewind": "buf.seek(0)", "width": "8", "strict": ", strict=False"},
    ),
    ("no_seek", "load_buffer_not_rewound", {"rewind": "pass", "width": "16", "strict": ""}),
)

template("packed_bilstm_tagger", "(3, 7, 5)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(5, 8, batch_first=True, bidirectional=True)
        self.tag = nn.Linear(16, 4)

    def forward(self, x, lengths, sort):
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=sort)
        out, _ = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=x.shape[1])
        return self.tag(out)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.tagger = Tagger()

    def forward(self, x):
        lengths = torch.tensor({lengths})
        return self.tagger(x, lengths, {sort})
"""
)
add(
    "packed_bilstm_tagger",
    ("ok", "clean", {"lengths": "[7, 5, 2]", "sort": "True"}),
    ("ok_unsorted_flag_off", "clean", {"lengths": "[2, 7, 5]", "sort": "False"}),
    ("unsorted_enforced", "pack_lengths_unsorted", {"lengths": "[2, 7, 5]", "sort": "True"}),
    ("length_past_padding", "pack_lengths_too_long", {"lengths": "[8, 5, 2]", "sort": "False"}),
    ("ok_full_lengths", "clean", {"lengths": "[7, 7, 7]", "sort": "True"}),
)

template("ragged_batch_collate", "(3, 4)")(
    """
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader


class Ragged(torch.utils.data.Dataset):
    def __init__(self, base):
        self.items = [base[i, : i + 2] for i in range(base.shape[0])]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def collate(batch):
    return {collate}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(1, 6, batch_first=True)
        self.head = nn.Linear(6, 2)

    def forward(self, x):
        loader = DataLoader(Ragged(x), batch_size=3, collate_fn={fn})
        batch = next(iter(loader))
        out, h = self.rnn(batch[..., None])
        return self.head(h[-1])
"""
)
add(
    "ragged_batch_collate",
    ("ok", "clean", {"collate": "pad_sequence(batch, batch_first=True)", "fn": "collate"}),
    (
        "ok_left_padding",
        "clean",
        {"collate": 'pad_sequence(batch, batch_first=True, padding_side="left")', "fn": "collate"},
    ),
    ("default_collate_ragged", "collate_unequal_sizes", {"collate": "batch", "fn": "None"}),
    (
        "padding_side_front",
        "pad_sequence_side_name",
        {"collate": 'pad_sequence(batch, batch_first=True, padding_side="front")', "fn": "collate"},
    ),
    ("stack_in_collate", "stack_shapes", {"collate": "torch.stack(batch)", "fn": "collate"}),
)

template("rotary_cfg_attention", "(2, 6, 32)")(
    """
def rotate_half(t):
    a, b = t.chunk(2, -1)
    return torch.cat([-b, a], -1)


class Rotary(nn.Module):
    def __init__(self, dim):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv", inv)

    def forward(self, t):
        n = t.shape[-2]
        freqs = torch.outer(torch.arange(n).float(), self.inv)
        emb = torch.cat([freqs, freqs], -1)
        return t * emb.cos() + rotate_half(t) * emb.sin()


class Net(nn.Module):
    def __init__(self, heads=4, rot_dim={rot}):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(32, 96)
        self.rope = Rotary(rot_dim)
        self.out = nn.Linear(32, 32)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, -1).permute(2, 0, 3, 1, 4)
        q, k = self.rope(q), {k_rot}
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(b, n, -1))
"""
)
add(
    "rotary_cfg_attention",
    ("ok", "clean", {"rot": "8", "k_rot": "self.rope(k)"}),
    ("ok_keys_unrotated", "clean", {"rot": "8", "k_rot": "k"}),
    ("rot_dim_model_width", "rope_dims", {"rot": "32", "k_rot": "self.rope(k)"}),
    ("rot_dim_half_head", "rope_dims", {"rot": "4", "k_rot": "self.rope(k)"}),
)

template("per_channel_quant_stub", "(2, 6)")(
    """
class QLinear(nn.Module):
    def __init__(self, fin, fout, axis):
        super().__init__()
        self.lin = nn.Linear(fin, fout)
        self.axis = axis

    def forward(self, x):
        w = self.lin.weight
        amax = w.abs().amax(dim={red}).clamp_min(1e-6)
        scale = amax / 127
        zp = torch.zeros_like(scale, dtype=torch.int32)
        wq = torch.fake_quantize_per_channel_affine(w, scale, zp, self.axis, {qmin}, 127)
        return F.linear(x, wq, self.lin.bias)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q1 = QLinear(6, 10, 0)
        self.q2 = QLinear(10, 3, 0)

    def forward(self, x):
        return self.q2(F.relu(self.q1(x)))
"""
)
add(
    "per_channel_quant_stub",
    ("ok", "clean", {"red": "1", "qmin": "-128"}),
    ("ok_symmetric_range", "clean", {"red": "-1", "qmin": "-127"}),
    ("scale_per_input_column", "quantize_scales_len", {"red": "0", "qmin": "-128"}),
    ("qmin_above_qmax", "fake_quant_min_max", {"red": "1", "qmin": "128"}),
)

template("nucleus_sampling_loop", "(2, 6)")(
    """
class Net(nn.Module):
    def __init__(self, vocab=8, temperature={temp}, n_samples={ns}, steps=3):
        super().__init__()
        self.t, self.ns, self.steps = temperature, n_samples, steps
        self.lm = nn.Sequential(nn.Linear(6, 16), nn.GELU(), nn.Linear(16, vocab))
        self.emb = nn.Embedding(vocab, 6)

    def top_p(self, logits, p=0.9):
        probs = torch.softmax(logits / self.t, -1)
        srt, idx = probs.sort(-1, descending=True)
        keep = srt.cumsum(-1) - srt < p
        return torch.zeros_like(probs).scatter(-1, idx, srt * keep)

    def forward(self, x):
        h = x
        for _ in range(self.steps):
            probs = self.top_p(self.lm(h))
            tok = torch.multinomial(probs, self.ns, replacement={repl})
            h = h + self.emb(tok).mean(1)
        return h
"""
)
add(
    "nucleus_sampling_loop",
    ("ok", "clean", {"temp": "0.8", "ns": "1", "repl": "False"}),
    ("ok_many_with_replacement", "clean", {"temp": "1.0", "ns": "20", "repl": "True"}),
    (
        "many_without_replacement",
        "multinomial_samples",
        {"temp": "1.0", "ns": "20", "repl": "False"},
    ),
    (
        "greedy_as_temperature_zero",
        "temperature_zero_sampling",
        {"temp": "0.0", "ns": "1", "repl": "False"},
    ),
)

template("fourier_token_mixer", "(2, 8, 16)")(
    """
class FourierMix(nn.Module):
    def __init__(self, dim, act):
        super().__init__()
        self.filt = nn.Parameter(torch.randn(dim // 2 + 1) * 0.02)
        self.act = act

    def forward(self, x):
        spec = torch.fft.rfft({fft_in}, dim=-1)
        spec = {mix}
        return torch.fft.irfft(spec, n=x.shape[-1], dim=-1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[FourierMix(16, nn.GELU()) for _ in range(2)])
        self.norm = nn.LayerNorm(16)

    def forward(self, x):
        return self.norm(self.blocks(x))
"""
)
add(
    "fourier_token_mixer",
    ("ok", "clean", {"fft_in": "x", "mix": "spec * self.filt"}),
    (
        "ok_polar_gate",
        "clean",
        {"fft_in": "x", "mix": "torch.polar(self.act(spec.abs()), spec.angle())"},
    ),
    (
        "rfft_of_complex",
        "rfft_complex_input",
        {"fft_in": "torch.fft.fft(x, dim=-1)", "mix": "spec * self.filt"},
    ),
    ("gelu_on_spectrum", "complex_activation", {"fft_in": "x", "mix": "self.act(spec)"}),
    ("relu_on_spectrum_v7", "complex_activation", {"fft_in": "x", "mix": "F.relu(spec)"}),
    (
        "ok_gelu_real_imag",
        "clean",
        {"fft_in": "x", "mix": "torch.complex(self.act(spec.real), spec.imag)"},
    ),
)

template("gamma_rate_head", "(3, 5)")(
    """
import torch.distributions as D


class Net(nn.Module):
    def __init__(self, rate_width={rw}):
        super().__init__()
        self.conc = nn.Linear(5, 2)
        self.rate = nn.Linear(5, rate_width)

    def forward(self, x):
        dist = D.Gamma(F.softplus(self.conc(x)) + 1e-3, F.softplus(self.rate(x)) + 1e-3)
        y = dist.rsample()
        return {stat}
"""
)
add(
    "gamma_rate_head",
    ("ok", "clean", {"rw": "2", "stat": "dist.log_prob(y).sum() + dist.entropy().sum()"}),
    ("ok_rate_broadcast", "clean", {"rw": "1", "stat": "dist.mean.sum() + dist.variance.sum()"}),
    (
        "median_statistic",
        "distribution_method_not_implemented",
        {"rw": "2", "stat": "dist.icdf(torch.full_like(y, 0.5)).sum()"},
    ),
    ("rate_three_wide", "distribution_param_shape", {"rw": "3", "stat": "dist.log_prob(y).sum()"}),
)

template("hooked_feature_tap", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 4))
        self.scale = 2.0
        self.enc[0].register_forward_pre_hook(self.pre, with_kwargs=True)

    def pre(self, module, args, kwargs):
        return {ret}

    def forward(self, x):
        with torch.enable_grad():
            h = self.enc[0](x.requires_grad_())
            h.register_hook(lambda g: {ghook})
            y = self.enc[2](self.enc[1](h))
            y.sum().backward()
        return y
"""
)
add(
    "hooked_feature_tap",
    ("ok", "clean", {"ret": "(tuple(a * self.scale for a in args), kwargs)", "ghook": "g * 0.5"}),
    ("ok_none", "clean", {"ret": "None", "ghook": "None"}),
    (
        "pre_hook_returns_args_only",
        "hook_return_form",
        {"ret": "tuple(a * self.scale for a in args)", "ghook": "g"},
    ),
    ("grad_hook_reduces_batch", "tensor_hook_shape", {"ret": "None", "ghook": "g.mean(0)"}),
    ("grad_hook_keeps_first_row_v23", "tensor_hook_shape", {"ret": "None", "ghook": "g[:1]"}),
)

template("conv_norm_stack_cfg", "(2, 3, 16, 16)")(
    """
STAGES = [dict(cin=3, cout=8, groups=4), dict(cin={cin2}, cout=16, groups={g2})]


class ConvGN(nn.Module):
    def __init__(self, cin, cout, groups):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.groups = groups
        self.gn_weight = nn.Parameter(torch.ones(cout))
        self.gn_bias = nn.Parameter(torch.zeros(cout))

    def forward(self, x):
        return F.silu(F.group_norm(self.conv(x), self.groups, self.gn_weight, self.gn_bias))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(*[ConvGN(**s) for s in STAGES])
        self.head = nn.Linear(16, 5)

    def forward(self, x):
        return self.head(self.body(x).mean((2, 3)))
"""
)
add(
    "conv_norm_stack_cfg",
    ("ok", "clean", {"cin2": "8", "g2": "8"}),
    ("ok_one_group", "clean", {"cin2": "8", "g2": "1"}),
    ("second_stage_expects_rgb", "conv_in_channels", {"cin2": "3", "g2": "8"}),
    ("groups_not_dividing", "groupnorm_channels", {"cin2": "8", "g2": "6"}),
)

template("prenorm_mlp_blocks", "(2, 5, 20)")(
    """
class Block(nn.Module):
    def __init__(self, dim, norm_dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(norm_dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))


class Net(nn.Module):
    def __init__(self, dims=(20, 20, {d3})):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d, {nd}, 4 * d) for d in dims)
        self.out = nn.Linear(20, 2)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.out(x.mean(1))
"""
)
add(
    "prenorm_mlp_blocks",
    ("ok", "clean", {"d3": "20", "nd": "d"}),
    ("ok_norm_fixed_width", "clean", {"d3": "20", "nd": "20"}),
    ("last_block_narrower", "linear_in_features", {"d3": "16", "nd": "20"}),
    ("norm_width_hidden", "layernorm_weight_size", {"d3": "20", "nd": "4 * d"}),
)

template("unet_upsample_decoder", "(1, 4, 12, 12)")(
    """
class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x, skip):
        x = F.interpolate(x, size={size}, mode="bilinear", align_corners=False)
        dh, dw = skip.shape[-2] - x.shape[-2], skip.shape[-1] - x.shape[-1]
        x = F.pad(x, {pad})
        return self.conv(torch.cat([x, skip], 1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        self.up = Up(12, 4)

    def forward(self, x):
        return self.up(F.relu(self.down(x)), x)
"""
)
add(
    "unet_upsample_decoder",
    (
        "ok",
        "clean",
        {"size": "skip.shape[-2:]", "pad": "[dw // 2, dw - dw // 2, dh // 2, dh - dh // 2]"},
    ),
    (
        "ok_size_minus_one",
        "clean",
        {"size": "(skip.shape[-2] - 1, skip.shape[-1] - 1)", "pad": "[0, dw, 0, dh]"},
    ),
    ("size_with_channels", "interp_size_len", {"size": "skip.shape[1:]", "pad": "[0, dw, 0, dh]"}),
    (
        "pad_three_values",
        "pad_spec",
        {"size": "(skip.shape[-2] - 1, skip.shape[-1] - 1)", "pad": "[0, dw, dh]"},
    ),
)

template("multitask_token_heads", "(2, 6)", "tokens")(
    """
TASKS = dict(pos={pos}, ner=3)


class Net(nn.Module):
    def __init__(self, vocab={vocab}):
        super().__init__()
        self.emb = nn.Embedding(vocab, 12)
        self.heads = nn.ModuleDict({{k: nn.Linear(12, n) for k, n in TASKS.items()}})

    def forward(self, ids):
        ids = ids + {shift}
        h = self.emb(ids)
        losses = []
        for name, head in self.heads.items():
            logits = head(h)
            last = torch.full(logits.shape[:-1], logits.shape[-1] - 1, dtype=torch.long)
            gold = F.one_hot(last + 1, {ncls})
            losses.append((logits.log_softmax(-1) * gold[..., : logits.shape[-1]]).sum())
        return torch.stack(losses).sum()
"""
)
add(
    "multitask_token_heads",
    ("ok", "clean", {"pos": "5", "vocab": "4", "shift": "1", "ncls": "TASKS[name] + 1"}),
    ("ok_inferred", "clean", {"pos": "5", "vocab": "2", "shift": "0", "ncls": "-1"}),
    (
        "ids_shifted_past_vocab",
        "index_range",
        {"pos": "5", "vocab": "3", "shift": "2", "ncls": "TASKS[name] + 1"},
    ),
    (
        "classes_without_shift",
        "one_hot_classes",
        {"pos": "5", "vocab": "4", "shift": "0", "ncls": "TASKS[name]"},
    ),
    (
        "classes_from_other_task_v3",
        "one_hot_classes",
        {"pos": "5", "vocab": "4", "shift": "0", "ncls": 'TASKS["ner"]'},
    ),
)

template("stochastic_depth_sched", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, depth=4, max_drop={md}):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(10, 10) for _ in range(depth))
        self.rates = [max_drop * i / (depth - 1) for i in range(depth)]

    def forward(self, x):
        for layer, p in zip(self.layers, self.rates):
            x = x + F.dropout(F.relu(layer(x)), p={pexpr}, training=True)
        return x
"""
)
add(
    "stochastic_depth_sched",
    ("ok", "clean", {"md": "0.3", "pexpr": "p"}),
    ("ok_full_drop_last", "clean", {"md": "1.0", "pexpr": "p"}),
    ("rate_as_percent", "dropout_prob", {"md": "30", "pexpr": "p"}),
    ("keep_prob_negative_v6", "dropout_prob", {"md": "0.3", "pexpr": "p - 0.2"}),
)

template("per_sample_grad_func", "(4, 5)")(
    """
from torch.func import functional_call, grad, vmap


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))

    def loss(self, params, xi):
        out = functional_call(self.model, params, (xi[None],))
        return {loss}

    def forward(self, x):
        params = {{k: v.detach() for k, v in self.model.named_parameters()}}
        g = vmap(grad(self.loss), in_dims=(None, {ind}))(params, x)
        return sum(v.flatten(1).norm(dim=1) for v in g.values())
"""
)
add(
    "per_sample_grad_func",
    ("ok", "clean", {"loss": "out.pow(2).mean()", "ind": "0"}),
    ("ok_sum", "clean", {"loss": "out.sum()", "ind": "-2"}),
    ("loss_not_reduced", "func_grad_nonscalar", {"loss": "out.pow(2)", "ind": "0"}),
    ("in_dim_past_rank", "vmap_in_dim_range", {"loss": "out.pow(2).mean()", "ind": "2"}),
)

template("clip_grad_function", "(3, 6)")(
    """
class ClipGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, bound):
        ctx.bound = bound
        return x.view_as(x)

    @staticmethod
    def backward(ctx, g):
        return {ret}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(6, 6), nn.ReLU())
        self.head = nn.Linear(6, 1)

    def forward(self, x):
        with torch.enable_grad():
            h = ClipGrad.apply(self.fc(x), 0.5)
            loss = self.head(h).sum()
            loss.backward()
        return loss.detach()
"""
)
add(
    "clip_grad_function",
    ("ok", "clean", {"ret": "g.clamp(-ctx.bound, ctx.bound), None"}),
    ("ok_bound_grad_none_only", "clean", {"ret": "(g * 0.5, None)"}),
    (
        "returns_grad_only",
        "autograd_function_grad_count",
        {"ret": "g.clamp(-ctx.bound, ctx.bound)"},
    ),
    # written as a crash (autograd_function_grad_count); torch runs it: trailing None
    # gradients past the inputs are accepted
    ("returns_three", "clean", {"ret": "g, None, None"}),
    ("extra_grad_tensor", "autograd_function_grad_count", {"ret": "g, None, torch.zeros(())"}),
)

template("split_loader_builder", "(10, 3)")(
    """
from torch.utils.data import DataLoader, TensorDataset, random_split

DATA = dict(fractions={fr}, batch={bs}, workers=0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        ds = TensorDataset(x)
        train, val = random_split(ds, DATA["fractions"], generator=torch.Generator().manual_seed(0))
        loader = DataLoader(train, batch_size=DATA["batch"], num_workers=DATA["workers"]{extra})
        return sum(self.fc(b).sum() for (b,) in loader)
"""
)
add(
    "split_loader_builder",
    ("ok", "clean", {"fr": "[0.8, 0.2]", "bs": "4", "extra": ""}),
    ("ok_counts", "clean", {"fr": "[7, 3]", "bs": "2", "extra": ", drop_last=True"}),
    ("counts_not_summing", "random_split_lengths", {"fr": "[7, 2]", "bs": "4", "extra": ""}),
    (
        "prefetch_without_workers",
        "dataloader_args_invalid",
        {"fr": "[0.8, 0.2]", "bs": "4", "extra": ", prefetch_factor=4"},
    ),
    (
        "persistent_without_workers",
        "dataloader_args_invalid",
        {"fr": "[0.8, 0.2]", "bs": "4", "extra": ", persistent_workers=True"},
    ),
)

template("vjp_saliency", "(2, 6)")(
    """
from torch.func import vjp


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))

    def forward(self, x):
        out, pullback = vjp(self.model, x)
        cot = {cot}
        (sal,) = pullback(cot)
        return sal.abs()
"""
)
add(
    "vjp_saliency",
    ("ok", "clean", {"cot": "torch.ones_like(out)"}),
    ("ok_onehot_class", "clean", {"cot": "F.one_hot(out.argmax(-1), 3).to(out.dtype)"}),
    ("cotangent_per_class_only", "backward_gradient_shape", {"cot": "torch.ones(out.shape[-1])"}),
    ("cotangent_like_input", "backward_gradient_shape", {"cot": "torch.ones_like(x)"}),
)

template("padding_mask_encoder", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=2, dim=16, pad=0):
        super().__init__()
        self.pad = pad
        self.emb = nn.Embedding(vocab, dim)
        layer = nn.TransformerEncoderLayer(dim, 2, 32, batch_first=True, dropout=0.0)
        self.enc = nn.TransformerEncoder(layer, 1, enable_nested_tensor=False)
        self.cls = nn.Linear(dim, 2)

    def forward(self, ids):
        h = self.emb(ids)
        keep = ids != self.pad
        keep[:, 0] = True
        scores = h @ h.mT
        scores = scores.masked_fill({mfill}, float("-inf"))
        h = self.enc(h + torch.softmax(scores, -1) @ h, src_key_padding_mask={kpm})
        return self.cls(h[:, 0])
"""
)
add(
    "padding_mask_encoder",
    ("ok", "clean", {"mfill": "~keep[:, None, :]", "kpm": "~keep"}),
    (
        "ok_float_kpm",
        "clean",
        {
            "mfill": "keep[:, None, :] == 0",
            "kpm": '(~keep).float().masked_fill(~keep, float("-inf"))',
        },
    ),
    ("fill_mask_as_long", "mask_dtype", {"mfill": "(~keep[:, None, :]).long()", "kpm": "~keep"}),
    (
        "fill_mask_batch_first_axis_v8",
        "masked_fill_broadcast",
        {"mfill": "~keep[None]", "kpm": "~keep"},
    ),
)

template("multilabel_bce_trainer", "(4, 9)")(
    """
class Net(nn.Module):
    def __init__(self, labels=6, pos_w={pw}):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(9, 16), nn.ReLU())
        self.cls = nn.Linear(16, labels)
        self.crit = nn.BCEWithLogitsLoss(pos_weight=torch.full((pos_w,), 2.0))

    def targets(self, x):
        return {tgt}

    def forward(self, x):
        logits = self.cls(self.backbone(x))
        return self.crit(logits, self.targets(x))
"""
)
add(
    "multilabel_bce_trainer",
    ("ok", "clean", {"pw": "6", "tgt": "(x[:, :6] > 0).float()"}),
    ("ok_pos_weight_one", "clean", {"pw": "1", "tgt": "(x[:, 3:] > 0).float()"}),
    ("pos_weight_for_nine", "pos_weight_size", {"pw": "9", "tgt": "(x[:, :6] > 0).float()"}),
    ("targets_all_columns", "bce_target_size", {"pw": "6", "tgt": "(x > 0).float()"}),
)

template("stft_cfg_frontend", "(2, 800)")(
    """
FRONT = dict(n_fft=128, hop={hop}, win={win})


def spectrogram(wav, cfg):
    window = torch.hann_window(cfg["win"])
    spec = torch.stft(wav, cfg["n_fft"], hop_length=cfg["hop"], win_length={wl}, window=window, return_complex=True)
    return spec.abs().clamp_min(1e-5).log()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(65, 32, 3, padding=1)
        self.out = nn.Linear(32, 4)

    def forward(self, x):
        s = spectrogram(x, FRONT)
        return self.out(F.relu(self.conv(s)).mean(-1))
"""
)
add(
    "stft_cfg_frontend",
    ("ok", "clean", {"hop": "32", "win": "128", "wl": 'cfg["win"]'}),
    ("ok_short_window", "clean", {"hop": "16", "win": "64", "wl": 'cfg["win"]'}),
    (
        "hop_from_int_division",
        "stft_hop_length_zero",
        {"hop": "128 // 256", "win": "128", "wl": 'cfg["win"]'},
    ),
    ("window_not_win_length", "stft_window", {"hop": "32", "win": "64", "wl": "None"}),
)

template("sparse_label_propagation", "(6, 4)")(
    """
class Net(nn.Module):
    def __init__(self, n=6):
        super().__init__()
        src = torch.arange(n)
        dst = (src + 1) % n
        self.register_buffer("edges", torch.stack([torch.cat([src, dst]), torch.cat([dst, src])]))
        self.n = n
        self.lin = nn.Linear(4, 4)
        self.out = nn.Linear({fout}, 2)

    def adjacency(self):
        vals = torch.ones(self.edges.shape[1])
        return torch.sparse_coo_tensor(self.edges, vals, (self.n, self.n)).coalesce()

    def forward(self, x):
        adj = self.adjacency()
        deg = {deg}
        h = x
        for _ in range(2):
            h = torch.sparse.mm(adj, self.lin(h)) / deg
        return self.out({readout})
"""
)
_DEG = "torch.sparse.sum(adj, 1).to_dense()[:, None]"
add(
    "sparse_label_propagation",
    ("ok", "clean", {"fout": "4", "deg": _DEG, "readout": "h"}),
    (
        "ok_dense_degree",
        "clean",
        {"fout": "4", "deg": "adj.to_dense().sum(1, keepdim=True)", "readout": "h"},
    ),
    (
        "ok_readout_with_input",
        "clean",
        {"fout": "8", "deg": _DEG, "readout": "torch.cat([h, x], -1)"},
    ),
    (
        "degree_view_on_sparse",
        "sparse_dense_only_op",
        {"fout": "4", "deg": "torch.sparse.sum(adj, 1).view(-1, 1)", "readout": "h"},
    ),
    (
        "degree_reshape_on_sparse",
        "sparse_dense_only_op",
        {"fout": "4", "deg": "torch.sparse.sum(adj, 1).reshape(-1, 1)", "readout": "h"},
    ),
    (
        "readout_cat_head_kept",
        "cat_linear",
        {"fout": "4", "deg": _DEG, "readout": "torch.cat([h, x], -1)"},
    ),
)

template("nested_utterance_pooler", "(3, 9, 5)")(
    """
LENGTHS = [9, 6, 3]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(5, 8)
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(8, 2))

    def forward(self, x):
        nt = torch.nested.nested_tensor([x[i, :n] for i, n in enumerate(LENGTHS)])
        h = self.enc(nt)
        pooled = {pool}
        return self.head(pooled)
"""
)
add(
    "nested_utterance_pooler",
    ("ok", "clean", {"pool": "torch.nested.to_padded_tensor(h, 0.0).sum(1)"}),
    ("ok_unbind_mean", "clean", {"pool": "torch.stack([t.mean(0) for t in h.unbind()])"}),
    (
        "ok_padded_wider",
        "clean",
        {"pool": "torch.nested.to_padded_tensor(h, 0.0, output_size=(3, 12, 8)).sum(1)"},
    ),
    ("mean_over_time", "nested_tensor_reduce", {"pool": "h.mean(1)"}),
    ("sum_over_time_v2", "nested_tensor_reduce", {"pool": "h.sum(1)"}),
    (
        "padded_to_second_length",
        "nested_padded_output_size",
        {"pool": "torch.nested.to_padded_tensor(h, 0.0, output_size=(3, LENGTHS[1], 8)).sum(1)"},
    ),
)

# clean variants that look risky (an edge value, a spelling that works, a near-miss, or a case
# written as a crash that torch runs)
RISKY_CLEAN = (
    "soft_label_trainer__ok_soft_default_ignore",
    "soft_label_trainer__ok_hard_pad_ignored",
    "soft_label_trainer__mixup_soft_ignore",
    "distill_seq_loss__ok_hot_temperature",
    "augment_replay__ok_clone",
    "resume_rng_ckpt__ok_cloned",
    "sobol_probe_noise__ok_skip_aligned",
    "quasi_search_init__ok_max_dims",
    "quasi_search_init__ok_single_dim",
    "vmap_ensemble__ok_all_eval",
    "vmap_ensemble__ok_merged_dict",
    "model_soup_avg__ok_buffers_pair",
    "lora_functional_merge__ok_delta_only",
    "lora_functional_merge__ok_tie_false",
    "reshape_flow_head__ok_three_by_two",
    "grid_action_policy__ok_one_row",
    "grid_action_policy__ok_six_by_two",
    "noise_injector_kind__ok_lognormal",
    "noise_injector_kind__ok_cauchy",
    "span_mask_sampler__ok_span_two",
    "householder_mixer__ok_fewer_taus",
    "householder_mixer__ok_single_tau",
    "qr_orthogonal_head__ok_slice_none",
    "tensor_operator_inverse__ok_split_four",
    "multilinear_solve__ok_summed_rows",
    "per_sample_features_vmap__ok_out_dim_last",
    "per_sample_features_vmap__ok_pair_dims",
    "jacobian_rows_vmap__ok_negative_dim",
    "edge_gradient_features__ok_scalar_spacing",
    "trajectory_velocity__ok_scalar_dt",
    "trajectory_velocity__ok_unit_list",
    "sensitivity_probe__ok_forward_vectorized",
    "sensitivity_probe__ok_reverse_vectorized",
    "curvature_regularizer__ok_forward_over_reverse_vec",
    "log2_length_buckets__ok_float_counts",
    "pow2_scale_quant__ok_ceil_float",
    "sn_discriminator_lazy__ok_five_iters",
    "sn_parametrized_critic__ok_two_iters",
    "volume_warp__ok_nearest",
    "video_frame_resampler__ok_nearest",
    "video_frame_resampler__ok_bilinear_from_cfg_twice",
    "depth_volume_sampler__ok_bicubic_slice",
    "depth_volume_sampler__ok_nearest_volume",
    "pair_jacobian_func__ok_all_three",
    "meta_inner_grad__ok_params_and_lr",
    "batched_vjp_probe__ok_two_rows",
    "output_jacobian_rows__ok_reshape",
    "kv_cache_greedy_decode__ok_exact_fill",
    "kv_cache_greedy_decode__ok_few_steps",
    "gqa_attention_cfg__ok_mqa_mask",
    "gqa_attention_cfg__ok_mask_broadcast_heads",
    "beam_search_step__ok_tiny_vocab_k_all",
    "patchify_einops_cfg__ok_patch_eight",
    "multiscale_fusion_head__ok_amax_pool",
    "pairwise_interaction__ok_bmm_transposed",
    "fused_qkv_unpack__ok_chunk_three",
    "film_mask_block__ok_view_gamma",
    "head_merge_helpers__ok_contiguous_view",
    "head_merge_helpers__view_after_transpose",
    "amp_train_step_cfg__ok_step_only",
    "multistep_sched_builder__ok_start_one",
    "ckpt_reload_roundtrip__ok_bytes_copy",
    "packed_bilstm_tagger__ok_unsorted_flag_off",
    "packed_bilstm_tagger__ok_full_lengths",
    "ragged_batch_collate__ok_left_padding",
    "rotary_cfg_attention__ok_keys_unrotated",
    "per_channel_quant_stub__ok_symmetric_range",
    "nucleus_sampling_loop__ok_many_with_replacement",
    "fourier_token_mixer__ok_polar_gate",
    "fourier_token_mixer__ok_gelu_real_imag",
    "gamma_rate_head__ok_rate_broadcast",
    "hooked_feature_tap__ok_none",
    "conv_norm_stack_cfg__ok_one_group",
    "prenorm_mlp_blocks__ok_norm_fixed_width",
    "unet_upsample_decoder__ok_size_minus_one",
    "multitask_token_heads__ok_inferred",
    "stochastic_depth_sched__ok_full_drop_last",
    "per_sample_grad_func__ok_sum",
    "clip_grad_function__ok_bound_grad_none_only",
    "clip_grad_function__returns_three",
    "split_loader_builder__ok_counts",
    "vjp_saliency__ok_onehot_class",
    "padding_mask_encoder__ok_float_kpm",
    "multilabel_bce_trainer__ok_pos_weight_one",
    "stft_cfg_frontend__ok_short_window",
    "sparse_label_propagation__ok_dense_degree",
    "sparse_label_propagation__ok_readout_with_input",
    "nested_utterance_pooler__ok_unbind_mean",
    "nested_utterance_pooler__ok_padded_wider",
)

# templates that are whole small models (a second module class, a stack, or three torch modules)
WHOLE_MODELS = (
    "soft_label_trainer",
    "distill_seq_loss",
    "augment_replay",
    "sobol_probe_noise",
    "vmap_ensemble",
    "lora_functional_merge",
    "reshape_flow_head",
    "householder_mixer",
    "jacobian_rows_vmap",
    "edge_gradient_features",
    "sensitivity_probe",
    "curvature_regularizer",
    "sn_discriminator_lazy",
    "sn_parametrized_critic",
    "batched_vjp_probe",
    "kv_cache_greedy_decode",
    "gqa_attention_cfg",
    "beam_search_step",
    "patchify_einops_cfg",
    "multiscale_fusion_head",
    "pairwise_interaction",
    "film_mask_block",
    "amp_train_step_cfg",
    "multistep_sched_builder",
    "ckpt_reload_roundtrip",
    "packed_bilstm_tagger",
    "ragged_batch_collate",
    "rotary_cfg_attention",
    "per_channel_quant_stub",
    "nucleus_sampling_loop",
    "fourier_token_mixer",
    "hooked_feature_tap",
    "conv_norm_stack_cfg",
    "prenorm_mlp_blocks",
    "unet_upsample_decoder",
    "multitask_token_heads",
    "stochastic_depth_sched",
    "per_sample_grad_func",
    "clip_grad_function",
    "vjp_saliency",
    "padding_mask_encoder",
    "multilabel_bce_trainer",
    "nested_utterance_pooler",
)
