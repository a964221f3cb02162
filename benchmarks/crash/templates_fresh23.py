"""A twenty-third fresh batch of crash cases (session 31, split ``fresh23``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
Half the crash classes are new: module-registry slips made inside forward (``register_parameter``
given a plain tensor, ``add_module`` given a function, a ``Sequential`` / ``ParameterList``
indexed past its end, a ``ModuleDict`` indexed by position, a ``ParameterDict`` / ``get_parameter``
/ ``state_dict()`` looked up under a name that does not exist, running statistics read from a
``BatchNorm`` that does not track them), numerics and autograd guards (a model's own finite-value
assert, ``autograd.grad`` of a frozen weight, ``requires_grad_`` on a computed tensor,
``numpy()`` of a tensor that requires grad, ``vector_to_parameters`` with a short vector), device
slips (a hard-coded ``cuda`` device, ``pin_memory`` without an accelerator), and op slips
(``F.normalize`` of ids, ``scaled_dot_product_attention`` with a mask and ``is_causal``, a value
for a reflect pad, ``orthogonal_`` of a vector, Python ``sum`` with ``dim``, arithmetic on a
``torch.Size``, two ellipses in one index, ``gumbel_softmax`` of integer logits,
``take_along_dim`` with int32 indices). The other half are classes earlier batches have, written
as whole models whose sizes come through Python: a config dataclass whose width, head count or
table length changed in one place only, a decode loop, a U-Net, a ViT, an MoE, a GRU seq2seq, a
GQA decoder, windowed attention, a diffusion time embedding. Several clean variants look risky
(``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f23_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- module registry slips in forward
template("lazy_scale_registry", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)
        self.norm = nn.LayerNorm(16)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        if not hasattr(self, "scale"):
            {register}
        return self.head(self.norm(self.fc(x)) * self.scale)
"""
)

template("activation_registry", "(3, 12)")(
    """
ACTS = {{"relu": {relu}, "gelu": {gelu}}}


class Net(nn.Module):
    def __init__(self, act="{act}"):
        super().__init__()
        self.act_name = act
        self.fc1 = nn.Linear(12, 24)
        self.fc2 = nn.Linear(24, 6)

    def forward(self, x):
        if "act" not in self._modules:
            self.add_module("act", ACTS[self.act_name])
        return self.fc2(self.act(self.fc1(x)))
"""
)

template("staged_conv_probe", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(8, 16, 32)):
        super().__init__()
        layers = []
        cin = 3
        for w in widths:
            layers += [nn.Conv2d(cin, w, 3, padding=1), nn.ReLU()]
            cin = w
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear({head_in}, 10)

    def forward(self, x):
        for i in range({stop}):
            x = self.body[i](x)
        return self.head(x.mean((2, 3)))
"""
)

template("task_heads_by_index", "(3, 20)")(
    """
class Net(nn.Module):
    def __init__(self, tasks=("cls", "reg")):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(20, 32), nn.GELU(), nn.Linear(32, 32))
        self.heads = nn.ModuleDict({{t: nn.Linear(32, 4) for t in tasks}})

    def forward(self, x):
        h = self.trunk(x)
        return {expr}
"""
)

template("prompt_token_bank", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_prompts={n}):
        super().__init__()
        self.prompts = nn.ParameterList(
            [nn.Parameter(torch.randn(1, 16)) for _ in range(n_prompts)]
        )
        self.proj = nn.Linear(16, 16)
        self.norm = nn.LayerNorm(16)

    def forward(self, x):
        b = x.shape[0]
        toks = [self.prompts[{i}].expand(b, 1, 16) for i in range({count})]
        return self.proj(self.norm(torch.cat(toks + [x], 1)))
"""
)

template("language_bias_adapter", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, langs=("en", "de", "fr")):
        super().__init__()
        self.base = nn.Linear(16, 16)
        self.shift = nn.ParameterDict({{l: nn.Parameter(torch.zeros(16)) for l in langs}})
        self.lang = "{lang}"
        self.out = nn.Linear(16, 3)

    def forward(self, x):
        return self.out(torch.relu(self.base(x) + self.shift[self.lang]))
"""
)

template("tied_lookup_by_name", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 32)
        self.blocks = nn.Sequential(nn.Linear(32, 32), nn.GELU(), nn.Linear(32, 32))

    def forward(self, ids):
        h = self.blocks(self.embed(ids))
        w = self.get_parameter("{pname}")
        return h @ w.t()
"""
)

template("state_dict_shortcut", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self, depth=2):
        super().__init__()
        self.layers = nn.ModuleList(
            [nn.Sequential(nn.Linear(10, 10), nn.Tanh()) for _ in range(depth)]
        )

    def forward(self, x):
        sd = self.state_dict()
        for i, layer in enumerate(self.layers):
            x = layer(x) + F.linear(x, sd[{key}])
        return x
"""
)

template("fused_conv_bn_export", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(8{bn_args})
        self.head = nn.Linear(8, 5)

    def forward(self, x):
        scale = self.bn.weight / torch.sqrt(self.bn.running_var + self.bn.eps)
        shift = self.bn.bias - self.bn.running_mean * scale
        w = self.conv.weight * scale.view(-1, 1, 1, 1)
        y = F.conv2d(x, w, shift, padding=1)
        return self.head(torch.relu(y).mean((2, 3)))
"""
)

template("cosine_retrieval_head", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_items=32):
        super().__init__()
        self.query = nn.Sequential(nn.Linear(16, 24), nn.ReLU(), nn.Linear(24, 24))
        self.items = nn.Embedding(n_items, 24)
        self.register_buffer("item_ids", torch.arange(n_items))

    def forward(self, x):
        q = F.normalize(self.query(x), dim=-1)
        k = F.normalize({keys}, dim=-1)
        return q @ k.t()
"""
)

template("causal_sdpa_block", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.qkv(self.norm(x)).view(b, t, 3, self.heads, d // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        y = F.scaled_dot_product_attention(q, k, v, {mask_args})
        return x + self.out(y.transpose(1, 2).reshape(b, t, d))
"""
)

template("reflect_padded_conv", "(2, 4, 20)")(
    """
class Net(nn.Module):
    def __init__(self, k=5):
        super().__init__()
        self.k = k
        self.conv = nn.Conv1d(4, 8, k)
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        p = self.k // 2
        x = F.pad(x, (p, p), mode="{mode}"{value})
        return self.head(torch.relu(self.conv(x)).mean(-1))
"""
)

template("orthogonal_lazy_init", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 12)
        self.gate = nn.Parameter(torch.zeros({gshape}))
        self.out = nn.Linear(12, 2)
        self.initialized = False

    def forward(self, x):
        if not self.initialized:
            nn.init.orthogonal_(self.{target})
            self.initialized = True
        return self.out(self.fc(x) * torch.sigmoid(self.gate))
"""
)

template("python_sum_pooler", "(4, 7, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(16, 32)
        self.head = nn.Linear(32, 2)

    def forward(self, x):
        h = torch.relu(self.enc(x))
        pooled = {pool} / h.shape[1]
        return self.head(pooled)
"""
)

template("upsample_decoder_size", "(2, 8, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 4, 3, padding=1)
        self.refine = nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, x):
        size = {size}
        y = F.interpolate(x, size=size, mode="nearest")
        return self.refine(torch.relu(self.conv(y)))
"""
)

template("channel_gate_index", "(2, 4, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Parameter(torch.zeros(4))
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        g = torch.sigmoid(self.gate)
        return self.proj(x * g[{idx}])
"""
)

template("hardcoded_device_mask", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(16, 4, batch_first=True)
        self.ff = nn.Linear(16, 16)

    def forward(self, x):
        t = x.shape[1]
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool{dev}), 1){move}
        y, _ = self.attn(x, x, x, attn_mask=mask, need_weights=False)
        return self.ff(x + y)
"""
)

template("pinned_feature_cache", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(12, 24)
        self.head = nn.Linear(24, 3)

    def forward(self, x):
        h = torch.relu(self.enc(x))
        self.cache = h.detach(){pin}
        return self.head(h)
"""
)

template("log_variance_head", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.var = nn.Linear(8, 8)

    def forward(self, x):
        h = self.fc(x)
        logv = torch.log({var_expr})
        {guard}
        return h * torch.exp(-0.5 * logv)
"""
)

template("frozen_backbone_probe", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(10, 16)
        self.head = nn.Linear(16, 2)
        {freeze}

    def forward(self, x):
        with torch.enable_grad():
            out = self.head(torch.tanh(self.backbone(x))).sum()
            (g,) = torch.autograd.grad(out, [{wrt}])
        return x[:, :2] * g.flatten()[:2]
"""
)

template("feature_freeze_encoder", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(10, 16)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        with torch.enable_grad():
            h = self.enc(x)
            {detach_line}
            y = self.head(torch.relu(h))
        return y
"""
)

template("numpy_stats_logger", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.last_mean = 0.0

    def forward(self, x):
        with torch.enable_grad():
            h = self.fc(x)
            stats = {conv}
            self.last_mean = float(stats.mean())
        return torch.relu(h)
"""
)

template("hypernet_linear", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.target = nn.Linear(8, 4)
        n = sum(p.numel() for p in self.target.parameters())
        self.hyper = nn.Linear(8, {n_out})

    def forward(self, x):
        vec = self.hyper(x.mean(0))
        torch.nn.utils.vector_to_parameters(vec, self.target.parameters())
        return self.target(x)
"""
)

template("gumbel_router", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_experts=3):
        super().__init__()
        self.router = nn.Linear(16, n_experts)
        self.experts = nn.ModuleList([nn.Linear(16, 8) for _ in range(n_experts)])

    def forward(self, x):
        logits = self.router(x)
        choice = F.gumbel_softmax({logits}, tau=1.0, hard=True)
        outs = torch.stack([e(x) for e in self.experts], 1)
        return (choice.unsqueeze(-1) * outs).sum(1)
"""
)

template("sorted_gather_head", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(10, 10)
        self.proj = nn.Linear(10, 10)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        s = self.score(x)
        idx = s.argsort(-1, descending=True)[:, :4]{cast}
        return self.head(torch.take_along_dim(self.proj(x), idx, -1))
"""
)


# ---------------------------------------------------------------- whole models, sizes through Python
template("config_gpt_lm", "(2, 12)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class Config:
    vocab: int = 64
    dim: int = 48
    heads: int = {heads}
    layers: int = 2
    max_pos: int = {max_pos}


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.heads = cfg.heads
        self.head_dim = {head_dim}
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)
        self.proj = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, -1)
        q, k, v = (z.view(b, t, self.heads, self.head_dim).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.ln1 = nn.LayerNorm(cfg.dim)
        self.attn = Attention(cfg)
        self.ln2 = nn.LayerNorm(cfg.dim)
        self.mlp = nn.Sequential(nn.Linear(cfg.dim, 4 * cfg.dim), nn.GELU(), nn.Linear(4 * cfg.dim, cfg.dim))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self, cfg=Config()):
        super().__init__()
        self.tok = nn.Embedding(cfg.vocab, cfg.dim)
        self.pos = nn.Embedding(cfg.max_pos, cfg.dim)
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(cfg.layers)])
        self.ln_f = nn.LayerNorm(cfg.dim)
        self.head = nn.Linear(cfg.dim, cfg.vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        h = self.tok(ids) + self.pos(torch.arange(t))
        for blk in self.blocks:
            h = blk(h)
        return self.head(self.ln_f(h))
"""
)

template("greedy_topk_generate", "(1, 4)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class GenConfig:
    vocab: int = 32
    dim: int = 24
    max_pos: int = 8
    new_tokens: int = {steps}
    top_k: int = {top_k}


class Net(nn.Module):
    def __init__(self, cfg=GenConfig()):
        super().__init__()
        self.cfg = cfg
        self.tok = nn.Embedding(cfg.vocab, cfg.dim)
        self.pos = nn.Embedding(cfg.max_pos, cfg.dim)
        self.mix = nn.GRU(cfg.dim, cfg.dim, batch_first=True)
        self.head = nn.Linear(cfg.dim, cfg.vocab)

    def forward(self, ids):
        for _ in range(self.cfg.new_tokens):
            t = ids.shape[1]
            h, _ = self.mix(self.tok(ids) + self.pos(torch.arange(t)))
            logits = self.head(h[:, -1])
            vals, cand = torch.topk(logits, self.cfg.top_k, -1)
            nxt = cand.gather(-1, vals.argmax(-1, keepdim=True))
            ids = torch.cat([ids, nxt], 1)
        return ids
"""
)

template("vit_config_classifier", "(2, 3, 32, 32)")(
    """
from dataclasses import dataclass


@dataclass
class ViTConfig:
    img: int = 32
    patch: int = {patch}
    dim: int = 32
    heads: int = 4
    depth: int = 2
    classes: int = 10


class Net(nn.Module):
    def __init__(self, cfg=ViTConfig()):
        super().__init__()
        n_patches = (cfg.img // cfg.patch) ** 2
        self.embed = nn.Conv2d(3, cfg.dim, cfg.patch, stride={stride})
        self.cls = nn.Parameter(torch.zeros(1, 1, cfg.dim))
        self.pos = nn.Parameter(torch.zeros(1, {n_pos}, cfg.dim))
        layer = nn.TransformerEncoderLayer(cfg.dim, cfg.heads, 2 * cfg.dim, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, cfg.depth)
        self.head = nn.Linear(cfg.dim, cfg.classes)

    def forward(self, x):
        p = self.embed(x).flatten(2).transpose(1, 2)
        p = torch.cat([self.cls.expand(p.shape[0], -1, -1), p], 1) + self.pos
        return self.head(self.encoder(p)[:, 0])
"""
)

template("loop_unet_cfg", "(1, 3, {hw}, {hw})")(
    """
from dataclasses import dataclass


@dataclass
class UNetConfig:
    base: int = 8
    depth: int = {depth}


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU())


class Net(nn.Module):
    def __init__(self, cfg=UNetConfig()):
        super().__init__()
        chans = [cfg.base * 2**i for i in range(cfg.depth + 1)]
        self.inc = conv_block(3, chans[0])
        self.downs = nn.ModuleList([conv_block(chans[i], chans[i + 1]) for i in range(cfg.depth)])
        self.ups = nn.ModuleList(
            [nn.ConvTranspose2d(chans[i + 1], chans[i], 2, stride=2) for i in reversed(range(cfg.depth))]
        )
        self.decs = nn.ModuleList(
            [conv_block({dec_in}, chans[i]) for i in reversed(range(cfg.depth))]
        )
        self.out = nn.Conv2d(chans[0], 1, 1)

    def forward(self, x):
        skips = [self.inc(x)]
        for down in self.downs:
            skips.append(down(F.max_pool2d(skips[-1], 2)))
        h = skips.pop()
        for up, dec in zip(self.ups, self.decs):
            h = dec(torch.cat([up(h), skips.pop()], 1))
        return self.out(h)
"""
)

template("topk_moe_layer", "(2, 3, 16)")(
    """
class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.fc2 = nn.Linear(h, d)

    def forward(self, x):
        return self.fc2(F.silu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, d=16, n_experts=4, k={k}):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(d, n_experts)
        self.experts = nn.ModuleList([Expert(d, 2 * d) for _ in range(n_experts)])

    def forward(self, x):
        b, t, d = x.shape
        flat = x.reshape(-1, d)
        w, idx = torch.topk(torch.softmax(self.gate(flat), -1), self.k, -1)
        out = torch.zeros_like(flat)
        for tok in range(flat.shape[0]):
            for j in range(self.k):
                e = {expert_idx}
                out[tok] += w[tok, j] * self.experts[e](flat[tok])
        return out.view(b, t, d)
"""
)

template("gru_seq2seq", "(2, 7, 10)")(
    """
class Net(nn.Module):
    def __init__(self, d_in=10, hid=16, bidir={bidir}, steps=3):
        super().__init__()
        self.steps = steps
        dirs = 2 if bidir else 1
        self.enc = nn.GRU(d_in, hid, batch_first=True, bidirectional=bidir)
        self.bridge = nn.Linear({bridge_in}, hid)
        self.dec = nn.GRU(hid, hid, batch_first=True)
        self.out = nn.Linear(hid, d_in)

    def forward(self, x):
        _, h = self.enc(x)
        h0 = {h0}
        y = x.new_zeros(x.shape[0], 1, self.dec.hidden_size)
        outs = []
        for _ in range(self.steps):
            y, h0 = self.dec(y, h0)
            outs.append(self.out(y))
        return torch.cat(outs, 1)
"""
)

template("window_attention_block", "(1, 14, 14, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, heads=2, window={win}):
        super().__init__()
        self.window = window
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        b, h, w, c = x.shape
        ws = self.window
        win = x.view(b, h // ws, ws, w // ws, ws, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, c)
        y = self.norm(win)
        y, _ = self.attn(y, y, y, need_weights=False)
        win = win + y
        win = win + self.mlp(win)
        out = win.view(b, h // ws, w // ws, ws, ws, c).permute(0, 1, 3, 2, 4, 5)
        return out.reshape(b, h, w, c)
"""
)

template("diffusion_time_block", "(2, 4, 16, 16)")(
    """
import math


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = torch.exp(-math.log(10000) * torch.arange(half) / half)
    args = t[:, None].float() * freqs[None]
    emb = torch.cat([torch.sin(args), torch.cos(args)], -1)
    {pad_fix}
    return emb


class Net(nn.Module):
    def __init__(self, ch=4, t_dim={t_dim}):
        super().__init__()
        self.t_dim = t_dim
        self.t_mlp = nn.Sequential(nn.Linear(t_dim, 32), nn.SiLU(), nn.Linear(32, 16))
        self.conv1 = nn.Conv2d(ch, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, ch, 3, padding=1)

    def forward(self, x):
        t = torch.full((x.shape[0],), 10)
        temb = self.t_mlp(timestep_embedding(t, self.t_dim))
        h = F.silu(self.conv1(x)) + temb[:, :, None, None]
        return self.conv2(h)
"""
)

template("config_resnet_stages", "(2, 3, 32, 32)")(
    """
from dataclasses import dataclass, field


@dataclass
class StageConfig:
    widths: list = field(default_factory=lambda: [16, 32, 64])
    classes: int = 10


class Stage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=2, padding=1)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class Net(nn.Module):
    def __init__(self, cfg=StageConfig()):
        super().__init__()
        ins = [3] + cfg.widths[:-1]
        self.stages = nn.Sequential(*[Stage(a, b) for a, b in zip(ins, cfg.widths)])
        self.head = nn.Linear({head_in}, cfg.classes)

    def forward(self, x):
        return self.head({pool})
"""
)

template("tagger_lm_loss", "(2, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=40, dim=24):
        super().__init__()
        self.vocab = vocab
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.LSTM(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        h, _ = self.rnn(self.embed(ids[:, :-1]))
        logits = self.head(h)
        targets = ids[:, 1:]
        return {loss}
"""
)

template("gqa_decoder_cfg", "(2, 6, 64)")(
    """
from dataclasses import dataclass


@dataclass
class AttnConfig:
    dim: int = 64
    heads: int = 8
    kv_heads: int = {kv}


class Net(nn.Module):
    def __init__(self, cfg=AttnConfig()):
        super().__init__()
        self.heads, self.kv = cfg.heads, cfg.kv_heads
        self.hd = cfg.dim // cfg.heads
        self.q = nn.Linear(cfg.dim, cfg.heads * self.hd)
        self.k = nn.Linear(cfg.dim, cfg.kv_heads * self.hd)
        self.v = nn.Linear(cfg.dim, cfg.kv_heads * self.hd)
        self.o = nn.Linear(cfg.heads * self.hd, cfg.dim)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.heads, self.hd).transpose(1, 2)
        k = self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        rep = {rep}
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))
"""
)

template("rotary_block_cfg", "(2, 5, 32)")(
    """
from dataclasses import dataclass


@dataclass
class RoPEConfig:
    dim: int = 32
    heads: int = 2
    rot_dim: int = {rot_dim}


def rotate_half(x):
    a, b = x.chunk(2, -1)
    return torch.cat([-b, a], -1)


class Net(nn.Module):
    def __init__(self, cfg=RoPEConfig()):
        super().__init__()
        self.heads = cfg.heads
        self.hd = cfg.dim // cfg.heads
        self.rot = cfg.rot_dim
        inv = 1.0 / (10000 ** (torch.arange(0, cfg.rot_dim, 2).float() / cfg.rot_dim))
        self.register_buffer("inv_freq", inv)
        self.qk = nn.Linear(cfg.dim, 2 * cfg.dim)
        self.out = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k = self.qk(x).view(b, t, 2, self.heads, self.hd).unbind(2)
        ang = torch.arange(t).float()[:, None] * self.inv_freq[None]
        cos = torch.cat([ang.cos(), ang.cos()], -1)[:, None]
        sin = torch.cat([ang.sin(), ang.sin()], -1)[:, None]
        {apply}
        att = torch.einsum("bthd,bshd->bhts", q, k).softmax(-1)
        return self.out(torch.einsum("bhts,bshd->bthd", att, k).reshape(b, t, d))
"""
)

template("masked_token_sampler", "(2, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, vocab=12):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, vocab))

    def forward(self, x):
        logits = self.enc(x.mean(1))
        keep = torch.arange(logits.shape[-1]) < {n_keep}
        logits = logits.masked_fill(~keep, {fill})
        probs = torch.softmax(logits, -1)
        return torch.multinomial(probs, 1)
"""
)

template("gaussian_policy_head", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, act_dim=2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh())
        self.mu = nn.Linear(32, act_dim)
        self.log_std = nn.Parameter(torch.full((act_dim,), -0.5))

    def forward(self, x):
        mu = self.mu(self.body(x))
        dist = torch.distributions.Normal(mu, {std})
        return dist.log_prob(mu).sum(-1)
"""
)

template("conformer_conv_module", "(2, 11, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, kernel=7, expand={expand}):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.pw1 = nn.Conv1d(dim, expand * dim, 1)
        self.dw = nn.Conv1d(dim, dim, kernel, padding=kernel // 2, groups=dim)
        self.bn = nn.BatchNorm1d(dim)
        self.pw2 = nn.Conv1d(dim, dim, 1)

    def forward(self, x):
        y = self.norm(x).transpose(1, 2)
        y = F.glu(self.pw1(y), dim={glu_dim})
        y = self.pw2(F.silu(self.bn(self.dw(y))))
        return x + y.transpose(1, 2)
"""
)

template("tied_embedding_lm", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, emb=16, hidden={hidden}):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.inp = nn.Linear(emb, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.down = {down}
        self.head = nn.Linear(emb, vocab, bias=False)
        self.head.weight = self.embed.weight

    def forward(self, ids):
        h, _ = self.rnn(self.inp(self.embed(ids)))
        return self.head(self.down(h))
"""
)

template("perceiver_latent_pool", "(2, 20, 12)")(
    """
class Net(nn.Module):
    def __init__(self, in_dim=12, dim=16, n_latents=4):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_latents, dim))
        self.cross = nn.MultiheadAttention(dim, 2, batch_first=True{kv_args})
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())
        self.head = nn.Linear(dim, 5)

    def forward(self, x):
        q = self.latents.expand(x.shape[0], -1, -1)
        z, _ = self.cross(q, {kv}, {kv}, need_weights=False)
        return self.head(self.ff(z).mean(1))
"""
)

template("patch_merging_stage", "(1, {hw}, {hw}, 8)")(
    """
class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduce = nn.Linear(4 * dim, 2 * dim, bias=False)
        self.mlp = nn.Sequential(nn.Linear(2 * dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, 2 * dim))

    def forward(self, x):
        {pad}
        x0 = x[:, 0::2, 0::2]
        x1 = x[:, 1::2, 0::2]
        x2 = x[:, 0::2, 1::2]
        x3 = x[:, 1::2, 1::2]
        y = self.reduce(self.norm(torch.cat([x0, x1, x2, x3], -1)))
        return y + self.mlp(y)
"""
)

template("residual_mlp_cfg", "(4, 32)")(
    """
from dataclasses import dataclass


@dataclass
class MLPConfig:
    d: int = 32
    hidden: int = {hidden}
    n: int = 3


class Net(nn.Module):
    def __init__(self, cfg=MLPConfig()):
        super().__init__()
        dims = [cfg.d] + [cfg.hidden] * cfg.n + [cfg.d]
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims, dims[1:])])

    def forward(self, x):
        for layer in self.layers:
            out = torch.relu(layer(x))
            {residual}
        return x
"""
)

template("bucketed_position_bias", "(2, 9, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, bucket=4, max_len=32):
        super().__init__()
        self.bucket = bucket
        self.pos = nn.Embedding(max_len // bucket, dim)
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        pos = torch.arange(x.shape[1])
        bucket_ids = {ids}
        h = x + self.pos(bucket_ids)
        y, _ = self.attn(h, h, h, need_weights=False)
        return self.ff(y)
"""
)

template("vae_encoder_cfg", "(2, 3, {img}, {img})")(
    """
from dataclasses import dataclass, field


@dataclass
class VAEConfig:
    img: int = {img_cfg}
    chans: list = field(default_factory=lambda: [16, 32, 64])
    latent: int = 8


class Net(nn.Module):
    def __init__(self, cfg=VAEConfig()):
        super().__init__()
        layers, cin = [], 3
        for c in cfg.chans:
            layers += [nn.Conv2d(cin, c, 3, stride=2, padding=1), nn.LeakyReLU(0.2)]
            cin = c
        self.body = nn.Sequential(*layers)
        flat = {flat}
        self.mu = nn.Linear(flat, cfg.latent)
        self.logvar = nn.Linear(flat, cfg.latent)

    def forward(self, x):
        h = self.body(x).flatten(1)
        mu, logvar = self.mu(h), self.logvar(h)
        return mu + torch.exp(0.5 * logvar) * torch.randn_like(mu)
"""
)

template("memory_token_encoder", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, n_mem=3):
        super().__init__()
        self.mem = nn.Parameter(torch.randn(n_mem, dim))
        layer = nn.TransformerEncoderLayer(dim, 2, 32, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 1)
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        mem = {mem}
        h = self.enc(torch.cat([mem, x], 1))
        return self.head(h[:, 0])
"""
)


# ---------------------------------------------------------------- second pass
template("grad_free_stats_block", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(8, 16)
        self.stats = nn.Linear(16, 4)
        self.head = nn.Linear(16, 1)

    def forward(self, x):
        h = torch.relu(self.enc(x))
        with {ctx}:
            stats = self.stats(h.detach())
        return self.head(h) + stats.mean(-1, keepdim=True)
"""
)

template("weight_norm_report", "(3, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, 8), nn.ReLU(), nn.Linear(8, 4))

    def forward(self, x):
        total = x.new_zeros(())
        for {loop}:
            total = total + p.pow(2).sum()
        return self.body(x) * torch.rsqrt(total)
"""
)

template("lazy_position_param", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = None
        self.norm = nn.LayerNorm(8)
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        if self.pos is None:
            self.pos = nn.Parameter({init})
        return self.proj(self.norm(x + self.pos[: x.shape[1]].unsqueeze(-1)))
"""
)

template("half_head_classifier", "(5, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 32))
        self.head = nn.Linear(32, 4){cast}

    def forward(self, x):
        return self.head(self.body(x){feed})
"""
)

template("config_bn_cnn", "(2, 3, 16, 16)")(
    """
from dataclasses import dataclass


@dataclass
class CNNConfig:
    width: int = 16
    mult: int = {mult}
    classes: int = 10


class Net(nn.Module):
    def __init__(self, cfg=CNNConfig()):
        super().__init__()
        c = cfg.width * cfg.mult
        self.conv1 = nn.Conv2d(3, c, 3, padding=1)
        self.bn1 = nn.BatchNorm2d({bn_ch})
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(c, cfg.classes)

    def forward(self, x):
        x = torch.relu(self.bn1(self.conv1(x)))
        x = torch.relu(self.conv2(x))
        return self.fc(self.pool(x).flatten(1))
"""
)

template("mha_config_encoder", "(2, 7, 12)")(
    """
from dataclasses import dataclass


@dataclass
class EncConfig:
    in_dim: int = 12
    dim: int = {dim}
    heads: int = 4


class Net(nn.Module):
    def __init__(self, cfg=EncConfig()):
        super().__init__()
        self.inp = nn.Linear(cfg.in_dim, {proj_out})
        self.attn = nn.MultiheadAttention(cfg.dim, cfg.heads, batch_first=True)
        self.norm = nn.LayerNorm(cfg.dim)
        self.head = nn.Linear(cfg.dim, 3)

    def forward(self, x):
        h = self.inp(x)
        y, _ = self.attn(h, h, h, need_weights=False)
        return self.head(self.norm(h + y).mean(1))
"""
)

VARIANTS = [
    # module registry slips in forward (new classes)
    (
        "lazy_scale_registry",
        "ok",
        "clean",
        {"register": 'self.register_parameter("scale", nn.Parameter(torch.ones(16)))'},
    ),
    (
        "lazy_scale_registry",
        "ok_buffer",
        "clean",
        {"register": 'self.register_buffer("scale", torch.ones(16))'},
    ),
    (
        "lazy_scale_registry",
        "plain_tensor",
        "register_parameter_tensor",
        {"register": 'self.register_parameter("scale", torch.ones(16))'},
    ),
    (
        "lazy_scale_registry",
        "requires_grad_tensor",
        "register_parameter_tensor",
        {"register": 'self.register_parameter("scale", torch.ones(16).requires_grad_())'},
    ),
    (
        "activation_registry",
        "ok",
        "clean",
        {"relu": "nn.ReLU()", "gelu": "nn.GELU()", "act": "gelu"},
    ),
    (
        "activation_registry",
        "ok_fn_unused",
        "clean",
        {"relu": "F.relu", "gelu": "nn.GELU()", "act": "gelu"},
    ),
    (
        "activation_registry",
        "functional_gelu",
        "add_module_non_module",
        {"relu": "nn.ReLU()", "gelu": "F.gelu", "act": "gelu"},
    ),
    (
        "activation_registry",
        "lambda_act",
        "add_module_non_module",
        {"relu": "lambda t: t.clamp(min=0)", "gelu": "nn.GELU()", "act": "relu"},
    ),
    ("staged_conv_probe", "ok", "clean", {"head_in": "32", "stop": "len(self.body)"}),
    ("staged_conv_probe", "ok_two_stages", "clean", {"head_in": "16", "stop": "4"}),
    (
        "staged_conv_probe",
        "one_past",
        "sequential_index_range",
        {"head_in": "32", "stop": "len(self.body) + 1"},
    ),
    (
        "staged_conv_probe",
        "stages_times_two_plus_one",
        "sequential_index_range",
        {"head_in": "32", "stop": "2 * 3 + 1"},
    ),
    ("task_heads_by_index", "ok", "clean", {"expr": 'self.heads["cls"](h)'}),
    ("task_heads_by_index", "ok_values_list", "clean", {"expr": "list(self.heads.values())[0](h)"}),
    (
        "task_heads_by_index",
        "ok_sum_heads",
        "clean",
        {"expr": "sum(head(h) for head in self.heads.values())"},
    ),
    (
        "task_heads_by_index",
        "first_by_position",
        "moduledict_int_index",
        {"expr": "self.heads[0](h)"},
    ),
    (
        "task_heads_by_index",
        "last_by_position",
        "moduledict_int_index",
        {"expr": "self.heads[-1](h)"},
    ),
    ("prompt_token_bank", "ok", "clean", {"n": "4", "i": "i", "count": "len(self.prompts)"}),
    (
        "prompt_token_bank",
        "ok_reversed",
        "clean",
        {"n": "4", "i": "-i - 1", "count": "len(self.prompts)"},
    ),
    ("prompt_token_bank", "ok_fewer", "clean", {"n": "4", "i": "i + 1", "count": "3"}),
    (
        "prompt_token_bank",
        "count_drift",
        "parameterlist_index_range",
        {"n": "4", "i": "i", "count": "5"},
    ),
    (
        "prompt_token_bank",
        "shifted",
        "parameterlist_index_range",
        {"n": "4", "i": "i + 1", "count": "len(self.prompts)"},
    ),
    ("language_bias_adapter", "ok", "clean", {"lang": "en"}),
    ("language_bias_adapter", "ok_last", "clean", {"lang": "fr"}),
    ("language_bias_adapter", "unknown_lang", "parameterdict_key_missing", {"lang": "es"}),
    ("language_bias_adapter", "upper_case", "parameterdict_key_missing", {"lang": "EN"}),
    ("tied_lookup_by_name", "ok", "clean", {"pname": "embed.weight"}),
    ("tied_lookup_by_name", "ok_block_weight", "clean", {"pname": "blocks.2.weight"}),
    (
        "tied_lookup_by_name",
        "renamed_embedding",
        "get_parameter_missing",
        {"pname": "embedding.weight"},
    ),
    (
        "tied_lookup_by_name",
        "activation_slot",
        "get_parameter_missing",
        {"pname": "blocks.1.weight"},
    ),
    ("state_dict_shortcut", "ok", "clean", {"key": 'f"layers.{i}.0.weight"'}),
    (
        "state_dict_shortcut",
        "ok_reversed",
        "clean",
        {"key": 'f"layers.{len(self.layers) - 1 - i}.0.weight"'},
    ),
    ("state_dict_shortcut", "flat_key", "state_dict_key_missing", {"key": 'f"layers.{i}.weight"'}),
    (
        "state_dict_shortcut",
        "singular_key",
        "state_dict_key_missing",
        {"key": 'f"layer.{i}.0.weight"'},
    ),
    ("fused_conv_bn_export", "ok", "clean", {"bn_args": ""}),
    ("fused_conv_bn_export", "ok_momentum", "clean", {"bn_args": ", momentum=0.01, eps=1e-3"}),
    (
        "fused_conv_bn_export",
        "no_running_stats",
        "disabled_running_stats_read",
        {"bn_args": ", track_running_stats=False"},
    ),
    ("fused_conv_bn_export", "no_affine", "disabled_bias_read", {"bn_args": ", affine=False"}),
    ("cosine_retrieval_head", "ok", "clean", {"keys": "self.items(self.item_ids)"}),
    (
        "cosine_retrieval_head",
        "ok_float_ids",
        "clean",
        {"keys": "self.item_ids.unsqueeze(-1).expand(-1, 24).float()"},
    ),
    (
        "cosine_retrieval_head",
        "id_table",
        "normalize_int_dtype",
        {"keys": "self.item_ids.unsqueeze(-1).expand(-1, 24)"},
    ),
    (
        "cosine_retrieval_head",
        "rounded_weight",
        "normalize_int_dtype",
        {"keys": "self.items.weight.round().long()"},
    ),
    ("causal_sdpa_block", "ok", "clean", {"mask_args": "attn_mask=mask"}),
    ("causal_sdpa_block", "ok_causal", "clean", {"mask_args": "is_causal=True"}),
    (
        "causal_sdpa_block",
        "ok_causal_false_mask",
        "clean",
        {"mask_args": "attn_mask=mask, is_causal=False"},
    ),
    # written as sdpa_causal_and_mask crashes; torch 2.13 runs both on CPU: clean near-misses
    (
        "causal_sdpa_block",
        "ok_mask_and_causal",
        "clean",
        {"mask_args": "attn_mask=mask, is_causal=True"},
    ),
    (
        "causal_sdpa_block",
        "ok_float_mask_and_causal",
        "clean",
        {"mask_args": "attn_mask=torch.zeros(t, t), is_causal=True"},
    ),
    ("causal_sdpa_block", "long_mask", "sdpa_mask_dtype", {"mask_args": "attn_mask=mask.long()"}),
    (
        "causal_sdpa_block",
        "mask_one_short",
        "sdpa_attn_mask_shape",
        {"mask_args": "attn_mask=mask[:, : t - 1]"},
    ),
    ("reflect_padded_conv", "ok", "clean", {"mode": "reflect", "value": ""}),
    ("reflect_padded_conv", "ok_zero_value", "clean", {"mode": "reflect", "value": ", value=0.0"}),
    ("reflect_padded_conv", "ok_constant", "clean", {"mode": "constant", "value": ", value=-1.0"}),
    (
        "reflect_padded_conv",
        "reflect_value",
        "pad_value_non_constant",
        {"mode": "reflect", "value": ", value=-1.0"},
    ),
    (
        "reflect_padded_conv",
        "replicate_value",
        "pad_value_non_constant",
        {"mode": "replicate", "value": ", value=1e-4"},
    ),
    ("orthogonal_lazy_init", "ok", "clean", {"gshape": "12", "target": "fc.weight"}),
    ("orthogonal_lazy_init", "ok_row_gate", "clean", {"gshape": "1, 12", "target": "gate"}),
    (
        "orthogonal_lazy_init",
        "vector_gate",
        "orthogonal_init_rank",
        {"gshape": "12", "target": "gate"},
    ),
    ("orthogonal_lazy_init", "bias", "orthogonal_init_rank", {"gshape": "12", "target": "fc.bias"}),
    ("python_sum_pooler", "ok", "clean", {"pool": "h.sum(1)"}),
    ("python_sum_pooler", "ok_builtin_unbind", "clean", {"pool": "sum(h.unbind(1))"}),
    ("python_sum_pooler", "ok_positional_start", "clean", {"pool": "sum(h, 1)"}),
    ("python_sum_pooler", "dim_keyword", "python_sum_dim", {"pool": "sum(h, dim=1)"}),
    ("python_sum_pooler", "axis_keyword", "python_sum_dim", {"pool": "sum(h, axis=1)"}),
    ("upsample_decoder_size", "ok", "clean", {"size": "tuple(2 * s for s in x.shape[2:])"}),
    ("upsample_decoder_size", "ok_list", "clean", {"size": "[s * 2 for s in x.shape[-2:]]"}),
    ("upsample_decoder_size", "ok_size_itself", "clean", {"size": "x.shape[2:]"}),
    (
        "upsample_decoder_size",
        "size_times_float",
        "size_tuple_arith",
        {"size": "x.shape[2:] * 1.5"},
    ),
    ("upsample_decoder_size", "size_floordiv", "size_tuple_arith", {"size": "x.shape[2:] // 2"}),
    ("upsample_decoder_size", "size_repeated", "interp_size_len", {"size": "x.shape[2:] * 2"}),
    ("channel_gate_index", "ok", "clean", {"idx": "None, :, None, None"}),
    ("channel_gate_index", "ok_trailing", "clean", {"idx": ":, None, None"}),
    ("channel_gate_index", "ok_one_ellipsis", "clean", {"idx": "..., None, None"}),
    (
        "channel_gate_index",
        "two_ellipses",
        "multi_ellipsis_broadcast",
        {"idx": "..., :, None, ..."},
    ),
    (
        "channel_gate_index",
        "ellipsis_both_sides",
        "multi_ellipsis_broadcast",
        {"idx": "..., None, ..."},
    ),
    ("hardcoded_device_mask", "ok", "clean", {"dev": "", "move": ""}),
    ("hardcoded_device_mask", "ok_input_device", "clean", {"dev": ", device=x.device", "move": ""}),
    (
        "hardcoded_device_mask",
        "ok_guarded",
        "clean",
        {"dev": "", "move": '.to("cuda" if torch.cuda.is_available() else "cpu")'},
    ),
    (
        "hardcoded_device_mask",
        "cuda_ctor",
        "hardcoded_cuda",
        {"dev": ', device="cuda"', "move": ""},
    ),
    ("hardcoded_device_mask", "cuda_call", "hardcoded_cuda", {"dev": "", "move": ".cuda()"}),
    ("pinned_feature_cache", "ok", "clean", {"pin": ""}),
    ("pinned_feature_cache", "ok_contiguous", "clean", {"pin": ".contiguous().clone()"}),
    ("pinned_feature_cache", "pinned", "pin_memory_no_accelerator", {"pin": ".pin_memory()"}),
    (
        "pinned_feature_cache",
        "pinned_clone",
        "pin_memory_no_accelerator",
        {"pin": ".clone().pin_memory()"},
    ),
    (
        "log_variance_head",
        "ok",
        "clean",
        {
            "var_expr": "F.softplus(self.var(x)) + 1e-6",
            "guard": 'assert torch.isfinite(logv).all(), "non-finite log variance"',
        },
    ),
    (
        "log_variance_head",
        "ok_unguarded_raw",
        "clean",
        {"var_expr": "self.var(x)", "guard": "pass"},
    ),
    (
        "log_variance_head",
        "ok_exp",
        "clean",
        {"var_expr": "self.var(x).exp()", "guard": "assert not torch.isnan(logv).any()"},
    ),
    (
        "log_variance_head",
        "raw_assert",
        "finite_guard_assert",
        {
            "var_expr": "self.var(x)",
            "guard": 'assert torch.isfinite(logv).all(), "non-finite log variance"',
        },
    ),
    (
        "log_variance_head",
        "raw_raise",
        "finite_guard_assert",
        {
            "var_expr": "self.var(x)",
            "guard": 'if torch.isnan(logv).any():\n            raise FloatingPointError("nan in log variance")',
        },
    ),
    ("frozen_backbone_probe", "ok", "clean", {"freeze": "pass", "wrt": "self.head.weight"}),
    (
        "frozen_backbone_probe",
        "ok_frozen_other",
        "clean",
        {"freeze": "self.backbone.requires_grad_(False)", "wrt": "self.head.weight"},
    ),
    (
        "frozen_backbone_probe",
        "frozen_backbone",
        "grad_input_no_requires_grad",
        {"freeze": "self.backbone.requires_grad_(False)", "wrt": "self.backbone.weight"},
    ),
    (
        "frozen_backbone_probe",
        "frozen_head_weight",
        "grad_input_no_requires_grad",
        {"freeze": "self.head.weight.requires_grad = False", "wrt": "self.head.weight"},
    ),
    ("feature_freeze_encoder", "ok", "clean", {"detach_line": "h = h.detach()"}),
    (
        "feature_freeze_encoder",
        "ok_detached_flag",
        "clean",
        {"detach_line": "h = h.detach().requires_grad_(False)"},
    ),
    ("feature_freeze_encoder", "ok_none", "clean", {"detach_line": "pass"}),
    (
        "feature_freeze_encoder",
        "method",
        "requires_grad_nonleaf",
        {"detach_line": "h.requires_grad_(False)"},
    ),
    (
        "feature_freeze_encoder",
        "attribute",
        "requires_grad_nonleaf",
        {"detach_line": "h.requires_grad = False"},
    ),
    ("numpy_stats_logger", "ok", "clean", {"conv": "h.detach().numpy()"}),
    ("numpy_stats_logger", "ok_tolist", "clean", {"conv": "torch.tensor(h.tolist())"}),
    ("numpy_stats_logger", "direct", "numpy_requires_grad", {"conv": "h.numpy()"}),
    ("numpy_stats_logger", "cpu_first", "numpy_requires_grad", {"conv": "h.cpu().numpy()"}),
    ("hypernet_linear", "ok", "clean", {"n_out": "n"}),
    ("hypernet_linear", "ok_longer", "clean", {"n_out": "n + 4"}),
    ("hypernet_linear", "weights_only", "vector_to_parameters_size", {"n_out": "8 * 4"}),
    ("hypernet_linear", "one_short", "vector_to_parameters_size", {"n_out": "n - 1"}),
    ("gumbel_router", "ok", "clean", {"logits": "logits"}),
    ("gumbel_router", "ok_double", "clean", {"logits": "logits.double()"}),
    ("gumbel_router", "long_logits", "gumbel_int_logits", {"logits": "logits.long()"}),
    (
        "gumbel_router",
        "one_hot_ids",
        "gumbel_int_logits",
        {"logits": "F.one_hot(logits.argmax(-1), 3)"},
    ),
    ("sorted_gather_head", "ok", "clean", {"cast": ""}),
    ("sorted_gather_head", "ok_long", "clean", {"cast": ".long()"}),
    ("sorted_gather_head", "int32", "take_along_dim_index_dtype", {"cast": ".int()"}),
    ("sorted_gather_head", "float_idx", "take_along_dim_index_dtype", {"cast": ".float()"}),
    # whole models, classes earlier batches have, sizes through Python
    (
        "config_gpt_lm",
        "ok",
        "clean",
        {"heads": "4", "max_pos": "16", "head_dim": "cfg.dim // cfg.heads"},
    ),
    (
        "config_gpt_lm",
        "ok_six_heads",
        "clean",
        {"heads": "6", "max_pos": "16", "head_dim": "cfg.dim // cfg.heads"},
    ),
    (
        "config_gpt_lm",
        "ok_table_edge",
        "clean",
        {"heads": "4", "max_pos": "12", "head_dim": "cfg.dim // cfg.heads"},
    ),
    (
        "config_gpt_lm",
        "stale_width",
        "head_split",
        {"heads": "4", "max_pos": "16", "head_dim": "64 // cfg.heads"},
    ),
    (
        "config_gpt_lm",
        "heads_5",
        "head_split",
        {"heads": "5", "max_pos": "16", "head_dim": "cfg.dim // cfg.heads"},
    ),
    (
        "config_gpt_lm",
        "short_table",
        "pos_table_length",
        {"heads": "4", "max_pos": "8", "head_dim": "cfg.dim // cfg.heads"},
    ),
    ("greedy_topk_generate", "ok", "clean", {"steps": "3", "top_k": "5"}),
    ("greedy_topk_generate", "ok_edge", "clean", {"steps": "5", "top_k": "5"}),
    ("greedy_topk_generate", "ok_full_vocab", "clean", {"steps": "3", "top_k": "32"}),
    ("greedy_topk_generate", "one_more_step", "pos_table_length", {"steps": "6", "top_k": "5"}),
    ("greedy_topk_generate", "k_over_vocab", "topk_k", {"steps": "3", "top_k": "40"}),
    (
        "vit_config_classifier",
        "ok",
        "clean",
        {"patch": "8", "stride": "cfg.patch", "n_pos": "n_patches + 1"},
    ),
    (
        "vit_config_classifier",
        "ok_patch4",
        "clean",
        {"patch": "4", "stride": "cfg.patch", "n_pos": "n_patches + 1"},
    ),
    (
        "vit_config_classifier",
        "ok_patch6",
        "clean",
        {"patch": "6", "stride": "cfg.patch", "n_pos": "n_patches + 1"},
    ),
    (
        "vit_config_classifier",
        "no_cls_slot",
        "pos_table_length",
        {"patch": "8", "stride": "cfg.patch", "n_pos": "n_patches"},
    ),
    (
        "vit_config_classifier",
        "literal_stride",
        "pos_table_length",
        {"patch": "4", "stride": "8", "n_pos": "n_patches + 1"},
    ),
    ("loop_unet_cfg", "ok", "clean", {"hw": "32", "depth": "3", "dec_in": "2 * chans[i]"}),
    (
        "loop_unet_cfg",
        "ok_shallow_odd",
        "clean",
        {"hw": "36", "depth": "2", "dec_in": "2 * chans[i]"},
    ),
    ("loop_unet_cfg", "odd_36", "unet_skip", {"hw": "36", "depth": "3", "dec_in": "2 * chans[i]"}),
    (
        "loop_unet_cfg",
        "dec_in_drift",
        "conv_in_channels",
        {"hw": "32", "depth": "3", "dec_in": "chans[i] + chans[i + 1]"},
    ),
    ("topk_moe_layer", "ok", "clean", {"k": "2", "expert_idx": "int(idx[tok, j])"}),
    ("topk_moe_layer", "ok_zero_dim_tensor", "clean", {"k": "2", "expert_idx": "idx[tok, j]"}),
    ("topk_moe_layer", "ok_top1_row", "clean", {"k": "1", "expert_idx": "idx[tok]"}),
    (
        "topk_moe_layer",
        "row_index",
        "modulelist_tensor_index",
        {"k": "2", "expert_idx": "idx[tok]"},
    ),
    ("topk_moe_layer", "k_over_experts", "topk_k", {"k": "5", "expert_idx": "int(idx[tok, j])"}),
    (
        "gru_seq2seq",
        "ok",
        "clean",
        {
            "bidir": "True",
            "bridge_in": "hid * dirs",
            "h0": "torch.tanh(self.bridge(torch.cat([h[0], h[1]], -1))).unsqueeze(0)",
        },
    ),
    (
        "gru_seq2seq",
        "ok_unidirectional",
        "clean",
        {"bidir": "False", "bridge_in": "hid * dirs", "h0": "h"},
    ),
    (
        "gru_seq2seq",
        "bridge_width",
        "rnn_bidirectional_width",
        {
            "bidir": "True",
            "bridge_in": "hid",
            "h0": "torch.tanh(self.bridge(torch.cat([h[0], h[1]], -1))).unsqueeze(0)",
        },
    ),
    (
        "gru_seq2seq",
        "two_d_hidden",
        "rnn_hidden",
        {
            "bidir": "True",
            "bridge_in": "hid * dirs",
            "h0": "torch.tanh(self.bridge(torch.cat([h[0], h[1]], -1)))",
        },
    ),
    (
        "gru_seq2seq",
        "bidir_state_passed",
        "rnn_hidden",
        {"bidir": "True", "bridge_in": "hid * dirs", "h0": "h"},
    ),
    ("window_attention_block", "ok", "clean", {"win": "7"}),
    ("window_attention_block", "ok_whole", "clean", {"win": "14"}),
    ("window_attention_block", "ok_two", "clean", {"win": "2"}),
    ("window_attention_block", "win_4", "window_partition", {"win": "4"}),
    ("window_attention_block", "win_5", "window_partition", {"win": "5"}),
    ("diffusion_time_block", "ok", "clean", {"t_dim": "32", "pad_fix": "pass"}),
    (
        "diffusion_time_block",
        "ok_odd_padded",
        "clean",
        {"t_dim": "33", "pad_fix": "if dim % 2:\n        emb = F.pad(emb, (0, 1))"},
    ),
    ("diffusion_time_block", "odd_33", "timestep_embed", {"t_dim": "33", "pad_fix": "pass"}),
    ("diffusion_time_block", "odd_17", "timestep_embed", {"t_dim": "17", "pad_fix": "pass"}),
    (
        "config_resnet_stages",
        "ok",
        "clean",
        {"head_in": "cfg.widths[-1]", "pool": "self.stages(x).mean((2, 3))"},
    ),
    (
        "config_resnet_stages",
        "ok_flat_formula",
        "clean",
        {
            "head_in": "cfg.widths[-1] * (32 // 2 ** len(cfg.widths)) ** 2",
            "pool": "self.stages(x).flatten(1)",
        },
    ),
    (
        "config_resnet_stages",
        "stale_head",
        "linear_in_features",
        {"head_in": "cfg.widths[0] * 2 ** len(cfg.widths)", "pool": "self.stages(x).mean((2, 3))"},
    ),
    (
        "config_resnet_stages",
        "flat_formula_one_stage_short",
        "linear_in_features",
        {
            "head_in": "cfg.widths[-1] * (32 // 2 ** (len(cfg.widths) - 1)) ** 2",
            "pool": "self.stages(x).flatten(1)",
        },
    ),
    ("tagger_lm_loss", "ok", "clean", {"loss": "F.cross_entropy(logits.transpose(1, 2), targets)"}),
    (
        "tagger_lm_loss",
        "ok_flat",
        "clean",
        {"loss": "F.cross_entropy(logits.reshape(-1, self.vocab), targets.reshape(-1))"},
    ),
    (
        "tagger_lm_loss",
        "time_major_logits",
        "cross_entropy_shape",
        {"loss": "F.cross_entropy(logits, targets)"},
    ),
    (
        "tagger_lm_loss",
        "stale_vocab",
        "reshape_numel",
        {"loss": "F.cross_entropy(logits.view(-1, 48), targets.reshape(-1))"},
    ),
    ("gqa_decoder_cfg", "ok", "clean", {"kv": "2", "rep": "self.heads // self.kv"}),
    ("gqa_decoder_cfg", "ok_mha", "clean", {"kv": "8", "rep": "self.heads // self.kv"}),
    ("gqa_decoder_cfg", "ok_literal_match", "clean", {"kv": "4", "rep": "2"}),
    ("gqa_decoder_cfg", "kv_3", "kv_heads", {"kv": "3", "rep": "self.heads // self.kv"}),
    ("gqa_decoder_cfg", "literal_rep", "kv_heads", {"kv": "2", "rep": "2"}),
    (
        "rotary_block_cfg",
        "ok",
        "clean",
        {
            "rot_dim": "16",
            "apply": "q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin",
        },
    ),
    (
        "rotary_block_cfg",
        "ok_partial",
        "clean",
        {
            "rot_dim": "8",
            "apply": "r = self.rot\n        q = torch.cat([q[..., :r] * cos + rotate_half(q[..., :r]) * sin, q[..., r:]], -1)\n        k = torch.cat([k[..., :r] * cos + rotate_half(k[..., :r]) * sin, k[..., r:]], -1)",
        },
    ),
    (
        "rotary_block_cfg",
        "rot_wider",
        "rope_dims",
        {
            "rot_dim": "32",
            "apply": "q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin",
        },
    ),
    (
        "rotary_block_cfg",
        "rot_partial_unsliced",
        "rope_dims",
        {
            "rot_dim": "8",
            "apply": "q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin",
        },
    ),
    ("masked_token_sampler", "ok", "clean", {"n_keep": "6", "fill": 'float("-inf")'}),
    ("masked_token_sampler", "ok_all_masked_finite", "clean", {"n_keep": "0", "fill": "-1e9"}),
    (
        "masked_token_sampler",
        "all_masked",
        "multinomial_negative_probs",
        {"n_keep": "0", "fill": 'float("-inf")'},
    ),
    (
        "masked_token_sampler",
        "nan_fill",
        "multinomial_negative_probs",
        {"n_keep": "6", "fill": 'float("nan")'},
    ),
    ("gaussian_policy_head", "ok", "clean", {"std": "self.log_std.exp().expand_as(mu)"}),
    ("gaussian_policy_head", "ok_softplus", "clean", {"std": "F.softplus(self.log_std)"}),
    ("gaussian_policy_head", "log_std_as_std", "distribution_constraint", {"std": "self.log_std"}),
    (
        "gaussian_policy_head",
        "shifted_std",
        "distribution_constraint",
        {"std": "self.log_std.exp() - 1"},
    ),
    ("conformer_conv_module", "ok", "clean", {"expand": "2", "glu_dim": "1"}),
    ("conformer_conv_module", "ok_glu_negative", "clean", {"expand": "2", "glu_dim": "-2"}),
    ("conformer_conv_module", "glu_time_axis", "glu_dim", {"expand": "2", "glu_dim": "-1"}),
    ("conformer_conv_module", "expand_3", "conv_in_channels", {"expand": "3", "glu_dim": "1"}),
    ("tied_embedding_lm", "ok", "clean", {"hidden": "16", "down": "nn.Identity()"}),
    (
        "tied_embedding_lm",
        "ok_projected",
        "clean",
        {"hidden": "32", "down": "nn.Linear(hidden, emb)"},
    ),
    ("tied_embedding_lm", "wide_hidden", "tied_weight", {"hidden": "32", "down": "nn.Identity()"}),
    (
        "tied_embedding_lm",
        "projection_stale",
        "tied_weight",
        {"hidden": "32", "down": "nn.Linear(hidden, hidden)"},
    ),
    ("perceiver_latent_pool", "ok", "clean", {"kv_args": ", kdim=in_dim, vdim=in_dim", "kv": "x"}),
    (
        "perceiver_latent_pool",
        "ok_value_only",
        "clean",
        {"kv_args": ", kdim=in_dim, vdim=in_dim", "kv": "x[:, ::2]"},
    ),
    ("perceiver_latent_pool", "no_kdim", "mha_kdim", {"kv_args": "", "kv": "x"}),
    (
        "perceiver_latent_pool",
        "kdim_is_dim",
        "mha_kdim",
        {"kv_args": ", kdim=dim, vdim=dim", "kv": "x"},
    ),
    ("patch_merging_stage", "ok", "clean", {"hw": "8", "pad": "pass"}),
    (
        "patch_merging_stage",
        "ok_padded_odd",
        "clean",
        {"hw": "7", "pad": "x = F.pad(x, (0, 0, 0, x.shape[2] % 2, 0, x.shape[1] % 2))"},
    ),
    ("patch_merging_stage", "odd_7", "patch_merging", {"hw": "7", "pad": "pass"}),
    ("patch_merging_stage", "odd_9", "patch_merging", {"hw": "9", "pad": "pass"}),
    ("residual_mlp_cfg", "ok", "clean", {"hidden": "32", "residual": "x = x + out"}),
    (
        "residual_mlp_cfg",
        "ok_guarded",
        "clean",
        {"hidden": "48", "residual": "x = x + out if out.shape == x.shape else out"},
    ),
    (
        "residual_mlp_cfg",
        "hidden_48",
        "residual_width",
        {"hidden": "48", "residual": "x = x + out"},
    ),
    (
        "residual_mlp_cfg",
        "hidden_16",
        "residual_width",
        {"hidden": "16", "residual": "x = x + out"},
    ),
    ("bucketed_position_bias", "ok", "clean", {"ids": "pos // self.bucket"}),
    (
        "bucketed_position_bias",
        "ok_div_floor",
        "clean",
        {"ids": 'torch.div(pos, self.bucket, rounding_mode="floor")'},
    ),
    (
        "bucketed_position_bias",
        "true_division",
        "embedding_float_ids",
        {"ids": "pos / self.bucket"},
    ),
    (
        "bucketed_position_bias",
        "torch_div",
        "embedding_float_ids",
        {"ids": "torch.div(pos, self.bucket)"},
    ),
    (
        "vae_encoder_cfg",
        "ok",
        "clean",
        {
            "img": "32",
            "img_cfg": "32",
            "flat": "cfg.chans[-1] * (cfg.img // 2 ** len(cfg.chans)) ** 2",
        },
    ),
    (
        "vae_encoder_cfg",
        "ok_probe",
        "clean",
        {
            "img": "30",
            "img_cfg": "30",
            "flat": "self.body(torch.zeros(1, 3, cfg.img, cfg.img)).numel()",
        },
    ),
    (
        "vae_encoder_cfg",
        "odd_30",
        "linear_in_features",
        {
            "img": "30",
            "img_cfg": "30",
            "flat": "cfg.chans[-1] * (cfg.img // 2 ** len(cfg.chans)) ** 2",
        },
    ),
    (
        "vae_encoder_cfg",
        "input_drift",
        "linear_in_features",
        {
            "img": "64",
            "img_cfg": "32",
            "flat": "cfg.chans[-1] * (cfg.img // 2 ** len(cfg.chans)) ** 2",
        },
    ),
    ("memory_token_encoder", "ok", "clean", {"mem": "self.mem.expand(x.shape[0], -1, -1)"}),
    (
        "memory_token_encoder",
        "ok_repeat",
        "clean",
        {"mem": "self.mem.unsqueeze(0).repeat(x.shape[0], 1, 1)"},
    ),
    ("memory_token_encoder", "no_batch_dim", "cat_rank", {"mem": "self.mem"}),
    ("memory_token_encoder", "transposed", "cat_rank", {"mem": "self.mem.t()"}),
    # second pass
    ("grad_free_stats_block", "ok", "clean", {"ctx": "torch.no_grad()"}),
    ("grad_free_stats_block", "ok_inference_mode", "clean", {"ctx": "torch.inference_mode()"}),
    (
        "grad_free_stats_block",
        "no_grad_uncalled",
        "context_manager_uncalled",
        {"ctx": "torch.no_grad"},
    ),
    (
        "grad_free_stats_block",
        "enable_grad_uncalled",
        "context_manager_uncalled",
        {"ctx": "torch.enable_grad"},
    ),
    ("weight_norm_report", "ok", "clean", {"loop": "_, p in self.named_parameters()"}),
    ("weight_norm_report", "ok_parameters", "clean", {"loop": "p in self.parameters()"}),
    (
        "weight_norm_report",
        "named_no_unpack",
        "named_iter_no_unpack",
        {"loop": "p in self.named_parameters()"},
    ),
    (
        "weight_norm_report",
        "parameters_unpacked",
        "params_iter_no_names",
        {"loop": "name, p in self.parameters()"},
    ),
    ("lazy_position_param", "ok", "clean", {"init": "torch.zeros(32)"}),
    ("lazy_position_param", "ok_float_arange", "clean", {"init": "torch.arange(32.0) / 32"}),
    ("lazy_position_param", "int_arange", "requires_grad_int", {"init": "torch.arange(32)"}),
    (
        "lazy_position_param",
        "long_zeros",
        "requires_grad_int",
        {"init": "torch.zeros(32, dtype=torch.long)"},
    ),
    ("half_head_classifier", "ok", "clean", {"cast": "", "feed": ""}),
    (
        "half_head_classifier",
        "ok_bf16_both",
        "clean",
        {"cast": ".to(torch.bfloat16)", "feed": ".to(torch.bfloat16)"},
    ),
    ("half_head_classifier", "ok_double_both", "clean", {"cast": ".double()", "feed": ".double()"}),
    ("half_head_classifier", "half_head", "dtype_mismatch", {"cast": ".half()", "feed": ""}),
    ("half_head_classifier", "double_head", "dtype_mismatch", {"cast": ".double()", "feed": ""}),
    ("config_bn_cnn", "ok", "clean", {"mult": "1", "bn_ch": "cfg.width"}),
    ("config_bn_cnn", "ok_mult_2", "clean", {"mult": "2", "bn_ch": "c"}),
    ("config_bn_cnn", "stale_bn_width", "bn_channels", {"mult": "2", "bn_ch": "cfg.width"}),
    ("config_bn_cnn", "bn_width_times_4", "bn_channels", {"mult": "2", "bn_ch": "cfg.width * 4"}),
    ("mha_config_encoder", "ok", "clean", {"dim": "32", "proj_out": "cfg.dim"}),
    ("mha_config_encoder", "ok_48", "clean", {"dim": "48", "proj_out": "cfg.dim"}),
    ("mha_config_encoder", "proj_16", "mha_embed", {"dim": "32", "proj_out": "16"}),
    (
        "mha_config_encoder",
        "proj_heads_times_8",
        "mha_embed",
        {"dim": "48", "proj_out": "cfg.heads * 8"},
    ),
]

# clean variants that look risky (shapes that only just fit, a legal spelling, an edge value, a
# guarded call, two labels torch contradicted): they measure false blockers
RISKY_CLEAN = (
    "lazy_scale_registry__ok_buffer",
    "activation_registry__ok_fn_unused",
    "staged_conv_probe__ok_two_stages",
    "task_heads_by_index__ok_values_list",
    "task_heads_by_index__ok_sum_heads",
    "prompt_token_bank__ok_reversed",
    "prompt_token_bank__ok_fewer",
    "language_bias_adapter__ok_last",
    "tied_lookup_by_name__ok_block_weight",
    "state_dict_shortcut__ok_reversed",
    "cosine_retrieval_head__ok_float_ids",
    "causal_sdpa_block__ok_causal_false_mask",
    "causal_sdpa_block__ok_mask_and_causal",
    "causal_sdpa_block__ok_float_mask_and_causal",
    "reflect_padded_conv__ok_zero_value",
    "reflect_padded_conv__ok_constant",
    "orthogonal_lazy_init__ok_row_gate",
    "python_sum_pooler__ok_builtin_unbind",
    "python_sum_pooler__ok_positional_start",
    "upsample_decoder_size__ok_list",
    "upsample_decoder_size__ok_size_itself",
    "channel_gate_index__ok_trailing",
    "channel_gate_index__ok_one_ellipsis",
    "hardcoded_device_mask__ok_input_device",
    "hardcoded_device_mask__ok_guarded",
    "pinned_feature_cache__ok_contiguous",
    "log_variance_head__ok_unguarded_raw",
    "log_variance_head__ok_exp",
    "frozen_backbone_probe__ok_frozen_other",
    "feature_freeze_encoder__ok_detached_flag",
    "feature_freeze_encoder__ok_none",
    "numpy_stats_logger__ok_tolist",
    "hypernet_linear__ok_longer",
    "gumbel_router__ok_double",
    "sorted_gather_head__ok_long",
    "config_gpt_lm__ok_six_heads",
    "config_gpt_lm__ok_table_edge",
    "greedy_topk_generate__ok_edge",
    "greedy_topk_generate__ok_full_vocab",
    "vit_config_classifier__ok_patch4",
    "vit_config_classifier__ok_patch6",
    "loop_unet_cfg__ok_shallow_odd",
    "topk_moe_layer__ok_zero_dim_tensor",
    "topk_moe_layer__ok_top1_row",
    "gru_seq2seq__ok_unidirectional",
    "window_attention_block__ok_whole",
    "window_attention_block__ok_two",
    "diffusion_time_block__ok_odd_padded",
    "config_resnet_stages__ok_flat_formula",
    "tagger_lm_loss__ok_flat",
    "gqa_decoder_cfg__ok_mha",
    "gqa_decoder_cfg__ok_literal_match",
    "rotary_block_cfg__ok_partial",
    "masked_token_sampler__ok_all_masked_finite",
    "conformer_conv_module__ok_glu_negative",
    "tied_embedding_lm__ok_projected",
    "perceiver_latent_pool__ok_value_only",
    "patch_merging_stage__ok_padded_odd",
    "residual_mlp_cfg__ok_guarded",
    "bucketed_position_bias__ok_div_floor",
    "vae_encoder_cfg__ok_probe",
    "memory_token_encoder__ok_repeat",
    "grad_free_stats_block__ok_inference_mode",
    "lazy_position_param__ok_float_arange",
    "half_head_classifier__ok_bf16_both",
    "half_head_classifier__ok_double_both",
    "config_bn_cnn__ok_mult_2",
    "mha_config_encoder__ok_48",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "staged_conv_probe",
    "task_heads_by_index",
    "prompt_token_bank",
    "tied_lookup_by_name",
    "state_dict_shortcut",
    "fused_conv_bn_export",
    "cosine_retrieval_head",
    "causal_sdpa_block",
    "gumbel_router",
    "config_gpt_lm",
    "greedy_topk_generate",
    "vit_config_classifier",
    "loop_unet_cfg",
    "topk_moe_layer",
    "gru_seq2seq",
    "window_attention_block",
    "diffusion_time_block",
    "config_resnet_stages",
    "tagger_lm_loss",
    "gqa_decoder_cfg",
    "rotary_block_cfg",
    "masked_token_sampler",
    "gaussian_policy_head",
    "conformer_conv_module",
    "tied_embedding_lm",
    "perceiver_latent_pool",
    "patch_merging_stage",
    "residual_mlp_cfg",
    "bucketed_position_bias",
    "vae_encoder_cfg",
    "memory_token_encoder",
    "weight_norm_report",
    "half_head_classifier",
    "config_bn_cnn",
    "mha_config_encoder",
)
