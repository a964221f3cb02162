"""A twenty-fourth fresh batch of crash cases (session 32, split ``fresh24``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
Half the crash classes are new: a device string torch does not know (``"gpu"``, ``"CPU"``,
``"cuda0"``), ``Tensor.to`` given a dtype before a device, a gradient of the wrong shape handed
to ``backward`` / ``autograd.grad``, a tensor made under ``inference_mode`` saved for backward, a
reduction over a slice that came out empty, ``parameters()`` / ``children()`` used as a list or
as a tensor, ``math.log`` / ``math.sqrt`` outside their domain, ``multinomial`` of rows that sum
to zero, a ``sort`` / ``max`` / ``topk`` result indexed as if it were a tensor, an init mode that
does not exist, a module used as its weight (``.shape``, ``.clone()``), a ``torch.Size`` slice
where an int is needed, negative ``repeat_interleave`` counts, ``linspace`` of one-element
tensors, a dict looked up by a tensor, a dict view subscripted, a string plus an int in a
module name, a dtype called like a function, a model's own guard on its input's range,
``F.dropout``'s arguments swapped, and a Python list as an operand. The other half are classes
earlier batches have, written as whole models whose sizes come through Python (a config
dataclass whose width or head count changed in one place only, a decode loop, a U-Net, a ViT,
an MoE, a GRU, windowed attention, a diffusion time embedding). Several clean variants look
risky (``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f24_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- device strings (new class)
template("config_device_mlp", "(4, 16)")(
    """
from dataclasses import dataclass


@dataclass
class RunConfig:
    dim: int = 16
    hidden: int = 32
    device: str = "{dev}"


class Block(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, cfg=RunConfig()):
        super().__init__()
        self.cfg = cfg
        self.blocks = nn.ModuleList([Block(cfg.dim, cfg.hidden) for _ in range(2)])
        self.head = nn.Linear(cfg.dim, 3)

    def forward(self, x):
        x = x.to(self.cfg.device)
        for blk in self.blocks:
            x = blk(x)
        return self.head(x)
"""
)

template("sinusoid_position_device", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, device="{dev}"):
        super().__init__()
        self.dim = dim
        self.device_name = device
        self.proj = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        t = torch.arange(x.shape[1], device=self.device_name).float()
        freqs = torch.exp(-torch.arange(0, self.dim, 2).float() * (4.0 / self.dim))
        ang = t[:, None] * freqs[None, :]
        pe = torch.cat([ang.sin(), ang.cos()], dim=-1)
        return self.norm(self.proj(x + pe))
"""
)

# ---------------------------------------------------------------- Tensor.to argument order (new)
template("mixed_precision_head", "(4, 20)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 32))
        self.head = nn.Linear(32, 5).double()

    def forward(self, x):
        h = self.body(x)
        h = h.to({args})
        return self.head(h)
"""
)

template("cast_table_block", "(2, 6, 12)")(
    """
class Net(nn.Module):
    def __init__(self, n=6, dim=12):
        super().__init__()
        self.register_buffer("bias_table", torch.linspace(-1.0, 1.0, n * dim).view(n, dim).half())
        self.mix = nn.Linear(dim, dim)

    def forward(self, x):
        bias = self.bias_table.to({args})
        return self.mix(x + bias)
"""
)

# ---------------------------------------------------------------- backward gradient shape (new)
template("input_saliency_model", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(12, 24), nn.Tanh(), nn.Linear(24, 4))

    def forward(self, x):
        with torch.enable_grad():
            xi = x.detach().requires_grad_()
            y = self.net(xi)
            (g,) = torch.autograd.grad(y, xi, grad_outputs={go})
        return y.detach() + g.abs().sum(-1, keepdim=True)
"""
)

template("critic_gradient_penalty", "(4, 8)")(
    """
class Critic(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, 16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(F.leaky_relu(self.fc1(x), 0.2))


class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.critic = Critic(dim)

    def forward(self, x):
        with torch.enable_grad():
            xi = x.detach().requires_grad_()
            score = self.critic(xi)
            score.backward({grad})
            penalty = (xi.grad.norm(dim=1) - 1).pow(2).mean()
        return score.detach() + penalty
"""
)

# ---------------------------------------------------------------- inference tensors saved (new)
template("cached_prior_adapter", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.prior = nn.Sequential(nn.Linear(16, 16), nn.ReLU())
        self.adapt = nn.Linear(16, 16)
        self.scale = nn.Parameter(torch.ones(16))
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        with {mode}():
            prior = self.prior(x)
        with torch.enable_grad():
            out = {use}
        return self.head(out.detach())
"""
)

template("teacher_student_distill", "(3, 10)")(
    """
class Student(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(10, 20), nn.GELU(), nn.Linear(20, 8))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.teacher = nn.Sequential(nn.Linear(10, 8), nn.Tanh())
        self.student = Student()

    def forward(self, x):
        with torch.inference_mode():
            t = self.teacher(x){detach}
        with torch.enable_grad():
            s = self.student(x)
            aux = {aux}
        return s.detach() + aux.detach().mean()
"""
)

# ---------------------------------------------------------------- empty reductions (new)
template("prefix_pooled_classifier", "(2, 8, 16)")(
    """
from dataclasses import dataclass


@dataclass
class PoolConfig:
    dim: int = 16
    seq_len: int = 8
    n_prefix: int = {n_prefix}


class Net(nn.Module):
    def __init__(self, cfg=PoolConfig()):
        super().__init__()
        self.cfg = cfg
        self.enc = nn.Sequential(nn.Linear(cfg.dim, cfg.dim), nn.GELU(), nn.LayerNorm(cfg.dim))
        self.head = nn.Linear(cfg.dim, 4)

    def forward(self, x):
        h = self.enc(x)
        body = h[:, self.cfg.n_prefix :]
        pooled = {pool}
        return self.head(pooled)
"""
)

template("span_extractor", "(2, 12, 8)")(
    """
class Net(nn.Module):
    def __init__(self, span=12, stride={stride}, start=4):
        super().__init__()
        self.width = span // stride
        self.start = start
        self.proj = nn.Linear(8, 8)
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        h = self.proj(x)
        seg = h[:, self.start : self.start + self.width]
        return self.out({red})
"""
)

# ---------------------------------------------------------------- module iterators (new)
template("layer_probe_stack", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Sequential(nn.Linear(12, 12), nn.ReLU()) for _ in range(depth)])
        self.head = nn.Linear(12, 2)

    def forward(self, x):
        h = x
        for blk in {blocks}:
            h = blk(h)
        last = {last}
        return self.head(h + last(h))
"""
)

template("device_follow_encoder", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(16, 24)
        self.enc = nn.GRU(24, 24, batch_first=True)
        self.out = nn.Linear(24, 6)

    def forward(self, x):
        ref = {ref}
        x = x.to(device=ref.device, dtype=ref.dtype)
        h, _ = self.enc(self.embed(x))
        return self.out(h[:, -1])
"""
)

# ---------------------------------------------------------------- math domain (new)
template("timestep_sinusoid_cfg", "(4, 1)")(
    """
import math
from dataclasses import dataclass


@dataclass
class TimeConfig:
    dim: int = 32
    max_period: float = {max_period}
    min_period: float = {min_period}


class Net(nn.Module):
    def __init__(self, cfg=TimeConfig()):
        super().__init__()
        self.cfg = cfg
        self.mlp = nn.Sequential(nn.Linear(cfg.dim, 64), nn.SiLU(), nn.Linear(64, cfg.dim))

    def forward(self, t):
        half = self.cfg.dim // 2
        span = math.log(self.cfg.max_period) - math.log(self.cfg.min_period)
        freqs = torch.exp(-span * torch.arange(half).float() / half)
        ang = t * 100.0 * freqs[None, :]
        return self.mlp(torch.cat([ang.sin(), ang.cos()], dim=-1))
"""
)

template("ddpm_step_block", "(2, 4, 8, 8)")(
    """
import math


class Denoiser(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.c1 = nn.Conv2d(ch, 16, 3, padding=1)
        self.c2 = nn.Conv2d(16, ch, 3, padding=1)

    def forward(self, x):
        return self.c2(F.silu(self.c1(x)))


class Net(nn.Module):
    def __init__(self, ch=4, steps={steps}, beta_start=1e-4, beta_end={beta_end}):
        super().__init__()
        self.eps = Denoiser(ch)
        self.betas = [beta_start + (beta_end - beta_start) * i / (steps - 1) for i in range(steps)]

    def forward(self, x):
        for beta in self.betas[-3:]:
            alpha = 1.0 - beta
            x = (x - beta / math.sqrt(1.0 - alpha + 1e-8) * self.eps(x)) / math.sqrt(alpha)
        return x
"""
)

# ---------------------------------------------------------------- zero-sum multinomial (new)
template("min_p_sampler_lm", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=32, dim=16, min_p={min_p}):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm = nn.Linear(dim, vocab)
        self.min_p = min_p

    def forward(self, ids):
        h, _ = self.rnn(self.embed(ids))
        probs = torch.softmax(self.lm(h[:, -1]), dim=-1)
        keep = {keep}
        probs = probs * keep
        return torch.multinomial(probs, 1)
"""
)

template("threshold_token_picker", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, n_items=10, threshold={thr}):
        super().__init__()
        self.score = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, n_items))
        self.norm = nn.LayerNorm(n_items)
        self.threshold = threshold

    def forward(self, x):
        s = self.norm(self.score(x))
        weights = {weights}
        return torch.multinomial(weights, 2, replacement=True)
"""
)

# ---------------------------------------------------------------- namedtuple results indexed (new)
template("topk_feature_select", "(4, 24)")(
    """
class Net(nn.Module):
    def __init__(self, k=6):
        super().__init__()
        self.k = k
        self.enc = nn.Sequential(nn.Linear(24, 24), nn.ReLU(), nn.Linear(24, 24))
        self.head = nn.Linear(k, 3)

    def forward(self, x):
        h = self.enc(x)
        top = {top}
        return self.head(top)
"""
)

template("median_pool_head", "(2, 9, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.frame = nn.Linear(16, 16)
        self.cls = nn.Linear(16, 4)

    def forward(self, x):
        h = torch.relu(self.frame(x))
        pooled = {pool}
        return self.cls(pooled)
"""
)

# ---------------------------------------------------------------- init mode names (new)
template("lazy_kaiming_mlp", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, mode="{mode}"):
        super().__init__()
        self.mode = mode
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 8)
        self.ready = False

    def forward(self, x):
        if not self.ready:
            for fc in (self.fc1, self.fc2):
                nn.init.{init}(fc.weight, mode=self.mode, nonlinearity="relu")
            self.ready = True
        return self.fc2(torch.relu(self.fc1(x)))
"""
)

template("conv_reinit_stem", "(2, 3, 16, 16)")(
    """
from dataclasses import dataclass


@dataclass
class InitConfig:
    fan_mode: str = "{mode}"
    widths: tuple = (8, 16)


class Net(nn.Module):
    def __init__(self, cfg=InitConfig()):
        super().__init__()
        self.cfg = cfg
        chans = (3,) + cfg.widths
        self.convs = nn.ModuleList([nn.Conv2d(a, b, 3, padding=1) for a, b in zip(chans, chans[1:])])
        self.head = nn.Linear(cfg.widths[-1], 10)
        self.initialized = False

    def reset(self):
        for conv in self.convs:
            nn.init.kaiming_uniform_(conv.weight, mode=self.cfg.fan_mode)

    def forward(self, x):
        if not self.initialized:
            self.reset()
            self.initialized = True
        for conv in self.convs:
            x = F.relu(conv(x))
        return self.head(x.mean((2, 3)))
"""
)

# ---------------------------------------------------------------- module used as its weight (new)
template("learned_position_vit", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, patch=4, dim=32):
        super().__init__()
        n = (16 // patch) ** 2
        self.patch = nn.Conv2d(3, dim, patch, stride=patch)
        self.pos = nn.Embedding(n, dim)
        self.block = nn.TransformerEncoderLayer(dim, 4, 64, batch_first=True)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        tok = self.patch(x).flatten(2).transpose(1, 2)
        n = {n}
        tok = tok + self.pos.weight[:n]
        return self.head(self.block(tok).mean(1))
"""
)

template("ema_weight_snapshot", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 12)
        self.out = nn.Linear(12, 3)
        self.snapshot = None

    def forward(self, x):
        if self.snapshot is None:
            self.snapshot = {snap}
        w = 0.9 * self.snapshot + 0.1 * self.fc.weight
        return self.out(F.linear(x, w, self.fc.bias))
"""
)

# ---------------------------------------------------------------- torch.Size slice as an int (new)
template("scaled_dot_attention", "(2, 7, 32)")(
    """
import math


class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        scale = 1.0 / math.sqrt({d})
        att = torch.softmax(q @ k.transpose(-2, -1) * scale, dim=-1)
        return self.out((att @ v).transpose(1, 2).reshape(b, t, c))
"""
)

template("per_channel_loop", "(2, 4, 10)")(
    """
class Net(nn.Module):
    def __init__(self, ch=4, length=10):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv1d(1, 1, 3, padding=1) for _ in range(ch)])
        self.head = nn.Linear(ch * length, 2)

    def forward(self, x):
        outs = []
        for c in range({n}):
            outs.append(self.convs[c](x[:, c : c + 1]))
        return self.head(torch.cat(outs, 1).flatten(1))
"""
)

# ---------------------------------------------------------------- negative repeat counts (new)
template("duration_length_regulator", "(1, 16, 12)")(
    """
class Net(nn.Module):
    def __init__(self, dim=12):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.dur = nn.Linear(dim, 1)
        self.dec = nn.Linear(dim, 4)

    def forward(self, x):
        h = self.enc(x)
        log_dur = self.dur(x).squeeze(-1)
        dur = {dur}
        expanded = h[0].repeat_interleave(dur[0], dim=0)
        return self.dec(expanded)
"""
)

template("upsample_by_repeat_cfg", "(2, 5, 8)")(
    """
from dataclasses import dataclass


@dataclass
class UpConfig:
    in_rate: int = 4
    out_rate: int = {out_rate}
    dim: int = 8


class Net(nn.Module):
    def __init__(self, cfg=UpConfig()):
        super().__init__()
        self.factor = cfg.out_rate // cfg.in_rate - 1
        self.proj = nn.Linear(cfg.dim, cfg.dim)
        self.post = nn.GRU(cfg.dim, cfg.dim, batch_first=True)

    def forward(self, x):
        h = self.proj(x).repeat_interleave(self.factor, dim=1)
        out, _ = self.post(h)
        return out
"""
)

# ---------------------------------------------------------------- linspace of 1-element tensors (new)
template("learned_range_bins", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n_bins=16):
        super().__init__()
        self.lo = nn.Parameter(torch.zeros({shape}))
        self.hi = nn.Parameter(torch.ones({shape}))
        self.n_bins = n_bins
        self.proj = nn.Linear(8, 1)
        self.head = nn.Linear(n_bins, 3)

    def forward(self, x):
        edges = torch.linspace({lo}, {hi}, self.n_bins)
        v = torch.sigmoid(self.proj(x))
        soft = torch.softmax(-(v - edges).pow(2) * 50.0, dim=-1)
        return self.head(soft)
"""
)

template("per_sample_grid", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.head = nn.Linear(8 * 5, 2)

    def forward(self, x):
        h = self.conv(x)
        lo = {lo}
        grid = torch.linspace(lo, lo + 1.0, 5)
        feats = h.mean((2, 3))[:, :, None] * grid
        return self.head(feats.flatten(1))
"""
)

# ---------------------------------------------------------------- dict looked up by a tensor (new)
template("class_conditional_gain", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=8, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.gains = {{0: 1.0, 1: 0.5}}
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):
        h = self.embed(ids).mean(1)
        g = self.gains[{key}]
        return self.out(h * g)
"""
)

template("label_routed_heads", "(2, 5)", "tokens")(
    """
NAMES = {{0: "neg", 1: "pos"}}


class Net(nn.Module):
    def __init__(self, vocab=4, dim=12):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.heads = nn.ModuleDict({{n: nn.Linear(dim, 2) for n in NAMES.values()}})

    def forward(self, ids):
        h = self.embed(ids).mean(1)
        outs = []
        for row in range(ids.shape[0]):
            name = NAMES[{key}]
            outs.append(self.heads[name](h[row]))
        return torch.stack(outs)
"""
)

# ---------------------------------------------------------------- dict views subscripted (new)
template("multi_task_registry", "(3, 16)")(
    """
TASK_SIZES = {{"intent": 7, "slot": 11, "domain": 3}}


class Net(nn.Module):
    def __init__(self, sizes=TASK_SIZES):
        super().__init__()
        self.sizes = dict(sizes)
        self.trunk = nn.Sequential(nn.Linear(16, 32), nn.ReLU())
        self.heads = nn.ModuleDict({{k: nn.Linear(32, n) for k, n in sizes.items()}})

    def forward(self, x):
        h = self.trunk(x)
        main = {main}
        return self.heads[main](h)
"""
)

template("stage_width_table", "(2, 3, 16, 16)")(
    """
WIDTHS = {{"stem": 8, "mid": 16, "top": 24}}


class Net(nn.Module):
    def __init__(self, widths=WIDTHS):
        super().__init__()
        self.widths = widths
        w = list(widths.values())
        self.stem = nn.Conv2d(3, w[0], 3, padding=1)
        self.mid = nn.Conv2d(w[0], w[1], 3, stride=2, padding=1)
        self.top = nn.Conv2d(w[1], w[2], 3, stride=2, padding=1)

    def forward(self, x):
        h = self.top(F.relu(self.mid(F.relu(self.stem(x)))))
        out_ch = {out_ch}
        return h.mean((2, 3)).view(-1, out_ch)
"""
)

# ---------------------------------------------------------------- str + int module names (new)
template("named_stage_backbone", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_stages=3):
        super().__init__()
        self.n_stages = n_stages
        chans = [3, 8, 16, 32]
        self.stages = nn.ModuleDict(
            {{f"stage{{i}}": nn.Conv2d(chans[i], chans[i + 1], 3, stride=2, padding=1) for i in range(n_stages)}}
        )
        self.head = nn.Linear(32, 5)

    def forward(self, x):
        for i in range(self.n_stages):
            x = F.relu(self.stages[{key}](x))
        return self.head(x.mean((2, 3)))
"""
)

template("getattr_block_chain", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.depth = depth
        for i in range(depth):
            setattr(self, f"block{{i}}", nn.Sequential(nn.Linear(10, 10), nn.Tanh()))
        self.out = nn.Linear(10, 2)

    def forward(self, x):
        for i in range(self.depth):
            x = x + getattr(self, {name})(x)
        return self.out(x)
"""
)

# ---------------------------------------------------------------- dtype called like a function (new)
template("numpy_style_cast", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 10)
        self.emb = nn.Embedding(2, 10)
        self.out = nn.Linear(10, 3)

    def forward(self, x):
        h = self.fc(x)
        ids = {ids}
        h = h + self.emb(ids)
        return self.out({h})
"""
)

template("compute_dtype_block", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, compute_dtype=torch.float64):
        super().__init__()
        self.compute_dtype = compute_dtype
        self.norm = nn.LayerNorm(16)
        self.ff = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 16))

    def forward(self, x):
        h = self.ff(self.norm(x))
        var = {cast}.var(-1, keepdim=True)
        return h * torch.rsqrt(var.float() + 1e-5)
"""
)

# ---------------------------------------------------------------- the model's own input guard (new)
template("image_range_guard", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        {guard}
        x = (x - self.mean) / self.std
        return self.fc(self.body(x).flatten(1))
"""
)

template("simplex_input_mixer", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, k=6):
        super().__init__()
        self.table = nn.Parameter(torch.randn(k, 16))
        self.out = nn.Sequential(nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, p):
        p = {prep}
        torch._assert(((p.sum(-1) - 1).abs() < 1e-4).all(), "mixture weights must sum to 1")
        return self.out(p @ self.table)
"""
)

# ---------------------------------------------------------------- F.dropout arguments (new)
template("functional_dropout_mlp", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, p=0.1):
        super().__init__()
        self.p = p
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 4)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = {drop}
        return self.fc2(h)
"""
)

# ---------------------------------------------------------------- Python lists as operands (new)
template("weighted_multi_loss", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, weights=(0.5, 0.3, 0.2)):
        super().__init__()
        self.weights = {wtype}(weights)
        self.heads = nn.ModuleList([nn.Linear(8, 1) for _ in weights])

    def forward(self, x):
        outs = torch.cat([h(x) for h in self.heads], dim=1)
        return (outs * self.weights).sum(1)
"""
)

template("bias_list_adapter", "(3, 4)")(
    """
class Net(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.shift = [0.1 * i for i in range(dim)]
        self.fc = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        h = self.fc(x) + {shift}
        return self.out(h)
"""
)

# ================================================================ earlier classes, whole models
template("config_gpt_block", "(2, 10, 48)")(
    """
from dataclasses import dataclass


@dataclass
class GPTConfig:
    dim: int = 48
    n_head: int = {n_head}
    max_len: int = 16
    mlp_ratio: int = 4


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.n_head = cfg.n_head
        self.head_dim = {head_dim}
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)
        self.proj = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=-1)
        q = q.view(b, t, self.n_head, self.head_dim).transpose(1, 2)
        k = k.view(b, t, self.n_head, self.head_dim).transpose(1, 2)
        v = v.view(b, t, self.n_head, self.head_dim).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, c))


class Net(nn.Module):
    def __init__(self, cfg=GPTConfig()):
        super().__init__()
        self.pos = nn.Parameter(torch.zeros(1, cfg.max_len, cfg.dim))
        self.ln = nn.LayerNorm(cfg.dim)
        self.attn = Attention(cfg)
        self.mlp = nn.Sequential(
            nn.Linear(cfg.dim, cfg.mlp_ratio * cfg.dim), nn.GELU(), nn.Linear(cfg.mlp_ratio * cfg.dim, cfg.dim)
        )

    def forward(self, x):
        x = x + self.pos[:, : x.shape[1]]
        x = x + self.attn(self.ln(x))
        return x + self.mlp(self.ln(x))
"""
)

template("gqa_llama_block", "(2, 6, 64)")(
    """
from dataclasses import dataclass


@dataclass
class LlamaConfig:
    dim: int = 64
    n_heads: int = 8
    n_kv_heads: int = {kv}


class Net(nn.Module):
    def __init__(self, cfg=LlamaConfig()):
        super().__init__()
        self.h = cfg.n_heads
        self.kv = cfg.n_kv_heads
        self.hd = cfg.dim // cfg.n_heads
        self.wq = nn.Linear(cfg.dim, cfg.n_heads * self.hd, bias=False)
        self.wk = nn.Linear(cfg.dim, cfg.n_kv_heads * self.hd, bias=False)
        self.wv = nn.Linear(cfg.dim, cfg.n_kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(cfg.n_heads * self.hd, cfg.dim, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.wk(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.wv(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        rep = {rep}
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        att = torch.softmax(q @ k.transpose(-2, -1) / self.hd**0.5, dim=-1)
        return self.wo((att @ v).transpose(1, 2).reshape(b, t, -1))
"""
)

template("resnet_stage_widths", "(2, 3, 32, 32)")(
    """
class Stage(nn.Module):
    def __init__(self, cin, cout, bn_width):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=2, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(bn_width)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)))


class Net(nn.Module):
    def __init__(self, base=8, n_stages=3):
        super().__init__()
        widths = [base * 2**i for i in range(n_stages)]
        bn_widths = {bn_widths}
        cins = [3] + widths[:-1]
        self.stages = nn.Sequential(*[Stage(a, b, w) for a, b, w in zip(cins, widths, bn_widths)])
        self.fc = nn.Linear(widths[-1], 10)

    def forward(self, x):
        return self.fc(self.stages(x).mean((2, 3)))
"""
)

template("flatten_formula_cnn", "(2, 1, 28, 28)")(
    """
from dataclasses import dataclass


@dataclass
class CNNConfig:
    img: int = 28
    ch: int = 16
    depth: int = {depth}


class Net(nn.Module):
    def __init__(self, cfg=CNNConfig()):
        super().__init__()
        layers, cin = [], 1
        for _ in range(cfg.depth):
            layers += [nn.Conv2d(cin, cfg.ch, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            cin = cfg.ch
        self.features = nn.Sequential(*layers)
        side = {side}
        self.fc = nn.Linear(cfg.ch * side * side, 10)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))
"""
)

template("learned_pos_decode_loop", "(1, 3)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=16, dim=24, max_len=8, new_tokens={new}):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_len, dim)
        self.block = nn.TransformerEncoderLayer(dim, 4, 48, batch_first=True)
        self.lm = nn.Linear(dim, vocab)
        self.new_tokens = new_tokens

    def forward(self, ids):
        for _ in range(self.new_tokens):
            p = torch.arange(ids.shape[1])
            h = self.block(self.tok(ids) + self.pos(p))
            nxt = self.lm(h[:, -1]).argmax(-1, keepdim=True)
            ids = torch.cat([ids, nxt], dim=1)
        return ids
"""
)

template("rotary_head_cfg", "(2, 5, 32)")(
    """
from dataclasses import dataclass


@dataclass
class RopeConfig:
    dim: int = 32
    heads: int = 4
    rot: int = {rot}


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-1)


class Net(nn.Module):
    def __init__(self, cfg=RopeConfig()):
        super().__init__()
        self.cfg = cfg
        self.qk = nn.Linear(cfg.dim, 2 * cfg.dim)
        inv = 1.0 / (10000 ** (torch.arange(0, cfg.rot, 2).float() / cfg.rot))
        self.register_buffer("inv_freq", inv)

    def forward(self, x):
        b, t, _ = x.shape
        hd = self.cfg.dim // self.cfg.heads
        q, k = self.qk(x).view(b, t, 2, self.cfg.heads, hd).unbind(2)
        ang = torch.arange(t).float()[:, None] * self.inv_freq[None]
        cos, sin = ang.cos()[None, :, None], ang.sin()[None, :, None]
        q = {apply_q}
        k = {apply_k}
        return torch.einsum("bthd,bshd->bhts", q, k)
"""
)

template("mixer_token_mlp", "(2, 16, 24)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, tokens, dim, token_hidden):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(nn.Linear(tokens, token_hidden), nn.GELU(), nn.Linear(token_hidden, {tok_out}))
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mlp(self.norm2(x))


class Net(nn.Module):
    def __init__(self, tokens=16, dim=24, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[MixerBlock(tokens, dim, tokens * 2) for _ in range(depth)])
        self.head = nn.Linear(dim, 5)

    def forward(self, x):
        return self.head(self.blocks(x).mean(1))
"""
)

template("unet_concat_decoder", "(1, 3, {hw}, {hw})")(
    """
def double_conv(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU())


class Net(nn.Module):
    def __init__(self, chans=(8, 16, 32)):
        super().__init__()
        self.downs = nn.ModuleList()
        cin = 3
        for c in chans:
            self.downs.append(double_conv(cin, c))
            cin = c
        self.ups = nn.ModuleList()
        self.decs = nn.ModuleList()
        for c in reversed(chans[:-1]):
            self.ups.append(nn.ConvTranspose2d(cin, c, 2, stride=2))
            self.decs.append(double_conv({dec_in}, c))
            cin = c
        self.out = nn.Conv2d(cin, 1, 1)

    def forward(self, x):
        skips = []
        for i, down in enumerate(self.downs):
            x = down(x)
            if i < len(self.downs) - 1:
                skips.append(x)
                x = F.max_pool2d(x, 2)
        for up, dec in zip(self.ups, self.decs):
            x = up(x)
            x = dec(torch.cat([x, skips.pop()], dim=1))
        return self.out(x)
"""
)

template("moe_router_cfg", "(6, 16)")(
    """
from dataclasses import dataclass


@dataclass
class MoEConfig:
    dim: int = 16
    n_experts: int = 4
    top_k: int = {k}


class Expert(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.w1 = nn.Linear(dim, 2 * dim)
        self.w2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, cfg=MoEConfig()):
        super().__init__()
        self.cfg = cfg
        self.gate = nn.Linear(cfg.dim, cfg.n_experts)
        self.experts = nn.ModuleList([Expert(cfg.dim) for _ in range({n_built})])

    def forward(self, x):
        w, idx = torch.topk(torch.softmax(self.gate(x), -1), self.cfg.top_k, dim=-1)
        out = torch.zeros_like(x)
        for j in range(self.cfg.top_k):
            for e in range(self.cfg.n_experts):
                sel = idx[:, j] == e
                if sel.any():
                    out[sel] += w[sel, j, None] * self.experts[e](x[sel])
        return out
"""
)

template("gru_tagger_cfg", "(3, 7, 20)")(
    """
from dataclasses import dataclass


@dataclass
class TaggerConfig:
    feat: int = 20
    proj: int = {proj}
    hidden: int = 32
    tags: int = 9


class Net(nn.Module):
    def __init__(self, cfg=TaggerConfig()):
        super().__init__()
        self.inp = nn.Linear(cfg.feat, cfg.proj)
        self.rnn = nn.GRU({rnn_in}, cfg.hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * cfg.hidden, cfg.tags)

    def forward(self, x):
        h, _ = self.rnn(torch.tanh(self.inp(x)))
        return self.out(h)
"""
)

template("lstm_state_init", "(2, 6, 10)")(
    """
class Net(nn.Module):
    def __init__(self, feat=10, hidden=16, layers={layers}):
        super().__init__()
        self.hidden = hidden
        self.layers = layers
        self.lstm = nn.LSTM(feat, hidden, num_layers=2, batch_first=True)
        self.out = nn.Linear(hidden, 3)

    def forward(self, x):
        b = x.shape[0]
        h0 = torch.zeros(self.layers, b, {h_width})
        c0 = torch.zeros(self.layers, b, {h_width})
        y, _ = self.lstm(x, (h0, c0))
        return self.out(y[:, -1])
"""
)

template("swin_window_block", "(1, {hw}, {hw}, 16)")(
    """
def window_partition(x, ws):
    b, h, w, c = x.shape
    x = x.view(b, h // ws, ws, w // ws, ws, c)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, c)


class Net(nn.Module):
    def __init__(self, dim=16, window={ws}):
        super().__init__()
        self.window = window
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 32), nn.GELU(), nn.Linear(32, dim))

    def forward(self, x):
        win = window_partition(self.norm(x), self.window)
        y, _ = self.attn(win, win, win)
        return y + self.mlp(y)
"""
)

template("diffusion_time_mlp", "(4, 16)")(
    """
import math


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = torch.exp(-math.log(10000) * torch.arange(half).float() / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class Net(nn.Module):
    def __init__(self, dim=16, t_dim={t_dim}):
        super().__init__()
        self.t_dim = t_dim
        self.t_mlp = nn.Sequential(nn.Linear(t_dim, dim), nn.SiLU(), nn.Linear(dim, dim))
        self.body = nn.Linear(dim, dim)

    def forward(self, x):
        t = torch.arange(x.shape[0])
        return self.body(x) + self.t_mlp(timestep_embedding(t, self.t_dim))
"""
)

template("closed_form_ridge_head", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, dim=8, feat=16, ridge=0.0):
        super().__init__()
        self.feat = nn.Sequential(nn.Linear(dim, feat), nn.Tanh())
        self.ridge = ridge
        self.target = nn.Linear(dim, 2)

    def forward(self, x):
        phi = {phi}
        y = self.target(x)
        gram = phi.T @ phi + self.ridge * torch.eye(phi.shape[1])
        w = {solve}
        return phi @ w
"""
)

template("ensemble_max_logits", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self, members=3):
        super().__init__()
        self.members = nn.ModuleList([nn.Sequential(nn.Linear(12, 16), nn.ReLU(), nn.Linear(16, 4)) for _ in range(members)])

    def forward(self, x):
        outs = [m(x) for m in self.members]
        return {combine}
"""
)

template("head_split_view_div", "(2, 8, 24)")(
    """
class Net(nn.Module):
    def __init__(self, dim=24, heads={heads}):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        shape = (b, t, self.heads, {hd})
        q, k, v = (z.reshape(shape).transpose(1, 2) for z in (q, k, v))
        att = torch.softmax(q @ k.transpose(-1, -2), dim=-1)
        return self.out((att @ v).transpose(1, 2).reshape(b, t, c))
"""
)

template("half_masked_attention", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.q = nn.Linear(dim, dim).half()
        self.k = nn.Linear(dim, dim).half()
        self.v = nn.Linear(dim, dim).half()
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        h = x.half()
        t = x.shape[1]
        s = self.q(h) @ self.k(h).transpose(1, 2)
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        s = s.masked_fill(mask, {fill})
        return self.out((torch.softmax(s.float(), -1) @ self.v(h).float()))
"""
)

template("missing_device_attr", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16))
        self.register_buffer("centers", torch.randn(4, 16))
        {extra}

    def forward(self, x):
        h = self.enc(x)
        noise = torch.zeros(h.shape, device={dev})
        return torch.cdist(h + noise, self.centers)
"""
)

template("meta_init_buffers", "(2, 12)")(
    """
class Net(nn.Module):
    def __init__(self, dim=12):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_buffer("offset", torch.zeros(dim, device="{dev}"))
        self.out = nn.Linear(dim, 3)

    def forward(self, x):
        return self.out(torch.relu(self.fc(x)) + {use})
"""
)

template("prompt_param_stack", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_prompts=3, dim=16):
        super().__init__()
        self.prompts = nn.ParameterList([nn.Parameter(torch.randn(dim)) for _ in range(n_prompts)])
        self.enc = nn.TransformerEncoderLayer(dim, 2, 32, batch_first=True)

    def forward(self, x):
        p = {stack}
        p = p.unsqueeze(0).expand(x.shape[0], -1, -1)
        return self.enc(torch.cat([p, x], dim=1))
"""
)

template("groupnorm_cfg_conv", "(2, 3, 8, 8)")(
    """
from dataclasses import dataclass


@dataclass
class NormConfig:
    width: int = {width}
    groups: int = 8


class Net(nn.Module):
    def __init__(self, cfg=NormConfig()):
        super().__init__()
        self.cfg = cfg
        self.conv = nn.Conv2d(3, cfg.width, 3, padding=1)
        self.gamma = nn.Parameter(torch.ones(cfg.width))
        self.beta = nn.Parameter(torch.zeros(cfg.width))
        self.head = nn.Linear(cfg.width, 4)

    def forward(self, x):
        h = F.group_norm(self.conv(x), self.cfg.groups, self.gamma, self.beta)
        return self.head(F.silu(h).mean((2, 3)))
"""
)

template("tied_lm_width_drift", "(2, 7)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class LMConfig:
    vocab: int = 40
    emb: int = 32
    hidden: int = {hidden}


class Net(nn.Module):
    def __init__(self, cfg=LMConfig()):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.emb)
        self.up = nn.Linear(cfg.emb, cfg.hidden)
        self.rnn = nn.GRU(cfg.hidden, cfg.hidden, batch_first=True)
        self.down = {down}

    def forward(self, ids):
        h, _ = self.rnn(self.up(self.embed(ids)))
        return self.down(h) @ self.embed.weight.t()
"""
)

template("fpn_lateral_merge", "(1, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.c1 = nn.Conv2d(3, width, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(width, 2 * width, 3, stride=2, padding=1)
        self.lat = nn.Conv2d(2 * width, width, 1)
        self.fuse = nn.Conv2d(2 * width, width, 3, padding=1)

    def forward(self, x):
        f1 = F.relu(self.c1(x))
        f2 = F.relu(self.c2(f1))
        up = F.interpolate(self.lat(f2), {up})
        return self.fuse(torch.cat([f1, up], dim=1))
"""
)

template("vit_patch_cfg", "(2, 3, 32, 32)")(
    """
from dataclasses import dataclass


@dataclass
class ViTConfig:
    img: int = 32
    patch: int = {patch}
    dim: int = 32


class Net(nn.Module):
    def __init__(self, cfg=ViTConfig()):
        super().__init__()
        n = (cfg.img // {table_patch}) ** 2
        self.embed = nn.Conv2d(3, cfg.dim, cfg.patch, stride=cfg.patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, cfg.dim))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, cfg.dim))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(cfg.dim, 4, 64, batch_first=True), 2)
        self.head = nn.Linear(cfg.dim, 10)

    def forward(self, x):
        t = self.embed(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], dim=1) + self.pos
        return self.head(self.enc(t)[:, 0])
"""
)

template("stacked_tensor_list", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n=3):
        super().__init__()
        self.branches = nn.ModuleList([nn.Linear(8, 8) for _ in range(n)])
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        feats = [b(x) for b in self.branches]
        stacked = {stack}
        return self.out(stacked.mean(0))
"""
)

template("mha_config_cross", "(2, 6, 24)")(
    """
from dataclasses import dataclass


@dataclass
class CrossConfig:
    dim: int = 24
    mem_dim: int = {mem_dim}
    heads: int = 4


class Net(nn.Module):
    def __init__(self, cfg=CrossConfig()):
        super().__init__()
        self.memory = nn.Parameter(torch.randn(1, 5, cfg.mem_dim))
        self.attn = nn.MultiheadAttention(cfg.dim, cfg.heads, batch_first=True{kvdim})
        self.ff = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        mem = self.memory.expand(x.shape[0], -1, -1)
        y, _ = self.attn(x, mem, mem)
        return self.ff(x + y)
"""
)

template("attention_prob_dropout", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, attn_p=0.1):
        super().__init__()
        self.attn_p = attn_p
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        att = torch.softmax(q @ k.transpose(1, 2) / q.shape[-1] ** 0.5, dim=-1)
        att = {drop}
        return self.proj(att @ v)
"""
)

VARIANTS = [
    # device strings (new class device_name_invalid)
    ("config_device_mlp", "ok", "clean", {"dev": "cpu"}),
    ("config_device_mlp", "ok_indexed", "clean", {"dev": "cpu:0"}),
    ("config_device_mlp", "gpu", "device_name_invalid", {"dev": "gpu"}),
    ("config_device_mlp", "upper_cpu", "device_name_invalid", {"dev": "CPU"}),
    ("sinusoid_position_device", "ok", "clean", {"dev": "cpu"}),
    ("sinusoid_position_device", "cuda_no_colon", "device_name_invalid", {"dev": "cuda0"}),
    ("sinusoid_position_device", "gpu_index", "device_name_invalid", {"dev": "gpu:0"}),
    # Tensor.to argument order (new class to_args_order)
    ("mixed_precision_head", "ok", "clean", {"args": '"cpu", torch.float64'}),
    (
        "mixed_precision_head",
        "ok_keywords",
        "clean",
        {"args": "dtype=torch.float64, device=x.device"},
    ),
    ("mixed_precision_head", "dtype_then_str", "to_args_order", {"args": 'torch.float64, "cpu"'}),
    (
        "mixed_precision_head",
        "dtype_then_device",
        "to_args_order",
        {"args": "torch.float64, x.device"},
    ),
    ("cast_table_block", "ok", "clean", {"args": "x"}),
    ("cast_table_block", "ok_device_dtype", "clean", {"args": "x.device, x.dtype"}),
    ("cast_table_block", "dtype_device", "to_args_order", {"args": "x.dtype, x.device"}),
    # gradient shapes (new class backward_gradient_shape)
    ("input_saliency_model", "ok", "clean", {"go": "torch.ones_like(y)"}),
    (
        "input_saliency_model",
        "ok_row_weights",
        "clean",
        {"go": "torch.ones(y.shape[0], 1).expand_as(y)"},
    ),
    (
        "input_saliency_model",
        "like_input",
        "backward_gradient_shape",
        {"go": "torch.ones_like(xi)"},
    ),
    (
        "input_saliency_model",
        "batch_vector",
        "backward_gradient_shape",
        {"go": "torch.ones(y.shape[0])"},
    ),
    ("critic_gradient_penalty", "ok", "clean", {"grad": "torch.ones_like(score)"}),
    ("critic_gradient_penalty", "ok_sum", "clean", {"grad": "torch.ones(score.shape)"}),
    (
        "critic_gradient_penalty",
        "flat_ones",
        "backward_gradient_shape",
        {"grad": "torch.ones(score.shape[0])"},
    ),
    (
        "critic_gradient_penalty",
        "scalar_one",
        "backward_gradient_shape",
        {"grad": "torch.ones(1, 2)"},
    ),
    # inference tensors saved for backward (new class inference_tensor_saved)
    ("cached_prior_adapter", "ok", "clean", {"mode": "torch.no_grad", "use": "self.adapt(prior)"}),
    (
        "cached_prior_adapter",
        "ok_clone",
        "clean",
        {"mode": "torch.inference_mode", "use": "self.adapt(prior.clone())"},
    ),
    (
        "cached_prior_adapter",
        "ok_added",
        "clean",
        {"mode": "torch.inference_mode", "use": "prior + self.scale"},
    ),
    (
        "cached_prior_adapter",
        "inference_linear",
        "inference_tensor_saved",
        {"mode": "torch.inference_mode", "use": "self.adapt(prior)"},
    ),
    (
        "cached_prior_adapter",
        "inference_scaled",
        "inference_tensor_saved",
        {"mode": "torch.inference_mode", "use": "prior * self.scale"},
    ),
    ("teacher_student_distill", "ok", "clean", {"detach": "", "aux": "F.mse_loss(s, t.clone())"}),
    ("teacher_student_distill", "ok_cat", "clean", {"detach": "", "aux": "torch.cat([s, t], -1)"}),
    (
        "teacher_student_distill",
        "product_with_teacher_direct",
        "inference_tensor_saved",
        {"detach": "", "aux": "(s * t).sum(-1)"},
    ),
    (
        "teacher_student_distill",
        "mse_inference_target",
        "inference_tensor_saved",
        {"detach": "", "aux": "F.mse_loss(s, t)"},
    ),
    # empty reductions (new class reduction_empty_dim)
    (
        "prefix_pooled_classifier",
        "ok",
        "clean",
        {"n_prefix": "2", "pool": "body.max(dim=1).values"},
    ),
    ("prefix_pooled_classifier", "ok_last_one", "clean", {"n_prefix": "7", "pool": "body.amax(1)"}),
    (
        "prefix_pooled_classifier",
        "ok_mean_empty",
        "clean",
        {"n_prefix": "8", "pool": "body.mean(1)"},
    ),
    (
        "prefix_pooled_classifier",
        "all_prefix_max",
        "reduction_empty_dim",
        {"n_prefix": "8", "pool": "body.max(dim=1).values"},
    ),
    (
        "prefix_pooled_classifier",
        "all_prefix_amax",
        "reduction_empty_dim",
        {"n_prefix": "8", "pool": "body.amax(1)"},
    ),
    ("span_extractor", "ok", "clean", {"stride": "4", "red": "seg.min(1).values"}),
    ("span_extractor", "ok_logsumexp_empty", "clean", {"stride": "16", "red": "seg.logsumexp(1)"}),
    (
        "span_extractor",
        "zero_width_min_inline",
        "reduction_empty_dim",
        {"stride": "16", "red": "seg.min(1).values"},
    ),
    (
        "span_extractor",
        "zero_width_argmax",
        "reduction_empty_dim",
        {"stride": "16", "red": "h[:, 0] * seg.argmax(1, keepdim=True)"},
    ),
    # module iterators (new classes module_iterator_as_sequence, module_iterator_attr)
    (
        "layer_probe_stack",
        "ok",
        "clean",
        {"blocks": "self.blocks", "last": "list(self.blocks.children())[-1]"},
    ),
    (
        "layer_probe_stack",
        "ok_index",
        "clean",
        {"blocks": "self.blocks.children()", "last": "self.blocks[-1]"},
    ),
    (
        "layer_probe_stack",
        "children_indexed",
        "module_iterator_as_sequence",
        {"blocks": "self.blocks", "last": "self.blocks.children()[-1]"},
    ),
    (
        "layer_probe_stack",
        "modules_sliced",
        "module_iterator_as_sequence",
        {"blocks": "self.blocks.modules()[1:]", "last": "self.blocks[0]"},
    ),
    ("device_follow_encoder", "ok", "clean", {"ref": "next(self.parameters())"}),
    ("device_follow_encoder", "ok_weight", "clean", {"ref": "self.embed.weight"}),
    (
        "device_follow_encoder",
        "generator_attr",
        "module_iterator_attr",
        {"ref": "self.parameters()"},
    ),
    (
        "device_follow_encoder",
        "params_indexed_slip",
        "module_iterator_as_sequence",
        {"ref": "self.parameters()[0]"},
    ),
    (
        "device_follow_encoder",
        "named_generator_attr",
        "module_iterator_attr",
        {"ref": "self.embed.parameters()"},
    ),
    # math domain (new class math_domain_error)
    ("timestep_sinusoid_cfg", "ok", "clean", {"max_period": "10000.0", "min_period": "1.0"}),
    ("timestep_sinusoid_cfg", "ok_small", "clean", {"max_period": "2.0", "min_period": "0.5"}),
    (
        "timestep_sinusoid_cfg",
        "zero_min_period_cfg",
        "math_domain_error",
        {"max_period": "10000.0", "min_period": "0.0"},
    ),
    (
        "timestep_sinusoid_cfg",
        "negative_period",
        "math_domain_error",
        {"max_period": "-1.0", "min_period": "1.0"},
    ),
    ("ddpm_step_block", "ok", "clean", {"steps": "10", "beta_end": "0.02"}),
    ("ddpm_step_block", "ok_beta_one", "clean", {"steps": "10", "beta_end": "0.999"}),
    ("ddpm_step_block", "beta_over_one", "math_domain_error", {"steps": "10", "beta_end": "1.2"}),
    ("ddpm_step_block", "beta_percent", "math_domain_error", {"steps": "10", "beta_end": "2.0"}),
    # zero-sum multinomial (new class multinomial_zero_sum)
    (
        "min_p_sampler_lm",
        "ok",
        "clean",
        {"min_p": "0.01", "keep": "probs >= self.min_p * probs.max(-1, keepdim=True).values"},
    ),
    (
        "min_p_sampler_lm",
        "ok_edge",
        "clean",
        {"min_p": "1.0", "keep": "probs >= self.min_p * probs.max(-1, keepdim=True).values"},
    ),
    (
        "min_p_sampler_lm",
        "absolute_threshold",
        "multinomial_zero_sum",
        {"min_p": "0.5", "keep": "probs >= self.min_p"},
    ),
    (
        "min_p_sampler_lm",
        "strict_max",
        "multinomial_zero_sum",
        {"min_p": "1.0", "keep": "probs > self.min_p * probs.max(-1, keepdim=True).values"},
    ),
    ("threshold_token_picker", "ok", "clean", {"thr": "0.0", "weights": "torch.relu(s) + 1e-6"}),
    (
        "threshold_token_picker",
        "ok_softmax",
        "clean",
        {"thr": "10.0", "weights": "torch.softmax(s / self.threshold, -1)"},
    ),
    (
        "threshold_token_picker",
        "hard_threshold",
        "multinomial_zero_sum",
        {"thr": "10.0", "weights": "(s > self.threshold).float()"},
    ),
    # namedtuple results indexed (new class return_namedtuple_indexed)
    ("topk_feature_select", "ok", "clean", {"top": "h.sort(dim=-1).values[:, -self.k :]"}),
    ("topk_feature_select", "ok_topk_first", "clean", {"top": "torch.topk(h, self.k)[0]"}),
    (
        "topk_feature_select",
        "sort_sliced",
        "return_namedtuple_indexed",
        {"top": "h.sort(dim=-1)[:, -self.k :]"},
    ),
    (
        "topk_feature_select",
        "topk_sliced",
        "return_namedtuple_indexed",
        {"top": "torch.topk(h, self.k)[:, : self.k]"},
    ),
    ("median_pool_head", "ok", "clean", {"pool": "h.median(dim=1).values"}),
    ("median_pool_head", "ok_tuple_first", "clean", {"pool": "torch.max(h, 1)[0]"}),
    (
        "median_pool_head",
        "median_ellipsis",
        "return_namedtuple_indexed",
        {"pool": "h.median(dim=1)[..., :]"},
    ),
    (
        "median_pool_head",
        "max_rows",
        "return_namedtuple_indexed",
        {"pool": "torch.max(h, 1)[:, :]"},
    ),
    # init modes (new class init_mode_name)
    ("lazy_kaiming_mlp", "ok", "clean", {"mode": "fan_in", "init": "kaiming_normal_"}),
    ("lazy_kaiming_mlp", "ok_fan_out", "clean", {"mode": "fan_out", "init": "kaiming_uniform_"}),
    (
        "lazy_kaiming_mlp",
        "fan_avg",
        "init_mode_name",
        {"mode": "fan_avg", "init": "kaiming_normal_"},
    ),
    ("lazy_kaiming_mlp", "fanin", "init_mode_name", {"mode": "fanin", "init": "kaiming_uniform_"}),
    ("conv_reinit_stem", "ok", "clean", {"mode": "fan_out"}),
    (
        "conv_reinit_stem",
        "ok_upper_mode",
        "clean",
        {"mode": "FAN_IN"},
    ),  # written as a crash; torch lower-cases the mode
    ("conv_reinit_stem", "fan_avg", "init_mode_name", {"mode": "fan_avg"}),
    ("conv_reinit_stem", "hyphen_mode", "init_mode_name", {"mode": "fan-in"}),
    # module used as its weight (new class module_tensor_attr)
    ("learned_position_vit", "ok", "clean", {"n": "tok.shape[1]"}),
    ("learned_position_vit", "ok_num_embeddings", "clean", {"n": "self.pos.num_embeddings"}),
    ("learned_position_vit", "module_shape", "module_tensor_attr", {"n": "self.pos.shape[0]"}),
    ("learned_position_vit", "module_size", "module_tensor_attr", {"n": "self.pos.size(0)"}),
    ("ema_weight_snapshot", "ok", "clean", {"snap": "self.fc.weight.detach().clone()"}),
    (
        "ema_weight_snapshot",
        "ok_state",
        "clean",
        {"snap": 'self.fc.state_dict()["weight"].clone()'},
    ),
    ("ema_weight_snapshot", "module_clone", "module_tensor_attr", {"snap": "self.fc.clone()"}),
    ("ema_weight_snapshot", "module_detach", "module_tensor_attr", {"snap": "self.fc.detach()"}),
    # torch.Size slices as ints (new class shape_slice_as_int)
    ("scaled_dot_attention", "ok", "clean", {"d": "q.shape[-1]"}),
    ("scaled_dot_attention", "ok_size", "clean", {"d": "q.size(-1)"}),
    ("scaled_dot_attention", "shape_slice_cfg", "shape_slice_as_int", {"d": "q.shape[-1:]"}),
    ("per_channel_loop", "ok", "clean", {"n": "x.shape[1]"}),
    ("per_channel_loop", "ok_len", "clean", {"n": "len(self.convs)"}),
    ("per_channel_loop", "shape_tail", "shape_slice_as_int", {"n": "x.shape[1:2]"}),
    ("per_channel_loop", "int_of_slice", "shape_slice_as_int", {"n": "int(x.shape[1:2])"}),
    # negative repeat counts (new class repeat_interleave_negative)
    ("duration_length_regulator", "ok", "clean", {"dur": "torch.round(torch.exp(log_dur)).long()"}),
    (
        "duration_length_regulator",
        "ok_clamped",
        "clean",
        {"dur": "torch.round(log_dur).long().clamp(min=0)"},
    ),
    (
        "duration_length_regulator",
        "log_not_exp",
        "repeat_interleave_negative",
        {"dur": "torch.round(log_dur * 4).long()"},
    ),
    (
        "duration_length_regulator",
        "shifted",
        "repeat_interleave_negative",
        {"dur": "(log_dur * 4).long() - 1"},
    ),
    ("upsample_by_repeat_cfg", "ok", "clean", {"out_rate": "8"}),
    ("upsample_by_repeat_cfg", "ok_triple", "clean", {"out_rate": "12"}),
    ("upsample_by_repeat_cfg", "downsample_slip", "repeat_interleave_negative", {"out_rate": "2"}),
    # linspace of one-element tensors (new class linspace_tensor_bounds)
    ("learned_range_bins", "ok", "clean", {"shape": "()", "lo": "self.lo", "hi": "self.hi"}),
    (
        "learned_range_bins",
        "ok_item",
        "clean",
        {"shape": "1", "lo": "self.lo.item()", "hi": "self.hi.item()"},
    ),
    (
        "learned_range_bins",
        "ok_squeezed",
        "clean",
        {"shape": "1", "lo": "self.lo[0]", "hi": "self.hi.squeeze()"},
    ),
    (
        "learned_range_bins",
        "one_element",
        "linspace_tensor_bounds",
        {"shape": "1", "lo": "self.lo", "hi": "self.hi"},
    ),
    ("per_sample_grid", "ok", "clean", {"lo": "h.mean()"}),
    ("per_sample_grid", "batch_vector", "linspace_tensor_bounds", {"lo": "h.mean((1, 2, 3))"}),
    ("per_sample_grid", "keepdim_scalar", "linspace_tensor_bounds", {"lo": "h.mean().view(1)"}),
    # dicts looked up by a tensor (new class tensor_dict_key)
    ("class_conditional_gain", "ok", "clean", {"key": "int(ids[0, 0])"}),
    ("class_conditional_gain", "ok_item", "clean", {"key": "ids[0, 0].item()"}),
    ("class_conditional_gain", "tensor_key", "tensor_dict_key", {"key": "ids[0, 0]"}),
    ("class_conditional_gain", "tensor_max_key", "tensor_dict_key", {"key": "ids.max()"}),
    ("label_routed_heads", "ok", "clean", {"key": "ids[row, 0].item()"}),
    ("label_routed_heads", "ok_tolist", "clean", {"key": "ids[:, 0].tolist()[row]"}),
    ("label_routed_heads", "tensor_row_key_slip", "tensor_dict_key", {"key": "ids[row, 0]"}),
    # dict views subscripted (new class dict_view_subscripted)
    ("multi_task_registry", "ok", "clean", {"main": "list(self.heads.keys())[0]"}),
    ("multi_task_registry", "ok_next", "clean", {"main": "next(iter(self.sizes))"}),
    (
        "multi_task_registry",
        "keys_indexed",
        "dict_view_subscripted",
        {"main": "self.heads.keys()[0]"},
    ),
    (
        "multi_task_registry",
        "sizes_keys_indexed",
        "dict_view_subscripted",
        {"main": "self.sizes.keys()[-1]"},
    ),
    ("stage_width_table", "ok", "clean", {"out_ch": 'self.widths["top"]'}),
    ("stage_width_table", "ok_list_last", "clean", {"out_ch": "list(self.widths.values())[-1]"}),
    (
        "stage_width_table",
        "values_indexed",
        "dict_view_subscripted",
        {"out_ch": "self.widths.values()[-1]"},
    ),
    # str + int names (new class str_int_concat)
    ("named_stage_backbone", "ok", "clean", {"key": 'f"stage{i}"'}),
    ("named_stage_backbone", "ok_str", "clean", {"key": '"stage" + str(i)'}),
    ("named_stage_backbone", "str_plus_int_stale", "str_int_concat", {"key": '"stage" + i'}),
    ("getattr_block_chain", "ok", "clean", {"name": 'f"block{i}"'}),
    ("getattr_block_chain", "ok_format", "clean", {"name": '"block%d" % i'}),
    ("getattr_block_chain", "str_plus_int", "str_int_concat", {"name": '"block" + i'}),
    (
        "getattr_block_chain",
        "str_plus_depth",
        "str_int_concat",
        {"name": '"block" + (self.depth - 1 - i)'},
    ),
    # dtype called like a function (new class dtype_called)
    (
        "numpy_style_cast",
        "ok",
        "clean",
        {"ids": "(x[:, 0] > 0).long()", "h": "h.to(torch.float32)"},
    ),
    (
        "numpy_style_cast",
        "ok_as_tensor",
        "clean",
        {"ids": "torch.as_tensor(x[:, 0] > 0, dtype=torch.long)", "h": "h"},
    ),
    (
        "numpy_style_cast",
        "long_called",
        "dtype_called",
        {"ids": "torch.long(x[:, 0] > 0)", "h": "h"},
    ),
    (
        "numpy_style_cast",
        "float_called",
        "dtype_called",
        {"ids": "(x[:, 0] > 0).long()", "h": "torch.float32(h)"},
    ),
    ("compute_dtype_block", "ok", "clean", {"cast": "h.to(self.compute_dtype)"}),
    ("compute_dtype_block", "ok_type", "clean", {"cast": "h.type(self.compute_dtype)"}),
    ("compute_dtype_block", "attr_called_model", "dtype_called", {"cast": "self.compute_dtype(h)"}),
    # the model's own input guard (new class input_range_guard)
    ("image_range_guard", "ok", "clean", {"guard": 'assert x.dim() == 4, "expected NCHW"'}),
    (
        "image_range_guard",
        "ok_finite",
        "clean",
        {"guard": 'assert torch.isfinite(x).all(), "non-finite pixels"'},
    ),
    (
        "image_range_guard",
        "min_raise",
        "input_range_guard",
        {"guard": 'if x.min() < 0:\n            raise ValueError("expected pixels in [0, 1]")'},
    ),
    (
        "image_range_guard",
        "max_assert",
        "input_range_guard",
        {"guard": 'assert x.max() <= 1.0, "expected pixels in [0, 1]"'},
    ),
    ("simplex_input_mixer", "ok", "clean", {"prep": "torch.softmax(p, dim=-1)"}),
    (
        "simplex_input_mixer",
        "ok_normalized",
        "clean",
        {"prep": "p.abs() / p.abs().sum(-1, keepdim=True)"},
    ),
    ("simplex_input_mixer", "raw", "input_range_guard", {"prep": "p"}),
    ("simplex_input_mixer", "relu_only", "input_range_guard", {"prep": "torch.relu(p)"}),
    # F.dropout argument order (new class functional_dropout_args_order)
    ("functional_dropout_mlp", "ok", "clean", {"drop": "F.dropout(h, self.p, self.training)"}),
    (
        "functional_dropout_mlp",
        "ok_keywords",
        "clean",
        {"drop": "F.dropout(h, training=self.training, p=self.p)"},
    ),
    (
        "functional_dropout_mlp",
        "swapped",
        "functional_dropout_args_order",
        {"drop": "F.dropout(h, self.training, self.p)"},
    ),
    (
        "functional_dropout_mlp",
        "swapped_2d",
        "functional_dropout_args_order",
        {"drop": "F.dropout1d(h, self.training, self.p)"},
    ),
    # Python lists as operands (new class python_list_operand)
    ("weighted_multi_loss", "ok", "clean", {"wtype": "torch.tensor"}),
    ("weighted_multi_loss", "ok_buffer_like", "clean", {"wtype": "torch.as_tensor"}),
    ("weighted_multi_loss", "list", "python_list_operand", {"wtype": "list"}),
    ("weighted_multi_loss", "tuple", "python_list_operand", {"wtype": "tuple"}),
    ("bias_list_adapter", "ok", "clean", {"shift": "torch.tensor(self.shift)"}),
    ("bias_list_adapter", "ok_new_tensor", "clean", {"shift": "x.new_tensor(self.shift)"}),
    ("bias_list_adapter", "list_added_plain", "python_list_operand", {"shift": "self.shift"}),
    # earlier classes as whole models with sizes through Python
    ("config_gpt_block", "ok", "clean", {"n_head": "6", "head_dim": "cfg.dim // cfg.n_head"}),
    ("config_gpt_block", "ok_four", "clean", {"n_head": "4", "head_dim": "cfg.dim // cfg.n_head"}),
    ("config_gpt_block", "stale_64", "head_split", {"n_head": "6", "head_dim": "64 // cfg.n_head"}),
    (
        "config_gpt_block",
        "heads_5",
        "head_split",
        {"n_head": "5", "head_dim": "cfg.dim // cfg.n_head"},
    ),
    ("gqa_llama_block", "ok", "clean", {"kv": "2", "rep": "self.h // self.kv"}),
    ("gqa_llama_block", "ok_mha", "clean", {"kv": "8", "rep": "self.h // self.kv"}),
    ("gqa_llama_block", "kv_3", "kv_heads", {"kv": "3", "rep": "self.h // self.kv"}),
    ("gqa_llama_block", "literal_rep", "kv_heads", {"kv": "4", "rep": "4"}),
    ("resnet_stage_widths", "ok", "clean", {"bn_widths": "widths"}),
    (
        "resnet_stage_widths",
        "ok_formula",
        "clean",
        {"bn_widths": "[base << i for i in range(n_stages)]"},
    ),
    (
        "resnet_stage_widths",
        "base_16",
        "bn_channels",
        {"bn_widths": "[16 * 2**i for i in range(n_stages)]"},
    ),
    (
        "resnet_stage_widths",
        "doubled_from_zero",
        "bn_channels",
        {"bn_widths": "[base * 2 ** (i + 1) for i in range(n_stages)]"},
    ),
    ("flatten_formula_cnn", "ok", "clean", {"depth": "2", "side": "cfg.img // 2**cfg.depth"}),
    (
        "flatten_formula_cnn",
        "ok_depth3",
        "clean",
        {"depth": "3", "side": "cfg.img // 2**cfg.depth"},
    ),
    ("flatten_formula_cnn", "stale_literal", "linear_in_features", {"depth": "3", "side": "7"}),
    (
        "flatten_formula_cnn",
        "round_not_floor",
        "linear_in_features",
        {"depth": "3", "side": "round(cfg.img / 2**cfg.depth)"},
    ),
    ("learned_pos_decode_loop", "ok", "clean", {"new": "4"}),
    ("learned_pos_decode_loop", "ok_fill", "clean", {"new": "6"}),
    ("learned_pos_decode_loop", "one_more_cfg", "pos_table_length", {"new": "7"}),
    (
        "rotary_head_cfg",
        "ok",
        "clean",
        {"rot": "8", "apply_q": "rotate(q, cos, sin)", "apply_k": "rotate(k, cos, sin)"},
    ),
    (
        "rotary_head_cfg",
        "ok_partial",
        "clean",
        {
            "rot": "4",
            "apply_q": "torch.cat([rotate(q[..., :4], cos, sin), q[..., 4:]], -1)",
            "apply_k": "torch.cat([rotate(k[..., :4], cos, sin), k[..., 4:]], -1)",
        },
    ),
    (
        "rotary_head_cfg",
        "rot_full_width",
        "rope_dims",
        {"rot": "32", "apply_q": "rotate(q, cos, sin)", "apply_k": "rotate(k, cos, sin)"},
    ),
    (
        "rotary_head_cfg",
        "partial_unsliced",
        "rope_dims",
        {"rot": "4", "apply_q": "rotate(q, cos, sin)", "apply_k": "rotate(k, cos, sin)"},
    ),
    ("mixer_token_mlp", "ok", "clean", {"tok_out": "tokens"}),
    ("mixer_token_mlp", "hidden_out", "residual_width", {"tok_out": "token_hidden"}),
    ("mixer_token_mlp", "dim_out", "residual_width", {"tok_out": "dim"}),
    ("unet_concat_decoder", "ok", "clean", {"hw": "32", "dec_in": "2 * c"}),
    ("unet_concat_decoder", "ok_24", "clean", {"hw": "24", "dec_in": "2 * c"}),
    ("unet_concat_decoder", "dec_in_c", "conv_in_channels", {"hw": "32", "dec_in": "c"}),
    ("unet_concat_decoder", "odd_30", "unet_skip", {"hw": "30", "dec_in": "2 * c"}),
    ("moe_router_cfg", "ok", "clean", {"k": "2", "n_built": "cfg.n_experts"}),
    ("moe_router_cfg", "ok_all", "clean", {"k": "4", "n_built": "cfg.n_experts"}),
    ("moe_router_cfg", "k_over", "topk_k", {"k": "5", "n_built": "cfg.n_experts"}),
    (
        "moe_router_cfg",
        "fewer_built",
        "modulelist_index_range",
        {"k": "4", "n_built": "cfg.n_experts - 1"},
    ),
    ("gru_tagger_cfg", "ok", "clean", {"proj": "32", "rnn_in": "cfg.proj"}),
    ("gru_tagger_cfg", "ok_equal", "clean", {"proj": "20", "rnn_in": "cfg.feat"}),
    ("gru_tagger_cfg", "feat_not_proj", "rnn_input", {"proj": "32", "rnn_in": "cfg.feat"}),
    ("gru_tagger_cfg", "hidden_in", "rnn_input", {"proj": "24", "rnn_in": "cfg.hidden"}),
    ("lstm_state_init", "ok", "clean", {"layers": "2", "h_width": "self.hidden"}),
    ("lstm_state_init", "one_layer_state", "rnn_hidden", {"layers": "1", "h_width": "self.hidden"}),
    (
        "lstm_state_init",
        "feat_width_state",
        "rnn_hidden",
        {"layers": "2", "h_width": "x.shape[-1]"},
    ),
    ("swin_window_block", "ok", "clean", {"hw": "8", "ws": "4"}),
    ("swin_window_block", "ok_whole", "clean", {"hw": "6", "ws": "6"}),
    ("swin_window_block", "win_3_of_8", "window_partition", {"hw": "8", "ws": "3"}),
    ("swin_window_block", "win_4_of_6", "window_partition", {"hw": "6", "ws": "4"}),
    ("diffusion_time_mlp", "ok", "clean", {"t_dim": "32"}),
    ("diffusion_time_mlp", "odd_33", "timestep_embed", {"t_dim": "33"}),
    ("diffusion_time_mlp", "odd_15", "timestep_embed", {"t_dim": "15"}),
    (
        "closed_form_ridge_head",
        "ok",
        "clean",
        {
            "phi": "self.feat(x) + 0.1 * torch.randn(x.shape[0], 1)",
            "solve": "torch.linalg.lstsq(phi, y).solution",
        },
    ),
    (
        "closed_form_ridge_head",
        "ok_bias_column",
        "clean",
        {
            "phi": "F.pad(self.feat(x), (0, 1), value=1.0)",
            "solve": "torch.linalg.pinv(gram) @ phi.T @ y",
        },
    ),
    # written as crashes; a rank-4 float Gram matrix is not exactly singular, torch solves / inverts it
    (
        "closed_form_ridge_head",
        "ok_no_ridge_solve",
        "clean",
        {"phi": "self.feat(x)", "solve": "torch.linalg.solve(gram, phi.T @ y)"},
    ),
    (
        "closed_form_ridge_head",
        "ok_no_ridge_inverse",
        "clean",
        {"phi": "self.feat(x)", "solve": "torch.linalg.inv(gram) @ phi.T @ y"},
    ),
    (
        "closed_form_ridge_head",
        "zero_bias_column_solve",
        "inv_singular",
        {"phi": "F.pad(self.feat(x), (0, 1))", "solve": "torch.linalg.solve(gram, phi.T @ y)"},
    ),
    (
        "closed_form_ridge_head",
        "zero_bias_column_inverse",
        "inv_singular",
        {"phi": "F.pad(self.feat(x), (0, 1))", "solve": "torch.linalg.inv(gram) @ phi.T @ y"},
    ),
    ("ensemble_max_logits", "ok", "clean", {"combine": "torch.stack(outs).amax(0)"}),
    ("ensemble_max_logits", "ok_sum", "clean", {"combine": "sum(outs) / len(outs)"}),
    ("ensemble_max_logits", "python_max", "tensor_bool", {"combine": "max(outs)"}),
    ("ensemble_max_logits", "python_sorted", "tensor_bool", {"combine": "sorted(outs)[-1]"}),
    ("head_split_view_div", "ok", "clean", {"heads": "4", "hd": "c // self.heads"}),
    ("head_split_view_div", "ok_int_div", "clean", {"heads": "3", "hd": "int(c / self.heads)"}),
    ("head_split_view_div", "true_div", "true_div_size", {"heads": "4", "hd": "c / self.heads"}),
    ("head_split_view_div", "true_div_3", "true_div_size", {"heads": "3", "hd": "c / self.heads"}),
    ("half_masked_attention", "ok", "clean", {"fill": 'float("-inf")'}),
    ("half_masked_attention", "ok_half_min", "clean", {"fill": "torch.finfo(s.dtype).min"}),
    ("half_masked_attention", "minus_1e9", "fill_value_overflow", {"fill": "-1e9"}),
    (
        "half_masked_attention",
        "float32_min",
        "fill_value_overflow",
        {"fill": "torch.finfo(torch.float32).min"},
    ),
    ("missing_device_attr", "ok", "clean", {"extra": "pass", "dev": "x.device"}),
    (
        "missing_device_attr",
        "ok_set",
        "clean",
        {"extra": 'self.device = torch.device("cpu")', "dev": "self.device"},
    ),
    ("missing_device_attr", "self_device", "attr_missing", {"extra": "pass", "dev": "self.device"}),
    (
        "missing_device_attr",
        "buffer_device_typo",
        "attr_missing",
        {"extra": "pass", "dev": "self.center.device"},
    ),
    ("meta_init_buffers", "ok", "clean", {"dev": "cpu", "use": "self.offset"}),
    (
        "meta_init_buffers",
        "ok_meta_replaced",
        "clean",
        {"dev": "meta", "use": "torch.zeros_like(self.offset, device=x.device)"},
    ),
    ("meta_init_buffers", "meta_buffer", "meta_device_mix", {"dev": "meta", "use": "self.offset"}),
    ("prompt_param_stack", "ok", "clean", {"stack": "torch.stack(list(self.prompts))"}),
    (
        "prompt_param_stack",
        "ok_comprehension",
        "clean",
        {"stack": "torch.stack([q for q in self.prompts])"},
    ),
    (
        "prompt_param_stack",
        "param_list_stacked",
        "module_as_tensor_arg",
        {"stack": "torch.stack(self.prompts)"},
    ),
    ("groupnorm_cfg_conv", "ok", "clean", {"width": "32"}),
    ("groupnorm_cfg_conv", "ok_8", "clean", {"width": "8"}),
    ("groupnorm_cfg_conv", "width_36", "norm_groups", {"width": "36"}),
    ("groupnorm_cfg_conv", "width_12", "norm_groups", {"width": "12"}),
    (
        "tied_lm_width_drift",
        "ok",
        "clean",
        {"hidden": "48", "down": "nn.Linear(cfg.hidden, cfg.emb)"},
    ),
    ("tied_lm_width_drift", "ok_same", "clean", {"hidden": "32", "down": "nn.Identity()"}),
    (
        "tied_lm_width_drift",
        "identity_wider",
        "tied_weight",
        {"hidden": "48", "down": "nn.Identity()"},
    ),
    (
        "tied_lm_width_drift",
        "down_to_hidden",
        "tied_weight",
        {"hidden": "48", "down": "nn.Linear(cfg.hidden, cfg.hidden)"},
    ),
    ("fpn_lateral_merge", "ok", "clean", {"hw": "32", "up": "scale_factor=2"}),
    ("fpn_lateral_merge", "ok_size_odd", "clean", {"hw": "30", "up": "size=f1.shape[-2:]"}),
    ("fpn_lateral_merge", "odd_scale", "cat_spatial", {"hw": "30", "up": "scale_factor=2"}),
    (
        "fpn_lateral_merge",
        "odd_scale_nearest",
        "cat_spatial",
        {"hw": "26", "up": 'scale_factor=2, mode="nearest"'},
    ),
    ("vit_patch_cfg", "ok", "clean", {"patch": "4", "table_patch": "cfg.patch"}),
    ("vit_patch_cfg", "ok_8", "clean", {"patch": "8", "table_patch": "cfg.patch"}),
    (
        "vit_patch_cfg",
        "patch_changed_only_in_conv",
        "pos_table_length",
        {"patch": "8", "table_patch": "4"},
    ),
    ("vit_patch_cfg", "patch_2", "pos_table_length", {"patch": "2", "table_patch": "4"}),
    ("stacked_tensor_list", "ok", "clean", {"stack": "torch.stack(feats)"}),
    ("stacked_tensor_list", "ok_cat", "clean", {"stack": "torch.cat([f[None] for f in feats])"}),
    ("stacked_tensor_list", "tensor_of_list", "tensor_from_list", {"stack": "torch.tensor(feats)"}),
    (
        "stacked_tensor_list",
        "as_tensor_of_list",
        "tensor_from_list",
        {"stack": "torch.as_tensor(feats)"},
    ),
    ("mha_config_cross", "ok", "clean", {"mem_dim": "24", "kvdim": ""}),
    (
        "mha_config_cross",
        "ok_kdim",
        "clean",
        {"mem_dim": "16", "kvdim": ", kdim=cfg.mem_dim, vdim=cfg.mem_dim"},
    ),
    ("mha_config_cross", "mem_16", "mha_kdim", {"mem_dim": "16", "kvdim": ""}),
    ("mha_config_cross", "kdim_only", "mha_kdim", {"mem_dim": "16", "kvdim": ", kdim=cfg.mem_dim"}),
    (
        "attention_prob_dropout",
        "ok",
        "clean",
        {"drop": "F.dropout(att, p=self.attn_p, training=self.training)"},
    ),
    (
        "attention_prob_dropout",
        "ok_module_flag",
        "clean",
        {"drop": "F.dropout(att, self.attn_p, False)"},
    ),
    (
        "attention_prob_dropout",
        "flag_first_again",
        "functional_dropout_args_order",
        {"drop": "F.dropout(att, False, self.attn_p)"},
    ),
    (
        "missing_device_attr",
        "buffers_generator_device_loop",
        "module_iterator_attr",
        {"extra": "pass", "dev": "self.buffers().device"},
    ),
    ("topk_feature_select", "k_over_width", "topk_k", {"top": "torch.topk(h, 4 * self.k + 1)[0]"}),
    (
        "stacked_tensor_list",
        "modulelist_stacked",
        "module_as_tensor_arg",
        {"stack": "torch.stack(self.branches)"},
    ),
    ("cast_table_block", "meta_target", "meta_device_mix", {"args": '"meta"'}),
    ("per_channel_loop", "one_extra_channel", "modulelist_index_range", {"n": "x.shape[1] + 1"}),
]

# clean variants that look risky: an edge value, a spelling that works, a near-miss torch runs
RISKY_CLEAN = (
    "config_device_mlp__ok_indexed",
    "mixed_precision_head__ok_keywords",
    "cast_table_block__ok_device_dtype",
    "input_saliency_model__ok_row_weights",
    "critic_gradient_penalty__ok_sum",
    "cached_prior_adapter__ok_clone",
    "cached_prior_adapter__ok_added",
    "teacher_student_distill__ok_cat",
    "prefix_pooled_classifier__ok_last_one",
    "prefix_pooled_classifier__ok_mean_empty",
    "span_extractor__ok_logsumexp_empty",
    "layer_probe_stack__ok_index",
    "device_follow_encoder__ok_weight",
    "timestep_sinusoid_cfg__ok_small",
    "ddpm_step_block__ok_beta_one",
    "min_p_sampler_lm__ok_edge",
    "threshold_token_picker__ok_softmax",
    "topk_feature_select__ok_topk_first",
    "median_pool_head__ok_tuple_first",
    "lazy_kaiming_mlp__ok_fan_out",
    "conv_reinit_stem__ok_upper_mode",
    "learned_position_vit__ok_num_embeddings",
    "ema_weight_snapshot__ok_state",
    "scaled_dot_attention__ok_size",
    "per_channel_loop__ok_len",
    "duration_length_regulator__ok_clamped",
    "upsample_by_repeat_cfg__ok_triple",
    "learned_range_bins__ok_item",
    "learned_range_bins__ok_squeezed",
    "class_conditional_gain__ok_item",
    "label_routed_heads__ok_tolist",
    "multi_task_registry__ok_next",
    "stage_width_table__ok_list_last",
    "named_stage_backbone__ok_str",
    "getattr_block_chain__ok_format",
    "numpy_style_cast__ok_as_tensor",
    "compute_dtype_block__ok_type",
    "image_range_guard__ok_finite",
    "simplex_input_mixer__ok_normalized",
    "functional_dropout_mlp__ok_keywords",
    "weighted_multi_loss__ok_buffer_like",
    "bias_list_adapter__ok_new_tensor",
    "config_gpt_block__ok_four",
    "gqa_llama_block__ok_mha",
    "resnet_stage_widths__ok_formula",
    "flatten_formula_cnn__ok_depth3",
    "learned_pos_decode_loop__ok_fill",
    "rotary_head_cfg__ok_partial",
    "unet_concat_decoder__ok_24",
    "moe_router_cfg__ok_all",
    "gru_tagger_cfg__ok_equal",
    "swin_window_block__ok_whole",
    "closed_form_ridge_head__ok_bias_column",
    "closed_form_ridge_head__ok_no_ridge_solve",
    "closed_form_ridge_head__ok_no_ridge_inverse",
    "ensemble_max_logits__ok_sum",
    "head_split_view_div__ok_int_div",
    "half_masked_attention__ok_half_min",
    "missing_device_attr__ok_set",
    "meta_init_buffers__ok_meta_replaced",
    "prompt_param_stack__ok_comprehension",
    "groupnorm_cfg_conv__ok_8",
    "tied_lm_width_drift__ok_same",
    "fpn_lateral_merge__ok_size_odd",
    "vit_patch_cfg__ok_8",
    "stacked_tensor_list__ok_cat",
    "mha_config_cross__ok_kdim",
    "attention_prob_dropout__ok_module_flag",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "config_device_mlp",
    "input_saliency_model",
    "critic_gradient_penalty",
    "cached_prior_adapter",
    "teacher_student_distill",
    "prefix_pooled_classifier",
    "layer_probe_stack",
    "device_follow_encoder",
    "timestep_sinusoid_cfg",
    "ddpm_step_block",
    "min_p_sampler_lm",
    "threshold_token_picker",
    "topk_feature_select",
    "conv_reinit_stem",
    "learned_position_vit",
    "duration_length_regulator",
    "upsample_by_repeat_cfg",
    "label_routed_heads",
    "multi_task_registry",
    "stage_width_table",
    "named_stage_backbone",
    "getattr_block_chain",
    "config_gpt_block",
    "gqa_llama_block",
    "resnet_stage_widths",
    "flatten_formula_cnn",
    "learned_pos_decode_loop",
    "rotary_head_cfg",
    "mixer_token_mlp",
    "unet_concat_decoder",
    "moe_router_cfg",
    "gru_tagger_cfg",
    "swin_window_block",
    "diffusion_time_mlp",
    "closed_form_ridge_head",
    "ensemble_max_logits",
    "half_masked_attention",
    "missing_device_attr",
    "prompt_param_stack",
    "groupnorm_cfg_conv",
    "tied_lm_width_drift",
    "fpn_lateral_merge",
    "vit_patch_cfg",
    "mha_config_cross",
)
