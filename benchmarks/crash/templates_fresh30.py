"""A thirtieth fresh batch of crash cases (session 38, split ``fresh30``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The cases are code users write around a model: spectrogram front ends and resynthesis
(``stft`` / ``istft`` hop lengths and windows), masked tensors (``torch.masked``), custom autograd
Functions that work in place (``mark_dirty``), stochastic weight averaging (``SWALR``),
histogram features (``histogramdd``), ``checkpoint_sequential`` stacks, distribution heads whose
methods a family does not implement, einops ``parse_shape``, ``unpad_sequence`` /
``unpack_sequence`` decode helpers, nested tensors padded back, generator seeding in data
augmentation, quantization fusion helpers (``fuse_modules``), iterable datasets, multi-grad
hooks, complex features viewed as real after a lazy conjugate, polynomial (Vandermonde) features.
About a third of the crash classes are new; the others are classes earlier batches have, written
in new code shapes (sizes that reach the bad call through configs, helpers, properties, loops,
containers and other modules; method vs function vs operator spellings): view / reshape sizes,
cat then linear, matmul / bmm / einsum, split / chunk, broadcasting, einops, masks, caches,
losses, optimizers and schedulers, checkpoints. Several clean variants look risky
(``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f30_``. Whether a
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


# ---------------------------------------------------------------- stft / istft hop lengths (new)
template("spectral_frontend_hop", "(2, 400)")(
    """
class Net(nn.Module):
    def __init__(self, n_fft=64, hop_div={div}):
        super().__init__()
        self.n_fft = n_fft
        self.hop = n_fft // hop_div
        self.register_buffer("window", torch.hann_window(n_fft))
        self.proj = nn.Sequential(nn.Linear({fin}, 16), nn.ReLU(), nn.Linear(16, 4))

    def spectrogram(self, wav):
        spec = {stft}
        return spec.abs().pow(2).transpose(1, 2)

    def forward(self, x):
        return self.proj(torch.log1p(self.spectrogram(x))).mean(1)
"""
)
_STFT_FN = (
    "torch.stft(wav, self.n_fft, hop_length=self.hop, window=self.window, return_complex=True)"
)
_STFT_M = "wav.stft(self.n_fft, self.hop, window=self.window, return_complex=True)"
add(
    "spectral_frontend_hop",
    ("ok", "clean", {"div": "4", "fin": "33", "stft": _STFT_FN}),
    ("ok_hop_one", "clean", {"div": "64", "fin": "33", "stft": _STFT_M}),
    ("hop_div_past_fft", "stft_hop_length_zero", {"div": "128", "fin": "33", "stft": _STFT_FN}),
    ("hop_div_method_call", "stft_hop_length_zero", {"div": "100", "fin": "33", "stft": _STFT_M}),
    ("bins_without_nyquist", "linear_in_features", {"div": "4", "fin": "32", "stft": _STFT_FN}),
)

template("istft_denoiser", "(2, 512)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = dict(n_fft=128, hop_ratio={ratio}, win={win})
        self.gate = nn.Sequential(nn.Linear(65, 65), nn.Sigmoid())

    @property
    def hop(self):
        return int(self.cfg["n_fft"] * self.cfg["hop_ratio"])

    def forward(self, x):
        n = self.cfg["n_fft"]
        win = torch.hann_window(self.cfg["win"])
        spec = torch.stft(x, n, hop_length=max(self.hop, 1), win_length=self.cfg["win"], window=win, return_complex=True)
        mask = self.gate(spec.abs().transpose(1, 2)).transpose(1, 2)
        return torch.istft(spec * mask, n, hop_length=self.hop, win_length=self.cfg["win"], window={iwin}, length=x.shape[-1])
"""
)
add(
    "istft_denoiser",
    ("ok", "clean", {"ratio": "0.25", "win": "128", "iwin": "win"}),
    ("ok_short_window", "clean", {"ratio": "0.125", "win": "64", "iwin": "win"}),
    (
        "hop_ratio_rounds_to_zero",
        "stft_hop_length_zero",
        {"ratio": "0.005", "win": "128", "iwin": "win"},
    ),
    (
        "istft_window_full_fft",
        "stft_window",
        {"ratio": "0.25", "win": "64", "iwin": 'torch.hann_window(self.cfg["n_fft"])'},
    ),
)

# ---------------------------------------------------------------- masked tensors (new)
template("masked_feature_stats", "(4, 6)")(
    """
from torch.masked import masked_tensor


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(6, 6), nn.Tanh())
        self.head = nn.Linear(1, 2)

    def valid(self, h):
        return {mask}

    def forward(self, x):
        h = self.enc(x)
        mt = masked_tensor(h, self.valid(h))
        pooled = mt.{red}(1).to_tensor(0.0)
        return self.head(pooled[:, None])
"""
)
add(
    "masked_feature_stats",
    ("ok", "clean", {"mask": "h > 0", "red": "sum"}),
    (
        "ok_expanded_row_mask",
        "clean",
        {"mask": "(h > 0).any(1, keepdim=True).expand_as(h)", "red": "mean"},
    ),
    ("mask_as_float", "masked_tensor_mask", {"mask": "(h > 0).float()", "red": "sum"}),
    (
        "row_mask_not_expanded",
        "masked_tensor_mask",
        {"mask": "(h > 0).any(1, keepdim=True)", "red": "mean"},
    ),
    ("mask_as_int_mean", "masked_tensor_mask", {"mask": "(h.abs() < 0.9).int()", "red": "mean"}),
)

template("masked_pair_error", "(3, 8)")(
    """
from torch.masked import masked_tensor


def observed(t):
    return ~torch.isnan(t)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 8))

    def forward(self, x):
        target = x.clone()
        target[:, ::3] = float("nan")
        pred = self.model(x)
        m_t = masked_tensor(torch.nan_to_num(target), observed(target))
        m_p = masked_tensor(pred, {pmask})
        err = (m_p {op} m_t) ** 2
        return err.sum().to_tensor(0.0)
"""
)
add(
    "masked_pair_error",
    ("ok", "clean", {"pmask": "observed(target)", "op": "-"}),
    ("ok_mask_from_target_mul", "clean", {"pmask": "~torch.isnan(target)", "op": "*"}),
    (
        "pred_mask_all_true",
        "masked_tensor_mask",
        {"pmask": "torch.ones_like(pred, dtype=torch.bool)", "op": "-"},
    ),
    ("pred_mask_from_pred_loop", "masked_tensor_mask", {"pmask": "observed(pred)", "op": "-"}),
)

# ---------------------------------------------------------------- autograd Function mark_dirty (new)
template("inplace_scale_function", "(4, 10)")(
    """
class ScaleInPlace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, s):
        ctx.s = s
{body}

    @staticmethod
    def backward(ctx, g):
        return g * ctx.s, None


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 10)
        self.out = nn.Linear(10, 3)

    def forward(self, x):
        h = self.fc(x)
        h = ScaleInPlace.apply(h, 0.5)
        return self.out(h)
"""
)
add(
    "inplace_scale_function",
    ("ok", "clean", {"body": "        x.mul_(s)\n        ctx.mark_dirty(x)\n        return x"}),
    ("ok_out_of_place", "clean", {"body": "        return x * s"}),
    (
        "dirty_but_new_tensor",
        "autograd_function_mark_dirty",
        {"body": "        y = x * s\n        ctx.mark_dirty(x)\n        return y"},
    ),
    (
        "dirty_then_clone",
        "autograd_function_mark_dirty",
        {"body": "        x.mul_(s)\n        ctx.mark_dirty(x)\n        return x.clone()"},
    ),
)

template("clamp_inplace_block", "(2, 4, 6)")(
    """
class ClampDirty(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        {work}
        ctx.mark_dirty({dirty})
        ctx.save_for_backward(a)
        return {ret}

    @staticmethod
    def backward(ctx, ga, *rest):
        (a,) = ctx.saved_tensors
        return ga * (a > 0), None


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        h = self.fc(x)
        out = ClampDirty.apply(h, h.detach().clone())
        return out if isinstance(out, torch.Tensor) else out[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(6) for _ in range(2)])

    def forward(self, x):
        for b in self.blocks:
            x = x + b(x)
        return x
"""
)
add(
    "clamp_inplace_block",
    ("ok", "clean", {"work": "a.clamp_(min=0)", "dirty": "a", "ret": "a"}),
    (
        "ok_both_dirty_both_out",
        "clean",
        {"work": "a.clamp_(min=0); b.zero_()", "dirty": "a, b", "ret": "a, b"},
    ),
    (
        "clamp_out_of_place",
        "autograd_function_mark_dirty",
        {"work": "c = a.clamp(min=0)", "dirty": "a", "ret": "c"},
    ),
    (
        "two_dirty_one_out",
        "autograd_function_mark_dirty",
        {"work": "a.clamp_(min=0); b.zero_()", "dirty": "a, b", "ret": "a"},
    ),
)

# ---------------------------------------------------------------- SWA learning rates (new)
template("swa_finetune_step", "(8, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, x):
        groups = [
            dict(params=self.body[0].parameters(), lr=0.1),
            dict(params=self.body[2].parameters(), lr=0.01),
        ]
        opt = torch.optim.SGD(groups, lr=0.1, momentum=0.9)
        swa = torch.optim.swa_utils.AveragedModel(self.body)
        sched = torch.optim.swa_utils.SWALR(opt, swa_lr={swa_lr}, anneal_epochs={ae})
        with torch.enable_grad():
            loss = self.body(x).pow(2).mean()
            loss.backward()
        opt.step()
        swa.update_parameters(self.body)
        sched.step()
        return swa(x)
"""
)
add(
    "swa_finetune_step",
    ("ok", "clean", {"swa_lr": "0.05", "ae": "5"}),
    ("ok_per_group_list", "clean", {"swa_lr": "[0.05, 0.005]", "ae": "0"}),
    ("one_rate_in_list", "swalr_lr_length", {"swa_lr": "[0.05]", "ae": "5"}),
    ("three_rates_two_groups", "swalr_lr_length", {"swa_lr": "[0.05, 0.01, 0.001]", "ae": "5"}),
    ("anneal_epochs_fraction", "scheduler_hparam_range", {"swa_lr": "0.05", "ae": "2.5"}),
)

template("swa_layerwise_cfg", "(4, 8)")(
    """
CFG = dict(depth={depth}, swa_lrs={lrs}, strategy="cos")


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(CFG["depth"])])

    def make_optim(self):
        groups = [dict(params=l.parameters(), lr=1e-2 / (i + 1)) for i, l in enumerate(self.layers)]
        opt = torch.optim.Adam(groups)
        sched = torch.optim.swa_utils.SWALR(opt, swa_lr=CFG["swa_lrs"], anneal_strategy=CFG["strategy"])
        return opt, sched

    def forward(self, x):
        opt, sched = self.make_optim()
        for l in self.layers:
            x = torch.relu(l(x))
        sched.step()
        return x * opt.param_groups[0]["lr"]
"""
)
add(
    "swa_layerwise_cfg",
    ("ok", "clean", {"depth": "3", "lrs": "[1e-3, 5e-4, 1e-4]"}),
    ("ok_scalar_rate", "clean", {"depth": "2", "lrs": "1e-3"}),
    ("rates_for_two_of_three", "swalr_lr_length", {"depth": "3", "lrs": "[1e-3, 5e-4]"}),
    ("tuple_rates_depth_four", "swalr_lr_length", {"depth": "4", "lrs": "(1e-3, 5e-4, 1e-4)"}),
)

# ---------------------------------------------------------------- histogramdd features (new)
template("point_histogram_head", "(16, 2)")(
    """
class Net(nn.Module):
    def __init__(self, bins={bins}):
        super().__init__()
        self.bins = bins
        n = 1
        for b in (bins if isinstance(bins, list) else [bins, bins]):
            n *= b
        self.head = nn.Sequential(nn.Linear(n, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        hist, _ = torch.histogramdd(x, bins=self.bins, range={rng}, density=True)
        return self.head(hist.flatten()[None])
"""
)
add(
    "point_histogram_head",
    ("ok", "clean", {"bins": "[4, 4]", "rng": "[-3.0, 3.0, -3.0, 3.0]"}),
    ("ok_int_bins_no_range", "clean", {"bins": "5", "rng": "None"}),
    ("bins_for_3d_points", "histogramdd_args", {"bins": "[4, 4, 4]", "rng": "None"}),
    ("range_one_pair", "histogramdd_args", {"bins": "[4, 4]", "rng": "[-3.0, 3.0]"}),
)

template("voxel_occupancy_loader", "(4, 12)")(
    """
CFG = dict(grid={grid}, lo=-2.5, hi=2.5)


def occupancy(points, grid):
    edges = [torch.linspace(CFG["lo"], CFG["hi"], g + 1) for g in grid]
    hist, _ = torch.histogramdd(points, bins=edges)
    return hist / points.shape[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(1, 4, 1)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        pts = {pts}
        occ = occupancy(pts, CFG["grid"])
        h = self.conv(occ.reshape(1, 1, *occ.shape[-3:]))
        return self.fc(h.mean((2, 3, 4)))
"""
)
add(
    "voxel_occupancy_loader",
    ("ok", "clean", {"grid": "[3, 3, 3]", "pts": "x.reshape(-1, 3)"}),
    ("ok_view_points", "clean", {"grid": "(2, 4, 3)", "pts": "x.view(16, 3)"}),
    ("grid_two_axes", "histogramdd_args", {"grid": "[3, 3]", "pts": "x.reshape(-1, 3)"}),
    ("points_flattened_alt", "histogramdd_args", {"grid": "[3, 3, 3]", "pts": "x.flatten()"}),
)

# ---------------------------------------------------------------- checkpoint_sequential (new)
template("deep_mlp_ckpt_seq", "(4, 16)")(
    """
from torch.utils.checkpoint import checkpoint_sequential


class Net(nn.Module):
    def __init__(self, depth={depth}, every={every}):
        super().__init__()
        self.stack = nn.Sequential(*[nn.Sequential(nn.Linear(16, 16), nn.GELU()) for _ in range(depth)])
        self.segments = {seg}

    def forward(self, x):
        return checkpoint_sequential(self.stack, self.segments, x, use_reentrant=False)
"""
)
add(
    "deep_mlp_ckpt_seq",
    ("ok", "clean", {"depth": "4", "every": "2", "seg": "depth // every"}),
    ("ok_one_segment_per_layer", "clean", {"depth": "3", "every": "1", "seg": "depth"}),
    (
        "every_longer_than_stack",
        "checkpoint_sequential_segments",
        {"depth": "3", "every": "4", "seg": "depth // every"},
    ),
    (
        "segments_over_depth",
        "checkpoint_sequential_segments",
        {"depth": "3", "every": "1", "seg": "depth + 2"},
    ),
)

template("encoder_ckpt_cfg", "(2, 5, 8)")(
    """
from torch.utils.checkpoint import checkpoint_sequential

CFG = dict(num_layers={layers}, ckpt_chunks={chunks})


class Layer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Linear(d, d)

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(*(Layer(8) for _ in range(CFG["num_layers"])))

    def forward(self, x):
        chunks = CFG["ckpt_chunks"]
        if chunks is None:
            return self.layers(x)
        return checkpoint_sequential(self.layers, chunks, x, use_reentrant=False)
"""
)
add(
    "encoder_ckpt_cfg",
    ("ok", "clean", {"layers": "6", "chunks": "3"}),
    ("ok_no_ckpt", "clean", {"layers": "2", "chunks": "None"}),
    ("ok_chunks_equal_layers", "clean", {"layers": "2", "chunks": "2"}),
    ("chunks_zero", "checkpoint_sequential_segments", {"layers": "6", "chunks": "0"}),
    ("chunks_above_layers", "checkpoint_sequential_segments", {"layers": "2", "chunks": "4"}),
)

# ---------------------------------------------------------------- distribution methods (new)
template("beta_action_head", "(5, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(6, 32), nn.Tanh())
        self.alpha = nn.Linear(32, 2)
        self.beta = nn.Linear(32, 2)

    def forward(self, x):
        h = self.trunk(x)
        a = F.softplus(self.alpha(h)) + 1.0
        b = F.softplus(self.beta(h)) + 1.0
        dist = torch.distributions.Beta(a, b)
        q = torch.full_like(a, 0.5)
        return {stat}
"""
)
add(
    "beta_action_head",
    ("ok", "clean", {"stat": "dist.mean"}),
    ("ok_entropy", "clean", {"stat": "dist.entropy().sum(-1)"}),
    ("prob_below_half", "distribution_method_not_implemented", {"stat": "dist.cdf(q)"}),
    ("median_action", "distribution_method_not_implemented", {"stat": "dist.icdf(q)"}),
)

template("mdn_sampler", "(4, 10)")(
    """
import torch.distributions as D


class Net(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k
        self.pi = nn.Linear(10, k)
        self.mu = nn.Linear(10, k)
        self.log_sigma = nn.Linear(10, k)

    def mixture(self, x):
        comp = D.Normal(self.mu(x), self.log_sigma(x).exp())
        return D.MixtureSameFamily(D.Categorical(logits=self.pi(x)), comp)

    def forward(self, x):
        mix = self.mixture(x)
        y = torch.zeros(x.shape[0])
        return {stat}
"""
)
add(
    "mdn_sampler",
    ("ok", "clean", {"stat": "mix.log_prob(y)"}),
    ("ok_cdf", "clean", {"stat": "mix.cdf(y)"}),
    ("ok_sample", "clean", {"stat": "mix.sample()"}),
    ("reparam_sample", "distribution_method_not_implemented", {"stat": "mix.rsample()"}),
    ("mixture_entropy", "distribution_method_not_implemented", {"stat": "mix.entropy()"}),
)

template("lognormal_flow_head", "(6, 4)")(
    """
from torch.distributions import Normal, TransformedDistribution
from torch.distributions.transforms import AffineTransform, ExpTransform


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Linear(4, 1)
        self.scale = nn.Sequential(nn.Linear(4, 1), nn.Softplus())

    def forward(self, x):
        base = Normal(self.loc(x), self.scale(x) + 1e-3)
        dist = TransformedDistribution(base, [AffineTransform(0.0, 0.5), ExpTransform()])
        return {stat}
"""
)
add(
    "lognormal_flow_head",
    ("ok", "clean", {"stat": "dist.log_prob(torch.ones(x.shape[0], 1))"}),
    ("ok_cdf_monotone", "clean", {"stat": "dist.cdf(torch.ones(x.shape[0], 1))"}),
    ("ok_rsample", "clean", {"stat": "dist.rsample()"}),
    ("entropy_bonus", "distribution_method_not_implemented", {"stat": "dist.entropy()"}),
    ("expected_value", "distribution_method_not_implemented", {"stat": "dist.mean"}),
)

# ---------------------------------------------------------------- einops parse_shape (new)
template("token_regrouper", "(2, 12, 8)")(
    """
from einops import parse_shape, rearrange


def regroup(h, ref, pattern):
    dims = parse_shape(ref, pattern)
    return rearrange(h, "b t c -> b (t c)", **dims)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.out = nn.Linear(96, 4)

    def forward(self, x):
        h = self.fc(x)
        return self.out(regroup(h, x, "{pat}"))
"""
)
add(
    "token_regrouper",
    ("ok", "clean", {"pat": "b t c"}),
    ("ok_underscore_channels", "clean", {"pat": "b t _"}),
    ("pattern_drops_time", "einops_parse_shape_rank", {"pat": "b c"}),
    ("pattern_heads_extra", "einops_parse_shape_rank", {"pat": "b t h c"}),
)

template("image_patch_sizer", "(2, 3, 8, 8)")(
    """
from einops import parse_shape, rearrange


class Net(nn.Module):
    def __init__(self, p=4):
        super().__init__()
        self.p = p
        self.embed = nn.Linear(3 * p * p, 16)

    def forward(self, img):
        s = parse_shape(img, "{pat}")
        patches = rearrange(img, "b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=self.p, p2=self.p)
        return self.embed(patches).mean(1) * (s["b"] / img.shape[0])
"""
)
add(
    "image_patch_sizer",
    ("ok", "clean", {"pat": "b c h w"}),
    ("ok_skip_spatial", "clean", {"pat": "b _ _ _"}),
    ("channels_last_pattern_rank", "einops_parse_shape_rank", {"pat": "b h w"}),
    ("video_pattern", "einops_parse_shape_rank", {"pat": "b t c h w"}),
)

# ---------------------------------------------------------------- unpad / unpack sequence (new)
template("ragged_decoder_outputs", "(3, 5, 4)")(
    """
from torch.nn.utils.rnn import unpad_sequence


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 6, batch_first=True)
        self.lengths = {lengths}

    def forward(self, x):
        out, _ = self.rnn(x)
        pieces = unpad_sequence(out, {lens}, batch_first=True)
        return torch.stack([p.mean(0) for p in pieces])
"""
)
add(
    "ragged_decoder_outputs",
    ("ok", "clean", {"lengths": "[5, 3, 2]", "lens": "torch.tensor(self.lengths)"}),
    (
        "ok_as_tensor_helper",
        "clean",
        {"lengths": "(5, 5, 1)", "lens": "torch.as_tensor(self.lengths)"},
    ),
    (
        "lengths_plain_list",
        "unpad_sequence_lengths",
        {"lengths": "[5, 3, 2]", "lens": "self.lengths"},
    ),
    (
        "lengths_one_extra",
        "unpad_sequence_lengths",
        {"lengths": "[5, 3, 2, 1]", "lens": "torch.tensor(self.lengths)"},
    ),
)

template("beam_hypothesis_split", "(4, 6, 8)")(
    """
from torch.nn.utils.rnn import unpad_sequence

CFG = dict(beam=4, lengths=[6, 4, 4, 2])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(8, 1)

    def hypotheses(self, h):
        lens = {lens}
        return unpad_sequence(h.transpose(0, 1), lens)

    def forward(self, x):
        hyps = self.hypotheses(x)
        return torch.cat([self.score(h).sum(0) for h in hyps])
"""
)
add(
    "beam_hypothesis_split",
    ("ok", "clean", {"lens": 'torch.tensor(CFG["lengths"])'}),
    (
        "ok_lengths_sliced_to_beam",
        "clean",
        {"lens": 'torch.tensor(CFG["lengths"] + [1])[: CFG["beam"]]'},
    ),
    (
        "lengths_with_sentinel",
        "unpad_sequence_lengths",
        {"lens": 'torch.tensor(CFG["lengths"] + [1])'},
    ),
    ("lengths_from_cfg_list", "unpad_sequence_lengths", {"lens": 'CFG["lengths"]'}),
)

template("packed_tagger_unpack", "(3, 6, 5)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, unpack_sequence


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(5, 7)
        self.tag = nn.Linear(7, 3)

    def forward(self, x):
        lengths = torch.tensor([6, 4, 3])
        packed = pack_padded_sequence(x.transpose(0, 1), lengths)
        out, _ = self.lstm(packed)
{post}
        return torch.cat([self.tag(s) for s in seqs])
"""
)
add(
    "packed_tagger_unpack",
    ("ok", "clean", {"post": "        seqs = unpack_sequence(out)"}),
    (
        "ok_pad_then_slice",
        "clean",
        {
            "post": "        padded, lens = pad_packed_sequence(out)\n        seqs = [padded[: int(n), i] for i, n in enumerate(lens)]"
        },
    ),
    (
        "unpack_after_pad",
        "unpack_sequence_not_packed",
        {
            "post": "        padded, _ = pad_packed_sequence(out)\n        seqs = unpack_sequence(padded)"
        },
    ),
    (
        "pad_packed_twice",
        "unpack_sequence_not_packed",
        {
            "post": "        padded, _ = pad_packed_sequence(out)\n        padded, lens = pad_packed_sequence(padded)\n        seqs = list(padded.unbind(1))"
        },
    ),
)

template("speech_ctc_unpack", "(2, 8, 4)")(
    """
from torch.nn.utils.rnn import pack_sequence, pad_packed_sequence, unpack_sequence


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 6)

    def forward(self, utts):
        packed = pack_sequence(utts, enforce_sorted={es})
        out, _ = self.rnn(packed)
        return {ret}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()
        self.ctc = nn.Linear(6, 5)

    def forward(self, x):
        utts = [x[0], x[1, :5]]
        enc = self.enc(utts)
        frames = unpack_sequence(enc)
        return torch.cat([self.ctc(f).log_softmax(-1) for f in frames])
"""
)
add(
    "speech_ctc_unpack",
    ("ok", "clean", {"ret": "out", "es": "False"}),
    ("ok_sorted_utterances", "clean", {"ret": "out", "es": "True"}),
    (
        "encoder_returns_padded",
        "unpack_sequence_not_packed",
        {"ret": "pad_packed_sequence(out)[0]", "es": "False"},
    ),
    ("encoder_returns_data", "unpack_sequence_not_packed", {"ret": "out.data", "es": "False"}),
)

# ---------------------------------------------------------------- nested tensors padded (new)
template("ragged_set_encoder", "(9, 4)")(
    """
class Net(nn.Module):
    def __init__(self, max_len={max_len}):
        super().__init__()
        self.max_len = max_len
        self.fc = nn.Linear(4, 4)
        self.pool = nn.Linear(4, 2)

    def forward(self, x):
        sets = list(x.split([2, 3, 4]))
        nt = torch.nested.nested_tensor([self.fc(s) for s in sets])
        padded = torch.nested.to_padded_tensor(nt, 0.0, {size})
        return self.pool(padded.sum(1))
"""
)
add(
    "ragged_set_encoder",
    ("ok", "clean", {"max_len": "4", "size": "(3, self.max_len, 4)"}),
    ("ok_longer_pad", "clean", {"max_len": "8", "size": "(3, self.max_len, 4)"}),
    ("ok_no_size", "clean", {"max_len": "4", "size": "None"}),
    (
        "max_len_below_longest",
        "nested_padded_output_size",
        {"max_len": "3", "size": "(3, self.max_len, 4)"},
    ),
    (
        "size_without_batch",
        "nested_padded_output_size",
        {"max_len": "4", "size": "(self.max_len, 4)"},
    ),
)

template("document_chunk_pooler", "(2, 10, 6)")(
    """
CFG = dict(pad_to={pad_to}, cuts=[3, 7])


def chunks_of(doc):
    return list(torch.tensor_split(doc, CFG["cuts"]))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(6, 6), nn.ReLU())

    def forward(self, x):
        parts = [c for d in x for c in chunks_of(self.proj(d))]
        nt = torch.nested.nested_tensor(parts)
        out = nt.to_padded_tensor(0.0, (len(parts), CFG["pad_to"], 6))
        return out.amax(1)
"""
)
add(
    "document_chunk_pooler",
    ("ok", "clean", {"pad_to": "4"}),
    ("ok_wide_pad", "clean", {"pad_to": "10"}),
    ("pad_to_first_chunk_helper", "nested_padded_output_size", {"pad_to": "3"}),
)

# ---------------------------------------------------------------- generator seeds (new)
template("seeded_augment", "(4, 3, 8, 8)")(
    """
CFG = dict(seed={seed})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def augment(self, img):
        g = torch.Generator()
        g.manual_seed({seed_expr})
        noise = torch.randn(img.shape, generator=g)
        return img + 0.1 * noise

    def forward(self, x):
        return self.conv(self.augment(x)).mean((2, 3))
"""
)
add(
    "seeded_augment",
    ("ok", "clean", {"seed": "1234", "seed_expr": 'CFG["seed"]'}),
    ("ok_large_seed", "clean", {"seed": "2**63 + 7", "seed_expr": 'CFG["seed"]'}),
    (
        "seed_as_tensor",
        "generator_seed_invalid",
        {"seed": "1234", "seed_expr": 'torch.tensor(CFG["seed"])'},
    ),
    (
        "seed_past_64_bits",
        "generator_seed_invalid",
        {"seed": "2**64 + 7", "seed_expr": 'CFG["seed"]'},
    ),
    (
        "seed_from_string_cfg",
        "generator_seed_invalid",
        {"seed": '"1234"', "seed_expr": 'CFG["seed"]'},
    ),
)

template("dropout_mask_replay", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 12)
        self.register_buffer("step", torch.tensor(7))

    def mask(self, like):
        gen = torch.Generator().manual_seed({seed})
        return (torch.rand(like.shape, generator=gen) > 0.2).to(like.dtype)

    def forward(self, x):
        h = self.fc(x)
        return h * self.mask(h) / 0.8
"""
)
add(
    "dropout_mask_replay",
    ("ok", "clean", {"seed": "int(self.step)"}),
    ("ok_item", "clean", {"seed": "self.step.item() * 31"}),
    ("seed_buffer_tensor", "generator_seed_invalid", {"seed": "self.step * 31"}),
)

# ---------------------------------------------------------------- fuse_modules patterns (new)
template("qat_prep_fusion", "(2, 3, 10, 10)")(
    """
import copy

from torch.ao.quantization import fuse_modules

FUSE = {fuse}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.bn = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.act = nn.{act}()
        self.fc = nn.Linear(8, 4)
        self.relu2 = nn.ReLU()

    def body(self, m, x):
        h = m.act(m.relu(m.bn(m.conv(x))))
        return m.relu2(m.fc(h.mean((2, 3))))

    def forward(self, x):
        deploy = fuse_modules(copy.deepcopy(self).eval(), FUSE)
        return self.body(deploy, x)
"""
)
add(
    "qat_prep_fusion",
    ("ok", "clean", {"fuse": '[["conv", "bn", "relu"], ["fc", "relu2"]]', "act": "Identity"}),
    ("ok_conv_bn_only", "clean", {"fuse": '[["conv", "bn"]]', "act": "Hardswish"}),
    (
        "conv_bn_then_act",
        "fuse_modules_unsupported",
        {"fuse": '[["conv", "bn", "relu", "act"]]', "act": "Identity"},
    ),
    (
        "bn_with_hardswish",
        "fuse_modules_unsupported",
        {"fuse": '[["bn", "act"]]', "act": "Hardswish"},
    ),
    (
        "name_norm_not_bn",
        "fuse_modules_unsupported",
        {"fuse": '[["conv", "norm", "relu"]]', "act": "Identity"},
    ),
)

template("seq_quant_stub_export", "(4, 3, 16)")(
    """
from torch.ao.quantization import DeQuantStub, QuantStub, fuse_modules


def build(kind):
    layers = [nn.Conv1d(3, 6, 3), nn.BatchNorm1d(6), kind()]
    return nn.Sequential(*layers)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = QuantStub()
        self.features = build(nn.{act})
        self.dequant = DeQuantStub()

    def forward(self, x):
        fuse_modules(self.features, [{names}], inplace=True)
        return self.dequant(self.features(self.quant(x))).mean(-1)
"""
)
add(
    "seq_quant_stub_export",
    ("ok", "clean", {"act": "ReLU", "names": '["0", "1", "2"]'}),
    ("ok_conv_bn_leave_silu", "clean", {"act": "SiLU", "names": '["0", "1"]'}),
    ("conv_bn_silu", "fuse_modules_unsupported", {"act": "SiLU", "names": '["0", "1", "2"]'}),
    ("conv_bn_relu6", "fuse_modules_unsupported", {"act": "ReLU6", "names": '["0", "1", "2"]'}),
)

# ---------------------------------------------------------------- IterableDataset options (new)
template("stream_batcher", "(8, 5)")(
    """
from torch.utils.data import DataLoader, IterableDataset


class RowStream(IterableDataset):
    def __init__(self, rows):
        self.rows = rows

    def __iter__(self):
        yield from self.rows


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 3)

    def forward(self, x):
        loader = DataLoader(RowStream(x), batch_size=4, {opts})
        return torch.cat([self.fc(b) for b in loader])
"""
)
add(
    "stream_batcher",
    ("ok", "clean", {"opts": "drop_last=False"}),
    ("ok_shuffle_false", "clean", {"opts": "shuffle=False"}),
    ("shuffle_stream", "iterable_dataset_sampler_option", {"opts": "shuffle=True"}),
    ("sampler_over_stream", "iterable_dataset_sampler_option", {"opts": "sampler=range(8)"}),
)

template("chained_shard_loader", "(6, 4)")(
    """
from torch.utils.data import ChainDataset, DataLoader, IterableDataset

LOADER = dict(batch_size=3, {opts})


class Shard(IterableDataset):
    def __init__(self, t):
        self.t = t

    def __iter__(self):
        return iter(self.t)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))

    def forward(self, x):
        data = ChainDataset([Shard(x[:3]), Shard(x[3:])])
        out = [self.enc(b) for b in DataLoader(data, **LOADER)]
        return torch.cat(out)
"""
)
add(
    "chained_shard_loader",
    ("ok", "clean", {"opts": "drop_last=True"}),
    ("ok_shuffle_none", "clean", {"opts": "shuffle=None"}),
    ("shuffle_in_loader_cfg", "iterable_dataset_sampler_option", {"opts": "shuffle=True"}),
)

template("bucket_stream_batches", "(6, 4)")(
    """
from torch.utils.data import BatchSampler, DataLoader, IterableDataset, SequentialSampler


class Stream(IterableDataset):
    def __init__(self, t):
        self.t = t

    def __iter__(self):
        return iter(self.t)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        ds = Stream(x)
        batches = BatchSampler(SequentialSampler(range(len(x))), 2, drop_last=False)
        loader = {loader}
        return torch.stack([self.fc(b).sum(0) for b in loader])
"""
)
add(
    "bucket_stream_batches",
    ("ok", "clean", {"loader": "DataLoader(ds, batch_size=2)"}),
    ("ok_batches_over_tensor", "clean", {"loader": "DataLoader(x, batch_sampler=batches)"}),
    (
        "batch_sampler_over_stream",
        "iterable_dataset_sampler_option",
        {"loader": "DataLoader(ds, batch_sampler=batches)"},
    ),
)

# ---------------------------------------------------------------- multi grad hooks (new)
template("joint_grad_monitor", "(4, 6)")(
    """
from torch.autograd.graph import register_multi_grad_hook


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(6, 4)
        self.b = nn.Linear(6, 4)
        self.seen = []

    def forward(self, x):
        with torch.enable_grad():
            ha = self.a(x)
            hb = self.b(x)
            handle = register_multi_grad_hook((ha, hb), lambda g: self.seen.append(g), mode={mode})
            (ha * hb).sum().backward()
            handle.remove()
        return ha.detach() + hb.detach()
"""
)
add(
    "joint_grad_monitor",
    ("ok", "clean", {"mode": '"all"'}),
    ("ok_any", "clean", {"mode": '"any"'}),
    ("mode_first", "multi_grad_hook_mode", {"mode": '"first"'}),
    ("mode_each", "multi_grad_hook_mode", {"mode": '"each"'}),
)

template("gradient_sync_hooks", "(3, 5)")(
    """
import torch.autograd.graph as ag

SYNC = dict(mode={mode})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.towers = nn.ModuleList([nn.Linear(5, 5) for _ in range(3)])
        self.calls = 0

    def on_grads(self, grads):
        self.calls += 1

    def forward(self, x):
        with torch.enable_grad():
            outs = [t(x) for t in self.towers]
            ag.register_multi_grad_hook(outs, self.on_grads, **SYNC)
            torch.stack(outs).pow(2).mean().backward()
        return torch.stack(outs).detach().mean(0)
"""
)
add(
    "gradient_sync_hooks",
    ("ok", "clean", {"mode": '"all"'}),
    ("ok_any_mode", "clean", {"mode": '"any"'}),
    ("mode_every", "multi_grad_hook_mode", {"mode": '"every"'}),
    ("mode_upper_all", "multi_grad_hook_mode", {"mode": '"ALL"'}),
)

# ---------------------------------------------------------------- view_as_real on a lazy conjugate (new)
template("cross_spectrum_features", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ref = nn.Parameter(torch.randn(64))
        self.head = nn.Linear(66, 3)

    def forward(self, x):
        fx = torch.fft.rfft(x)
        fr = torch.fft.rfft(self.ref).expand_as(fx)
        z = {z}
        feats = torch.view_as_real(z).flatten(1)
        return self.head(feats)
"""
)
add(
    "cross_spectrum_features",
    ("ok", "clean", {"z": "fx * fr.conj()"}),
    ("ok_conj_physical", "clean", {"z": "fr.conj_physical()"}),
    ("ok_resolved", "clean", {"z": "torch.conj(fr).resolve_conj()"}),
    ("conj_of_reference", "view_as_real_conj", {"z": "fr.conj()"}),
    ("function_conj", "view_as_real_conj", {"z": "torch.conj(fx)"}),
)

template("complex_attention_real_out", "(2, 4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.wr = nn.Linear(6, 6)
        self.wi = nn.Linear(6, 6)
        self.out = nn.Linear(2 * 6 * 4, 5)

    def forward(self, x):
        q = torch.complex(self.wr(x), self.wi(x))
        k = {k}
        return self.out(torch.view_as_real(k).flatten(1))
"""
)
add(
    "complex_attention_real_out",
    ("ok", "clean", {"k": "q.mT.clone()"}),
    ("ok_transpose_only", "clean", {"k": "q.mT"}),
    ("hermitian_transpose", "view_as_real_conj", {"k": "q.mH"}),
    # written as a crash; torch runs it (contiguous() on the lazy conjugate materialises it)
    ("adjoint_call", "clean", {"k": "q.adjoint().contiguous()"}),
    ("adjoint_call_lazy", "view_as_real_conj", {"k": "q.adjoint()"}),
)

# ---------------------------------------------------------------- Vandermonde features (new)
template("poly_feature_regressor", "(5, 1)")(
    """
class Net(nn.Module):
    def __init__(self, degree={degree}):
        super().__init__()
        self.degree = degree
        self.fit = nn.Linear(degree + 1, 1)

    def forward(self, x):
        feats = torch.linalg.vander(x.squeeze(-1), N=self.degree + 1)
        return self.fit(feats)
"""
)
add(
    "poly_feature_regressor",
    ("ok", "clean", {"degree": "3"}),
    ("ok_linear", "clean", {"degree": "1"}),
    ("constant_fit", "vander_n_small", {"degree": "0"}),
)

template("spline_basis_cfg", "(4, 6)")(
    """
CFG = dict(coeffs={coeffs})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.coef = nn.Parameter(torch.tensor(CFG["coeffs"]))
        self.mix = nn.Linear(6, 6)

    def forward(self, x):
        t = torch.sigmoid(self.mix(x)).flatten()
        basis = torch.linalg.vander(t, N=len(CFG["coeffs"]))
        return (basis @ self.coef).view_as(x)
"""
)
add(
    "spline_basis_cfg",
    ("ok", "clean", {"coeffs": "[0.5, -1.0, 2.0]"}),
    ("ok_two_terms", "clean", {"coeffs": "[0.1, 1.0]"}),
    ("single_coefficient", "vander_n_small", {"coeffs": "[1.0]"}),
    ("empty_coefficients", "vander_n_small", {"coeffs": "[]"}),
)

# ================================================================ earlier classes, new code shapes
template("gqa_block_cfg", "(2, 6, 16)")(
    """
CFG = dict(dim=16, heads={heads}, kv_heads={kv})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.h, self.kv = CFG["heads"], CFG["kv_heads"]
        self.hd = CFG["dim"] // self.h
        self.q = nn.Linear(16, self.h * self.hd)
        self.kv_proj = nn.Linear(16, 2 * self.kv * self.hd)
        self.o = nn.Linear(self.h * self.hd, 16)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k, v = self.kv_proj(x).view(b, t, 2, self.kv, self.hd).unbind(2)
        rep = self.h // self.kv
        k = k.transpose(1, 2).repeat_interleave(rep, dim=1)
        v = v.transpose(1, 2).repeat_interleave(rep, dim=1)
        att = (torch.einsum("{spec}", q, k) * self.hd**-0.5).softmax(-1)
        return self.o((att @ v).transpose(1, 2).{merge}(b, t, -1))
"""
)
_QK = "bhqd,bhkd->bhqk"
_R = "reshape"
add(
    "gqa_block_cfg",
    ("ok", "clean", {"heads": "4", "kv": "2", "spec": _QK, "merge": _R}),
    ("ok_mha", "clean", {"heads": "4", "kv": "4", "spec": _QK, "merge": _R}),
    ("ok_mqa", "clean", {"heads": "8", "kv": "1", "spec": _QK, "merge": _R}),
    ("kv_heads_not_dividing", "kv_heads", {"heads": "4", "kv": "3", "spec": _QK, "merge": _R}),
    (
        "merge_heads_view",
        "view_noncontiguous",
        {"heads": "4", "kv": "2", "spec": _QK, "merge": "view"},
    ),
    (
        "keys_labelled_transposed",
        "einsum",
        {"heads": "4", "kv": "2", "spec": "bhqd,bhdk->bhqk", "merge": _R},
    ),
)

template("moe_router_cfg", "(6, 8)")(
    """
class Router(nn.Module):
    def __init__(self, d, n_experts, top_k):
        super().__init__()
        self.gate = nn.Linear(d, n_experts)
        self.top_k = top_k

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        w, idx = {topk}
        return w / w.sum(-1, keepdim=True), idx


class Net(nn.Module):
    def __init__(self, n_experts=4, top_k={k}):
        super().__init__()
        self.router = Router(8, n_experts, top_k)
        self.experts = nn.ModuleList([nn.Linear(8, 8) for _ in range(n_experts)])

    def forward(self, x):
        w, idx = self.router(x)
        outs = torch.stack([e(x) for e in self.experts], 1)
        picked = outs.gather(1, idx[..., None].expand(-1, -1, 8))
        return (picked * w[..., None]).sum(1)
"""
)
add(
    "moe_router_cfg",
    ("ok", "clean", {"k": "2", "topk": "probs.topk(self.top_k, dim=-1)"}),
    ("ok_all_experts", "clean", {"k": "4", "topk": "torch.topk(probs, self.top_k)"}),
    ("top_k_over_experts", "topk_k", {"k": "5", "topk": "probs.topk(self.top_k, dim=-1)"}),
    (
        "top_k_doubled_fn_step",
        "topk_k",
        {"k": "3", "topk": "torch.topk(probs, k=self.top_k * 2, dim=-1)"},
    ),
)

template("kv_cache_prealloc_decode", "(1, 4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, max_len={max_len}, max_pos={max_pos}, steps={steps}):
        super().__init__()
        self.steps = steps
        self.pos = nn.Embedding(max_pos, 8)
        self.step_fn = nn.GRUCell(8, 8)
        self.register_buffer("cache", torch.zeros(1, max_len, 8))

    def forward(self, x):
        t = x.shape[1]
        self.cache[:, :t] = x
        h = x[:, -1]
        for i in range(self.steps):
            p = self.pos(torch.tensor([t + i]))
            h = self.step_fn(h + p, h)
            self.cache[:, t + i] = h
        return self.cache[:, : t + self.steps].mean(1)
"""
)
add(
    "kv_cache_prealloc_decode",
    ("ok", "clean", {"max_len": "8", "max_pos": "8", "steps": "4"}),
    ("ok_roomy", "clean", {"max_len": "16", "max_pos": "32", "steps": "6"}),
    ("cache_one_short", "kv_cache_overflow", {"max_len": "7", "max_pos": "16", "steps": "4"}),
    ("position_table_short", "pos_table_length", {"max_len": "16", "max_pos": "6", "steps": "4"}),
)

template("two_branch_audio_head", "(2, 1, 32)")(
    """
class Net(nn.Module):
    def __init__(self, fin={fin}):
        super().__init__()
        self.local = nn.Sequential(nn.Conv1d(1, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool1d({pool}))
        self.glob = nn.Conv1d(1, 8, 1)
        self.cls = nn.Linear(fin, 3)

    def forward(self, x):
        a = self.local(x).flatten(1)
        g = self.glob(x).mean(-1)
        z = {cat}
        return self.cls(z)
"""
)
add(
    "two_branch_audio_head",
    ("ok", "clean", {"fin": "40", "pool": "4", "cat": "torch.cat([a, g], dim=1)"}),
    ("ok_concat_alias", "clean", {"fin": "24", "pool": "2", "cat": "torch.concat((a, g), -1)"}),
    (
        "head_misses_global_branch",
        "cat_linear",
        {"fin": "32", "pool": "4", "cat": "torch.cat([a, g], dim=1)"},
    ),
    (
        "pool_changed_head_kept_v9",
        "cat_linear",
        {"fin": "40", "pool": "2", "cat": "torch.hstack([a, g])"},
    ),
)

template("pair_scorer_bmm", "(3, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n_cand={n}):
        super().__init__()
        self.cand = nn.Parameter(torch.randn(n_cand, 8))
        self.q = nn.Linear(8, 8)

    def forward(self, x):
        q = self.q(x)
        c = self.cand.expand(x.shape[0], -1, -1)
        s = {score}
        return s.softmax(-1)
"""
)
add(
    "pair_scorer_bmm",
    ("ok", "clean", {"n": "4", "score": "torch.bmm(q, c.transpose(1, 2))"}),
    ("ok_baddbmm", "clean", {"n": "4", "score": "torch.baddbmm(torch.zeros(1, 1, 1), q, c.mT)"}),
    ("ok_operator_mT", "clean", {"n": "8", "score": "q @ c.mT"}),
    ("bmm_method_no_transpose", "bmm", {"n": "4", "score": "q.bmm(c)"}),
    ("operator_no_transpose", "matmul", {"n": "6", "score": "q @ c"}),
)

template("qkv_split_props", "(2, 7, 12)")(
    """
class AttnCfg:
    width = 12
    heads = 3


class Net(nn.Module):
    cfg = AttnCfg()

    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(12, 3 * self.cfg.width)
        self.out = nn.Linear(12, 12)

    @property
    def parts(self):
        return {parts}

    def forward(self, x):
        {unpack} = self.qkv(x).{method}(self.parts, dim=-1)
        att = (q @ k.transpose(-2, -1) / 12**0.5).softmax(-1)
        return self.out(att @ v)
"""
)
add(
    "qkv_split_props",
    ("ok", "clean", {"parts": "self.cfg.width", "unpack": "q, k, v", "method": "split"}),
    ("ok_chunk_three", "clean", {"parts": "3", "unpack": "q, k, v", "method": "chunk"}),
    (
        "ok_size_list",
        "clean",
        {"parts": "[self.cfg.width] * 3", "unpack": "q, k, v", "method": "split"},
    ),
    (
        "sizes_for_two_parts",
        "split_sizes",
        {"parts": "[self.cfg.width] * 2", "unpack": "q, k, v", "method": "split"},
    ),
    (
        "chunk_by_heads",
        "chunk_unpack_count",
        {"parts": "self.cfg.heads + 1", "unpack": "q, k, v", "method": "chunk"},
    ),
    (
        "split_into_two_names",
        "split_unpack_count",
        {"parts": "self.cfg.width", "unpack": "q, k", "method": "split"},
    ),
)

template("film_conditioner", "(4, 8, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cond = nn.Linear(5, 16)
        self.conv = nn.Conv1d(8, 8, 3, padding=1)

    def forward(self, x):
        gamma, beta = self.cond(x.mean(1)).chunk(2, dim=-1)
        h = self.conv(x)
        return {film}
"""
)
add(
    "film_conditioner",
    ("ok", "clean", {"film": "torch.addcmul(beta.unsqueeze(-1), gamma.unsqueeze(-1), h)"}),
    ("ok_none_index", "clean", {"film": "h * gamma[:, :, None] + beta[..., None]"}),
    ("addcmul_unexpanded", "broadcast_add", {"film": "torch.addcmul(beta, gamma, h)"}),
    ("method_chain_unexpanded", "broadcast_add", {"film": "h.mul(gamma.unsqueeze(1)).add(beta)"}),
)

template("window_attention_einops", "(2, 16, 8)")(
    """
from einops import rearrange

CFG = dict(window={w})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)
        self.norm = nn.LayerNorm(8)

    def forward(self, x):
        b = x.shape[0]
        win = {split}
        h, _ = self.attn(win, win, win)
        return self.norm(rearrange(h, "(b w) n c -> b (w n) c", b=b))
"""
)
_WS = 'rearrange(x, "b (w n) c -> (b w) n c", n=CFG["window"])'
add(
    "window_attention_einops",
    ("ok", "clean", {"w": "4", "split": _WS}),
    ("ok_one_window", "clean", {"w": "16", "split": _WS}),
    ("window_not_dividing", "einops_axes", {"w": "6", "split": _WS}),
    (
        "window_count_given_v3",
        "einops_axes",
        {"w": "3", "split": 'rearrange(x, "b (w n) c -> (b w) n c", w=CFG["window"])'},
    ),
)

template("head_merge_property", "(2, 5, 12)")(
    """
class Net(nn.Module):
    def __init__(self, dim=12, heads={heads}):
        super().__init__()
        self.dim, self.heads = dim, heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    @property
    def head_dim(self):
        return self.dim // self.heads

    def split_heads(self, t):
        b, n, _ = t.shape
        return t.view(b, n, self.heads, self.head_dim).transpose(1, 2)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = map(self.split_heads, self.qkv(x).chunk(3, -1))
        out = F.scaled_dot_product_attention(q, k, v)
        return self.proj(out.transpose(1, 2).{merge}(b, n, -1))
"""
)
add(
    "head_merge_property",
    ("ok", "clean", {"heads": "4", "merge": "reshape"}),
    ("ok_three_heads", "clean", {"heads": "3", "merge": "reshape"}),
    ("heads_not_dividing_dim", "reshape_numel", {"heads": "5", "merge": "reshape"}),
    # written as a crash; torch runs it (the CPU sdpa output is laid out so the transpose is viewable)
    ("merge_view_after_transpose", "clean", {"heads": "4", "merge": "view"}),
)

template("padded_decoder_mask", "(2, 6, 8)")(
    """
def padding_mask(x):
    return x.abs().sum(-1) == 0


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, 8)

    def forward(self, x):
        x = torch.cat([x[:, :-2], torch.zeros_like(x[:, -2:])], 1)
        pad = padding_mask(x)
        scores = self.q(x) @ self.k(x).transpose(1, 2)
        scores = scores.masked_fill({mask}, float("-inf"))
        return torch.nan_to_num(scores.softmax(-1)) @ x
"""
)
add(
    "padded_decoder_mask",
    ("ok", "clean", {"mask": "pad[:, None, :]"}),
    ("ok_unsqueeze", "clean", {"mask": "pad.unsqueeze(1)"}),
    ("mask_batch_time_only", "masked_fill_broadcast", {"mask": "pad"}),
    ("mask_cast_to_float", "mask_dtype", {"mask": "pad[:, None, :].float()"}),
)

template("sdpa_pad_mask_helper", "(2, 4, 6, 8)")(
    """
def key_mask(lengths, t):
    return torch.arange(t)[None, :] < lengths[:, None]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        b, h, t, d = x.shape
        lengths = torch.tensor([t, t - 2])
        m = key_mask(lengths, {t_mask})
        q = self.proj(x)
        return F.scaled_dot_product_attention(q, x, x, attn_mask={mask})
"""
)
add(
    "sdpa_pad_mask_helper",
    ("ok", "clean", {"t_mask": "t", "mask": "m[:, None, None, :]"}),
    ("ok_view", "clean", {"t_mask": "t", "mask": "m.view(b, 1, 1, t)"}),
    ("mask_not_expanded", "sdpa_attn_mask_shape", {"t_mask": "t", "mask": "m"}),
    (
        "mask_for_cache_plus_one_eval",
        "sdpa_attn_mask_shape",
        {"t_mask": "t + 1", "mask": "m[:, None, None, :]"},
    ),
)

template("ce_trainer_targets", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self, smoothing={sm}):
        super().__init__()
        self.clf = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 5))
        self.loss = nn.CrossEntropyLoss(label_smoothing=smoothing)

    def targets(self, logits):
        return {tgt}

    def forward(self, x):
        logits = self.clf(x)
        return self.loss(logits, self.targets(logits.detach()))
"""
)
add(
    "ce_trainer_targets",
    ("ok", "clean", {"sm": "0.1", "tgt": "logits.argmax(-1)"}),
    ("ok_soft_targets", "clean", {"sm": "0.0", "tgt": "logits.softmax(-1)"}),
    ("ok_smoothing_one", "clean", {"sm": "1.0", "tgt": "logits.argmax(-1)"}),
    ("targets_int32", "ce_target_int32", {"sm": "0.1", "tgt": "logits.argmax(-1).int()"}),
    (
        "targets_keep_dim",
        "ce_target_trailing_dim",
        {"sm": "0.1", "tgt": "logits.argmax(-1, keepdim=True)"},
    ),
    ("smoothing_percent", "label_smoothing_range", {"sm": "10", "tgt": "logits.argmax(-1)"}),
)

template("multilabel_bce_cfg", "(4, 6)")(
    """
CFG = dict(labels=6, pos_weight={pw})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, CFG["labels"]))
        self.crit = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(CFG["pos_weight"]))

    def forward(self, x):
        logits = self.net(x)
        target = {tgt}
        return self.crit(logits, target)
"""
)
add(
    "multilabel_bce_cfg",
    ("ok", "clean", {"pw": "[2.0] * 6", "tgt": "(x > 0).float()"}),
    ("ok_scalar_weight", "clean", {"pw": "3.0", "tgt": "(x > 0).float()"}),
    ("pos_weight_for_five", "pos_weight_size", {"pw": "[2.0] * 5", "tgt": "(x > 0).float()"}),
    ("target_any_label", "bce_target_size", {"pw": "[2.0] * 6", "tgt": "(x > 0).any(-1).float()"}),
)

template("optim_from_cfg_step", "(4, 6)")(
    """
OPT = dict(name="{name}", lr=1e-3, kwargs={kw})


def build_optimizer(params):
    cls = getattr(torch.optim, OPT["name"])
    return cls(params, lr=OPT["lr"], **OPT["kwargs"])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 1))

    def forward(self, x):
        opt = build_optimizer(self.model.parameters())
        with torch.enable_grad():
            self.model(x).pow(2).mean().backward()
        opt.step()
        return self.model(x)
"""
)
add(
    "optim_from_cfg_step",
    ("ok", "clean", {"name": "Adam", "kw": "dict(betas=(0.9, 0.999))"}),
    ("ok_eps_zero", "clean", {"name": "AdamW", "kw": "dict(eps=0.0, weight_decay=0.0)"}),
    ("betas_single", "optimizer_betas_len", {"name": "Adam", "kw": "dict(betas=(0.9,))"}),
    ("beta2_one", "optimizer_hparam_range", {"name": "AdamW", "kw": "dict(betas=(0.9, 1.0))"}),
    (
        "decay_negative_inline",
        "optimizer_hparam_range",
        {"name": "AdamW", "kw": "dict(weight_decay=-0.01)"},
    ),
)

template("warmup_chain_sched", "(4, 6)")(
    """
from torch.optim import lr_scheduler as S


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 6)
        self.head = nn.Linear(6, 2)

    def schedulers(self):
        opt = torch.optim.SGD(self.enc.parameters(), lr=0.1)
        head_opt = torch.optim.SGD(self.head.parameters(), lr=0.1)
        warm = S.LinearLR(opt, start_factor={start}, total_iters=3)
        decay = S.ExponentialLR({decay_opt}, gamma=0.9)
        return {combine}

    def forward(self, x):
        sched = self.schedulers()
        sched.step()
        return self.head(self.enc(x)) * sched.get_last_lr()[0]
"""
)
add(
    "warmup_chain_sched",
    (
        "ok",
        "clean",
        {"start": "0.1", "decay_opt": "opt", "combine": "S.ChainedScheduler([warm, decay])"},
    ),
    (
        "ok_sequential",
        "clean",
        {
            "start": "0.5",
            "decay_opt": "opt",
            "combine": "S.SequentialLR(opt, [warm, decay], milestones=[3])",
        },
    ),
    (
        "decay_on_head_optimizer",
        "sequential_lr_optimizer_mismatch",
        {"start": "0.1", "decay_opt": "head_opt", "combine": "S.ChainedScheduler([warm, decay])"},
    ),
    (
        "milestones_two_for_two",
        "scheduler_milestones_count",
        {
            "start": "0.1",
            "decay_opt": "opt",
            "combine": "S.SequentialLR(opt, [warm, decay], milestones=[3, 6])",
        },
    ),
    (
        "warmup_from_zero_helper",
        "scheduler_hparam_range",
        {"start": "0.0", "decay_opt": "opt", "combine": "S.ChainedScheduler([warm, decay])"},
    ),
)

template("amp_clip_step", "(4, 6)")(
    """
class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.01)
        self.scaler = torch.amp.GradScaler("cpu")

    def clip(self):
        {clip}
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)

    def step(self, x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = self.model(x).float().pow(2).mean()
        self.scaler.scale(loss).backward()
{steps}
        self.scaler.update()
        return loss


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 1))

    def forward(self, x):
        with torch.enable_grad():
            Trainer(self.model).step(x)
        return self.model(x)
"""
)
_UNS = "self.scaler.unscale_(self.opt)"
add(
    "amp_clip_step",
    (
        "ok",
        "clean",
        {"clip": _UNS, "steps": "        self.clip()\n        self.scaler.step(self.opt)"},
    ),
    ("ok_no_clip", "clean", {"clip": "pass", "steps": "        self.scaler.step(self.opt)"}),
    (
        "clip_after_step",
        "grad_scaler_order",
        {"clip": _UNS, "steps": "        self.scaler.step(self.opt)\n        self.clip()"},
    ),
    (
        "unscale_then_clip_unscales",
        "grad_scaler_order",
        {
            "clip": _UNS,
            "steps": "        "
            + _UNS
            + "\n        self.clip()\n        self.scaler.step(self.opt)",
        },
    ),
    (
        "step_twice",
        "grad_scaler_order",
        {
            "clip": "pass",
            "steps": "        self.scaler.step(self.opt)\n        self.scaler.step(self.opt)",
        },
    ),
)

template("state_roundtrip_buffer", "(2, 6)")(
    """
import io


class Tiny(nn.Module):
    def __init__(self, h):
        super().__init__()
        self.fc1 = nn.Linear(6, h)
        self.fc2 = nn.Linear(h, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.src = Tiny(8)
        self.dst = Tiny({h})

    def forward(self, x):
        buf = io.BytesIO()
        torch.save(self.src.state_dict(), buf)
        {rewind}
        state = torch.load(buf, weights_only=True)
        {load}
        return self.dst(x)
"""
)
add(
    "state_roundtrip_buffer",
    ("ok", "clean", {"h": "8", "rewind": "buf.seek(0)", "load": "self.dst.load_state_dict(state)"}),
    (
        "ok_getvalue",
        "clean",
        {
            "h": "8",
            "rewind": "buf = io.BytesIO(buf.getvalue())",
            "load": "self.dst.load_state_dict(state)",
        },
    ),
    (
        "ok_drop_head_non_strict",
        "clean",
        {
            "h": "8",
            "rewind": "buf.seek(0)",
            "load": 'self.dst.load_state_dict({k: v for k, v in state.items() if "fc2" not in k}, strict=False)',
        },
    ),
    (
        "no_rewind",
        "load_buffer_not_rewound",
        {"h": "8", "rewind": "pass", "load": "self.dst.load_state_dict(state)"},
    ),
    (
        "wider_target_non_strict",
        "load_state_dict_mismatch",
        {
            "h": "16",
            "rewind": "buf.seek(0)",
            "load": "self.dst.load_state_dict(state, strict=False)",
        },
    ),
)

template("fake_quant_linear", "(4, 8)")(
    """
class QLinear(nn.Linear):
    def __init__(self, i, o, qmin, qmax):
        super().__init__(i, o)
        self.qmin, self.qmax = qmin, qmax

    def forward(self, x):
        n = {n}
        scale = self.weight.detach().abs().amax({amax_dim}).clamp(min=1e-8) / 127
        zp = torch.zeros(n, dtype=torch.int32)
        w = torch.fake_quantize_per_channel_affine(self.weight, scale, zp, 0, self.qmin, self.qmax)
        return F.linear(x, w, self.bias)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = QLinear(8, 4, {qmin}, {qmax})
        self.out = QLinear(4, 2, -128, 127)

    def forward(self, x):
        return self.out(torch.relu(self.fc(x)))
"""
)
add(
    "fake_quant_linear",
    ("ok", "clean", {"n": "self.out_features", "amax_dim": "1", "qmin": "-128", "qmax": "127"}),
    (
        "ok_unsigned",
        "clean",
        {"n": "self.weight.shape[0]", "amax_dim": "-1", "qmin": "0", "qmax": "255"},
    ),
    (
        "scale_per_input",
        "quantize_scales_len",
        {"n": "self.in_features", "amax_dim": "0", "qmin": "-128", "qmax": "127"},
    ),
    (
        "range_swapped",
        "fake_quant_min_max",
        {"n": "self.out_features", "amax_dim": "1", "qmin": "127", "qmax": "-128"},
    ),
)

template("sparse_graph_conv", "(5, 4)")(
    """
EDGES = [(0, 1), (1, 2), (2, 3), (3, 4), (1, 2), (4, 0)]


def adjacency(n):
    idx = torch.tensor(EDGES).t()
    return torch.sparse_coo_tensor(idx, torch.ones(idx.shape[1]), (n, n))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        adj = adjacency(x.shape[0])
        deg = {deg}
        h = torch.sparse.mm(adj, self.lin(x))
        return h / deg.clamp(min=1).sum()
"""
)
add(
    "sparse_graph_conv",
    ("ok", "clean", {"deg": "adj.coalesce().values()"}),
    ("ok_dense_degree", "clean", {"deg": "adj.to_dense().sum(1)"}),
    ("values_before_coalesce", "sparse_uncoalesced_values", {"deg": "adj.values()"}),
    ("degree_from_view", "sparse_dense_only_op", {"deg": "adj.view(-1)"}),
    ("indices_before_coalesce", "sparse_uncoalesced_values", {"deg": "adj.indices()[0].float()"}),
)

template("spectral_gate_mixer", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.filt = nn.Parameter(torch.randn(9, dtype=torch.cfloat))
        self.out = nn.Linear(16, 16)

    def forward(self, x):
        zf = torch.fft.rfft(x) * self.filt
        g = {gate}
        return self.out(torch.fft.irfft(g, n=16))
"""
)
add(
    "spectral_gate_mixer",
    ("ok", "clean", {"gate": "zf * torch.sigmoid(zf.abs())"}),
    ("ok_polar", "clean", {"gate": "torch.polar(F.gelu(zf.abs()), zf.angle())"}),
    ("gelu_on_complex", "complex_activation", {"gate": "F.gelu(zf)"}),
    ("clip_by_complex_max", "complex_order_op", {"gate": "zf / zf.max()"}),
)

template("fft_cfg_features", "(3, 32)")(
    """
FFT = dict(norm={norm}, dim={dim})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(17, 4)

    def forward(self, x):
        spec = torch.fft.rfft(x, dim=FFT["dim"], norm=FFT["norm"])
        return self.head(spec.abs())
"""
)
add(
    "fft_cfg_features",
    ("ok", "clean", {"norm": '"ortho"', "dim": "-1"}),
    ("ok_forward_norm", "clean", {"norm": '"forward"', "dim": "1"}),
    ("norm_orthonormal", "fft_norm_mode", {"norm": '"orthonormal"', "dim": "-1"}),
    ("dim_for_batched_images", "fft_dim_range", {"norm": "None", "dim": "2"}),
)

template("variable_length_collate", "(6, 4)")(
    """
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader


def pad_collate(batch):
    return pad_sequence(batch, batch_first=True, padding_side={side})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)

    def forward(self, x):
        items = [x[: i + 1] for i in range(x.shape[0])]
        loader = DataLoader(items, batch_size=3, {opts})
        return torch.cat([self.enc(b).sum(1) for b in loader])
"""
)
add(
    "variable_length_collate",
    ("ok", "clean", {"side": '"right"', "opts": "collate_fn=pad_collate"}),
    ("ok_left_pad", "clean", {"side": '"left"', "opts": "collate_fn=pad_collate"}),
    (
        "default_collate_ragged",
        "collate_unequal_sizes",
        {"side": '"right"', "opts": "shuffle=False"},
    ),
    (
        "pad_side_start",
        "pad_sequence_side_name",
        {"side": '"start"', "opts": "collate_fn=pad_collate"},
    ),
)

template("train_val_split_helper", "(10, 3)")(
    """
from torch.utils.data import DataLoader, TensorDataset, random_split

SPLIT = {split}


def split_counts(n, fracs):
    return [{count} for f in fracs]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        ds = TensorDataset(x)
        train, val = random_split(ds, split_counts(len(ds), SPLIT), generator=torch.Generator().manual_seed(0))
        return torch.cat([self.fc(b) for (b,) in DataLoader(train, batch_size=4)])
"""
)
add(
    "train_val_split_helper",
    ("ok", "clean", {"split": "(0.8, 0.2)", "count": "round(n * f)"}),
    ("ok_fractions_passed", "clean", {"split": "(0.7, 0.3)", "count": "f"}),
    (
        "counts_floor_lose_one",
        "random_split_lengths",
        {"split": "(0.75, 0.25)", "count": "int(n * f)"},
    ),
    ("fractions_short", "random_split_lengths", {"split": "(0.7, 0.2)", "count": "f"}),
)

template("grad_tamper_hooks", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = nn.Sequential(nn.Linear(6, 6), nn.Tanh())
        self.head = nn.Linear(6, 1)
        self.block.register_full_backward_hook(self.scale_grads)

    def scale_grads(self, module, grad_input, grad_output):
        return {ret}

    def forward(self, x):
        with torch.enable_grad():
            inp = x.clone().requires_grad_()
            h = self.block(inp)
            h.register_hook(lambda g: {thook})
            self.head(h).sum().backward()
        return inp.grad
"""
)
add(
    "grad_tamper_hooks",
    ("ok", "clean", {"ret": "None", "thook": "g * 0.5"}),
    ("ok_scaled_tuple", "clean", {"ret": "tuple(g * 0.5 for g in grad_input)", "thook": "None"}),
    (
        "hook_returns_pair",
        "backward_hook_grad_count",
        {"ret": "(grad_input[0], grad_input[0])", "thook": "None"},
    ),
    ("tensor_hook_reduces", "tensor_hook_shape", {"ret": "None", "thook": "g.sum(0)"}),
)

template("straight_through_quant", "(4, 5)")(
    """
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        return torch.round(x / scale) * scale

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return {grads}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 5)
        self.scale = nn.Parameter(torch.tensor(0.1))

    def forward(self, x):
        with torch.enable_grad():
            xq = x.clone().requires_grad_()
            y = RoundSTE.apply(self.fc(xq), self.scale)
            y.sum().backward()
        return xq.grad
"""
)
add(
    "straight_through_quant",
    ("ok", "clean", {"grads": "g, None"}),
    ("ok_scale_grad", "clean", {"grads": "g * (x.abs() < 1), (g * x).sum()"}),
    ("grad_for_x_only", "autograd_function_grad_count", {"grads": "g"}),
    # written as a crash; torch runs it (autograd sums a gradient that broadcasts to the input)
    ("scale_grad_not_reduced", "clean", {"grads": "g, g * x"}),
    ("input_grad_first_rows", "autograd_function_grad_shape", {"grads": "g[:2], None"}),
)

template("init_by_name_cfg", "(4, 8)")(
    """
INIT = dict(weight="{w}", bias="{b}")


def init_(name, p):
    kind = INIT["bias" if name.endswith("bias") else "weight"]
    if kind == "kaiming":
        nn.init.kaiming_normal_(p, nonlinearity="relu")
    elif kind == "trunc":
        nn.init.trunc_normal_(p, std=0.02, a={a}, b={b_lim})
    elif kind == "zeros":
        nn.init.zeros_(p)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))

    def forward(self, x):
        with torch.no_grad():
            for name, p in self.mlp.named_parameters():
                init_(name, p)
        return self.mlp(x)
"""
)
add(
    "init_by_name_cfg",
    ("ok", "clean", {"w": "kaiming", "b": "zeros", "a": "-2.0", "b_lim": "2.0"}),
    ("ok_trunc_bias", "clean", {"w": "trunc", "b": "trunc", "a": "-0.04", "b_lim": "0.04"}),
    (
        "kaiming_on_bias",
        "init_fan_rank",
        {"w": "kaiming", "b": "kaiming", "a": "-2.0", "b_lim": "2.0"},
    ),
    (
        "trunc_bounds_swapped",
        "uniform_range",
        {"w": "trunc", "b": "zeros", "a": "2.0", "b_lim": "-2.0"},
    ),
)

template("sampling_decode_loop", "(2, 10)")(
    """
GEN = dict(temperature={temp}, num_return={nret}, replacement={repl})


class Net(nn.Module):
    def __init__(self, vocab=10):
        super().__init__()
        self.lm = nn.Sequential(nn.Linear(vocab, 16), nn.GELU(), nn.Linear(16, vocab))

    def next_tokens(self, logits):
        probs = torch.softmax(logits / GEN["temperature"], dim=-1)
        return torch.multinomial(probs, GEN["num_return"], replacement=GEN["replacement"])

    def forward(self, x):
        toks = []
        h = x
        for _ in range(2):
            t = self.next_tokens(self.lm(h))
            toks.append(t)
            h = h + F.one_hot(t[:, 0], 10).float()
        return torch.cat(toks, 1)
"""
)
add(
    "sampling_decode_loop",
    ("ok", "clean", {"temp": "0.7", "nret": "4", "repl": "False"}),
    ("ok_with_replacement", "clean", {"temp": "1.0", "nret": "16", "repl": "True"}),
    ("samples_over_vocab", "multinomial_samples", {"temp": "0.7", "nret": "16", "repl": "False"}),
    (
        "greedy_as_temperature_zero",
        "temperature_zero_sampling",
        {"temp": "0.0", "nret": "1", "repl": "False"},
    ),
)

template("partial_rotary_block", "(2, 6, 4, 8)")(
    """
def rotate_half(t):
    a, b = t.chunk(2, -1)
    return torch.cat((-b, a), -1)


class Net(nn.Module):
    def __init__(self, head_dim=8, rot={rot}):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, rot, 2).float() / rot))
        ang = torch.outer(torch.arange(32).float(), inv)
        self.register_buffer("cos", torch.cat([ang, ang], -1).cos())
        self.register_buffer("sin", torch.cat([ang, ang], -1).sin())
        self.rot = rot
        self.proj = nn.Linear(head_dim, head_dim)

    def forward(self, x):
        t = x.shape[1]
        cos, sin = self.cos[:t, None, :], self.sin[:t, None, :]
        {apply}
        return self.proj(out)
"""
)
_PART = "xr, xp = x[..., : self.rot], x[..., self.rot :]\n        out = torch.cat([xr * cos + rotate_half(xr) * sin, xp], -1)"
add(
    "partial_rotary_block",
    ("ok", "clean", {"rot": "4", "apply": _PART}),
    ("ok_full_rotary", "clean", {"rot": "8", "apply": "out = x * cos + rotate_half(x) * sin"}),
    (
        "rotary_on_full_head",
        "rope_dims",
        {"rot": "4", "apply": "out = x * cos + rotate_half(x) * sin"},
    ),
)

template("mixed_dtype_head", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(6, 8).to({bdtype})
        self.w = nn.Parameter(torch.randn(3, 8))

    def forward(self, x):
        feats = self.backbone(x.to({bdtype}))
        return {head}
"""
)
add(
    "mixed_dtype_head",
    ("ok", "clean", {"bdtype": "torch.float32", "head": "F.linear(feats, self.w)"}),
    (
        "ok_cast_to_weight",
        "clean",
        {"bdtype": "torch.float64", "head": "F.linear(feats.to(self.w.dtype), self.w)"},
    ),
    (
        "double_backbone_float_head",
        "dtype_mismatch",
        {"bdtype": "torch.float64", "head": "F.linear(feats, self.w)"},
    ),
    (
        "bf16_backbone_matmul_again",
        "dtype_mismatch",
        {"bdtype": "torch.bfloat16", "head": "feats @ self.w.t()"},
    ),
)

template("projection_bank_matmul", "(3, 4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, n_proj={n}, out={out}):
        super().__init__()
        self.bank = nn.ParameterList([nn.Parameter(torch.randn(6, out)) for _ in range(n_proj)])

    def forward(self, x):
        W = torch.stack(list(self.bank))
        y = {mm}
        return y.mean(-2)
"""
)
add(
    "projection_bank_matmul",
    ("ok", "clean", {"n": "2", "out": "5", "mm": "x.unsqueeze(1) @ W"}),
    ("ok_batch_equals_bank", "clean", {"n": "3", "out": "5", "mm": "torch.matmul(x, W)"}),
    ("bank_against_batch", "matmul", {"n": "2", "out": "5", "mm": "torch.matmul(x, W)"}),
    (
        "bank_transposed",
        "matmul",
        {"n": "2", "out": "5", "mm": "x.unsqueeze(1).matmul(W.transpose(-1, -2))"},
    ),
)

template("whitening_solve", "(8, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        c = h - h.mean(0)
        cov = c.T @ c / (h.shape[0] - 1) + 1e-3 * torch.eye(4)
        return {solve}
"""
)
add(
    "whitening_solve",
    ("ok", "clean", {"solve": "torch.linalg.solve(cov, c.T).T"}),
    ("ok_left_false", "clean", {"solve": "torch.linalg.solve(cov, c, left=False)"}),
    ("rows_as_rhs", "linalg_shape", {"solve": "torch.linalg.solve(cov, c)"}),
    (
        "cholesky_solve_rows_late",
        "linalg_shape",
        {"solve": "torch.cholesky_solve(c, torch.linalg.cholesky(cov))"},
    ),
)

template("token_pruning_gather", "(2, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self, keep={keep}):
        super().__init__()
        self.keep = keep
        self.score = nn.Linear(8, 1)
        self.mix = nn.Linear(8, 8)

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.keep, dim=1).indices
        kept = {pick}
        return self.mix(kept)
"""
)
add(
    "token_pruning_gather",
    (
        "ok",
        "clean",
        {"keep": "4", "pick": "torch.gather(x, 1, idx[..., None].expand(-1, -1, x.shape[-1]))"},
    ),
    ("ok_take_along", "clean", {"keep": "10", "pick": "x.take_along_dim(idx[..., None], dim=1)"}),
    ("gather_index_unexpanded", "gather_index_rank", {"keep": "4", "pick": "x.gather(1, idx)"}),
    (
        "take_along_unexpanded",
        "take_along_dim_rank",
        {"keep": "4", "pick": "torch.take_along_dim(x, idx, 1)"},
    ),
)

template("one_hot_multitask", "(5, 4)")(
    """
TASKS = dict(classes={classes})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def labels(self, n):
        return torch.arange(n) % 4

    def forward(self, x):
        y = F.one_hot(self.labels(x.shape[0]), num_classes=TASKS["classes"])
        return self.fc(x)[:, : y.shape[1]] * y
"""
)
add(
    "one_hot_multitask",
    ("ok", "clean", {"classes": "4"}),
    ("ok_inferred", "clean", {"classes": "-1"}),
    ("classes_one_short", "one_hot_classes", {"classes": "3"}),
)

template("functional_grouped_conv", "(2, 6, 10)")(
    """
CFG = dict(groups={g}, build_groups={bg})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(6, 6 // CFG["build_groups"], 3) * 0.1)

    def forward(self, x):
        return F.conv1d(x, self.weight, padding=1, groups=CFG["groups"])
"""
)
add(
    "functional_grouped_conv",
    ("ok", "clean", {"g": "3", "bg": "3"}),
    ("ok_depthwise", "clean", {"g": "6", "bg": "6"}),
    ("groups_changed_after_build", "conv_groups", {"g": "2", "bg": "3"}),
    ("depthwise_weight_grouped_twice", "conv_groups", {"g": "3", "bg": "6"}),
)

template("upsample_head_cfg", "(2, 4, 8, 8)")(
    """
UP = dict({up})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, x):
        h = F.interpolate(self.conv(x), mode="nearest", **UP)
        return h.mean((2, 3))
"""
)
add(
    "upsample_head_cfg",
    ("ok", "clean", {"up": "scale_factor=2"}),
    ("ok_size_pair", "clean", {"up": "size=(16, 12)"}),
    ("size_three_axes", "interp_size_len", {"up": "size=(16, 16, 16)"}),
    ("scale_three_axes", "interp_scale_len", {"up": "scale_factor=(2, 2, 2)"}),
)

template("squeeze_excite_stage", "(2, 8, 5, 5)")(
    """
class SE(nn.Module):
    def __init__(self, c, r=4):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(c, c // r), nn.ReLU(), nn.Linear(c // r, c), nn.Sigmoid())

    def forward(self, x):
        w = self.fc(x.mean((2, 3)))
        return {excite}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 3, padding=1)
        self.se = SE(8)

    def forward(self, x):
        return self.se(self.conv(x)).flatten(1)
"""
)
add(
    "squeeze_excite_stage",
    ("ok", "clean", {"excite": "x * w[:, :, None, None]"}),
    ("ok_view", "clean", {"excite": "x * w.view(*w.shape, 1, 1)"}),
    ("weights_not_unsqueezed", "broadcast_add", {"excite": "x * w"}),
    ("weights_one_axis_late", "broadcast_add", {"excite": "torch.mul(x, w.unsqueeze(-1))"}),
)

template("confidence_blend", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fast = nn.Linear(6, 6)
        self.slow = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 6))
        self.conf = nn.Linear(6, 1)

    def forward(self, x):
        c = torch.sigmoid(self.conf(x)).squeeze(-1) > 0.5
        return torch.where({cond}, self.fast(x), self.slow(x))
"""
)
add(
    "confidence_blend",
    ("ok", "clean", {"cond": "c[:, None]"}),
    ("ok_unsqueeze", "clean", {"cond": "c.unsqueeze(1)"}),
    ("row_flags_unexpanded", "where_broadcast", {"cond": "c"}),
)


# clean variants that look risky (an edge value, a spelling that works, a near-miss)
RISKY_CLEAN = (
    "speech_ctc_unpack__ok_sorted_utterances",
    "spectral_frontend_hop__ok_hop_one",
    "istft_denoiser__ok_short_window",
    "masked_feature_stats__ok_expanded_row_mask",
    "masked_pair_error__ok_mask_from_target_mul",
    "inplace_scale_function__ok_out_of_place",
    "clamp_inplace_block__ok_both_dirty_both_out",
    "swa_finetune_step__ok_per_group_list",
    "swa_layerwise_cfg__ok_scalar_rate",
    "point_histogram_head__ok_int_bins_no_range",
    "voxel_occupancy_loader__ok_view_points",
    "deep_mlp_ckpt_seq__ok_one_segment_per_layer",
    "encoder_ckpt_cfg__ok_no_ckpt",
    "encoder_ckpt_cfg__ok_chunks_equal_layers",
    "beta_action_head__ok_entropy",
    "mdn_sampler__ok_cdf",
    "mdn_sampler__ok_sample",
    "lognormal_flow_head__ok_cdf_monotone",
    "lognormal_flow_head__ok_rsample",
    "token_regrouper__ok_underscore_channels",
    "image_patch_sizer__ok_skip_spatial",
    "ragged_decoder_outputs__ok_as_tensor_helper",
    "beam_hypothesis_split__ok_lengths_sliced_to_beam",
    "packed_tagger_unpack__ok_pad_then_slice",
    "ragged_set_encoder__ok_longer_pad",
    "ragged_set_encoder__ok_no_size",
    "document_chunk_pooler__ok_wide_pad",
    "seeded_augment__ok_large_seed",
    "dropout_mask_replay__ok_item",
    "qat_prep_fusion__ok_conv_bn_only",
    "seq_quant_stub_export__ok_conv_bn_leave_silu",
    "stream_batcher__ok_shuffle_false",
    "chained_shard_loader__ok_shuffle_none",
    "bucket_stream_batches__ok_batches_over_tensor",
    "joint_grad_monitor__ok_any",
    "gradient_sync_hooks__ok_any_mode",
    "cross_spectrum_features__ok_conj_physical",
    "cross_spectrum_features__ok_resolved",
    "complex_attention_real_out__ok_transpose_only",
    "complex_attention_real_out__adjoint_call",
    "poly_feature_regressor__ok_linear",
    "spline_basis_cfg__ok_two_terms",
    "gqa_block_cfg__ok_mha",
    "gqa_block_cfg__ok_mqa",
    "moe_router_cfg__ok_all_experts",
    "kv_cache_prealloc_decode__ok_roomy",
    "two_branch_audio_head__ok_concat_alias",
    "pair_scorer_bmm__ok_baddbmm",
    "pair_scorer_bmm__ok_operator_mT",
    "qkv_split_props__ok_chunk_three",
    "qkv_split_props__ok_size_list",
    "film_conditioner__ok_none_index",
    "window_attention_einops__ok_one_window",
    "head_merge_property__ok_three_heads",
    "head_merge_property__merge_view_after_transpose",
    "padded_decoder_mask__ok_unsqueeze",
    "sdpa_pad_mask_helper__ok_view",
    "ce_trainer_targets__ok_soft_targets",
    "ce_trainer_targets__ok_smoothing_one",
    "multilabel_bce_cfg__ok_scalar_weight",
    "optim_from_cfg_step__ok_eps_zero",
    "warmup_chain_sched__ok_sequential",
    "amp_clip_step__ok_no_clip",
    "state_roundtrip_buffer__ok_getvalue",
    "state_roundtrip_buffer__ok_drop_head_non_strict",
    "fake_quant_linear__ok_unsigned",
    "sparse_graph_conv__ok_dense_degree",
    "spectral_gate_mixer__ok_polar",
    "fft_cfg_features__ok_forward_norm",
    "variable_length_collate__ok_left_pad",
    "train_val_split_helper__ok_fractions_passed",
    "grad_tamper_hooks__ok_scaled_tuple",
    "straight_through_quant__ok_scale_grad",
    "straight_through_quant__scale_grad_not_reduced",
    "init_by_name_cfg__ok_trunc_bias",
    "sampling_decode_loop__ok_with_replacement",
    "partial_rotary_block__ok_full_rotary",
    "mixed_dtype_head__ok_cast_to_weight",
    "projection_bank_matmul__ok_batch_equals_bank",
    "whitening_solve__ok_left_false",
    "token_pruning_gather__ok_take_along",
    "one_hot_multitask__ok_inferred",
    "functional_grouped_conv__ok_depthwise",
    "upsample_head_cfg__ok_size_pair",
    "squeeze_excite_stage__ok_view",
    "confidence_blend__ok_unsqueeze",
)

# templates that are whole small models (a second module class, a stack, or three torch modules)
WHOLE_MODELS = (
    "spectral_frontend_hop",
    "istft_denoiser",
    "masked_feature_stats",
    "masked_pair_error",
    "inplace_scale_function",
    "clamp_inplace_block",
    "swa_finetune_step",
    "swa_layerwise_cfg",
    "point_histogram_head",
    "deep_mlp_ckpt_seq",
    "encoder_ckpt_cfg",
    "beta_action_head",
    "mdn_sampler",
    "lognormal_flow_head",
    "speech_ctc_unpack",
    "document_chunk_pooler",
    "qat_prep_fusion",
    "seq_quant_stub_export",
    "stream_batcher",
    "chained_shard_loader",
    "bucket_stream_batches",
    "gradient_sync_hooks",
    "complex_attention_real_out",
    "gqa_block_cfg",
    "moe_router_cfg",
    "two_branch_audio_head",
    "qkv_split_props",
    "ce_trainer_targets",
    "multilabel_bce_cfg",
    "optim_from_cfg_step",
    "amp_clip_step",
    "state_roundtrip_buffer",
    "fake_quant_linear",
    "grad_tamper_hooks",
    "straight_through_quant",
    "init_by_name_cfg",
    "sampling_decode_loop",
    "squeeze_excite_stage",
    "confidence_blend",
)
