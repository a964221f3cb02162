"""A twenty-ninth fresh batch of crash cases (session 37, split ``fresh29``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The cases are code users write around a model: per-sample functions under ``torch.func.vmap``
(``.item()`` / ``float()`` and Python branches on batched values, in-place writes into fresh
tensors, ``in_dims`` / ``randomness`` / ``chunk_size`` options), ``jacrev`` / ``jvp`` probes,
feature bucketing with ``searchsorted``, whitening with ``eigh``, ``torch.signal.windows``
spectrogram and smoothing front ends, optimizers and schedulers from configs (tensor learning
rates, LBFGS calibration, ``CyclicLR``), TorchScript export helpers (``jit.script`` /
``jit.freeze``), numpy-backed data pipelines (flipped arrays, string and object arrays),
optimizer-in-backward hooks, saved-tensor hooks and offloading, multi-loss backward,
``StackDataset`` / ``ChainDataset`` mixtures, default-dtype setup, distribution heads
(``MultivariateNormal``, ``MixtureSameFamily``), parametrizations (``weight_norm``,
``spectral_norm``, ``orthogonal``) and layer fusion. About half the crash classes are new; the
others are classes earlier batches have, written in new code shapes (sizes that reach the bad call
through configs, helpers and loops: view / reshape, cat then linear, matmul / bmm / einsum, split /
chunk, broadcasting, einops). Several clean variants look risky (``RISKY_CLEAN``). Same format as
``templates.py``; every case name starts ``f29_``. Whether a case crashes is torch's verdict
(``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()
V: list = []
VARIANTS = V  # the same list: every add() below lands in it


def add(tname: str, *rows: tuple[str, str, dict]) -> None:
    for suffix, defect, sizes in rows:
        V.append((tname, suffix, defect, sizes))


# ---------------------------------------------------------------- vmap over per-sample code (new)
template("per_sample_norm_clip", "(5, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(6, 12), nn.GELU(), nn.Linear(12, 3))
        self.max_norm = 1.0

    def clip_row(self, r):
        n = r.norm()
{clip}

    def forward(self, x):
        h = self.enc(x)
        return torch.func.vmap(self.clip_row{vm})(h)
"""
)
_CLIP_OK = "        return r / torch.clamp(n / self.max_norm, min=1.0)"
add(
    "per_sample_norm_clip",
    ("ok", "clean", {"clip": _CLIP_OK, "vm": ""}),
    (
        "ok_where_select",
        "clean",
        {"clip": "        return torch.where(n > self.max_norm, r / n, r)", "vm": ""},
    ),
    ("ok_chunked", "clean", {"clip": _CLIP_OK, "vm": ", chunk_size=2"}),
    (
        "python_max_of_item",
        "vmap_item_call",
        {"clip": "        return r / max(n.item() / self.max_norm, 1.0)", "vm": ""},
    ),
    (
        "if_over_norm",
        "vmap_data_dependent_control_flow",
        {
            "clip": "        if n > self.max_norm:\n            return r / n\n        return r",
            "vm": "",
        },
    ),
    ("chunk_zero", "func_chunk_size_zero", {"clip": _CLIP_OK, "vm": ", chunk_size=0"}),
    (
        "chunk_from_batch_ratio",
        "func_chunk_size_zero",
        {"clip": _CLIP_OK, "vm": ", chunk_size=h.shape[0] // 8"},
    ),
    (
        "copy_into_fresh_buffer",
        "vmap_inplace_unbatched",
        {
            "clip": "        out = torch.empty(3)\n"
            "        out.copy_(r / torch.clamp(n / self.max_norm, min=1.0))\n        return out",
            "vm": "",
        },
    ),
)

template("ensemble_vmap_predict", "(4, 6)")(
    """
class Member(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 8)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.members = nn.ModuleList([Member() for _ in range(3)])
        self.cfg = dict(in_dims={in_dims}, randomness={rnd})

    def forward(self, x):
        params, buffers = torch.func.stack_module_state(list(self.members))
        base = self.members[0]

        def run(p, b, inp):
            out = torch.func.functional_call(base, (p, b), (inp,))
{post}

        fn = torch.func.vmap(run, in_dims=self.cfg["in_dims"], randomness=self.cfg["randomness"])
        return fn(params, buffers, x).mean(0)
"""
)
_ENS = {"in_dims": "(0, 0, None)", "rnd": '"error"', "post": "            return out.softmax(-1)"}
_DROP = "            return F.dropout(out, 0.1, training=True)"
add(
    "ensemble_vmap_predict",
    ("ok", "clean", _ENS),
    ("ok_dropout_different", "clean", {**_ENS, "rnd": '"different"', "post": _DROP}),
    ("ok_dropout_same", "clean", {**_ENS, "rnd": '"same"', "post": _DROP}),
    ("in_dims_two_for_three", "vmap_in_dims_structure", {**_ENS, "in_dims": "(0, None)"}),
    ("in_dims_four_entries_loop", "vmap_in_dims_structure", {**_ENS, "in_dims": "(0, 0, None, 0)"}),
    (
        "randomness_per_member",
        "vmap_randomness_name",
        {**_ENS, "rnd": '"per_member"', "post": _DROP},
    ),
    (
        "scale_by_item_max_cfg",
        "vmap_item_call",
        {**_ENS, "post": "            return out / out.abs().max().item()"},
    ),
)

template("input_sensitivity_probe", "(3, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))

    def sensitivity(self, row):
{sens}

    def forward(self, x):
        with torch.enable_grad():
            scores = [self.sensitivity(r) for r in x]
        return torch.stack(scores)
"""
)
add(
    "input_sensitivity_probe",
    ("ok", "clean", {"sens": "        return torch.func.jacrev(self.body)(row).abs().sum(0)"}),
    (
        "ok_chunk_one",
        "clean",
        {"sens": "        return torch.func.jacrev(self.body, chunk_size=1)(row).abs().sum(0)"},
    ),
    (
        "chunk_from_width_v3",
        "func_chunk_size_zero",
        {
            "sens": "        chunk = row.numel() // 16\n"
            "        return torch.func.jacrev(self.body, chunk_size=chunk)(row).abs().sum(0)"
        },
    ),
    (
        "ok_jvp_tuples",
        "clean",
        {
            "sens": "        _, t = torch.func.jvp(self.body, (row,), (torch.ones_like(row),))\n"
            "        return t"
        },
    ),
    (
        "jvp_bare_primal",
        "func_jvp_primals_not_tuple",
        {
            "sens": "        _, t = torch.func.jvp(self.body, row, torch.ones_like(row))\n        return t"
        },
    ),
    (
        "jvp_bare_tangent",
        "func_jvp_primals_not_tuple",
        {
            "sens": "        _, t = torch.func.jvp(self.body, (row,), torch.ones_like(row))\n"
            "        return t"
        },
    ),
)

template("pairwise_metric_vmap", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(5, 5)

    def metric(self, a, b):
{metric}

    def forward(self, x):
        h = self.proj(x)
        return torch.func.vmap(self.metric)(h, x)
"""
)
add(
    "pairwise_metric_vmap",
    ("ok", "clean", {"metric": "        return F.cosine_similarity(a, b, dim=0)"}),
    (
        "ok_acc_zeros_like",
        "clean",
        {
            "metric": "        acc = torch.zeros_like(a)\n        acc += a * b\n        return acc.sum()"
        },
    ),
    (
        "acc_fresh_zeros_late",
        "vmap_inplace_unbatched",
        {
            "metric": "        acc = torch.zeros(a.shape[0])\n        acc += a * b\n"
            "        return acc.sum()"
        },
    ),
    (
        "sign_branch_late",
        "vmap_data_dependent_control_flow",
        {
            "metric": "        s = F.cosine_similarity(a, b, dim=0)\n        if s < 0:\n"
            "            return -s\n        return s"
        },
    ),
    (
        "float_of_norm",
        "vmap_item_call",
        {"metric": "        return F.cosine_similarity(a, b, dim=0) * float(a.norm())"},
    ),
    (
        "ok_new_zeros",
        "clean",
        {
            "metric": "        acc = a.new_zeros(a.shape)\n        acc += a * b\n        return acc.sum()"
        },
    ),
)

template("running_stat_vmap", "(6, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)
        self.register_buffer("scale", torch.ones(4))
        self.opts = dict(in_dims={in_dims}, randomness={rnd})

    def per_row(self, r, s):
{body}

    def forward(self, x):
        h = self.head(x)
        f = torch.func.vmap(self.per_row, **self.opts)
        return f(h, self.scale)
"""
)
_RS = {"in_dims": "(0, None)", "rnd": '"error"', "body": "        return r * s"}
add(
    "running_stat_vmap",
    ("ok", "clean", _RS),
    (
        "ok_noise_same",
        "clean",
        {**_RS, "rnd": '"same"', "body": "        return r * s + 0.01 * torch.randn_like(s)"},
    ),
    (
        "scale_updated_in_place",
        "vmap_inplace_unbatched",
        {**_RS, "body": "        s.mul_(r.abs().mean())\n        return r * s"},
    ),
    ("in_dims_one_entry", "vmap_in_dims_structure", {**_RS, "in_dims": "(0,)"}),
    (
        "skip_negative_rows",
        "vmap_data_dependent_control_flow",
        {**_RS, "body": "        if r.mean() > 0:\n            return r * s\n        return r"},
    ),
    (
        "randomness_random",
        "vmap_randomness_name",
        {**_RS, "rnd": '"random"', "body": "        return r * s + 0.01 * torch.randn_like(s)"},
    ),
    (
        "randomness_true",
        "vmap_randomness_name",
        {**_RS, "rnd": '"true"', "body": "        return r * s + 0.01 * torch.randn_like(s)"},
    ),
    (
        "ok_negative_in_dim",
        "clean",
        {**_RS, "in_dims": "(-2, None)"},
    ),
)

template("jvp_direction_check", "(2, 3)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(3, 6), nn.SiLU(), nn.Linear(6, 3))

    def directional(self, x, v):
{call}
        return out, jv

    def forward(self, x):
        v = torch.ones_like(x) / x.shape[-1]
        out, jv = self.directional(x, v)
        return out + jv
"""
)
add(
    "jvp_direction_check",
    ("ok", "clean", {"call": "        out, jv = torch.func.jvp(self.f, (x,), (v,))"}),
    (
        "ok_list_pair",
        "func_jvp_primals_not_tuple",
        {"call": "        out, jv = torch.func.jvp(self.f, [x], [v])"},
    ),
    (
        "primals_generator",
        "func_jvp_primals_not_tuple",
        {"call": "        out, jv = torch.func.jvp(self.f, (t for t in [x]), (v,))"},
    ),
    (
        "direction_bare",
        "func_jvp_primals_not_tuple",
        {"call": "        out, jv = torch.func.jvp(self.f, (x,), v)"},
    ),
    (
        "ok_autograd_functional",
        "clean",
        {"call": "        out, jv = torch.autograd.functional.jvp(self.f, x, v)"},
    ),
)

# ---------------------------------------------------------------- searchsorted side (new)
template("quantile_bucket_embed", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, n_bins=8):
        super().__init__()
        self.register_buffer("edges", torch.linspace(-2.0, 2.0, n_bins - 1))
        self.emb = nn.Embedding(n_bins, 4)
        self.side = {side}

    def bucket(self, x):
        return torch.searchsorted(self.edges, x.contiguous(), {kw})

    def forward(self, x):
        return self.emb(self.bucket(x)).flatten(1)
"""
)
add(
    "quantile_bucket_embed",
    ("ok", "clean", {"side": '"left"', "kw": "side=self.side"}),
    ("ok_right_both_ways", "clean", {"side": '"right"', "kw": "side=self.side, right=True"}),
    ("ok_right_flag", "clean", {"side": "None", "kw": "right=True"}),
    ("side_upper", "searchsorted_side_arg", {"side": '"upper"', "kw": "side=self.side"}),
    (
        "left_with_right_flag",
        "searchsorted_side_arg",
        {"side": '"left"', "kw": "side=self.side, right=True"},
    ),
)

template("step_schedule_lookup", "(3, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 5)
        self.register_buffer("milestones", torch.tensor([10.0, 20.0, 40.0]))
        self.register_buffer("factors", torch.tensor([1.0, 0.5, 0.25, 0.125]))
        self.cfg = dict(side={side}, inclusive={inc})

    def factor_at(self, step):
        i = torch.searchsorted(self.milestones, step, side=self.cfg["side"], right=self.cfg["inclusive"])
        return self.factors[i]

    def forward(self, x):
        steps = torch.arange(x.shape[0], dtype=torch.float32) * 12
        return self.fc(x) * self.factor_at(steps)[:, None]
"""
)
add(
    "step_schedule_lookup",
    ("ok", "clean", {"side": '"left"', "inc": "False"}),
    ("ok_right_inclusive", "clean", {"side": '"right"', "inc": "True"}),
    ("side_before", "searchsorted_side_arg", {"side": '"before"', "inc": "False"}),
    ("left_but_inclusive", "searchsorted_side_arg", {"side": '"left"', "inc": "True"}),
    ("ok_right_exclusive_flag_false", "clean", {"side": '"right"', "inc": "False"}),
)

# ---------------------------------------------------------------- eigh UPLO names (new)
template("zca_whitening", "(8, 4)")(
    """
class Whiten(nn.Module):
    def __init__(self, uplo):
        super().__init__()
        self.uplo = uplo

    def forward(self, x):
        xc = x - x.mean(0, keepdim=True)
        cov = xc.T @ xc / (x.shape[0] - 1) + 1e-3 * torch.eye(x.shape[1])
        evals, evecs = torch.linalg.eigh(cov, UPLO=self.uplo)
        w = evecs @ torch.diag(evals.rsqrt()) @ evecs.T
        return xc @ w


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(4, 4)
        self.white = Whiten({uplo})
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        return self.out(self.white(self.pre(x)))
"""
)
add(
    "zca_whitening",
    ("ok", "clean", {"uplo": '"L"'}),
    ("ok_upper", "clean", {"uplo": '"U"'}),
    ("ok_lowercase_l", "clean", {"uplo": '"l"'}),
    ("uplo_word_lower", "linalg_uplo_name", {"uplo": '"lower"'}),
    ("uplo_word_upper", "linalg_uplo_name", {"uplo": '"upper"'}),
)

template("spectral_gap_regulariser", "(6, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(5, 5)
        self.cfg = dict(triangle={tri})

    def gap(self, h):
        gram = h.T @ h
        ev = torch.linalg.eigvalsh(gram, UPLO=self.cfg["triangle"])
        return ev[-1] - ev[-2]

    def forward(self, x):
        h = self.enc(x)
        return h * self.gap(h)
"""
)
add(
    "spectral_gap_regulariser",
    ("ok", "clean", {"tri": '"L"'}),
    ("ok_u_lowercase", "clean", {"tri": '"u"'}),
    ("triangle_as_bool_early", "linalg_uplo_name", {"tri": '"True"'}),
    ("triangle_full_word", "linalg_uplo_name", {"tri": '"Lower"'}),
)

# ---------------------------------------------------------------- signal windows (new)
template("gauss_window_frontend", "(2, 256)")(
    """
class Net(nn.Module):
    def __init__(self, n_fft={n_fft}):
        super().__init__()
        self.n_fft = n_fft
        self.proj = nn.Linear(n_fft // 2 + 1, 8)

    def window(self):
{win}

    def forward(self, x):
        spec = torch.stft(x, self.n_fft, hop_length=self.n_fft // 4, window=self.window(), return_complex=True)
        return self.proj(spec.abs().transpose(1, 2)).mean(1)
"""
)
add(
    "gauss_window_frontend",
    (
        "ok",
        "clean",
        {
            "n_fft": "64",
            "win": "        return torch.signal.windows.gaussian(self.n_fft, std=self.n_fft / 8)",
        },
    ),
    (
        "ok_kaiser_zero_beta",
        "clean",
        {"n_fft": "64", "win": "        return torch.signal.windows.kaiser(self.n_fft, beta=0.0)"},
    ),
    (
        "std_from_int_division",
        "signal_window_param_range",
        {
            "n_fft": "32",
            "win": "        return torch.signal.windows.gaussian(self.n_fft, std=self.n_fft // 64)",
        },
    ),
    (
        "kaiser_beta_negated",
        "signal_window_param_range",
        {
            "n_fft": "64",
            "win": "        beta = 8.6\n        return torch.signal.windows.kaiser(self.n_fft, beta=-beta)",
        },
    ),
    (
        "ok_hann_periodic",
        "clean",
        {"n_fft": "32", "win": "        return torch.signal.windows.hann(self.n_fft, sym=False)"},
    ),
)

template("smoothing_kernel_conv", "(2, 3, 40)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = nn.Conv1d(3, 3, 1)
        self.cfg = dict(width={width}, pad={pad}, tau={tau})

    def kernel(self):
        w, p = self.cfg["width"], self.cfg["pad"]
        core = {core}
        k = F.pad(core, (p, p))
        return (k / k.sum()).view(1, 1, -1).repeat(3, 1, 1)

    def forward(self, x):
        k = self.kernel()
        y = F.conv1d(self.mix(x), k, padding=k.shape[-1] // 2, groups=3)
        return y
"""
)
_HANN = "torch.signal.windows.hann(w - 2 * p)"
_EXPW = 'torch.signal.windows.exponential(w - 2 * p, tau=self.cfg["tau"])'
add(
    "smoothing_kernel_conv",
    ("ok", "clean", {"width": "9", "pad": "1", "tau": "1.0", "core": _HANN}),
    ("ok_exponential", "clean", {"width": "9", "pad": "1", "tau": "2.0", "core": _EXPW}),
    (
        "pad_eats_width",
        "signal_window_param_range",
        {"width": "5", "pad": "3", "tau": "1.0", "core": _HANN},
    ),
    (
        "tau_zero",
        "signal_window_param_range",
        {"width": "9", "pad": "1", "tau": "0.0", "core": _EXPW},
    ),
    ("ok_pad_zero", "clean", {"width": "7", "pad": "0", "tau": "1.0", "core": _HANN}),
)


# ---------------------------------------------------------------- tensor learning rates (new)
template("warmup_tensor_lr_trainer", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
        self.cfg = dict(lr=1e-3, flags={flags})
        self.opt = None

    def make_optimizer(self):
        lr = torch.tensor(self.cfg["lr"])  # a tensor so warmup can scale it in place
        return {opt}(self.model.parameters(), lr=lr, **self.cfg["flags"])

    def forward(self, x):
        if self.opt is None:
            self.opt = self.make_optimizer()
        with torch.enable_grad():
            loss = self.model(x).pow(2).mean()
            loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return self.model(x)
"""
)
add(
    "warmup_tensor_lr_trainer",
    ("ok", "clean", {"opt": "torch.optim.Adam", "flags": "dict()"}),
    ("ok_fused_cpu", "clean", {"opt": "torch.optim.AdamW", "flags": "dict(fused=True)"}),
    ("ok_sgd_foreach", "clean", {"opt": "torch.optim.SGD", "flags": "dict(foreach=True)"}),
    (
        "adam_foreach",
        "optimizer_tensor_lr_foreach",
        {"opt": "torch.optim.Adam", "flags": "dict(foreach=True)"},
    ),
    (
        "adamw_foreach_amsgrad",
        "optimizer_tensor_lr_foreach",
        {"opt": "torch.optim.AdamW", "flags": "dict(foreach=True, amsgrad=True)"},
    ),
)

template("param_group_lr_builder", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 8), nn.LayerNorm(8))
        self.head = nn.Linear(8, 3)
        self.base_lr = {base_lr}
        self.opt = None

    def groups(self):
        return [
            dict(params=self.backbone.parameters(), lr=self.base_lr * 0.1),
            dict(params=self.head.parameters()),
        ]

    def forward(self, x):
        if self.opt is None:
            self.opt = {opt}
        with torch.enable_grad():
            F.cross_entropy(self.head(self.backbone(x)), torch.zeros(x.shape[0], dtype=torch.long)).backward()
        self.opt.step()
        return self.head(self.backbone(x))
"""
)
add(
    "param_group_lr_builder",
    (
        "ok",
        "clean",
        {"base_lr": "1e-3", "opt": "torch.optim.AdamW(self.groups(), lr=self.base_lr)"},
    ),
    (
        "ok_tensor_lr_single_tensor_kernel",
        "clean",
        {
            "base_lr": "torch.tensor(1e-3)",
            "opt": "torch.optim.AdamW(self.groups(), lr=self.base_lr, foreach=False)",
        },
    ),
    (
        "tensor_lr_foreach_groups",
        "optimizer_tensor_lr_foreach",
        {
            "base_lr": "torch.tensor(1e-3)",
            "opt": "torch.optim.AdamW(self.groups(), lr=self.base_lr, foreach=True)",
        },
    ),
    (
        "nesterov_with_dampening",
        "sgd_nesterov_no_momentum",
        {
            "base_lr": "0.1",
            "opt": "torch.optim.SGD(self.groups(), lr=self.base_lr, momentum=0.9, dampening=0.1, nesterov=True)",
        },
    ),
    (
        "ok_nesterov_no_dampening",
        "clean",
        {
            "base_lr": "0.1",
            "opt": "torch.optim.SGD(self.groups(), lr=self.base_lr, momentum=0.9, nesterov=True)",
        },
    ),
)

# ---------------------------------------------------------------- LBFGS with parameter groups (new)
template("temperature_calibration", "(6, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.clf = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 3))
        self.log_t = nn.Parameter(torch.zeros(1))
        self.bias = nn.Parameter(torch.zeros(3))

    def calibrate(self, logits, y):
        opt = torch.optim.LBFGS({params}, lr=0.1, max_iter=5)

        def closure():
            opt.zero_grad()
            loss = F.cross_entropy(logits / self.log_t.exp() + self.bias, y)
            loss.backward()
            return loss

        opt.step(closure)

    def forward(self, x):
        logits = self.clf(x)
        y = logits.argmax(-1)
        with torch.enable_grad():
            self.calibrate(logits.detach(), y)
        return logits / self.log_t.exp() + self.bias
"""
)
add(
    "temperature_calibration",
    ("ok", "clean", {"params": "[self.log_t, self.bias]"}),
    ("ok_one_group_dict", "clean", {"params": "[dict(params=[self.log_t, self.bias])]"}),
    (
        "bias_group_own_lr",
        "lbfgs_param_groups",
        {"params": "[dict(params=[self.log_t]), dict(params=[self.bias], lr=0.01)]"},
    ),
    (
        "one_group_per_parameter",
        "lbfgs_param_groups",
        {"params": "[dict(params=[p]) for p in (self.log_t, self.bias)]"},
    ),
    ("ok_temperature_only", "clean", {"params": "[self.log_t]"}),
)

template("lbfgs_head_finetune", "(4, 7)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(7, 7), nn.Tanh())
        self.head = nn.Linear(7, 2)
        self.cfg = dict(optimizer={name}, decay_groups={dg})

    def param_groups(self):
        if not self.cfg["decay_groups"]:
            return self.head.parameters()
        decay = [p for n, p in self.head.named_parameters() if n.endswith("weight")]
        rest = [p for n, p in self.head.named_parameters() if not n.endswith("weight")]
        return [dict(params=decay, weight_decay=1e-4), dict(params=rest, weight_decay=0.0)]

    def forward(self, x):
        feats = self.body(x)
        opt_cls = getattr(torch.optim, self.cfg["optimizer"])
        opt = opt_cls(self.param_groups(), lr=0.05)
        target = torch.ones(x.shape[0], 2)

        def closure():
            opt.zero_grad()
            with torch.enable_grad():
                loss = F.mse_loss(self.head(feats), target)
                loss.backward()
            return loss

        opt.step(closure)
        return self.head(feats)
"""
)
add(
    "lbfgs_head_finetune",
    ("ok", "clean", {"name": '"LBFGS"', "dg": "False"}),
    ("ok_adam_decay_groups", "clean", {"name": '"Adam"', "dg": "True"}),
    ("lbfgs_decay_groups_late", "lbfgs_param_groups", {"name": '"LBFGS"', "dg": "True"}),
    ("ok_sgd_closure", "clean", {"name": '"SGD"', "dg": "True"}),
)

# ---------------------------------------------------------------- CyclicLR without momentum (new)
template("cyclic_lr_factory", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 1))
        self.cfg = dict(optim={optim}, cycle_momentum={cm})
        self.sched = None

    def build(self):
        opt = getattr(torch.optim, self.cfg["optim"])(self.net.parameters(), lr=1e-3)
        sched = torch.optim.lr_scheduler.CyclicLR(
            opt, base_lr=1e-4, max_lr=1e-2, step_size_up=4, cycle_momentum=self.cfg["cycle_momentum"]
        )
        return opt, sched

    def forward(self, x):
        if self.sched is None:
            self.opt, self.sched = self.build()
        with torch.enable_grad():
            self.net(x).mean().backward()
        self.opt.step()
        self.sched.step()
        return self.net(x)
"""
)
add(
    "cyclic_lr_factory",
    ("ok", "clean", {"optim": '"SGD"', "cm": "True"}),
    ("ok_adam_betas_cycle", "clean", {"optim": '"Adam"', "cm": "True"}),
    ("ok_adagrad_no_cycle", "clean", {"optim": '"Adagrad"', "cm": "False"}),
    (
        "adagrad_cycle_momentum",
        "cyclic_lr_momentum_unsupported",
        {"optim": '"Adagrad"', "cm": "True"},
    ),
    (
        "adadelta_default_cycle",
        "cyclic_lr_momentum_unsupported",
        {"optim": '"Adadelta"', "cm": "True"},
    ),
)

template("triangular_schedule_trainer", "(3, 6)")(
    """
def make_schedule(opt, kind):
    if kind == "cyclic":
        return torch.optim.lr_scheduler.CyclicLR(opt, 1e-4, 1e-2, step_size_up=2)
    if kind == "onecycle":
        return torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, total_steps=10)
    return torch.optim.lr_scheduler.StepLR(opt, 5)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(6, 6) for _ in range(2)])
        self.opt = {opt}
        self.sched = make_schedule(self.opt, {kind}) if {lazy} else None

    def forward(self, x):
        if self.sched is None:
            self.sched = make_schedule(self.opt, {kind})
        for layer in self.layers:
            x = torch.relu(layer(x))
        self.sched.step()
        return x
"""
)
add(
    "triangular_schedule_trainer",
    (
        "ok",
        "clean",
        {
            "opt": "torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)",
            "kind": '"cyclic"',
            "lazy": "True",
        },
    ),
    (
        "ok_asgd_step",
        "clean",
        {"opt": "torch.optim.ASGD(self.parameters(), lr=0.1)", "kind": '"step"', "lazy": "True"},
    ),
    (
        "asgd_cyclic_late",
        "cyclic_lr_momentum_unsupported",
        {"opt": "torch.optim.ASGD(self.parameters(), lr=0.1)", "kind": '"cyclic"', "lazy": "False"},
    ),
    (
        "rprop_cyclic_late",
        "cyclic_lr_momentum_unsupported",
        {
            "opt": "torch.optim.Rprop(self.parameters(), lr=0.1)",
            "kind": '"cyclic"',
            "lazy": "False",
        },
    ),
    (
        "onecycle_asgd_late",
        "cyclic_lr_momentum_unsupported",
        {
            "opt": "torch.optim.ASGD(self.parameters(), lr=0.1)",
            "kind": '"onecycle"',
            "lazy": "False",
        },
    ),
    (
        "ok_rmsprop_cyclic",
        "clean",
        {
            "opt": "torch.optim.RMSprop(self.parameters(), lr=0.1, momentum=0.5)",
            "kind": '"cyclic"',
            "lazy": "False",
        },
    ),
)

# ---------------------------------------------------------------- TorchScript helpers (new)
template("script_postprocess_export", "(2, 6)")(
    """
{fn}


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)

    def forward(self, x):
        return self.fc(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head()

    def export(self):
        post = torch.jit.script(postprocess)
        head = {freeze}
        return head, post

    def forward(self, x):
        head, post = self.export()
        return post(head(x), 0.5)
"""
)
_POST = """def postprocess(logits: torch.Tensor, temperature: float) -> torch.Tensor:
    return torch.softmax(logits / temperature, dim=-1)"""
_FRZ = "torch.jit.freeze(torch.jit.script(Head().eval()))"
add(
    "script_postprocess_export",
    ("ok", "clean", {"fn": _POST, "freeze": _FRZ}),
    (
        "ok_trace_then_freeze",
        "clean",
        {
            "fn": _POST,
            "freeze": "torch.jit.freeze(torch.jit.trace(Head().eval(), torch.zeros(1, 6)))",
        },
    ),
    (
        "postprocess_varargs",
        "jit_script_unsupported",
        {
            "fn": "def postprocess(logits: torch.Tensor, *opts: float) -> torch.Tensor:\n"
            "    return torch.softmax(logits / opts[0], dim=-1)",
            "freeze": _FRZ,
        },
    ),
    (
        "postprocess_try_block",
        "jit_script_unsupported",
        {
            "fn": "def postprocess(logits: torch.Tensor, temperature: float) -> torch.Tensor:\n"
            "    try:\n        return torch.softmax(logits / temperature, dim=-1)\n"
            "    except RuntimeError:\n        return logits",
            "freeze": _FRZ,
        },
    ),
    (
        "freeze_eager_module",
        "jit_freeze_input",
        {"fn": _POST, "freeze": "torch.jit.freeze(Head().eval())"},
    ),
    (
        "freeze_training_mode",
        "jit_freeze_input",
        {"fn": _POST, "freeze": "torch.jit.freeze(torch.jit.script(Head()))"},
    ),
)

template("torchscript_bundle", "(3, 4)")(
    """
class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))

    def forward(self, x):
        return self.layers(x)


{helper}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()
        self.cfg = dict(freeze={frz})

    def bundle(self):
        enc = Encoder()
        enc.load_state_dict(self.enc.state_dict())
        {prep}
        scripted = torch.jit.script(enc)
        if self.cfg["freeze"]:
            scripted = torch.jit.freeze(scripted)
        return scripted, torch.jit.script(normalise)

    def forward(self, x):
        enc, norm = self.bundle()
        return norm(enc(x))
"""
)
_NORM = """def normalise(h: torch.Tensor) -> torch.Tensor:
    return h / (h * h).sum(-1, keepdim=True).sqrt().clamp_min(1e-6)"""
add(
    "torchscript_bundle",
    ("ok", "clean", {"helper": _NORM, "frz": "True", "prep": "enc.eval()"}),
    ("ok_train_mode_not_frozen", "clean", {"helper": _NORM, "frz": "False", "prep": "enc.train()"}),
    (
        "frozen_without_eval",
        "jit_freeze_input",
        {"helper": _NORM, "frz": "True", "prep": "enc.train()"},
    ),
    (
        "helper_kwargs",
        "jit_script_unsupported",
        {
            "helper": "def normalise(h: torch.Tensor, **kw) -> torch.Tensor:\n"
            "    return h / (h * h).sum(-1, keepdim=True).sqrt().clamp_min(1e-6)",
            "frz": "True",
            "prep": "enc.eval()",
        },
    ),
    (
        "ok_helper_default_arg",
        "clean",
        {
            "helper": "def normalise(h: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:\n"
            "    return h / (h * h).sum(-1, keepdim=True).sqrt().clamp_min(eps)",
            "frz": "True",
            "prep": "enc.eval()",
        },
    ),
)


# ---------------------------------------------------------------- numpy-backed pipelines (new)
template("numpy_flip_augment", "(2, 3, 8, 8)")(
    """
import numpy as np


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def augment(self, x):
        arr = x.numpy()
        arr = {aug}
        return {back}

    def forward(self, x):
        x = self.augment(x)
        return self.pool(torch.relu(self.conv(x))).flatten(1)
"""
)
add(
    "numpy_flip_augment",
    (
        "ok",
        "clean",
        {"aug": "np.ascontiguousarray(arr[..., ::-1])", "back": "torch.from_numpy(arr)"},
    ),
    (
        "ok_flip_copy",
        "clean",
        {"aug": "np.flip(arr, axis=2).copy()", "back": "torch.as_tensor(arr)"},
    ),
    (
        "ok_transpose_view",
        "clean",
        {"aug": "arr.transpose(0, 1, 3, 2)", "back": "torch.from_numpy(arr)"},
    ),
    (
        "hflip_view",
        "from_numpy_negative_stride",
        {"aug": "arr[..., ::-1]", "back": "torch.from_numpy(arr)"},
    ),
    (
        "np_flip_as_tensor",
        "from_numpy_negative_stride",
        {"aug": "np.flip(arr, axis=2)", "back": "torch.as_tensor(arr)"},
    ),
)

template("reversed_sequence_numpy", "(3, 10)")(
    """
import numpy as np


def reverse_time(batch):
    arr = batch.detach().cpu().numpy()
    {rev}
    return torch.tensor(out, dtype=torch.float32)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(1, 6, batch_first=True)
        self.fc = nn.Linear(12, 2)

    def forward(self, x):
        fwd, _ = self.gru(x.unsqueeze(-1))
        bwd, _ = self.gru(reverse_time(x).unsqueeze(-1))
        return self.fc(torch.cat([fwd[:, -1], bwd[:, -1]], dim=-1))
"""
)
add(
    "reversed_sequence_numpy",
    ("ok", "clean", {"rev": "out = arr[:, ::-1].copy()"}),
    ("ok_fliplr_tolist", "clean", {"rev": "out = np.fliplr(arr).tolist()"}),
    ("fliplr_view", "from_numpy_negative_stride", {"rev": "out = np.fliplr(arr)"}),
    ("step_minus_one", "from_numpy_negative_stride", {"rev": "out = arr[:, ::-1]"}),
)

template("label_vocab_numpy", "(4, 5)")(
    """
import numpy as np

LABELS = ["cat", "dog", "cat", "bird"]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.clf = nn.Linear(5, 3)
        self.vocab = {{"bird": 0, "cat": 1, "dog": 2}}

    def targets(self):
        {tgt}

    def forward(self, x):
        logits = self.clf(x)
        y = self.targets()
        return logits - F.one_hot(y.long(), 3).float()
"""
)
add(
    "label_vocab_numpy",
    ("ok", "clean", {"tgt": "return torch.from_numpy(np.array([self.vocab[s] for s in LABELS]))"}),
    (
        "ok_unique_inverse",
        "clean",
        {
            "tgt": "_, inv = np.unique(np.array(LABELS), return_inverse=True)\n        return torch.from_numpy(inv)"
        },
    ),
    (
        "string_array",
        "numpy_unsupported_dtype",
        {"tgt": "return torch.from_numpy(np.array(LABELS))"},
    ),
    (
        "object_array_mapped_cfg",
        "numpy_unsupported_dtype",
        {
            "tgt": "arr = np.array([self.vocab.get(s) for s in LABELS], dtype=object)\n        return torch.as_tensor(arr)"
        },
    ),
    (
        "ok_uint16_ids",
        "clean",
        {
            "tgt": "return torch.from_numpy(np.array([self.vocab[s] for s in LABELS], dtype=np.uint16))"
        },
    ),
)

template("tabular_numpy_features", "(3, 4)")(
    """
import numpy as np


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
        self.rows = [[1.0, 2.0], [3.0, {missing}], [5.0, 6.0]]

    def side_features(self):
        {conv}

    def forward(self, x):
        side = self.side_features().float()
        return self.mlp(torch.cat([x, side], dim=1))
"""
)
add(
    "tabular_numpy_features",
    ("ok", "clean", {"missing": "4.0", "conv": "return torch.from_numpy(np.array(self.rows))"}),
    (
        "ok_none_to_nan",
        "clean",
        {
            "missing": "None",
            "conv": "return torch.from_numpy(np.array(self.rows, dtype=np.float64))",
        },
    ),
    (
        "none_kept_object",
        "numpy_unsupported_dtype",
        {"missing": "None", "conv": "return torch.from_numpy(np.array(self.rows))"},
    ),
    (
        "string_cell",
        "numpy_unsupported_dtype",
        {"missing": '"4.0"', "conv": "return torch.from_numpy(np.array(self.rows))"},
    ),
    (
        "ok_string_cell_cast",
        "clean",
        {
            "missing": '"4.0"',
            "conv": "return torch.from_numpy(np.array(self.rows).astype(np.float32))",
        },
    ),
)

# ---------------------------------------------------------------- post-accumulate hooks (new)
template("optimizer_in_backward", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 2))
        self.opts = dict()
        self.hooked = False

    def attach(self):
        for p in self.net.parameters():
            self.opts[p] = torch.optim.SGD([p], lr=0.01)

            def step(param):
                self.opts[param].step()
                self.opts[param].zero_grad()

            {reg}
        self.hooked = True

    def forward(self, x):
        with torch.enable_grad():
            if not self.hooked:
                self.attach()
            self.net(x).sum().backward()
        return self.net(x)
"""
)
add(
    "optimizer_in_backward",
    ("ok", "clean", {"reg": "p.register_post_accumulate_grad_hook(step)"}),
    ("ok_grad_hook_instead", "clean", {"reg": "p.register_hook(lambda g: g.clamp(-1, 1))"}),
    (
        "hook_on_flat_view",
        "post_accumulate_hook_nonleaf",
        {"reg": "p.view(-1).register_post_accumulate_grad_hook(step)"},
    ),
    (
        "hook_on_scaled_param",
        "post_accumulate_hook_nonleaf",
        {"reg": "(p * 1.0).register_post_accumulate_grad_hook(step)"},
    ),
)

template("activation_grad_logger", "(3, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(5, 7)
        self.b = nn.Linear(7, 2)
        self.log = []

    def watch(self, t):
        {reg}

    def forward(self, x):
        with torch.enable_grad():
            h = torch.tanh(self.a(x))
            {target}
            out = self.b(h)
            out.sum().backward()
        return out.detach()
"""
)
add(
    "activation_grad_logger",
    (
        "ok",
        "clean",
        {"reg": "t.register_hook(lambda g: self.log.append(g.norm()))", "target": "self.watch(h)"},
    ),
    (
        "ok_post_hook_on_weight",
        "clean",
        {
            "reg": "t.register_post_accumulate_grad_hook(lambda p: self.log.append(p.grad.norm()))",
            "target": "self.watch(self.a.weight)",
        },
    ),
    (
        "post_hook_on_activation",
        "post_accumulate_hook_nonleaf",
        {
            "reg": "t.register_post_accumulate_grad_hook(lambda p: self.log.append(p.grad.norm()))",
            "target": "self.watch(h)",
        },
    ),
)

# ---------------------------------------------------------------- saved tensor hooks disabled (new)
template("offload_activations_step", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Sequential(nn.Linear(8, 8), nn.GELU()) for _ in range(3)])
        self.cfg = dict(offload={off}, guard={guard})

    def train_step(self, x):
        if self.cfg["offload"]:
            with torch.autograd.graph.save_on_cpu(pin_memory=False):
                loss = self.blocks(x).pow(2).mean()
        else:
            loss = self.blocks(x).pow(2).mean()
        loss.backward()

    def forward(self, x):
        with torch.enable_grad():
            if self.cfg["guard"]:
                with torch.autograd.graph.disable_saved_tensors_hooks("offload is managed by the engine"):
                    self.train_step(x)
            else:
                self.train_step(x)
        return self.blocks(x)
"""
)
add(
    "offload_activations_step",
    ("ok", "clean", {"off": "True", "guard": "False"}),
    ("ok_guard_without_offload", "clean", {"off": "False", "guard": "True"}),
    ("offload_inside_guard", "saved_tensors_hooks_disabled", {"off": "True", "guard": "True"}),
)

template("checkpointed_blocks_guard", "(2, 6)")(
    """
from torch.utils.checkpoint import checkpoint


def pack(t):
    return t.to(torch.bfloat16)


def unpack(t):
    return t.float()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(6, 6) for _ in range(3)])

    def run(self, x):
        for blk in self.blocks:
            x = {call}
        return x

    def forward(self, x):
        with torch.enable_grad():
            with {ctx}:
                y = self.run(x.requires_grad_())
            y.sum().backward()
        return y.detach()
"""
)
_DIS = 'torch.autograd.graph.disable_saved_tensors_hooks("no hooks in this region")'
add(
    "checkpointed_blocks_guard",
    (
        "ok",
        "clean",
        {
            "call": "checkpoint(blk, x, use_reentrant=False)",
            "ctx": "torch.autograd.graph.saved_tensors_hooks(pack, unpack)",
        },
    ),
    (
        "ok_reentrant_in_guard",
        "clean",
        {"call": "checkpoint(blk, x, use_reentrant=True)", "ctx": _DIS},
    ),
    (
        "non_reentrant_in_guard",
        "saved_tensors_hooks_disabled",
        {"call": "checkpoint(blk, x, use_reentrant=False)", "ctx": _DIS},
    ),
    (
        "compress_hooks_in_guard_style",
        "saved_tensors_hooks_disabled",
        {
            "call": "torch.relu(blk(x))",
            "ctx": _DIS + ", torch.autograd.graph.saved_tensors_hooks(pack, unpack)",
        },
    ),
    ("ok_plain_in_guard", "clean", {"call": "torch.relu(blk(x))", "ctx": _DIS}),
)

# ---------------------------------------------------------------- multi-loss backward (new)
template("multi_loss_backward", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(6, 8)
        self.heads = nn.ModuleDict(dict(cls=nn.Linear(8, 3), reg=nn.Linear(8, 1), aux=nn.Linear(8, 2)))
        self.weights = {weights}

    def forward(self, x):
        with torch.enable_grad():
            h = torch.relu(self.trunk(x))
            losses = [self.heads[k](h).pow(2).mean() for k in self.heads]
            grads = [torch.tensor(w) for w in self.weights]
            torch.autograd.backward(losses, grad_tensors=grads)
        return h
"""
)
add(
    "multi_loss_backward",
    ("ok", "clean", {"weights": "[1.0, 0.5, 0.1]"}),
    ("weights_for_two_heads", "backward_grad_tensors_len", {"weights": "[1.0, 0.5]"}),
    ("one_shared_weight", "backward_grad_tensors_len", {"weights": "[1.0]"}),
    ("ok_weights_from_heads", "clean", {"weights": "[1.0 for _ in range(3)]"}),
)

template("gradient_penalty_critic", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(5, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))

    def penalty(self, real, fake):
        eps = torch.rand(real.shape[0], 1)
        mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
        score = self.critic(mix)
        aux = score.pow(2)
        outs = {outs}
        (g,) = torch.autograd.grad(outs, mix, grad_outputs={gos}, create_graph=True)
        return ((g.norm(dim=1) - 1) ** 2).mean()

    def forward(self, x):
        with torch.enable_grad():
            gp = self.penalty(x, x.flip(0))
        return self.critic(x) + gp.detach()
"""
)
add(
    "gradient_penalty_critic",
    ("ok", "clean", {"outs": "score", "gos": "torch.ones_like(score)"}),
    (
        "ok_two_outputs",
        "clean",
        {"outs": "[score, aux]", "gos": "[torch.ones_like(score), torch.ones_like(aux)]"},
    ),
    (
        "two_outputs_one_grad_early",
        "backward_grad_tensors_len",
        {"outs": "[score, aux]", "gos": "[torch.ones_like(score)]"},
    ),
    (
        "grad_outputs_extra",
        "clean",
        {"outs": "[score]", "gos": "[torch.ones_like(score), torch.ones_like(aux)]"},
    ),
)


# ---------------------------------------------------------------- StackDataset / ChainDataset (new)
template("multimodal_stack_loader", "(4, 6)")(
    """
from torch.utils.data import ChainDataset, DataLoader, IterableDataset, StackDataset, TensorDataset


class Captions(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        for i in range(self.n):
            yield torch.full((6,), float(i))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.img = nn.Linear(6, 4)
        self.txt = nn.Linear(6, 4)
        self.cfg = dict(n_img={n_img}, n_txt={n_txt})

    def dataset(self, x):
        images = TensorDataset(x[: self.cfg["n_img"]])
        texts = TensorDataset(torch.randn(self.cfg["n_txt"], 6))
        return {ds}

    def forward(self, x):
        loader = DataLoader(self.dataset(x), batch_size=2)
        outs = []
        for batch in loader:
            {use}
        return torch.cat(outs)
"""
)
_USE_STACK = 'outs.append(self.img(batch["image"][0]) * self.txt(batch["text"][0]))'
_USE_CHAIN = "outs.append(self.txt(batch[0] if isinstance(batch, list) else batch))"
add(
    "multimodal_stack_loader",
    (
        "ok",
        "clean",
        {
            "n_img": "4",
            "n_txt": "4",
            "ds": "StackDataset(image=images, text=texts)",
            "use": _USE_STACK,
        },
    ),
    (
        "captions_one_extra",
        "stack_dataset_size_mismatch",
        {
            "n_img": "4",
            "n_txt": "5",
            "ds": "StackDataset(image=images, text=texts)",
            "use": _USE_STACK,
        },
    ),
    (
        "images_cut_short",
        "stack_dataset_size_mismatch",
        {
            "n_img": "3",
            "n_txt": "4",
            "ds": "StackDataset(image=images, text=texts)",
            "use": _USE_STACK,
        },
    ),
    (
        "ok_chain_streams",
        "clean",
        {
            "n_img": "4",
            "n_txt": "4",
            "ds": "ChainDataset([Captions(2), Captions(3)])",
            "use": _USE_CHAIN,
        },
    ),
    (
        "chain_map_style_texts_cfg",
        "chain_dataset_map_style",
        {"n_img": "4", "n_txt": "4", "ds": "ChainDataset([Captions(2), texts])", "use": _USE_CHAIN},
    ),
)

template("paired_view_dataset", "(6, 5)")(
    """
from torch.utils.data import ChainDataset, StackDataset, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3))

    def pairs(self, x):
        views = TensorDataset(x + 0.1 * torch.randn_like(x))
        labels = TensorDataset(torch.arange({n_labels}))
        {make}

    def forward(self, x):
        ds = self.pairs(x)
        feats = [self.enc(item[0][0]) for item in ds]
        return torch.stack(feats)
"""
)
add(
    "paired_view_dataset",
    ("ok", "clean", {"n_labels": "x.shape[0]", "make": "return StackDataset(views, labels)"}),
    (
        "ok_zip_lists",
        "clean",
        {"n_labels": "x.shape[0]", "make": "return list(zip(views, labels))"},
    ),
    (
        "labels_from_last_index",
        "stack_dataset_size_mismatch",
        {"n_labels": "x.shape[0] - 1", "make": "return StackDataset(views, labels)"},
    ),
    (
        "chain_of_tensor_datasets",
        "chain_dataset_map_style",
        {
            "n_labels": "x.shape[0]",
            "make": "return [(v, l) for v, l in zip(ChainDataset([views]), labels)]",
        },
    ),
    (
        "chain_then_zip_late",
        "chain_dataset_map_style",
        {
            "n_labels": "x.shape[0]",
            "make": "both = ChainDataset([views, labels])\n        return [(a, a) for a in both]",
        },
    ),
    (
        "ok_zip_shorter_labels",
        "clean",
        {"n_labels": "x.shape[0] - 1", "make": "return list(zip(views, labels))"},
    ),
)

# ---------------------------------------------------------------- default dtype setup (new)
template("precision_setup_cfg", "(3, 4)")(
    """
import contextlib


@contextlib.contextmanager
def default_dtype(dtype):
    old = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        yield
    finally:
        torch.set_default_dtype(old)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = dict(precision={prec})
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        dtype = getattr(torch, self.cfg["precision"])
        with default_dtype(dtype):
            extra = nn.Linear(4, 2)
            bias = torch.zeros(2)
        return self.fc(x) + extra(x.to(extra.weight.dtype)).to(x.dtype) + bias.to(x.dtype)
"""
)
add(
    "precision_setup_cfg",
    ("ok", "clean", {"prec": '"float32"'}),
    ("ok_double", "clean", {"prec": '"float64"'}),
    ("precision_int8_quant", "default_dtype_int", {"prec": '"int8"'}),
    ("precision_long", "default_dtype_int", {"prec": '"long"'}),
    ("ok_bfloat16", "clean", {"prec": '"bfloat16"'}),
)

template("token_dtype_follow", "(2, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(2, 6)
        self.out = nn.Linear(6, 2)

    def forward(self, ids):
        old = torch.get_default_dtype()
        torch.set_default_dtype({dt})
        try:
            pos = torch.arange(ids.shape[1]) / ids.shape[1]
        finally:
            torch.set_default_dtype(old)
        h = self.emb(ids) + pos.to(torch.float32)[None, :, None]
        return self.out(h)
"""
)
add(
    "token_dtype_follow",
    ("ok", "clean", {"dt": "torch.float32"}),
    ("ok_weight_dtype", "clean", {"dt": "self.emb.weight.dtype"}),
    ("follows_token_dtype", "default_dtype_int", {"dt": "ids.dtype"}),
    ("follows_bool_mask_dtype", "default_dtype_int", {"dt": "(ids > 0).dtype"}),
)

# ---------------------------------------------------------------- distribution heads (new)
template("gaussian_policy_head", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, act_dim=3):
        super().__init__()
        self.mu = nn.Linear(6, act_dim)
        self.raw = nn.Linear(6, act_dim * act_dim)
        self.act_dim = act_dim

    def dist(self, h):
        a = self.act_dim
        L = torch.tril(self.raw(h).view(-1, a, a), diagonal=-1) + torch.diag_embed(F.softplus(self.raw(h).view(-1, a, a).diagonal(dim1=-2, dim2=-1)) + 1e-3)
        cov = L @ L.transpose(-1, -2)
        return torch.distributions.MultivariateNormal(self.mu(h), {cov_kw})

    def forward(self, x):
        d = self.dist(x)
        return d.log_prob(d.mean).unsqueeze(-1) + d.mean
"""
)
add(
    "gaussian_policy_head",
    ("ok", "clean", {"cov_kw": "scale_tril=L"}),
    ("ok_covariance", "clean", {"cov_kw": "covariance_matrix=cov"}),
    (
        "tril_and_covariance",
        "mvn_multiple_cov_args",
        {"cov_kw": "scale_tril=L, covariance_matrix=cov"},
    ),
    (
        "precision_and_tril_path",
        "mvn_multiple_cov_args",
        {"cov_kw": "precision_matrix=torch.linalg.inv(cov), scale_tril=L"},
    ),
    (
        "cov_not_batched_matrix",
        "distribution_param_shape",
        {"cov_kw": "covariance_matrix=cov.diagonal(dim1=-2, dim2=-1)"},
    ),
)

template("gmm_density_head", "(5, 4)")(
    """
D = torch.distributions


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = dict(k={k}, k_logits={kl}, dim=2)
        self.trunk = nn.Sequential(nn.Linear(4, 16), nn.Tanh())
        self.logits = nn.Linear(16, self.cfg["k_logits"])
        self.means = nn.Linear(16, self.cfg["k"] * self.cfg["dim"])

    def mixture(self, h):
        k, d = self.cfg["k"], self.cfg["dim"]
        mix = D.Categorical(logits=self.logits(h))
        means = self.means(h).view(-1, k, d)
        comp = D.{comp}
        return D.MixtureSameFamily(mix, comp)

    def forward(self, x):
        m = self.mixture(self.trunk(x))
        return m.log_prob(torch.zeros(x.shape[0], 2)).unsqueeze(-1)
"""
)
_IND = "Independent(D.Normal(means, torch.ones_like(means)), 1)"
_MVN = "MultivariateNormal(means, scale_tril=torch.eye(d).expand(means.shape[0], k, d, d), covariance_matrix=torch.eye(d))"
add(
    "gmm_density_head",
    ("ok", "clean", {"k": "3", "kl": "3", "comp": _IND}),
    (
        "ok_mvn_components",
        "clean",
        {
            "k": "3",
            "kl": "3",
            "comp": "MultivariateNormal(means, scale_tril=torch.eye(d).expand(means.shape[0], k, d, d))",
        },
    ),
    ("logits_one_short", "mixture_batch_shape", {"k": "4", "kl": "3", "comp": _IND}),
    ("mvn_components_two_cov_args", "mvn_multiple_cov_args", {"k": "3", "kl": "3", "comp": _MVN}),
    (
        "normal_not_independent",
        "mixture_batch_shape",
        {"k": "3", "kl": "3", "comp": "Normal(means, torch.ones_like(means))"},
    ),
)

template("mixture_of_experts_prior", "(3, 6)")(
    """
D = torch.distributions


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Linear(6, 1)

    def forward(self, h):
        return self.loc(h)


class Net(nn.Module):
    def __init__(self, n_experts={n}):
        super().__init__()
        self.experts = nn.ModuleList([Expert() for _ in range(n_experts)])
        self.gate = nn.Linear(6, {gates})

    def forward(self, x):
        locs = torch.cat([e(x) for e in self.experts], dim=-1)
        comp = D.Normal(locs, torch.ones_like(locs))
        prior = D.MixtureSameFamily(D.Categorical(logits=self.gate(x){gate_post}), comp)
        return prior.log_prob(x[:, :1].squeeze(-1)).unsqueeze(-1)
"""
)
add(
    "mixture_of_experts_prior",
    ("ok", "clean", {"n": "4", "gates": "4", "gate_post": ""}),
    ("ok_shared_gate_row", "clean", {"n": "4", "gates": "4", "gate_post": "[:1]"}),
    ("gate_has_extra_slot", "mixture_batch_shape", {"n": "4", "gates": "5", "gate_post": ""}),
    ("gate_logits_transposed", "mixture_batch_shape", {"n": "4", "gates": "4", "gate_post": ".T"}),
)

# ---------------------------------------------------------------- parametrizations (new)
template("parametrized_mlp_cfg", "(4, 6)")(
    """
from torch.nn.utils import parametrizations as P


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(6, 6), nn.Linear(6, 6), nn.Linear(6, 3)])
        self.cfg = dict(kind={kind}, name={name}, dim={dim})
        self.done = False

    def apply_norm(self):
        for layer in self.layers:
            if self.cfg["kind"] == "weight":
                P.weight_norm(layer, name=self.cfg["name"], dim=self.cfg["dim"])
            elif self.cfg["kind"] == "spectral":
                P.spectral_norm(layer, name=self.cfg["name"])
            else:
                P.orthogonal(layer, name=self.cfg["name"])
        self.done = True

    def forward(self, x):
        if not self.done:
            self.apply_norm()
        for layer in self.layers[:-1]:
            x = torch.relu(layer(x))
        return self.layers[-1](x)
"""
)
add(
    "parametrized_mlp_cfg",
    ("ok", "clean", {"kind": '"weight"', "name": '"weight"', "dim": "0"}),
    ("ok_spectral", "clean", {"kind": '"spectral"', "name": '"weight"', "dim": "0"}),
    (
        "ok_weight_norm_dim_minus_two",
        "clean",
        {"kind": '"weight"', "name": '"weight"', "dim": "-2"},
    ),
    (
        "weight_norm_dim_two",
        "weight_norm_dim_range",
        {"kind": '"weight"', "name": '"weight"', "dim": "2"},
    ),
    (
        "spectral_on_w_again",
        "spectral_norm_param_missing",
        {"kind": '"spectral"', "name": '"W"', "dim": "0"},
    ),
    (
        "spectral_on_weights_plural",
        "spectral_norm_param_missing",
        {"kind": '"spectral"', "name": '"weights"', "dim": "0"},
    ),
    (
        "weight_norm_dim_minus_three_late",
        "weight_norm_dim_range",
        {"kind": '"weight"', "name": '"weight"', "dim": "-3"},
    ),
    (
        "orthogonal_bias_cfg",
        "orthogonal_parametrization_rank",
        {"kind": '"orthogonal"', "name": '"bias"', "dim": "0"},
    ),
)

template("tcn_weight_norm", "(2, 3, 16)")(
    """
from torch.nn.utils.parametrizations import orthogonal, spectral_norm, weight_norm


class Block(nn.Module):
    def __init__(self, c, dil):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 3, padding=dil, dilation=dil)

    def forward(self, x):
        return torch.relu(self.conv(x)) + x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(3, d) for d in (1, 2, 4)])
        self.fc = nn.Linear(3, 2)
        self.ready = False

    def forward(self, x):
        if not self.ready:
            for b in self.blocks:
                {wrap}
            self.ready = True
        for b in self.blocks:
            x = b(x)
        return self.fc(x.mean(-1))
"""
)
add(
    "tcn_weight_norm",
    ("ok", "clean", {"wrap": "weight_norm(b.conv)"}),
    ("ok_last_dim", "clean", {"wrap": "weight_norm(b.conv, dim=-1)"}),
    ("ok_orthogonal_conv_kernel", "clean", {"wrap": "orthogonal(b.conv)"}),
    (
        "dim_is_kernel_count",
        "weight_norm_dim_range",
        {"wrap": "weight_norm(b.conv, dim=b.conv.weight.dim())"},
    ),
    (
        "spectral_on_kernel_name",
        "spectral_norm_param_missing",
        {"wrap": 'spectral_norm(b.conv, name="kernel")'},
    ),
    (
        "orthogonal_on_bias",
        "orthogonal_parametrization_rank",
        {"wrap": 'orthogonal(b.conv, name="bias")'},
    ),
    (
        "orthogonal_bias_positional",
        "orthogonal_parametrization_rank",
        {"wrap": 'orthogonal(b.conv, "bias")'},
    ),
)

template("deploy_fusion_helper", "(4, 6)")(
    """
from torch.nn.utils.fusion import fuse_linear_bn_eval


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, {h})
        self.bn1 = nn.BatchNorm1d({bn})
        self.fc2 = nn.Linear({h}, 2)

    def fused(self):
        return fuse_linear_bn_eval(self.fc1.eval(), self.bn1.eval())

    def forward(self, x):
        return self.fc2(torch.relu(self.fused()(x)))
"""
)
add(
    "deploy_fusion_helper",
    ("ok", "clean", {"h": "8", "bn": "8"}),
    ("ok_single_feature_bn", "clean", {"h": "8", "bn": "1"}),
    ("bn_of_inputs", "linear_bn_fusion", {"h": "8", "bn": "6"}),
    ("bn_half_width", "linear_bn_fusion", {"h": "8", "bn": "4"}),
)

template("head_fusion_export", "(3, 5)")(
    """
from torch.nn.utils.fusion import fuse_linear_bn_eval


class Head(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.lins = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims, dims[1:])])
        self.bns = nn.ModuleList([nn.BatchNorm1d({bn_dims}) for a, b in zip(dims, dims[1:])])

    def fuse(self):
        return nn.Sequential(*[fuse_linear_bn_eval(l.eval(), b.eval()) for l, b in zip(self.lins, self.bns)])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head([5, 7, 3])

    def forward(self, x):
        return self.head.fuse()(x)
"""
)
add(
    "head_fusion_export",
    ("ok", "clean", {"bn_dims": "b"}),
    ("bn_on_inputs", "linear_bn_fusion", {"bn_dims": "a"}),
    ("ok_shared_scale_bn", "clean", {"bn_dims": "1"}),
)


# ---------------------------------------------------------------- earlier classes, new code shapes
template("vit_patch_tokens", "(2, 3, 32, 32)")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, patch={patch}, dim=16):
        super().__init__()
        self.patch = patch
        self.embed = nn.Linear(3 * patch * patch, dim)
        self.head = nn.Linear(dim, 5)

    def patchify(self, x):
        b, c, h, w = x.shape
        p = self.patch
{body}

    def forward(self, x):
        tokens = self.embed(self.patchify(x))
        return self.head(tokens.mean(1))
"""
)
_RESHAPE = (
    "        x = x.reshape(b, c, h // p, p, w // p, p)\n"
    "        return x.permute(0, 2, 4, 1, 3, 5).reshape(b, (h // p) * (w // p), c * p * p)"
)
_EINOPS = '        return rearrange(x, "b c (h p1) (w p2) -> b (h w) (c p1 p2)", p1=p, p2=p)'
add(
    "vit_patch_tokens",
    ("ok", "clean", {"patch": "8", "body": _RESHAPE}),
    ("ok_einops", "clean", {"patch": "4", "body": _EINOPS}),
    ("patch_not_dividing_image", "reshape_numel", {"patch": "6", "body": _RESHAPE}),
    ("einops_patch_not_dividing", "einops_axes", {"patch": "6", "body": _EINOPS}),
    ("ok_patch_whole_image", "clean", {"patch": "32", "body": _RESHAPE}),
)

template("multiscale_concat_head", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        widths = [8, 16, 32]
        self.cfg = dict(widths=widths, head_in={head_in})
        chans = [3] + self.cfg["widths"]
        self.stages = nn.ModuleList(
            [nn.Sequential(nn.Conv2d(a, b, 3, stride=2, padding=1), nn.ReLU()) for a, b in zip(chans, chans[1:])]
        )
        self.head = nn.Linear(self.cfg["head_in"], 4)

    def forward(self, x):
        pooled = []
        for stage in self.stages:
            x = stage(x)
            pooled.append({pool})
        return self.head(torch.cat(pooled, dim=1))
"""
)
add(
    "multiscale_concat_head",
    ("ok", "clean", {"head_in": "sum(widths)", "pool": "x.mean((2, 3))"}),
    ("ok_max_pool", "clean", {"head_in": "56", "pool": "x.amax((2, 3))"}),
    ("head_sized_by_last_stage", "cat_linear", {"head_in": "widths[-1]", "pool": "x.mean((2, 3))"}),
    (
        "pool_keeps_spatial_flatten",
        "cat_linear",
        {"head_in": "sum(widths)", "pool": "F.adaptive_avg_pool2d(x, 2).flatten(1)"},
    ),
)

template("scratch_self_attention", "(2, 5, 12)")(
    """
class Attn(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.dim, self.heads = dim, heads

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split({split}, dim=-1)
        hd = c // self.heads
        q, k, v = (z.view(b, t, self.heads, hd).transpose(1, 2) for z in (q, k, v))
        att = ({scores}) / hd**0.5
        y = att.softmax(-1) @ v
        return self.out(y.transpose(1, 2).reshape(b, t, c))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn(12, {heads})
        self.norm = nn.LayerNorm(12)

    def forward(self, x):
        return x + self.attn(self.norm(x))
"""
)
_SA = {"split": "self.dim", "scores": "q @ k.transpose(-2, -1)", "heads": "3"}
add(
    "scratch_self_attention",
    ("ok", "clean", _SA),
    ("ok_split_list", "clean", {**_SA, "split": "[self.dim] * 3"}),
    (
        "split_sizes_one_short",
        "split_sizes",
        {**_SA, "split": "[self.dim, self.dim, self.dim - 1]"},
    ),
    ("heads_not_dividing", "head_split", {**_SA, "heads": "5"}),
    ("keys_not_transposed", "matmul", {**_SA, "scores": "q @ k"}),
    ("ok_mT_scores", "clean", {**_SA, "scores": "q @ k.mT", "heads": "4"}),
)

template("retrieval_scores", "(3, 4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, {kdim})
        self.n_docs = 6

    def forward(self, x):
        docs = torch.randn(x.shape[0], self.n_docs, 8)
        q, k = self.q(x), self.k(docs)
        scores = {scores}
        return scores.softmax(-1)
"""
)
add(
    "retrieval_scores",
    ("ok", "clean", {"kdim": "8", "scores": "torch.bmm(q, k.transpose(1, 2))"}),
    ("ok_einsum", "clean", {"kdim": "8", "scores": 'torch.einsum("bqd,bkd->bqk", q, k)'}),
    ("bmm_without_transpose", "bmm", {"kdim": "8", "scores": "torch.bmm(q, k)"}),
    ("einsum_key_width", "einsum", {"kdim": "6", "scores": 'torch.einsum("bqd,bkd->bqk", q, k)'}),
    (
        "tensordot_wrong_axis",
        "tensordot",
        {"kdim": "8", "scores": "torch.tensordot(q, k, dims=([2], [1]))"},
    ),
)

template("gated_temporal_fusion", "(3, 7, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(6, 6)
        self.ctx = nn.Linear(6, 6)

    def summary(self, x):
        return {summary}

    def forward(self, x):
        g = torch.sigmoid(self.gate(self.summary(x)))
        return x * g + {add}
"""
)
add(
    "gated_temporal_fusion",
    ("ok", "clean", {"summary": "x.mean(1, keepdim=True)", "add": "self.ctx(x)"}),
    (
        "ok_unsqueezed",
        "clean",
        {"summary": "x.mean(1).unsqueeze(1)", "add": "self.ctx(x).mean(1, keepdim=True)"},
    ),
    ("summary_dropped_time_axis", "broadcast_add", {"summary": "x.mean(1)", "add": "self.ctx(x)"}),
    (
        "context_pooled_without_keepdim_early",
        "broadcast_add",
        {"summary": "x.mean(1, keepdim=True)", "add": "self.ctx(x).mean(1)"},
    ),
)

template("swiglu_ffn_cfg", "(2, 4, 8)")(
    """
class FFN(nn.Module):
    def __init__(self, dim, hidden, parts):
        super().__init__()
        self.w_in = nn.Linear(dim, parts * hidden)
        self.w_out = nn.Linear(hidden, dim)

    def forward(self, x):
        {unpack}
        return self.w_out(F.silu(a) * b)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[FFN(8, 12, {parts}) for _ in range(2)])

    def forward(self, x):
        return self.blocks(x)
"""
)
add(
    "swiglu_ffn_cfg",
    ("ok", "clean", {"parts": "2", "unpack": "a, b = self.w_in(x).chunk(2, dim=-1)"}),
    (
        "ok_three_parts_two_used",
        "clean",
        {"parts": "3", "unpack": "a, b, _ = self.w_in(x).chunk(3, dim=-1)"},
    ),
    (
        "three_parts_two_names",
        "chunk_unpack_count",
        {"parts": "3", "unpack": "a, b = self.w_in(x).chunk(3, dim=-1)"},
    ),
    (
        "split_by_hidden_three_parts",
        "split_unpack_count",
        {"parts": "3", "unpack": "a, b = self.w_in(x).split(12, dim=-1)"},
    ),
)

template("merge_heads_output", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self, heads=2):
        super().__init__()
        self.heads = heads
        self.v = nn.Linear(8, 8)
        self.o = nn.Linear(8, 8)

    def forward(self, x):
        b, t, c = x.shape
        v = self.v(x).view(b, t, self.heads, c // self.heads).transpose(1, 2)
        y = v.softmax(-1)
        merged = {merge}
        return self.o(merged)
"""
)
add(
    "merge_heads_output",
    ("ok", "clean", {"merge": "y.transpose(1, 2).reshape(b, t, c)"}),
    ("ok_contiguous_view", "clean", {"merge": "y.transpose(1, 2).contiguous().view(b, t, c)"}),
    ("view_after_transpose", "view_noncontiguous", {"merge": "y.transpose(1, 2).view(b, t, c)"}),
    (
        "view_minus_one_after_permute",
        "view_noncontiguous",
        {"merge": "y.permute(0, 2, 1, 3).view(b, t, -1)"},
    ),
)

template("rotary_cache_attention", "(2, 6, 16)")(
    """
def rotary(dim, t):
    inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
    ang = torch.outer(torch.arange(t).float(), inv)
    return ang.cos(), ang.sin()


def apply(x, cos, sin):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1).flatten(-2)


class Net(nn.Module):
    def __init__(self, heads=2):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(16, 16)

    def forward(self, x):
        b, t, c = x.shape
        hd = c // self.heads
        q = self.q(x).view(b, t, self.heads, hd).transpose(1, 2)
        cos, sin = rotary({rot_dim}, {rot_len})
        return apply(q, cos, sin).transpose(1, 2).reshape(b, t, c)
"""
)
add(
    "rotary_cache_attention",
    ("ok", "clean", {"rot_dim": "hd", "rot_len": "t"}),
    ("ok_table_from_shape", "clean", {"rot_dim": "q.shape[-1]", "rot_len": "q.shape[-2]"}),
    ("rotary_over_model_width", "rope_dims", {"rot_dim": "c", "rot_len": "t"}),
    ("rotary_table_short", "rope_dims", {"rot_dim": "hd", "rot_len": "t - 1"}),
)

template("greedy_decode_cache", "(1, 4)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=2, dim=8, max_len={max_len}, table={table}):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(table, dim)
        self.out = nn.Linear(dim, vocab)
        self.max_len = max_len
        self.steps = {steps}

    def forward(self, ids):
        b, t = ids.shape
        cache = torch.zeros(b, self.max_len, self.emb.embedding_dim)
        h = self.emb(ids) + self.pos(torch.arange(t))
        cache[:, :t] = h
        tok = ids[:, -1]
        for step in range(self.steps):
            pos = t + step
            cache[:, pos] = self.emb(tok) + self.pos(torch.tensor([pos]))
            tok = self.out(cache[:, : pos + 1].mean(1)).argmax(-1)
        return cache
"""
)
add(
    "greedy_decode_cache",
    ("ok", "clean", {"max_len": "8", "table": "8", "steps": "4"}),
    ("ok_fewer_steps", "clean", {"max_len": "8", "table": "8", "steps": "2"}),
    ("cache_one_short", "kv_cache_overflow", {"max_len": "7", "table": "8", "steps": "4"}),
    ("position_table_short", "pos_table_length", {"max_len": "8", "table": "6", "steps": "4"}),
)

template("padding_mask_attention", "(3, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(8, 24)
        self.heads = 2
        self.lengths = [5, 3, 4]

    def key_mask(self, b, t):
        keep = torch.arange(t)[None, :] < torch.tensor(self.lengths)[:, None]
        return {mask}

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        mask = self.key_mask(b, t)
        {attend}
        return y.transpose(1, 2).reshape(b, t, c)
"""
)
_SDPA = "y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)"
_MF = (
    "s = (q @ k.transpose(-2, -1)).masked_fill(~mask, float('-inf'))\n        y = s.softmax(-1) @ v"
)
add(
    "padding_mask_attention",
    ("ok", "clean", {"mask": "keep[:, None, None, :]", "attend": _SDPA}),
    ("ok_masked_fill", "clean", {"mask": "keep[:, None, None, :]", "attend": _MF}),
    ("mask_batch_by_time", "sdpa_attn_mask_shape", {"mask": "keep", "attend": _SDPA}),
    (
        "mask_missing_head_axis",
        "masked_fill_broadcast",
        {"mask": "keep[:, None, :]", "attend": _MF},
    ),
    (
        "float_mask_in_masked_fill",
        "mask_dtype",
        {"mask": "keep[:, None, None, :].float()", "attend": _MF},
    ),
)

template("config_cnn_stack", "(2, 3, 32, 32)")(
    """
CFG = dict(channels={channels}, in_ch=3, fc_in={fc_in})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        layers = []
        prev = CFG["in_ch"]
        for i, ch in enumerate(CFG["channels"]):
            layers += [nn.Conv2d({conv_in}, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU(), nn.MaxPool2d(2)]
            prev = ch
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(CFG["fc_in"], 10)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))
"""
)
add(
    "config_cnn_stack",
    ("ok", "clean", {"channels": "[8, 16]", "fc_in": "16 * 8 * 8", "conv_in": "prev"}),
    (
        "ok_three_stages",
        "clean",
        {"channels": "[8, 16, 16]", "fc_in": "16 * 4 * 4", "conv_in": "prev"},
    ),
    (
        "fc_in_for_two_stages",
        "flatten_linear",
        {"channels": "[8, 16, 16]", "fc_in": "16 * 8 * 8", "conv_in": "prev"},
    ),
    (
        "conv_in_from_first_cfg",
        "conv_in_channels",
        {
            "channels": "[8, 16]",
            "fc_in": "16 * 8 * 8",
            "conv_in": 'CFG["in_ch"] if i == 0 else CFG["channels"][0] * 2',
        },
    ),
)

template("bf16_inference_head", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(10, 16), nn.GELU())
        self.head = nn.Linear(16, 4).to({head_dtype})

    def forward(self, x):
        h = self.backbone(x)
        {call}
"""
)
add(
    "bf16_inference_head",
    (
        "ok",
        "clean",
        {"head_dtype": "torch.bfloat16", "call": "return self.head(h.to(torch.bfloat16)).float()"},
    ),
    (
        "ok_autocast",
        "clean",
        {
            "head_dtype": "torch.float32",
            "call": 'with torch.autocast("cpu", dtype=torch.bfloat16):\n            return self.head(h).float()',
        },
    ),
    (
        "features_left_fp32",
        "dtype_mismatch",
        {"head_dtype": "torch.bfloat16", "call": "return self.head(h).float()"},
    ),
    (
        "features_cast_half_head_bf16",
        "dtype_mismatch",
        {"head_dtype": "torch.bfloat16", "call": "return self.head(h.half()).float()"},
    ),
)

template("classification_loss_cfg", "(6, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = dict(n_classes={nc}, smoothing={ls}, class_weights={cw})
        self.clf = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 4))

    def targets(self, n):
        return torch.arange(n) % 4

    def forward(self, x):
        logits = self.clf(x)
        y = self.targets(x.shape[0])
        w = torch.tensor(self.cfg["class_weights"])
        loss = F.cross_entropy(logits, y, weight=w, label_smoothing=self.cfg["smoothing"])
        soft = F.one_hot(y, self.cfg["n_classes"]).float()
        return logits * soft + loss
"""
)
_CL = {"nc": "4", "ls": "0.1", "cw": "[1.0, 1.0, 2.0, 0.5]"}
add(
    "classification_loss_cfg",
    ("ok", "clean", _CL),
    ("ok_smoothing_zero", "clean", {**_CL, "ls": "0.0"}),
    ("one_hot_three_classes", "one_hot_classes", {**_CL, "nc": "3"}),
    ("smoothing_as_percent", "label_smoothing_range", {**_CL, "ls": "10"}),
    ("weights_for_three_classes", "loss_weight_size", {**_CL, "cw": "[1.0, 2.0, 0.5]"}),
)

template("candidate_reranker", "(2, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(6, 1)
        self.cfg = dict(n_cand={n_cand}, keep={keep})

    def forward(self, x):
        cands = x.unsqueeze(1) + torch.randn(x.shape[0], self.cfg["n_cand"], 6)
        s = self.score(cands).squeeze(-1)
        top = s.topk(self.cfg["keep"], dim=-1).indices
        picked = torch.gather(cands, 1, {index})
        return picked.mean(1)
"""
)
_IDX = "top.unsqueeze(-1).expand(-1, -1, 6)"
add(
    "candidate_reranker",
    ("ok", "clean", {"n_cand": "8", "keep": "3", "index": _IDX}),
    ("ok_keep_all", "clean", {"n_cand": "8", "keep": "8", "index": _IDX}),
    ("keep_more_than_candidates", "topk_k", {"n_cand": "4", "keep": "5", "index": _IDX}),
    ("gather_index_rank_two", "gather_index", {"n_cand": "8", "keep": "3", "index": "top"}),
)

template("upsample_decoder_cfg", "(2, 4, 8, 8)")(
    """
class Up(nn.Module):
    def __init__(self, c_in, c_out, mode):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, 3, padding=1)
        self.mode = mode

    def forward(self, x):
        return self.conv(F.interpolate(x, scale_factor=2, mode=self.mode))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ups = nn.Sequential(Up(4, 4, {m1}), Up(4, 2, {m2}))

    def forward(self, x):
        return self.ups(x)
"""
)
add(
    "upsample_decoder_cfg",
    ("ok", "clean", {"m1": '"nearest"', "m2": '"bilinear"'}),
    ("ok_nearest_exact", "clean", {"m1": '"nearest-exact"', "m2": '"bicubic"'}),
    ("mode_bilinear2d", "interp_mode_name", {"m1": '"nearest"', "m2": '"bilinear2d"'}),
    ("mode_linear_on_images", "interp_mode_rank", {"m1": '"linear"', "m2": '"bilinear"'}),
)

template("holdout_split_loader", "(8, 4)")(
    """
from torch.utils.data import BatchSampler, DataLoader, RandomSampler, TensorDataset, random_split


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.cfg = dict(fractions={fr}, batch_size={bs}, shuffle={sh})

    def loaders(self, x):
        ds = TensorDataset(x, torch.zeros(len(x)))
        train, val = random_split(ds, self.cfg["fractions"], generator=torch.Generator().manual_seed(0))
        sampler = RandomSampler(train, generator=torch.Generator().manual_seed(1))
        return DataLoader(train, batch_size=self.cfg["batch_size"], sampler=sampler, shuffle=self.cfg["shuffle"])

    def forward(self, x):
        outs = [self.fc(xb) for xb, _ in self.loaders(x)]
        return torch.cat(outs)
"""
)
_HS = {"fr": "[0.75, 0.25]", "bs": "2", "sh": "None"}
add(
    "holdout_split_loader",
    ("ok", "clean", _HS),
    ("ok_counts", "clean", {**_HS, "fr": "[6, 2]"}),
    ("fractions_not_summing", "random_split_lengths", {**_HS, "fr": "[0.7, 0.2]"}),
    ("shuffle_with_sampler", "dataloader_args_invalid", {**_HS, "sh": "True"}),
    ("ok_shuffle_false_with_sampler", "clean", {**_HS, "sh": "False"}),
)

template("bucketed_batch_sampler", "(6, 3)")(
    """
from torch.utils.data import BatchSampler, SequentialSampler


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.cfg = dict(tokens_per_batch={tpb}, seq_len=4, drop_last={dl})

    def batches(self, n):
        bs = self.cfg["tokens_per_batch"] // self.cfg["seq_len"]
        return list(BatchSampler(SequentialSampler(range(n)), batch_size=bs, drop_last=self.cfg["drop_last"]))

    def forward(self, x):
        return torch.cat([self.fc(x[idx]) for idx in self.batches(x.shape[0])])
"""
)
add(
    "bucketed_batch_sampler",
    ("ok", "clean", {"tpb": "8", "dl": "False"}),
    ("ok_one_per_batch", "clean", {"tpb": "4", "dl": "False"}),
    ("budget_below_one_sequence_late", "sampler_arg_invalid", {"tpb": "3", "dl": "False"}),
    ("drop_last_as_string", "sampler_arg_invalid", {"tpb": "8", "dl": '"yes"'}),
)

template("widened_checkpoint_reload", "(2, 6)")(
    """
import io


class Tower(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.l1 = nn.Linear(6, hidden)
        self.l2 = nn.Linear(hidden, 2)

    def forward(self, x):
        return self.l2(torch.relu(self.l1(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.old_cfg = dict(hidden=8)
        self.new_cfg = dict(hidden={new_hidden})

    def forward(self, x):
        buf = io.BytesIO()
        torch.save(Tower(self.old_cfg["hidden"]).state_dict(), buf)
        buf.seek(0)
        model = Tower(self.new_cfg["hidden"])
        model.load_state_dict(torch.load(buf, weights_only=True){strict})
        return model(x)
"""
)
add(
    "widened_checkpoint_reload",
    ("ok", "clean", {"new_hidden": "8", "strict": ""}),
    ("ok_same_width_non_strict", "clean", {"new_hidden": "8", "strict": ", strict=False"}),
    ("hidden_doubled", "load_state_dict_mismatch", {"new_hidden": "16", "strict": ""}),
    (
        "hidden_doubled_non_strict",
        "load_state_dict_mismatch",
        {"new_hidden": "16", "strict": ", strict=False"},
    ),
)

template("per_group_lambda_schedule", "(3, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)
        self.dec = nn.Linear(4, 4)
        self.warmup = {warmup}
        self.sched = None

    def build(self):
        opt = torch.optim.SGD([dict(params=self.enc.parameters()), dict(params=self.dec.parameters())], lr=0.1)
        lambdas = {lambdas}
        return opt, torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda=lambdas)

    def forward(self, x):
        if self.sched is None:
            self.opt, self.sched = self.build()
        self.opt.step()
        self.sched.step()
        return self.dec(self.enc(x))
"""
)
_WU = "lambda s: min(1.0, (s + 1) / self.warmup)"
add(
    "per_group_lambda_schedule",
    ("ok", "clean", {"warmup": "5", "lambdas": f"[{_WU}, {_WU}]"}),
    ("ok_one_shared", "clean", {"warmup": "5", "lambdas": _WU}),
    ("one_lambda_in_list", "scheduler_lambda_count", {"warmup": "5", "lambdas": f"[{_WU}]"}),
    (
        "lambda_per_layer_module_early",
        "scheduler_lambda_count",
        {"warmup": "5", "lambdas": f"[{_WU} for _ in self.modules()]"},
    ),
)

template("fourier_mixing_layer", "(2, 16, 6)")(
    """
class Net(nn.Module):
    def __init__(self, modes=5):
        super().__init__()
        self.modes = modes
        self.w = nn.Parameter(torch.randn(6, 6, {wdtype}) * 0.1)
        self.skip = nn.Linear(6, 6)

    def forward(self, x):
        xf = torch.fft.rfft(x, dim=1)[:, : self.modes]
        mixed = {mix}
        out = torch.zeros(x.shape[0], x.shape[1] // 2 + 1, 6, dtype=xf.dtype)
        out[:, : self.modes] = mixed
        return torch.fft.irfft(out, n=x.shape[1], dim=1) + self.skip(x)
"""
)
add(
    "fourier_mixing_layer",
    ("ok", "clean", {"wdtype": "dtype=torch.cfloat", "mix": "xf @ self.w"}),
    (
        "ok_real_weight_cast",
        "clean",
        {"wdtype": "dtype=torch.float32", "mix": "xf @ self.w.to(xf.dtype)"},
    ),
    (
        "real_weight_late",
        "complex_real_matmul",
        {"wdtype": "dtype=torch.float32", "mix": "xf @ self.w"},
    ),
    (
        "real_weight_einsum",
        "complex_real_matmul",
        {"wdtype": "dtype=torch.float32", "mix": 'torch.einsum("bmi,io->bmo", xf, self.w)'},
    ),
)

template("scaled_grad_function", "(3, 5)")(
    """
class ScaleGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, scale):
        ctx.save_for_backward(x, w)
        ctx.scale = scale
        return x * w

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        {ret}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(5))
        self.fc = nn.Linear(5, 2)

    def forward(self, x):
        with torch.enable_grad():
            xr = x.clone().requires_grad_(True)
            y = ScaleGrad.apply(xr, self.w, 0.5)
            self.fc(y).sum().backward()
        return self.fc(x * self.w)
"""
)
add(
    "scaled_grad_function",
    ("ok", "clean", {"ret": "return g * w * ctx.scale, (g * x).sum(0) * ctx.scale, None"}),
    (
        "ok_trailing_nones",
        "clean",
        {"ret": "return g * w * ctx.scale, (g * x).sum(0) * ctx.scale, None, None"},
    ),
    ("grad_for_x_only", "autograd_function_grad_count", {"ret": "return g * w * ctx.scale"}),
    (
        "weight_grad_not_reduced",
        "clean",
        {"ret": "return g * w * ctx.scale, g * x * ctx.scale, None"},
    ),
)

template("packed_sentence_encoder", "(3, 6, 4)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 5, batch_first=True)
        self.lengths = {lengths}
        self.side = {side}

    def forward(self, x):
        seqs = [x[i, :n] for i, n in enumerate(self.lengths)]
        padded = pad_sequence(seqs, batch_first=True, padding_side=self.side)
        packed = pack_padded_sequence(padded, torch.tensor(self.lengths), batch_first=True{sort})
        out, _ = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True)
        return out.sum(1)
"""
)
add(
    "packed_sentence_encoder",
    ("ok", "clean", {"lengths": "[6, 4, 2]", "side": '"right"', "sort": ""}),
    (
        "ok_unsorted_flag",
        "clean",
        {"lengths": "[2, 6, 4]", "side": '"right"', "sort": ", enforce_sorted=False"},
    ),
    (
        "lengths_in_corpus_order",
        "pack_lengths_unsorted",
        {"lengths": "[2, 6, 4]", "side": '"right"', "sort": ""},
    ),
    (
        "padding_side_end",
        "pad_sequence_side_name",
        {"lengths": "[6, 4, 2]", "side": '"end"', "sort": ""},
    ),
)

template("init_scheme_registry", "(4, 6)")(
    """
INITS = dict(
    kaiming=lambda w, act: nn.init.kaiming_normal_(w, nonlinearity=act),
    xavier=lambda w, act: nn.init.xavier_uniform_(w, gain=nn.init.calculate_gain(act)),
)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(6, 6) for _ in range(3)])
        self.cfg = dict(init={init}, act={act})
        self.ready = False

    def forward(self, x):
        if not self.ready:
            for layer in self.layers:
                INITS[self.cfg["init"]](layer.weight, self.cfg["act"])
            self.ready = True
        for layer in self.layers:
            x = F.leaky_relu(layer(x))
        return x
"""
)
add(
    "init_scheme_registry",
    ("ok", "clean", {"init": '"kaiming"', "act": '"leaky_relu"'}),
    ("ok_xavier_selu", "clean", {"init": '"xavier"', "act": '"selu"'}),
    ("kaiming_gelu_cfg", "init_nonlinearity", {"init": '"kaiming"', "act": '"gelu"'}),
    ("xavier_silu_gain", "init_nonlinearity", {"init": '"xavier"', "act": '"silu"'}),
)

template("einops_head_repeat", "(2, 5, 8)")(
    """
from einops import rearrange, repeat


class Net(nn.Module):
    def __init__(self, heads=4, kv_heads={kv}):
        super().__init__()
        self.heads, self.kv_heads = heads, kv_heads
        self.q = nn.Linear(8, 8)
        self.kv = nn.Linear(8, 2 * 2 * kv_heads)

    def forward(self, x):
        q = rearrange(self.q(x), "b t (h d) -> b h t d", h=self.heads)
        k, v = rearrange(self.kv(x), "b t (two h d) -> two b h t d", two=2, h={kvh})
        k = repeat(k, "b h t d -> b (h r) t d", r={rep})
        v = repeat(v, "b h t d -> b (h r) t d", r={rep})
        y = F.scaled_dot_product_attention(q, k, v)
        return rearrange(y, "b h t d -> b t (h d)")
"""
)
add(
    "einops_head_repeat",
    ("ok", "clean", {"kv": "2", "kvh": "self.kv_heads", "rep": "self.heads // self.kv_heads"}),
    ("ok_mqa", "clean", {"kv": "1", "kvh": "self.kv_heads", "rep": "self.heads"}),
    ("repeat_by_kv_heads", "clean", {"kv": "1", "kvh": "self.kv_heads", "rep": "self.kv_heads"}),
    ("repeat_skipped_two_kv", "sdpa_gqa_heads", {"kv": "2", "kvh": "self.kv_heads", "rep": "1"}),
    ("kv_split_by_query_heads_v2", "einops_axes", {"kv": "3", "kvh": "self.heads", "rep": "1"}),
)


# clean variants that look risky (an edge value, a spelling that works, a near miss)
RISKY_CLEAN = (
    "per_sample_norm_clip__ok_where_select",
    "per_sample_norm_clip__ok_chunked",
    "ensemble_vmap_predict__ok_dropout_different",
    "ensemble_vmap_predict__ok_dropout_same",
    "input_sensitivity_probe__ok_chunk_one",
    "input_sensitivity_probe__ok_jvp_tuples",
    "pairwise_metric_vmap__ok_acc_zeros_like",
    "pairwise_metric_vmap__ok_new_zeros",
    "running_stat_vmap__ok_noise_same",
    "running_stat_vmap__ok_negative_in_dim",
    "jvp_direction_check__ok_autograd_functional",
    "quantile_bucket_embed__ok_right_both_ways",
    "quantile_bucket_embed__ok_right_flag",
    "step_schedule_lookup__ok_right_inclusive",
    "step_schedule_lookup__ok_right_exclusive_flag_false",
    "zca_whitening__ok_upper",
    "zca_whitening__ok_lowercase_l",
    "spectral_gap_regulariser__ok_u_lowercase",
    "gauss_window_frontend__ok_kaiser_zero_beta",
    "gauss_window_frontend__ok_hann_periodic",
    "smoothing_kernel_conv__ok_exponential",
    "smoothing_kernel_conv__ok_pad_zero",
    "warmup_tensor_lr_trainer__ok_fused_cpu",
    "warmup_tensor_lr_trainer__ok_sgd_foreach",
    "param_group_lr_builder__ok_tensor_lr_single_tensor_kernel",
    "param_group_lr_builder__ok_nesterov_no_dampening",
    "temperature_calibration__ok_one_group_dict",
    "temperature_calibration__ok_temperature_only",
    "lbfgs_head_finetune__ok_adam_decay_groups",
    "lbfgs_head_finetune__ok_sgd_closure",
    "cyclic_lr_factory__ok_adam_betas_cycle",
    "cyclic_lr_factory__ok_adagrad_no_cycle",
    "triangular_schedule_trainer__ok_asgd_step",
    "triangular_schedule_trainer__ok_rmsprop_cyclic",
    "script_postprocess_export__ok_trace_then_freeze",
    "torchscript_bundle__ok_train_mode_not_frozen",
    "torchscript_bundle__ok_helper_default_arg",
    "numpy_flip_augment__ok_flip_copy",
    "numpy_flip_augment__ok_transpose_view",
    "reversed_sequence_numpy__ok_fliplr_tolist",
    "label_vocab_numpy__ok_unique_inverse",
    "label_vocab_numpy__ok_uint16_ids",
    "tabular_numpy_features__ok_none_to_nan",
    "tabular_numpy_features__ok_string_cell_cast",
    "optimizer_in_backward__ok_grad_hook_instead",
    "activation_grad_logger__ok_post_hook_on_weight",
    "offload_activations_step__ok_guard_without_offload",
    "checkpointed_blocks_guard__ok_reentrant_in_guard",
    "checkpointed_blocks_guard__ok_plain_in_guard",
    "multi_loss_backward__ok_weights_from_heads",
    "gradient_penalty_critic__ok_two_outputs",
    "gradient_penalty_critic__grad_outputs_extra",
    "multimodal_stack_loader__ok_chain_streams",
    "paired_view_dataset__ok_zip_lists",
    "paired_view_dataset__ok_zip_shorter_labels",
    "precision_setup_cfg__ok_double",
    "precision_setup_cfg__ok_bfloat16",
    "token_dtype_follow__ok_weight_dtype",
    "gaussian_policy_head__ok_covariance",
    "gmm_density_head__ok_mvn_components",
    "mixture_of_experts_prior__ok_shared_gate_row",
    "parametrized_mlp_cfg__ok_spectral",
    "parametrized_mlp_cfg__ok_weight_norm_dim_minus_two",
    "tcn_weight_norm__ok_last_dim",
    "tcn_weight_norm__ok_orthogonal_conv_kernel",
    "deploy_fusion_helper__ok_single_feature_bn",
    "head_fusion_export__ok_shared_scale_bn",
    "vit_patch_tokens__ok_einops",
    "vit_patch_tokens__ok_patch_whole_image",
    "multiscale_concat_head__ok_max_pool",
    "scratch_self_attention__ok_split_list",
    "scratch_self_attention__ok_mT_scores",
    "retrieval_scores__ok_einsum",
    "gated_temporal_fusion__ok_unsqueezed",
    "swiglu_ffn_cfg__ok_three_parts_two_used",
    "merge_heads_output__ok_contiguous_view",
    "rotary_cache_attention__ok_table_from_shape",
    "greedy_decode_cache__ok_fewer_steps",
    "padding_mask_attention__ok_masked_fill",
    "config_cnn_stack__ok_three_stages",
    "bf16_inference_head__ok_autocast",
    "classification_loss_cfg__ok_smoothing_zero",
    "candidate_reranker__ok_keep_all",
    "upsample_decoder_cfg__ok_nearest_exact",
    "holdout_split_loader__ok_counts",
    "holdout_split_loader__ok_shuffle_false_with_sampler",
    "bucketed_batch_sampler__ok_one_per_batch",
    "widened_checkpoint_reload__ok_same_width_non_strict",
    "per_group_lambda_schedule__ok_one_shared",
    "fourier_mixing_layer__ok_real_weight_cast",
    "scaled_grad_function__ok_trailing_nones",
    "scaled_grad_function__weight_grad_not_reduced",
    "packed_sentence_encoder__ok_unsorted_flag",
    "init_scheme_registry__ok_xavier_selu",
    "einops_head_repeat__ok_mqa",
    "einops_head_repeat__repeat_by_kv_heads",
)

# templates that are whole small models (a second module class, a stack, or three torch modules)
WHOLE_MODELS = (
    "per_sample_norm_clip",
    "ensemble_vmap_predict",
    "input_sensitivity_probe",
    "jvp_direction_check",
    "zca_whitening",
    "warmup_tensor_lr_trainer",
    "param_group_lr_builder",
    "temperature_calibration",
    "lbfgs_head_finetune",
    "cyclic_lr_factory",
    "triangular_schedule_trainer",
    "script_postprocess_export",
    "torchscript_bundle",
    "tabular_numpy_features",
    "optimizer_in_backward",
    "offload_activations_step",
    "checkpointed_blocks_guard",
    "multi_loss_backward",
    "gradient_penalty_critic",
    "multimodal_stack_loader",
    "paired_view_dataset",
    "gmm_density_head",
    "mixture_of_experts_prior",
    "parametrized_mlp_cfg",
    "tcn_weight_norm",
    "deploy_fusion_helper",
    "head_fusion_export",
    "multiscale_concat_head",
    "scratch_self_attention",
    "swiglu_ffn_cfg",
    "greedy_decode_cache",
    "config_cnn_stack",
    "bf16_inference_head",
    "classification_loss_cfg",
    "upsample_decoder_cfg",
    "bucketed_batch_sampler",
    "widened_checkpoint_reload",
    "scaled_grad_function",
    "init_scheme_registry",
)
