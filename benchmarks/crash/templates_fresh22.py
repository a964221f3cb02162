"""A twenty-second fresh batch of crash cases (session 30, split ``fresh22``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The new classes are habits earlier batches did not exercise: Python-level slips inside forward
(iterating a ``ModuleList`` without ``enumerate``, a ``ModuleDict`` iterated for keys only, a
tensor method or ``shape`` used the wrong way round -- ``x.contiguous.view``, ``x.shape()`` -- an
``nn.Parameter`` called like an ``Embedding`` and an ``Embedding`` indexed like a table,
``super().forward`` on a plain ``nn.Module``, a tensor assigned over a child module, a tensor
appended to a ``ModuleList``, ``register_buffer`` given a Python number, the model's own shape
guard (``assert`` / ``raise``) failing), autograd run inside a forward (``enable_grad`` sections:
``backward`` of a non-scalar, ``autograd.grad`` of an unused input, a second ``grad`` through a
freed graph, an in-place op on a saved tensor or on a leaf that requires grad,
``torch.func.grad`` of a non-scalar, ``detach_`` of a view), tensors made under
``inference_mode`` then updated in place or given ``requires_grad``, a lazy module's weight read
before its first call, ``need_weights=False`` attention weights used, ``view_as_complex`` of a
transposed RoPE pair, quantized tensors fed to float ops, ``isclose`` of ids and floats,
``zeros_like`` given a size, ``stack`` / ``cat`` of a generator, a KV cache that a decode loop
overruns, a forward hook that returns the wrong shape, ``tril_indices`` with a float offset,
``searchsorted`` with an int32 sorter, ``einsum`` ellipsis dims that do not broadcast,
NestedTensor reductions, a float ``LayerNorm`` input with half parameters, and the bias of a
``bias=False`` layer read. Familiar classes (U-Net skips, patch embeds with position tables,
MoE routers, RNN encoders, cross-attention decoders, strided conv stacks, pooled heads) are written
as whole models whose sizes come through Python (a config dataclass, a width list comprehension, a
loop). Several clean variants look risky (``RISKY_CLEAN``).
Same format as ``templates.py``; every case name starts ``f22_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- Python slips over containers
template("residual_mlp_stack", "(4, 16)")(
    """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return x + self.fc(torch.relu(self.norm(x)))


class Net(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList([Block(16) for _ in range(depth)])
        self.scales = [1.0 / (i + 1) for i in range(depth)]
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        for {loop}:
            x = x + self.scales[i] * blk(x)
        return self.head(x)
"""
)

template("multi_head_dict_classifier", "(3, 20)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 32))
        self.heads = nn.ModuleDict({{"{k1}": nn.Linear(32, 3), "{k2}": nn.Linear(32, 5)}})

    def forward(self, x):
        h = self.trunk(x)
        outs = []
        for {loop}:
            outs.append(head(h))
        return torch.cat(outs, -1)
"""
)

template("feature_pyramid_collector", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        chans = [3] + [8 * 2**i for i in range(3)]
        self.stages = nn.ModuleList(
            [nn.Conv2d(chans[i], chans[i + 1], 3, stride=2, padding=1) for i in range(3)]
        )
        self.feats = nn.ModuleList()
        self.head = nn.Linear(sum(chans[1:]), 10)

    def forward(self, x):
        {store_init}
        for stage in self.stages:
            x = torch.relu(stage(x))
            {store}.append(x.mean((2, 3)))
        return self.head(torch.cat(list({store}), 1))
"""
)

template("running_norm_encoder", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(12, 24)
        self.norm = nn.LayerNorm(24)
        self.out = nn.Linear(24, 6)

    def forward(self, x):
        h = self.enc(x)
        {norm_line}
        return self.out(torch.relu(h))
"""
)

template("step_counting_policy", "(5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.policy = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 4))
        self.register_buffer("steps", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        {count}
        return torch.softmax(self.policy(x), -1)
"""
)

template("base_forward_adapter", "(2, 10)")(
    """
class Adapter(nn.{base}):
    def __init__(self, d, r=4):
        super().__init__({base_args})
        self.down = nn.Linear(d, r, bias=False)
        self.up = nn.Linear(r, d, bias=False)

    def forward(self, x):
        return super().forward(x) + self.up(self.down(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a1 = Adapter(10)
        self.a2 = Adapter(10)
        self.cls = nn.Linear(10, 2)

    def forward(self, x):
        return self.cls(torch.relu(self.a2(torch.relu(self.a1(x)))))
"""
)

# ---------------------------------------------------------------- attribute / call slips
template("contiguous_attn_merge", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, heads=4):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        a = torch.softmax(q @ k.transpose(-2, -1) / (D // self.h) ** 0.5, -1) @ v
        out = a.transpose(1, 2).{merge}
        return self.proj(out)
"""
)

template("shape_probe_cnn", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(8, 8, 3, padding=1)
        )
        self.fc = nn.Linear(8 * 8 * 8, 5)

    def forward(self, x):
        h = self.body(x)
        n = {batch}
        return self.fc(h.reshape(n, -1))
"""
)

template("param_position_encoder", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, d=16, max_len=16):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = {pos_def}
        self.block = nn.TransformerEncoderLayer(d, 2, 32, batch_first=True)
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids):
        t = torch.arange(ids.shape[1])
        h = self.tok(ids) + {pos_use}
        return self.lm(self.block(h))
"""
)

template("table_lookup_recommender", "(6,)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, users=8, d=12):
        super().__init__()
        self.user = nn.Embedding(users, d)
        self.bias = nn.Embedding(users, 1)
        self.mlp = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 1))

    def forward(self, uid):
        u = {lookup}
        return self.mlp(u).squeeze(-1) + self.bias(uid).squeeze(-1)
"""
)

template("biasless_conv_fuser", "(2, 4, 10, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, padding=1, bias={bias})
        self.bn = nn.BatchNorm2d(8)
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        h = F.conv2d(x, self.conv.weight, padding=1)
        {add_bias}
        h = torch.relu(self.bn(h))
        return self.head(h.mean((2, 3)))
"""
)

# ---------------------------------------------------------------- the model's own guards
template("vit_input_guard", "(2, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch=8, d=24):
        super().__init__()
        self.img = img
        self.patch = nn.Conv2d(3, d, patch, stride=patch)
        self.pos = nn.Parameter(torch.zeros(1, (img // patch) ** 2, d))
        self.enc = nn.TransformerEncoderLayer(d, 4, 48, batch_first=True)
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        B, C, H, W = x.shape
        {guard}
        h = self.patch(x).flatten(2).transpose(1, 2)
        h = self.enc(h + self.pos[:, : h.shape[1]])
        return self.head(h.mean(1))
"""
)

template("audio_frame_guard", "(2, {n})")(
    """
class Net(nn.Module):
    def __init__(self, hop=160):
        super().__init__()
        self.hop = hop
        self.frontend = nn.Conv1d(1, 16, hop, stride=hop)
        self.rnn = nn.GRU(16, 16, batch_first=True)
        self.cls = nn.Linear(16, 4)

    def forward(self, wav):
        if wav.shape[-1] % self.hop {cmp} 0:
            raise ValueError(f"length {{wav.shape[-1]}} is not a multiple of {{self.hop}}")
        h = self.frontend(wav.unsqueeze(1)).transpose(1, 2)
        _, hn = self.rnn(h)
        return self.cls(hn[-1])
"""
)

# ---------------------------------------------------------------- autograd inside forward
template("saliency_explainer", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.clf = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 4))

    def forward(self, x):
        with torch.enable_grad():
            xi = x.detach().requires_grad_(True)
            score = self.clf(xi).max(-1).values
            {backward}
        return xi.grad.abs()
"""
)

template("input_gradient_regularizer", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
        self.gate = nn.Parameter(torch.ones(6))

    def forward(self, x):
        with torch.enable_grad():
            xi = x.detach().requires_grad_(True)
            g = self.gate.detach().requires_grad_(True)
            y = self.f(xi{gated}).sum()
            grads = torch.autograd.grad(y, [xi, g]{unused})
        return grads[0].norm(dim=-1)
"""
)

template("two_pass_grad_probe", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 1))

    def forward(self, x):
        with torch.enable_grad():
            xi = x.detach().requires_grad_(True)
            y = self.enc(xi).sum()
            g1, = torch.autograd.grad(y, xi{retain})
            g2, = torch.autograd.grad(y, xi)
        return (g1 + g2).abs()
"""
)

template("sigmoid_gate_attribution", "(3, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(5, 5)

    def forward(self, x):
        with torch.enable_grad():
            xi = x.detach().requires_grad_(True)
            gate = torch.sigmoid(self.lin(xi))
            {scale}
            (gate * xi).sum().backward()
        return xi.grad
"""
)

template("test_time_adapter", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(8))
        self.clf = nn.Linear(8, 3)

    def forward(self, x):
        {ctx}
            self.bias.{update}(0.1 * x.mean(0))
        return self.clf(x + self.bias)
"""
)

template("functorch_jacobian_head", "(3, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 4) * 0.1)

    def energy(self, x):
        return torch.tanh(x @ self.w){reduce}

    def forward(self, x):
        g = torch.func.grad(self.energy)(x)
        return g * x
"""
)

template("detached_token_encoder", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.GRU(8, 8, batch_first=True)
        self.out = nn.Linear(16, 2)

    def forward(self, x):
        h, _ = self.enc(x)
        cls = {take}
        cls.{det}()
        return self.out(torch.cat([cls, h.mean(1)], -1))
"""
)

# ---------------------------------------------------------------- inference-mode tensors
template("cached_mask_decoder", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True)
        self.ff = nn.Linear(d, d)

    def build_mask(self, T):
        with torch.inference_mode():
            m = torch.full((T, T), float("-inf")).triu(1)
        return m{clone}

    def forward(self, x):
        mask = self.build_mask(x.shape[1])
        {edit}
        a, _ = self.attn(x, x, x, attn_mask=mask)
        return self.ff(x + a)
"""
)

template("frozen_stats_scaler", "(6, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        with torch.inference_mode():
            mu = x.mean(0)
        mu = mu{clone}
        {use}
        return self.fc(x - mu)
"""
)

# ---------------------------------------------------------------- lazy modules
template("lazy_conv_classifier", "(2, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.LazyConv2d(8, 3, padding=1)
        self.head = nn.LazyLinear(5)

    def forward(self, x):
        {probe}
        h = torch.relu(self.conv(x))
        {probe2}
        return self.head(h.flatten(1))
"""
)

# ---------------------------------------------------------------- attention weights
template("attention_rollout_encoder", "(2, 7, 16)")(
    """
class Layer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))

    def forward(self, x):
        a, w = self.attn(x, x, x, {nw})
        return x + self.ff(x + a), w


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer(16) for _ in range(2)])

    def forward(self, x):
        roll = torch.eye(x.shape[1]).expand(x.shape[0], -1, -1)
        for layer in self.layers:
            x, w = layer(x)
            roll = {combine}
        return x.mean(1), roll
"""
)

# ---------------------------------------------------------------- RoPE via complex views
template("complex_rope_attention", "(2, 6, 16)")(
    """
def rope(x, freqs):
    pairs = x.float().unflatten(-1, (2, -1)).transpose(-1, -2){cont}
    xc = torch.view_as_complex(pairs)
    return torch.view_as_real(xc * freqs).flatten(-2).type_as(x)


class Net(nn.Module):
    def __init__(self, d=16, heads=2, max_len=32):
        super().__init__()
        self.h, self.hd = heads, d // heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        inv = 1.0 / (10000 ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(max_len).float(), inv)
        self.register_buffer("freqs", torch.polar(torch.ones_like(ang), ang), persistent=False)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, self.hd).unbind(2)
        f = self.freqs[:T].view(1, T, 1, -1)
        q, k = rope(q, f), rope(k, f)
        y = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True
        )
        return self.o(y.transpose(1, 2).reshape(B, T, D))
"""
)

# ---------------------------------------------------------------- quantized experiments
template("fake_quant_mlp", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 2)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        q = torch.quantize_per_tensor(h, 0.05, 0, torch.quint8)
        h = {deq}
        return self.fc2(h)
"""
)

# ---------------------------------------------------------------- comparisons and constructors
template("prediction_agreement_head", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(6, 5)
        self.b = nn.Linear(6, 5)

    def forward(self, x):
        pa = self.a(x).argmax(-1)
        pb = self.b(x).argmax(-1){cast}
        agree = torch.isclose(pa, pb).float()
        return self.a(x) * agree.unsqueeze(-1)
"""
)

template("noise_injection_block", "(2, 5, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(12)
        self.fc = nn.Linear(12, 12)

    def forward(self, x):
        h = self.ln(x)
        noise = {noise}
        return self.fc(h + 0.01 * noise)
"""
)

template("generator_pooling_head", "(2, 4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.branches = nn.ModuleList([nn.Linear(10, 6) for _ in range(3)])
        self.out = nn.Linear({out_in}, 2)

    def forward(self, x):
        feats = torch.{op}({gen})
        return self.out(feats.mean(1))
"""
)

# ---------------------------------------------------------------- KV cache across steps
template("kv_cache_decoder", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, cache_len=8, steps={steps}):
        super().__init__()
        self.steps = steps
        self.q = nn.Linear(d, d)
        self.kv = nn.Linear(d, 2 * d)
        self.register_buffer("k_cache", torch.zeros(2, cache_len, d))
        self.register_buffer("v_cache", torch.zeros(2, cache_len, d))

    def step(self, x, pos):
        k, v = self.kv(x).chunk(2, -1)
        self.k_cache[:, {at}] = k{u}
        self.v_cache[:, {at}] = v{u}
        K, V = self.k_cache[:, : pos + 1], self.v_cache[:, : pos + 1]
        a = torch.softmax(self.q(x).unsqueeze(1) @ K.transpose(1, 2), -1) @ V
        return a.squeeze(1)

    def forward(self, x):
        for pos in range(self.steps):
            x = x + self.step(x, pos)
        return x
"""
)

# ---------------------------------------------------------------- forward hooks
template("hooked_feature_extractor", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.block = nn.Conv2d(8, 8, 3, padding=1)
        self.head = nn.Linear(8, 4)
        self.stem.register_forward_hook(self._tap)

    def _tap(self, module, inp, out):
        self.tapped = out.detach()
        return {hook_ret}

    def forward(self, x):
        h = torch.relu(self.block(torch.relu(self.stem(x))))
        return self.head(h.mean((2, 3)))
"""
)

# ---------------------------------------------------------------- index helpers
template("pairwise_relation_head", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.score = nn.Linear(16, 1)

    def forward(self, x):
        T = x.shape[1]
        i, j = torch.tril_indices(T, T, {offset})
        h = self.proj(x)
        pair = torch.cat([h[:, i], h[:, j]], -1)
        return self.score(pair).squeeze(-1)
"""
)

template("sorted_bucket_embedder", "(3, 4)")(
    """
class Net(nn.Module):
    def __init__(self, n=6):
        super().__init__()
        self.register_buffer("edges", torch.tensor([0.5, -1.0, 1.5, 0.0, -0.5]))
        self.emb = nn.Embedding(n, 8)
        self.out = nn.Linear(8, 1)

    def forward(self, x):
        order = torch.argsort(self.edges){odt}
        ids = torch.searchsorted(self.edges, x.contiguous(), sorter=order)
        return self.out(self.emb(ids).mean(1))
"""
)

template("batched_bilinear_scorer", "(2, 3, 4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn({wshape}) * 0.1)
        self.out = nn.Linear(6, 1)

    def forward(self, x):
        y = torch.einsum("...ij,...jk->...ik", x, self.w)
        return self.out(y).squeeze(-1)
"""
)

# ---------------------------------------------------------------- nested tensors
template("ragged_sentence_pooler", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.cls = nn.Linear(8, 3)

    def forward(self, x):
        h = self.proj(x)
        nt = torch.nested.nested_tensor([h[:1], h])
        pooled = {pool}
        return self.cls(pooled)
"""
)

# ---------------------------------------------------------------- mixed precision norms
template("half_param_norm_block", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(16)
        self.norm.{cast}()
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        h = self.norm({inp})
        return self.fc(h.float())
"""
)

# ---------------------------------------------------------------- whole models: familiar classes
template("config_unet", "(1, 3, {hw}, {hw})")(
    """
from dataclasses import dataclass


@dataclass
class UNetConfig:
    in_ch: int = 3
    base: int = 8
    depth: int = 3


class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        s = self.conv(x)
        return self.pool(s), s


class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cout, 2, stride=2)
        self.conv = nn.Conv2d(2 * cout, cout, 3, padding=1)

    def forward(self, x, skip):
        x = self.up(x)
        return torch.relu(self.conv(torch.cat([x, skip], 1)))


class Net(nn.Module):
    def __init__(self, cfg=UNetConfig()):
        super().__init__()
        widths = [cfg.base * 2**i for i in range(cfg.depth + 1)]
        ins = [cfg.in_ch] + widths[:-2]
        self.downs = nn.ModuleList([Down(a, b) for a, b in zip(ins, widths[:-1])])
        self.mid = nn.Conv2d(widths[-2], widths[-1], 3, padding=1)
        self.ups = nn.ModuleList([Up(widths[i + 1], widths[i]) for i in reversed(range(cfg.depth))])
        self.out = nn.Conv2d(widths[0], 1, 1)

    def forward(self, x):
        skips = []
        for d in self.downs:
            x, s = d(x)
            skips.append(s)
        x = self.mid(x)
        for u, s in zip(self.ups, reversed(skips)):
            x = u(x, s)
        return self.out(x)
"""
)

template("patch_embed_pos_table", "(2, 3, {hw}, {hw})")(
    """
class PatchEmbed(nn.Module):
    def __init__(self, img, patch, d):
        super().__init__()
        self.n = (img // patch) ** 2
        self.proj = nn.Conv2d(3, d, patch, stride=patch)

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


class Net(nn.Module):
    def __init__(self, img=32, patch={patch}, d=32):
        super().__init__()
        self.embed = PatchEmbed(img, patch, d)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.zeros(1, self.embed.n + 1, d))
        self.blocks = nn.Sequential(*[nn.TransformerEncoderLayer(d, 4, 64, batch_first=True) for _ in range(2)])
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        h = self.embed(x)
        h = torch.cat([self.cls.expand(h.shape[0], -1, -1), h], 1) + self.pos
        return self.head(self.blocks(h)[:, 0])
"""
)

template("moe_router_ffn", "(2, 6, 16)")(
    """
class Expert(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.w1 = nn.Linear(d, hidden)
        self.w2 = nn.Linear(hidden, d)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, d=16, n_experts=4, top_k={k}):
        super().__init__()
        self.k = top_k
        self.router = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList([Expert(d, 2 * d) for _ in range(n_experts)])

    def forward(self, x):
        B, T, D = x.shape
        flat = x.reshape(-1, D)
        gates, idx = torch.topk(torch.softmax(self.router(flat), -1), self.k, dim=-1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(idx == e)
            if rows.numel():
                out[rows] += gates[rows, slot, None] * expert(flat[rows])
        return out.view(B, T, D)
"""
)

template("gru_encoder_classifier", "(3, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, d=16, hidden=24, layers=2, bidir={bidir}):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.GRU(d, hidden, num_layers=layers, batch_first=True, bidirectional=bidir)
        self.head = nn.Linear({head_in}, 3)

    def forward(self, ids):
        out, h_n = self.rnn(self.emb(ids))
        last = torch.cat([h_n[-2], h_n[-1]], -1) if self.rnn.bidirectional else h_n[-1]
        return self.head(last)
"""
)

template("cross_attn_decoder", "(2, 5, 24)")(
    """
class DecoderLayer(nn.Module):
    def __init__(self, d, mem_d, heads):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.cross = nn.MultiheadAttention(d, heads, kdim=mem_d, vdim=mem_d, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.n1, self.n2, self.n3 = nn.LayerNorm(d), nn.LayerNorm(d), nn.LayerNorm(d)

    def forward(self, x, mem):
        h = self.n1(x)
        x = x + self.self_attn(h, h, h)[0]
        h = self.n2(x)
        x = x + self.cross(h, mem, mem)[0]
        return x + self.ff(self.n3(x))


class Net(nn.Module):
    def __init__(self, d=24, mem_d={mem_d}, mem_len=7):
        super().__init__()
        self.memory = nn.Parameter(torch.randn(1, mem_len, 12))
        self.layers = nn.ModuleList([DecoderLayer(d, mem_d, 4) for _ in range(2)])
        self.out = nn.Linear(d, 8)

    def forward(self, x):
        mem = self.memory.expand(x.shape[0], -1, -1)
        for layer in self.layers:
            x = layer(x, mem)
        return self.out(x)
"""
)

template("strided_conv_stack", "(2, 1, {n})")(
    """
class Net(nn.Module):
    def __init__(self, widths=(1, 8, 16, 32), kernel=5):
        super().__init__()
        layers = []
        for cin, cout in zip(widths[:-1], widths[1:]):
            layers += [nn.Conv1d(cin, cout, kernel, stride=2), nn.ReLU()]
        self.convs = nn.Sequential(*layers)
        self.head = nn.Linear(widths[-1], 6)

    def forward(self, x):
        return self.head(self.convs(x).amax(-1))
"""
)

template("pooled_flatten_head", "(2, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self, hw=32):
        super().__init__()
        sizes = [hw]
        for _ in range(3):
            sizes.append(sizes[-1] // 2)
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.classifier = nn.Linear(16 * sizes[-1] * sizes[-1], 10)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
"""
)


# ---------------------------------------------------------------- second pass: more whole models
template("straight_through_quantizer", "(3, 8)")(
    """
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, step):
        ctx.save_for_backward(x, step)
        return torch.round(x / step) * step

    @staticmethod
    def backward(ctx, g):
        return g, None


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(8, 16)
        self.dec = nn.Sequential(nn.ReLU(), nn.Linear(16, 8))

    def forward(self, x):
        z = self.enc(x)
        zq = {quant}
        return self.dec(zq)
"""
)

template("ema_teacher_student", "(4, 10)")(
    """
class Student(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 3))

    def forward(self, x):
        return self.body(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = Student(32)
        self.teacher = Student({tw})

    def forward(self, x):
        self.teacher.load_state_dict(self.student.state_dict(){strict})
        return self.student(x) - self.teacher(x)
"""
)

template("summary_token_concat", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(8, 8)
        self.head = nn.Linear({n_in}, 2)

    def forward(self, x):
        h = torch.tanh(self.enc(x)).mean(1)
        spread = {spread}
        feats = torch.cat([h, spread], -1)
        return self.head(feats)
"""
)

template("memory_bank_grower", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, slots=4):
        super().__init__()
        self.d = d
        {bank_def}
        self.read = nn.Linear(d, d)

    def forward(self, x):
        n = self.bank.shape[0]
        self.bank.resize_(n + x.shape[0], self.d)
        self.bank[n:] = x
        att = torch.softmax(x @ self.bank.T, -1)
        return self.read(att @ self.bank)
"""
)

template("dict_config_attention", "(2, 5, 24)")(
    """
CONFIG = {{"dim": 24, "heads": {heads}, "mlp_ratio": 2}}


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.heads = cfg["heads"]
        self.head_dim = cfg["dim"] // cfg["heads"]
        self.qkv = nn.Linear(cfg["dim"], 3 * cfg["dim"])
        self.out = nn.Linear(cfg["dim"], cfg["dim"])

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).chunk(3, -1)
        q, k, v = (t.reshape(B, T, self.heads, self.head_dim).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self, cfg=CONFIG):
        super().__init__()
        self.attn = Attention(cfg)
        self.norm = nn.LayerNorm(cfg["dim"])
        hidden = cfg["dim"] * cfg["mlp_ratio"]
        self.mlp = nn.Sequential(nn.Linear(cfg["dim"], hidden), nn.GELU(), nn.Linear(hidden, cfg["dim"]))

    def forward(self, x):
        x = x + self.attn(self.norm(x))
        return x + self.mlp(self.norm(x))
"""
)

template("halving_mlp", "(4, 64)")(
    """
class Net(nn.Module):
    def __init__(self, width=64, depth={depth}):
        super().__init__()
        layers = []
        for _ in range(depth):
            layers += [nn.Linear(width, width // 2), nn.ReLU()]
            width //= 2
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear({head_in}, 1)

    def forward(self, x):
        return self.head(self.body(x))
"""
)

template("broadcast_bias_accumulator", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(6))
        self.fc = nn.Linear(6, 6)
        self.out = nn.Linear(6, 2)

    def forward(self, x):
        acc = self.bias.expand(x.shape[0], -1){clone}
        acc {op} self.fc(x)
        return self.out(torch.relu(acc))
"""
)

template("double_precision_head", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten()
        )
        self.head = nn.Linear(8, 4)
        self.head{cast}

    def forward(self, x):
        f = self.backbone(x)
        return self.head({feed})
"""
)


# ---------------------------------------------------------------- third pass: values through Python
template("loop_width_fusion", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self, base=8, n=3):
        super().__init__()
        widths = []
        w = base
        for i in range(n):
            widths.append(w)
            w = w * 2 if i % 2 == 0 else w
        self.branches = nn.ModuleList([nn.Linear(12, c) for c in widths])
        self.fuse = nn.Linear({fuse_in}, 4)

    def forward(self, x):
        return self.fuse(torch.cat([torch.relu(b(x)) for b in self.branches], -1))
"""
)

template("fstring_expert_router", "(2, 6)")(
    """
class Net(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        self.n = n
        self.experts = nn.ModuleDict({{f"expert_{{i}}": nn.Linear(6, 6) for i in range(n)}})
        self.out = nn.Linear(6, 2)

    def forward(self, x):
        h = x
        for i in range({lo}, {hi}):
            h = h + self.experts[{key}](h)
        return self.out(h)
"""
)

template("factorized_embedding_lm", "(2, 7)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class Config:
    vocab: int = 12
    d_emb: int = 16
    d_model: int = {d_model}
    project: bool = {project}


class Net(nn.Module):
    def __init__(self, cfg=Config()):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.d_emb)
        self.proj = nn.Linear(cfg.d_emb, cfg.d_model) if cfg.project else nn.Identity()
        self.block = nn.Sequential(nn.LayerNorm(cfg.d_model), nn.Linear(cfg.d_model, cfg.d_model), nn.GELU())
        self.lm = nn.Linear(cfg.d_model, cfg.vocab)

    def forward(self, ids):
        return self.lm(self.block(self.proj(self.emb(ids))))
"""
)

template("greedy_decode_loop", "(2, 3)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, d=16, max_len=8, steps={steps}):
        super().__init__()
        self.steps = steps
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_len, d)
        self.mix = nn.GRU(d, d, batch_first=True)
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids):
        for _ in range(self.steps):
            h = self.tok(ids) + self.pos(torch.arange(ids.shape[1]))
            h, _ = self.mix(h)
            nxt = self.lm(h[:, -1]).argmax(-1, keepdim=True)
            ids = torch.cat([ids, nxt], 1)
        return ids
"""
)

template("padding_mask_attention", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=8, d=16, heads=2, pad=0):
        super().__init__()
        self.pad, self.heads = pad, heads
        self.emb = nn.Embedding(vocab, d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, vocab)

    def forward(self, ids):
        B, T = ids.shape
        q, k, v = self.qkv(self.emb(ids)).view(B, T, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / k.shape[-1] ** 0.5
        mask = {mask}
        scores = scores.masked_fill(mask[:, None, None, :], -1e4)
        y = torch.softmax(scores, -1) @ v
        return self.out(y.transpose(1, 2).reshape(B, T, -1))
"""
)

template("strided_token_downsampler", "(2, 8, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(12, 12), nn.GELU())
        self.head = nn.Linear(12, 3)

    def forward(self, x):
        h = self.enc(x)
        T = h.shape[1]
        keep = {keep}
        return self.head(h[:, keep].mean(1))
"""
)


VARIANTS = [
    # Python slips over containers
    ("residual_mlp_stack", "ok", "clean", {"loop": "i, blk in enumerate(self.blocks)"}),
    (
        "residual_mlp_stack",
        "ok_zip",
        "clean",
        {"loop": "i, blk in zip(range(len(self.blocks)), self.blocks)"},
    ),
    (
        "residual_mlp_stack",
        "no_enumerate",
        "enumerate_missing_unpack",
        {"loop": "i, blk in self.blocks"},
    ),
    (
        "residual_mlp_stack",
        "named_children",
        "list_index",
        {"loop": "i, blk in self.blocks.named_children()"},
    ),
    (
        "multi_head_dict_classifier",
        "ok",
        "clean",
        {"k1": "task", "k2": "aux", "loop": "name, head in self.heads.items()"},
    ),
    (
        "multi_head_dict_classifier",
        "ok_values",
        "clean",
        {"k1": "t1", "k2": "t2", "loop": "head in self.heads.values()"},
    ),
    (
        "multi_head_dict_classifier",
        "keys_long",
        "moduledict_iter_keys",
        {"k1": "task", "k2": "aux", "loop": "name, head in self.heads"},
    ),
    (
        "multi_head_dict_classifier",
        "keys_two_chars",
        "moduledict_iter_keys",
        {"k1": "t1", "k2": "t2", "loop": "name, head in self.heads"},
    ),
    ("feature_pyramid_collector", "ok", "clean", {"store_init": "feats = []", "store": "feats"}),
    (
        "feature_pyramid_collector",
        "module_list",
        "modulelist_append_tensor",
        {"store_init": "pass", "store": "self.feats"},
    ),
    (
        "feature_pyramid_collector",
        "reset_list",
        "module_attr_overwrite",
        {"store_init": "self.feats = []", "store": "self.feats"},
    ),
    (
        "feature_pyramid_collector",
        "ok_new_attr",
        "clean",
        {"store_init": "self.taps = []", "store": "self.taps"},
    ),
    ("running_norm_encoder", "ok", "clean", {"norm_line": "h = self.norm(h)"}),
    (
        "running_norm_encoder",
        "ok_cache_attr",
        "clean",
        {"norm_line": "self.last_h = self.norm(h)\n        h = self.last_h"},
    ),
    (
        "running_norm_encoder",
        "overwrite",
        "module_attr_overwrite",
        {"norm_line": "self.norm = self.norm(h)"},
    ),
    (
        "running_norm_encoder",
        "overwrite_enc",
        "module_attr_overwrite",
        {"norm_line": "self.enc = h.detach()\n        h = self.norm(h)"},
    ),
    ("step_counting_policy", "ok", "clean", {"count": "self.steps += 1"}),
    (
        "step_counting_policy",
        "ok_reregister",
        "clean",
        {"count": 'self.register_buffer("steps", self.steps + 1)'},
    ),
    ("step_counting_policy", "ok_none", "clean", {"count": 'self.register_buffer("last", None)'}),
    (
        "step_counting_policy",
        "int_register",
        "buffer_non_tensor",
        {"count": 'self.register_buffer("steps", int(self.steps) + 1)'},
    ),
    ("step_counting_policy", "int_assign", "buffer_non_tensor", {"count": "self.steps = 0"}),
    ("base_forward_adapter", "ok", "clean", {"base": "Linear", "base_args": "d, d"}),
    ("base_forward_adapter", "ok_identity", "clean", {"base": "Identity", "base_args": ""}),
    (
        "base_forward_adapter",
        "module_base",
        "module_base_forward",
        {"base": "Module", "base_args": ""},
    ),
    # attribute / call slips
    ("contiguous_attn_merge", "ok", "clean", {"merge": "reshape(B, T, D)"}),
    ("contiguous_attn_merge", "ok_contig", "clean", {"merge": "contiguous().view(B, T, D)"}),
    (
        "contiguous_attn_merge",
        "method_uncalled",
        "method_not_called",
        {"merge": "contiguous.view(B, T, D)"},
    ),
    ("contiguous_attn_merge", "view_nc", "view_noncontiguous", {"merge": "view(B, T, D)"}),
    (
        "contiguous_attn_merge",
        "flatten_uncalled",
        "method_not_called",
        {"merge": "flatten(2).float * 1.0"},
    ),
    ("shape_probe_cnn", "ok", "clean", {"batch": "h.shape[0]"}),
    ("shape_probe_cnn", "ok_size", "clean", {"batch": "h.size(0)"}),
    ("shape_probe_cnn", "ok_len", "clean", {"batch": "len(h)"}),
    ("shape_probe_cnn", "shape_called", "attr_called", {"batch": "h.shape(0)"}),
    ("shape_probe_cnn", "shape_called_index", "attr_called", {"batch": "h.shape()[0]"}),
    (
        "param_position_encoder",
        "ok",
        "clean",
        {"pos_def": "nn.Parameter(torch.zeros(max_len, d))", "pos_use": "self.pos[t]"},
    ),
    (
        "param_position_encoder",
        "ok_slice",
        "clean",
        {"pos_def": "nn.Parameter(torch.zeros(max_len, d))", "pos_use": "self.pos[: ids.shape[1]]"},
    ),
    (
        "param_position_encoder",
        "param_called",
        "tensor_called",
        {"pos_def": "nn.Parameter(torch.zeros(max_len, d))", "pos_use": "self.pos(t)"},
    ),
    (
        "param_position_encoder",
        "ok_embedding",
        "clean",
        {"pos_def": "nn.Embedding(max_len, d)", "pos_use": "self.pos(t)"},
    ),
    (
        "param_position_encoder",
        "embedding_indexed",
        "module_subscripted",
        {"pos_def": "nn.Embedding(max_len, d)", "pos_use": "self.pos[t]"},
    ),
    (
        "param_position_encoder",
        "ok_embedding_weight",
        "clean",
        {"pos_def": "nn.Embedding(max_len, d)", "pos_use": "self.pos.weight[t]"},
    ),
    ("table_lookup_recommender", "ok", "clean", {"lookup": "self.user(uid)"}),
    ("table_lookup_recommender", "ok_weight", "clean", {"lookup": "self.user.weight[uid]"}),
    ("table_lookup_recommender", "subscripted", "module_subscripted", {"lookup": "self.user[uid]"}),
    (
        "table_lookup_recommender",
        "weight_called",
        "tensor_called",
        {"lookup": "self.user.weight(uid)"},
    ),
    (
        "biasless_conv_fuser",
        "ok",
        "clean",
        {"bias": "True", "add_bias": "h = h + self.conv.bias.view(1, -1, 1, 1)"},
    ),
    (
        "biasless_conv_fuser",
        "ok_guarded",
        "clean",
        {
            "bias": "False",
            "add_bias": "h = h if self.conv.bias is None else h + self.conv.bias.view(1, -1, 1, 1)",
        },
    ),
    (
        "biasless_conv_fuser",
        "none_bias_view",
        "disabled_bias_read",
        {"bias": "False", "add_bias": "h = h + self.conv.bias.view(1, -1, 1, 1)"},
    ),
    (
        "biasless_conv_fuser",
        "none_bias_add",
        "none_operand",
        {"bias": "False", "add_bias": "h = h + self.conv.bias"},
    ),
    # the model's own guards
    (
        "vit_input_guard",
        "ok",
        "clean",
        {"hw": 32, "guard": "assert H == self.img and W == self.img, (H, W)"},
    ),
    ("vit_input_guard", "ok_no_guard_24", "clean", {"hw": 24, "guard": "pass"}),
    (
        "vit_input_guard",
        "assert_48",
        "forward_shape_guard",
        {"hw": 48, "guard": "assert H == self.img and W == self.img, (H, W)"},
    ),
    (
        "vit_input_guard",
        "ok_torch_assert",
        "clean",
        {"hw": 32, "guard": 'torch._assert(H == self.img, "image size")'},
    ),
    (
        "vit_input_guard",
        "torch_assert_24",
        "forward_shape_guard",
        {"hw": 24, "guard": 'torch._assert(H == self.img, "image size")'},
    ),
    ("audio_frame_guard", "ok", "clean", {"n": 1600, "cmp": "!="}),
    ("audio_frame_guard", "ok_ragged_unchecked", "clean", {"n": 1650, "cmp": "<"}),
    ("audio_frame_guard", "not_multiple", "forward_shape_guard", {"n": 1650, "cmp": "!="}),
    ("audio_frame_guard", "off_by_one", "forward_shape_guard", {"n": 1601, "cmp": "!="}),
    # autograd inside forward
    ("saliency_explainer", "ok", "clean", {"backward": "score.sum().backward()"}),
    (
        "saliency_explainer",
        "ok_grad_outputs",
        "clean",
        {"backward": "score.backward(torch.ones_like(score))"},
    ),
    ("saliency_explainer", "nonscalar", "backward_nonscalar", {"backward": "score.backward()"}),
    (
        "saliency_explainer",
        "nonscalar_unsqueezed",
        "backward_nonscalar",
        {"backward": "score.unsqueeze(-1).mean(-1).backward()"},
    ),
    ("input_gradient_regularizer", "ok", "clean", {"gated": " * g", "unused": ""}),
    (
        "input_gradient_regularizer",
        "ok_allow_unused",
        "clean",
        {"gated": "", "unused": ", allow_unused=True"},
    ),
    (
        "input_gradient_regularizer",
        "unused_gate",
        "autograd_unused_input",
        {"gated": "", "unused": ""},
    ),
    (
        "input_gradient_regularizer",
        "unused_gate_retain",
        "autograd_unused_input",
        {"gated": "", "unused": ", retain_graph=True"},
    ),
    ("two_pass_grad_probe", "ok", "clean", {"retain": ", retain_graph=True"}),
    ("two_pass_grad_probe", "ok_create_graph", "clean", {"retain": ", create_graph=True"}),
    ("two_pass_grad_probe", "freed", "backward_twice", {"retain": ""}),
    ("two_pass_grad_probe", "freed_kw_false", "backward_twice", {"retain": ", retain_graph=False"}),
    ("sigmoid_gate_attribution", "ok", "clean", {"scale": "gate = gate * 2"}),
    ("sigmoid_gate_attribution", "ok_clamp", "clean", {"scale": "gate = gate.clamp(0.1, 0.9)"}),
    ("sigmoid_gate_attribution", "inplace_mul", "inplace_saved_tensor", {"scale": "gate.mul_(2)"}),
    (
        "sigmoid_gate_attribution",
        "inplace_clamp",
        "inplace_saved_tensor",
        {"scale": "gate.clamp_(0.1, 0.9)"},
    ),
    ("test_time_adapter", "ok", "clean", {"ctx": "with torch.no_grad():", "update": "add_"}),
    ("test_time_adapter", "ok_copy", "clean", {"ctx": "with torch.no_grad():", "update": "copy_"}),
    ("test_time_adapter", "ok_no_ctx", "clean", {"ctx": "if True:", "update": "add_"}),
    (
        "test_time_adapter",
        "enable_grad_add",
        "inplace_leaf_requires_grad",
        {"ctx": "with torch.enable_grad():", "update": "add_"},
    ),
    (
        "test_time_adapter",
        "enable_grad_copy",
        "inplace_leaf_requires_grad",
        {"ctx": "with torch.set_grad_enabled(True):", "update": "copy_"},
    ),
    ("functorch_jacobian_head", "ok", "clean", {"reduce": ".sum()"}),
    ("functorch_jacobian_head", "ok_mean", "clean", {"reduce": ".mean()"}),
    ("functorch_jacobian_head", "nonscalar", "func_grad_nonscalar", {"reduce": ""}),
    ("functorch_jacobian_head", "row_sums", "func_grad_nonscalar", {"reduce": ".sum(-1)"}),
    ("detached_token_encoder", "ok", "clean", {"take": "h[:, 0]", "det": "detach"}),
    ("detached_token_encoder", "ok_clone", "clean", {"take": "h[:, 0].clone()", "det": "detach_"}),
    (
        "detached_token_encoder",
        "view_detach_",
        "detach_inplace_view",
        {"take": "h[:, 0]", "det": "detach_"},
    ),
    (
        "detached_token_encoder",
        "select_detach_",
        "detach_inplace_view",
        {"take": "h.select(1, -1)", "det": "detach_"},
    ),
    # inference-mode tensors
    ("cached_mask_decoder", "ok", "clean", {"clone": ".clone()", "edit": "mask[:, 0] = 0.0"}),
    ("cached_mask_decoder", "ok_read_only", "clean", {"clone": "", "edit": "pass"}),
    (
        "cached_mask_decoder",
        "index_write",
        "inference_tensor_inplace",
        {"clone": "", "edit": "mask[:, 0] = 0.0"},
    ),
    (
        "cached_mask_decoder",
        "masked_fill_",
        "inference_tensor_inplace",
        {"clone": "", "edit": "mask.masked_fill_(mask == 0, 0.0)"},
    ),
    ("frozen_stats_scaler", "ok", "clean", {"clone": ".clone()", "use": "mu.mul_(0.5)"}),
    ("frozen_stats_scaler", "ok_out_of_place", "clean", {"clone": "", "use": "mu = mu * 0.5"}),
    (
        "frozen_stats_scaler",
        "ok_clone_grad",
        "clean",
        {"clone": ".clone()", "use": "mu.requires_grad_(True)"},
    ),
    (
        "frozen_stats_scaler",
        "inplace",
        "inference_tensor_inplace",
        {"clone": "", "use": "mu.mul_(0.5)"},
    ),
    (
        "frozen_stats_scaler",
        "requires_grad",
        "inference_tensor_requires_grad",
        {"clone": "", "use": "mu.requires_grad_(True)"},
    ),
    # lazy modules
    ("lazy_conv_classifier", "ok", "clean", {"probe": "pass", "probe2": "pass"}),
    (
        "lazy_conv_classifier",
        "ok_after_call",
        "clean",
        {"probe": "pass", "probe2": "c_out = self.conv.weight.shape[0]"},
    ),
    (
        "lazy_conv_classifier",
        "ok_has_uninit",
        "clean",
        {"probe": "pass", "probe2": "lazy = self.head.has_uninitialized_params()"},
    ),
    (
        "lazy_conv_classifier",
        "weight_before_call",
        "lazy_param_uninitialized",
        {"probe": "c_in = self.conv.weight.shape[1]", "probe2": "pass"},
    ),
    (
        "lazy_conv_classifier",
        "head_before_call",
        "lazy_param_uninitialized",
        {"probe": "pass", "probe2": "n_out = self.head.weight.shape[0]"},
    ),
    # attention weights
    (
        "attention_rollout_encoder",
        "ok",
        "clean",
        {"nw": "need_weights=True", "combine": "w @ roll"},
    ),
    (
        "attention_rollout_encoder",
        "ok_per_head_mean",
        "clean",
        {"nw": "need_weights=True, average_attn_weights=False", "combine": "w.mean(1) @ roll"},
    ),
    (
        "attention_rollout_encoder",
        "no_weights",
        "mha_weights_none",
        {"nw": "need_weights=False", "combine": "w @ roll"},
    ),
    (
        "attention_rollout_encoder",
        "no_weights_mean",
        "mha_weights_none",
        {"nw": "need_weights=False", "combine": "w.mean(1) @ roll"},
    ),
    (
        "attention_rollout_encoder",
        "per_head",
        "mha_weights_per_head",
        {"nw": "need_weights=True, average_attn_weights=False", "combine": "w @ roll"},
    ),
    # RoPE via complex views
    ("complex_rope_attention", "ok", "clean", {"cont": ".contiguous()"}),
    ("complex_rope_attention", "no_contiguous", "view_as_complex_stride", {"cont": ""}),
    ("complex_rope_attention", "clone_pairs", "view_as_complex_stride", {"cont": ".clone()"}),
    # quantized experiments
    ("fake_quant_mlp", "ok", "clean", {"deq": "q.dequantize()"}),
    (
        "fake_quant_mlp",
        "ok_int_repr",
        "clean",
        {"deq": "(q.int_repr().float() - q.q_zero_point()) * q.q_scale()"},
    ),
    ("fake_quant_mlp", "quant_into_linear", "quantized_float_op", {"deq": "q"}),
    ("fake_quant_mlp", "quant_plus_float", "quantized_float_op", {"deq": "q + h"}),
    # comparisons and constructors
    ("prediction_agreement_head", "ok", "clean", {"cast": ""}),
    ("prediction_agreement_head", "ok_long", "clean", {"cast": ".long()"}),
    ("prediction_agreement_head", "float_ids", "isclose_dtype", {"cast": ".float()"}),
    ("prediction_agreement_head", "double_ids", "isclose_dtype", {"cast": ".double()"}),
    ("noise_injection_block", "ok", "clean", {"noise": "torch.randn_like(h)"}),
    ("noise_injection_block", "ok_new_empty", "clean", {"noise": "h.new_empty(h.shape).normal_()"}),
    (
        "noise_injection_block",
        "ok_randn_shape",
        "clean",
        {"noise": "torch.randn(h.shape, dtype=h.dtype)"},
    ),
    (
        "noise_injection_block",
        "zeros_like_size",
        "like_ctor_size_arg",
        {"noise": "torch.zeros_like(h, h.shape).normal_()"},
    ),
    (
        "noise_injection_block",
        "randn_like_size",
        "like_ctor_size_arg",
        {"noise": "torch.randn_like(h, (2, 5, 12))"},
    ),
    (
        "generator_pooling_head",
        "ok",
        "clean",
        {"op": "stack", "gen": "[b(x) for b in self.branches]", "out_in": 6},
    ),
    (
        "generator_pooling_head",
        "ok_tuple",
        "clean",
        {"op": "stack", "gen": "tuple(b(x) for b in self.branches)", "out_in": 6},
    ),
    (
        "generator_pooling_head",
        "ok_cat",
        "clean",
        {"op": "cat", "gen": "[b(x) for b in self.branches], -1", "out_in": 18},
    ),
    (
        "generator_pooling_head",
        "stack_generator",
        "stack_generator",
        {"op": "stack", "gen": "b(x) for b in self.branches", "out_in": 6},
    ),
    (
        "generator_pooling_head",
        "cat_generator",
        "stack_generator",
        {"op": "cat", "gen": "b(x) for b in self.branches", "out_in": 6},
    ),
    # KV cache across decode steps
    ("kv_cache_decoder", "ok", "clean", {"steps": 4, "at": "pos : pos + 1", "u": ".unsqueeze(1)"}),
    (
        "kv_cache_decoder",
        "ok_edge",
        "clean",
        {"steps": 8, "at": "pos : pos + 1", "u": ".unsqueeze(1)"},
    ),
    ("kv_cache_decoder", "ok_index_edge", "clean", {"steps": 8, "at": "pos", "u": ""}),
    # a slice past the end is empty and a length-1 value broadcasts into it: torch runs it
    # (labelled kv_cache_overflow when written; torch's first verdict said clean)
    (
        "kv_cache_decoder",
        "ok_slice_past_end",
        "clean",
        {"steps": 9, "at": "pos : pos + 1", "u": ".unsqueeze(1)"},
    ),
    ("kv_cache_decoder", "one_past", "kv_cache_overflow", {"steps": 9, "at": "pos", "u": ""}),
    ("kv_cache_decoder", "far_past", "kv_cache_overflow", {"steps": 12, "at": "pos", "u": ""}),
    # forward hooks
    ("hooked_feature_extractor", "ok", "clean", {"hook_ret": "None"}),
    ("hooked_feature_extractor", "ok_scaled", "clean", {"hook_ret": "out * 1.0"}),
    ("hooked_feature_extractor", "ok_relu", "clean", {"hook_ret": "torch.relu(out)"}),
    ("hooked_feature_extractor", "pooled", "forward_hook_output", {"hook_ret": "out.mean((2, 3))"}),
    (
        "hooked_feature_extractor",
        "half_channels",
        "forward_hook_output",
        {"hook_ret": "out[:, :4]"},
    ),
    # index helpers
    ("pairwise_relation_head", "ok", "clean", {"offset": "-1"}),
    ("pairwise_relation_head", "ok_zero", "clean", {"offset": "0"}),
    ("pairwise_relation_head", "ok_int_div", "clean", {"offset": "-T // T"}),
    ("pairwise_relation_head", "true_div", "tril_indices_float_offset", {"offset": "-T / T"}),
    ("pairwise_relation_head", "half_offset", "tril_indices_float_offset", {"offset": "1 - T / 2"}),
    ("sorted_bucket_embedder", "ok", "clean", {"odt": ""}),
    ("sorted_bucket_embedder", "ok_long", "clean", {"odt": ".long()"}),
    ("sorted_bucket_embedder", "int32_sorter", "searchsorted_sorter_dtype", {"odt": ".int()"}),
    (
        "sorted_bucket_embedder",
        "int16_sorter",
        "searchsorted_sorter_dtype",
        {"odt": ".to(torch.int16)"},
    ),
    ("batched_bilinear_scorer", "ok", "clean", {"wshape": "5, 6"}),
    ("batched_bilinear_scorer", "ok_batched", "clean", {"wshape": "3, 5, 6"}),
    ("batched_bilinear_scorer", "ok_one", "clean", {"wshape": "1, 5, 6"}),
    ("batched_bilinear_scorer", "outer_batch", "einsum_ellipsis_broadcast", {"wshape": "2, 5, 6"}),
    ("batched_bilinear_scorer", "wrong_batch", "einsum_ellipsis_broadcast", {"wshape": "4, 5, 6"}),
    # nested tensors
    (
        "ragged_sentence_pooler",
        "ok",
        "clean",
        {"pool": "torch.stack([t.mean(0) for t in nt.unbind()])"},
    ),
    (
        "ragged_sentence_pooler",
        "ok_padded",
        "clean",
        {"pool": "torch.nested.to_padded_tensor(nt, 0.0).mean(1)"},
    ),
    ("ragged_sentence_pooler", "sum_ragged", "nested_tensor_reduce", {"pool": "nt.sum(1)"}),
    ("ragged_sentence_pooler", "mean_ragged", "nested_tensor_reduce", {"pool": "nt.mean(1)"}),
    # mixed precision norms
    ("half_param_norm_block", "ok", "clean", {"cast": "float", "inp": "x"}),
    ("half_param_norm_block", "ok_bf16_input", "clean", {"cast": "float", "inp": "x.bfloat16()"}),
    ("half_param_norm_block", "ok_half_both", "clean", {"cast": "half", "inp": "x.half()"}),
    ("half_param_norm_block", "half_params", "layernorm_param_dtype", {"cast": "half", "inp": "x"}),
    (
        "half_param_norm_block",
        "bf16_params",
        "layernorm_param_dtype",
        {"cast": "bfloat16", "inp": "x"},
    ),
    # whole models, familiar classes with sizes through Python
    ("config_unet", "ok", "clean", {"hw": 32}),
    ("config_unet", "ok_edge", "clean", {"hw": 8}),
    ("config_unet", "ok_48", "clean", {"hw": 48}),
    ("config_unet", "odd_36", "unet_skip", {"hw": 36}),
    ("config_unet", "odd_20", "unet_skip", {"hw": 20}),
    ("patch_embed_pos_table", "ok", "clean", {"hw": 32, "patch": 8}),
    ("patch_embed_pos_table", "ok_35", "clean", {"hw": 35, "patch": 8}),
    ("patch_embed_pos_table", "ok_patch6", "clean", {"hw": 32, "patch": 6}),
    ("patch_embed_pos_table", "bigger_48", "pos_table_length", {"hw": 48, "patch": 8}),
    ("patch_embed_pos_table", "bigger_40", "pos_table_length", {"hw": 40, "patch": 8}),
    ("patch_embed_pos_table", "smaller_24", "pos_table_length", {"hw": 24, "patch": 8}),
    ("moe_router_ffn", "ok", "clean", {"k": 2}),
    ("moe_router_ffn", "ok_top1", "clean", {"k": 1}),
    ("moe_router_ffn", "ok_all", "clean", {"k": 4}),
    ("moe_router_ffn", "k_5", "topk_k", {"k": 5}),
    ("gru_encoder_classifier", "ok", "clean", {"bidir": "False", "head_in": 24}),
    ("gru_encoder_classifier", "ok_bidir", "clean", {"bidir": "True", "head_in": 48}),
    (
        "gru_encoder_classifier",
        "ok_expr",
        "clean",
        {"bidir": "True", "head_in": "hidden * (2 if bidir else 1)"},
    ),
    (
        "gru_encoder_classifier",
        "bidir_narrow",
        "rnn_bidirectional_width",
        {"bidir": "True", "head_in": 24},
    ),
    ("gru_encoder_classifier", "uni_wide", "linear_in_features", {"bidir": "False", "head_in": 48}),
    ("cross_attn_decoder", "ok", "clean", {"mem_d": 12}),
    ("cross_attn_decoder", "ok_twelve_expr", "clean", {"mem_d": "3 * 4"}),
    ("cross_attn_decoder", "mem_wide", "mha_kdim", {"mem_d": 24}),
    ("cross_attn_decoder", "mem_16", "mha_kdim", {"mem_d": 16}),
    ("strided_conv_stack", "ok", "clean", {"n": 64}),
    ("strided_conv_stack", "ok_edge", "clean", {"n": 29}),
    ("strided_conv_stack", "short_28", "conv_kernel_size", {"n": 28}),
    ("strided_conv_stack", "short_20", "conv_kernel_size", {"n": 20}),
    ("pooled_flatten_head", "ok", "clean", {"hw": 32}),
    ("pooled_flatten_head", "ok_35", "clean", {"hw": 35}),
    ("pooled_flatten_head", "wide_40", "flatten_linear", {"hw": 40}),
    ("pooled_flatten_head", "narrow_31", "flatten_linear", {"hw": 31}),
    # second pass: more whole models
    (
        "straight_through_quantizer",
        "ok",
        "clean",
        {"quant": "RoundSTE.apply(z, torch.tensor(0.25))"},
    ),
    ("straight_through_quantizer", "ok_float_step", "clean", {"quant": "RoundSTE.apply(z, 0.25)"}),
    (
        "straight_through_quantizer",
        "instance_called",
        "autograd_function_called",
        {"quant": "RoundSTE()(z, torch.tensor(0.25))"},
    ),
    (
        "straight_through_quantizer",
        "forward_direct",
        "autograd_function_called",
        {"quant": "RoundSTE.forward(None, z, torch.tensor(0.25))"},
    ),
    ("ema_teacher_student", "ok", "clean", {"tw": 32, "strict": ""}),
    ("ema_teacher_student", "ok_nonstrict", "clean", {"tw": 32, "strict": ", strict=False"}),
    ("ema_teacher_student", "narrow_teacher", "load_state_dict_mismatch", {"tw": 16, "strict": ""}),
    (
        "ema_teacher_student",
        "narrow_nonstrict",
        "load_state_dict_mismatch",
        {"tw": 16, "strict": ", strict=False"},
    ),
    ("summary_token_concat", "ok", "clean", {"n_in": 9, "spread": "h.std(-1, keepdim=True)"}),
    (
        "summary_token_concat",
        "ok_row",
        "clean",
        {"n_in": 9, "spread": "h.norm(dim=-1).unsqueeze(-1)"},
    ),
    ("summary_token_concat", "scalar_spread", "cat_zero_dim", {"n_in": 9, "spread": "h.std()"}),
    ("summary_token_concat", "scalar_norm", "cat_zero_dim", {"n_in": 9, "spread": "h.norm()"}),
    (
        "memory_bank_grower",
        "ok",
        "clean",
        {"bank_def": 'self.register_buffer("bank", torch.randn(slots, d))'},
    ),
    (
        "memory_bank_grower",
        "ok_frozen_param",
        "clean",
        {"bank_def": "self.bank = nn.Parameter(torch.randn(slots, d), requires_grad=False)"},
    ),
    (
        "memory_bank_grower",
        "param_bank",
        "resize_requires_grad",
        {"bank_def": "self.bank = nn.Parameter(torch.randn(slots, d))"},
    ),
    ("dict_config_attention", "ok", "clean", {"heads": 4}),
    ("dict_config_attention", "ok_6", "clean", {"heads": 6}),
    ("dict_config_attention", "ok_8", "clean", {"heads": 8}),
    ("dict_config_attention", "heads_5", "reshape_numel", {"heads": 5}),
    ("dict_config_attention", "heads_7", "reshape_numel", {"heads": 7}),
    ("halving_mlp", "ok", "clean", {"depth": 3, "head_in": 8}),
    ("halving_mlp", "ok_expr", "clean", {"depth": 2, "head_in": "width"}),
    ("halving_mlp", "ok_deep", "clean", {"depth": 5, "head_in": 2}),
    ("halving_mlp", "stale_width", "linear_in_features", {"depth": 3, "head_in": 16}),
    ("halving_mlp", "one_short", "linear_in_features", {"depth": 4, "head_in": 8}),
    ("broadcast_bias_accumulator", "ok", "clean", {"clone": ".clone()", "op": "+="}),
    ("broadcast_bias_accumulator", "ok_rebind", "clean", {"clone": "", "op": "= acc +"}),
    ("broadcast_bias_accumulator", "expanded_iadd", "inplace_expanded", {"clone": "", "op": "+="}),
    ("broadcast_bias_accumulator", "expanded_imul", "inplace_expanded", {"clone": "", "op": "*="}),
    ("double_precision_head", "ok", "clean", {"cast": ".float()", "feed": "f"}),
    ("double_precision_head", "ok_cast_feed", "clean", {"cast": ".double()", "feed": "f.double()"}),
    ("double_precision_head", "ok_to_float", "clean", {"cast": ".to(torch.float32)", "feed": "f"}),
    ("double_precision_head", "double_head", "dtype_mismatch", {"cast": ".double()", "feed": "f"}),
    ("double_precision_head", "half_head", "dtype_mismatch", {"cast": ".half()", "feed": "f"}),
    # third pass: values computed through Python
    ("loop_width_fusion", "ok", "clean", {"fuse_in": "sum(widths)"}),
    ("loop_width_fusion", "ok_literal", "clean", {"fuse_in": 40}),
    ("loop_width_fusion", "base_times_n", "linear_in_features", {"fuse_in": "base * n"}),
    ("loop_width_fusion", "last_times_n", "linear_in_features", {"fuse_in": "widths[-1] * n"}),
    # labelled linear_in_features when written; torch ran it: w ends at 32 and 32 + 8 = sum(widths)
    ("loop_width_fusion", "ok_final_w", "clean", {"fuse_in": "w + widths[0]"}),
    ("fstring_expert_router", "ok", "clean", {"lo": 0, "hi": "self.n", "key": 'f"expert_{i}"'}),
    (
        "fstring_expert_router",
        "ok_last",
        "clean",
        {"lo": 1, "hi": "self.n", "key": 'f"expert_{i}"'},
    ),
    (
        "fstring_expert_router",
        "one_based",
        "moduledict_key_missing",
        {"lo": 1, "hi": "self.n + 1", "key": 'f"expert_{i}"'},
    ),
    (
        "fstring_expert_router",
        "no_underscore",
        "moduledict_key_missing",
        {"lo": 0, "hi": "self.n", "key": 'f"expert{i}"'},
    ),
    ("factorized_embedding_lm", "ok", "clean", {"d_model": 16, "project": "False"}),
    ("factorized_embedding_lm", "ok_projected", "clean", {"d_model": 32, "project": "True"}),
    ("factorized_embedding_lm", "ok_same_projected", "clean", {"d_model": 16, "project": "True"}),
    ("factorized_embedding_lm", "no_projection", "norm_shape", {"d_model": 32, "project": "False"}),
    (
        "factorized_embedding_lm",
        "no_projection_24",
        "norm_shape",
        {"d_model": 24, "project": "False"},
    ),
    ("greedy_decode_loop", "ok", "clean", {"steps": 4}),
    ("greedy_decode_loop", "ok_edge", "clean", {"steps": 6}),
    ("greedy_decode_loop", "one_more", "pos_table_length", {"steps": 7}),
    ("greedy_decode_loop", "many_more", "pos_table_length", {"steps": 10}),
    ("padding_mask_attention", "ok", "clean", {"mask": "ids == self.pad"}),
    ("padding_mask_attention", "ok_eq", "clean", {"mask": "ids.eq(self.pad)"}),
    ("padding_mask_attention", "float_mask", "mask_dtype", {"mask": "(ids == self.pad).float()"}),
    ("padding_mask_attention", "long_mask", "mask_dtype", {"mask": "(ids == self.pad).long()"}),
    (
        "padding_mask_attention",
        "ok_bool_cast",
        "clean",
        {"mask": "(ids == self.pad).long().bool()"},
    ),
    ("strided_token_downsampler", "ok", "clean", {"keep": "torch.arange(T) // 2"}),
    (
        "strided_token_downsampler",
        "ok_floor_div",
        "clean",
        {"keep": 'torch.div(torch.arange(T), 2, rounding_mode="floor")'},
    ),
    ("strided_token_downsampler", "ok_step", "clean", {"keep": "torch.arange(0, T, 2)"}),
    (
        "strided_token_downsampler",
        "true_div",
        "index_dtype",
        {"keep": "torch.div(torch.arange(T), 2)"},
    ),
    ("strided_token_downsampler", "half_step", "index_dtype", {"keep": "torch.arange(0, T / 2)"}),
    ("strided_token_downsampler", "scaled", "index_dtype", {"keep": "torch.arange(T // 2) * 2.0"}),
]

# clean variants that look risky (shapes that only just fit, a legal spelling, an edge value, a
# guarded call): they measure false blockers
RISKY_CLEAN = (
    "residual_mlp_stack__ok_zip",
    "multi_head_dict_classifier__ok_values",
    "feature_pyramid_collector__ok_new_attr",
    "running_norm_encoder__ok_cache_attr",
    "step_counting_policy__ok_reregister",
    "step_counting_policy__ok_none",
    "base_forward_adapter__ok_identity",
    "base_forward_adapter__ok",
    "shape_probe_cnn__ok_len",
    "param_position_encoder__ok_embedding_weight",
    "param_position_encoder__ok_slice",
    "table_lookup_recommender__ok_weight",
    "biasless_conv_fuser__ok_guarded",
    "vit_input_guard__ok_no_guard_24",
    "audio_frame_guard__ok_ragged_unchecked",
    "saliency_explainer__ok_grad_outputs",
    "input_gradient_regularizer__ok_allow_unused",
    "two_pass_grad_probe__ok_create_graph",
    "test_time_adapter__ok",
    "test_time_adapter__ok_no_ctx",
    "detached_token_encoder__ok_clone",
    "cached_mask_decoder__ok_read_only",
    "frozen_stats_scaler__ok_out_of_place",
    "frozen_stats_scaler__ok_clone_grad",
    "lazy_conv_classifier__ok_after_call",
    "attention_rollout_encoder__ok_per_head_mean",
    "prediction_agreement_head__ok",
    "noise_injection_block__ok_randn_shape",
    "generator_pooling_head__ok_tuple",
    "kv_cache_decoder__ok_edge",
    "kv_cache_decoder__ok_index_edge",
    "kv_cache_decoder__ok_slice_past_end",
    "hooked_feature_extractor__ok_scaled",
    "pairwise_relation_head__ok_int_div",
    "batched_bilinear_scorer__ok_one",
    "batched_bilinear_scorer__ok_batched",
    "ragged_sentence_pooler__ok_padded",
    "half_param_norm_block__ok_bf16_input",
    "half_param_norm_block__ok_half_both",
    "config_unet__ok_edge",
    "patch_embed_pos_table__ok_35",
    "patch_embed_pos_table__ok_patch6",
    "moe_router_ffn__ok_all",
    "gru_encoder_classifier__ok_expr",
    "strided_conv_stack__ok_edge",
    "pooled_flatten_head__ok_35",
    "straight_through_quantizer__ok_float_step",
    "ema_teacher_student__ok_nonstrict",
    "memory_bank_grower__ok_frozen_param",
    "memory_bank_grower__ok",
    "dict_config_attention__ok_6",
    "halving_mlp__ok_deep",
    "broadcast_bias_accumulator__ok_rebind",
    "double_precision_head__ok_cast_feed",
    "fake_quant_mlp__ok_int_repr",
    "fstring_expert_router__ok_last",
    "loop_width_fusion__ok_final_w",
    "factorized_embedding_lm__ok_same_projected",
    "greedy_decode_loop__ok_edge",
    "padding_mask_attention__ok_bool_cast",
    "strided_token_downsampler__ok_floor_div",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "residual_mlp_stack",
    "multi_head_dict_classifier",
    "feature_pyramid_collector",
    "running_norm_encoder",
    "base_forward_adapter",
    "shape_probe_cnn",
    "param_position_encoder",
    "table_lookup_recommender",
    "biasless_conv_fuser",
    "vit_input_guard",
    "audio_frame_guard",
    "saliency_explainer",
    "attention_rollout_encoder",
    "hooked_feature_extractor",
    "generator_pooling_head",
    "config_unet",
    "patch_embed_pos_table",
    "moe_router_ffn",
    "gru_encoder_classifier",
    "cross_attn_decoder",
    "strided_conv_stack",
    "pooled_flatten_head",
    "straight_through_quantizer",
    "ema_teacher_student",
    "dict_config_attention",
    "halving_mlp",
    "double_precision_head",
    "loop_width_fusion",
    "factorized_embedding_lm",
    "greedy_decode_loop",
    "padding_mask_attention",
)
