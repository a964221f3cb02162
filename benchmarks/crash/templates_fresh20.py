"""A twentieth fresh batch of crash cases (session 28, split ``fresh20``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The new classes are ops and habits earlier batches did not exercise: activations and resampling
applied to a complex spectrum (FNO-style blocks), ``torch.autograd.grad`` on a graph that was never
recorded (a gradient penalty in forward), ``f"{t:.4f}"`` of a tensor that is not 0-d, ``chunk``
returning fewer pieces than the names unpacked (gate widths), ``fill_diagonal_`` on a batched
score tensor, dense-only ops (``view``, ``reshape``) on a sparse adjacency, ``Distribution.sample``
of an int, ``exponential_`` with a rate computed to zero, ``segment_reduce`` lengths that do not
cover the data, ``torch.from_numpy`` of a list, ``kl_div`` of two heads with different class
counts, integer ``%`` by a window computed to zero, a tokenizer-style long attention mask as a
``key_padding_mask``, 2-D lengths to ``pack_padded_sequence``, ``nonzero(as_tuple=True)`` /
``where`` / ``svd`` unpacked into the wrong number of names, a backbone's dict output used as a
tensor, ``put_`` past the end, ``EmbeddingBag`` offsets that do not start at 0,
``register_buffer`` over a plain attribute of the same name, ``nn.Module.to`` an integer dtype, a
submodule built on the meta device and never materialized, numpy habits (``roll`` by a true-division
shift, ``flip`` / ``tile`` with an int, ``torch.permute(x, 0, 2, 1)``, ``isin`` of a list,
``unsqueeze`` of a tuple), uint8 / int16 ids into an ``Embedding``, int32 ``cross_entropy`` targets
and ``get_submodule`` of a missing name.
Familiar classes (ViT grids with a CLS token, U-Net skips after ``nn.Upsample``, causal masks built
from the block size, MoE ``topk``, ``one_hot`` class counts, bfloat16 inputs to float layers,
masked_fill masks, video frames into ``Conv3d``, pixel shuffle, bidirectional hidden states, split
sizes, pooling to zero, einops heads) are written as whole models. Several clean variants look
risky (``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f20_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- complex spectra
template("fno_spectral_block", "(2, 4, 32)")(
    """
class SpectralConv1d(nn.Module):
    def __init__(self, c, modes):
        super().__init__()
        self.modes = modes
        self.w = nn.Parameter(torch.randn(c, c, modes, dtype=torch.cfloat) * 0.02)

    def forward(self, x):
        xf = torch.fft.rfft(x)
        out = torch.zeros_like(xf)
        out[..., : self.modes] = torch.einsum("bim,iom->bom", xf[..., : self.modes], self.w)
        return {post}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lift = nn.Conv1d(4, 16, 1)
        self.spec = nn.ModuleList([SpectralConv1d(16, 8) for _ in range(2)])
        self.skip = nn.ModuleList([nn.Conv1d(16, 16, 1) for _ in range(2)])
        self.proj = nn.Conv1d(16, 1, 1)

    def forward(self, x):
        h = self.lift(x)
        for s, w in zip(self.spec, self.skip):
            h = s(h) + w(h)
        return self.proj(h)
"""
)

template("spectral_resampler", "(2, 3, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(3, 8, 3, padding=1)
        self.out = nn.Conv1d(8, 3, 3, padding=1)

    def forward(self, x):
        h = self.conv(x)
        n = h.shape[-1]
        spec = torch.fft.rfft(h)
        y = {resample}
        return self.out(y)
"""
)

# ---------------------------------------------------------------- autograd inside forward
template("gradient_penalty_critic", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, x):
{body}
        penalty = ((g.norm(2, dim=1) - 1) ** 2).mean()
        return score.mean() + 10.0 * penalty
"""
)

# ---------------------------------------------------------------- Python formatting of tensors
template("aux_loss_logger", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 8))
        self.head = nn.Linear(8, 3)
        self.log = []

    def forward(self, x):
        z = self.enc(x)
        aux = z.pow(2).mean({red})
        self.log.append(f"aux={{aux:{spec}}}")
        return self.head(z), aux.mean()
"""
)

# ---------------------------------------------------------------- chunk gives fewer pieces
template("lstm_style_gates", "(2, 6, 12)")(
    """
class GatedCell(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.x2g = nn.Linear(d, {gw})
        self.h2g = nn.Linear(h, {gw})

    def forward(self, x):
        B, T, _ = x.shape
        h = x.new_zeros(B, self.h)
        c = x.new_zeros(B, self.h)
        outs = []
        for t in range(T):
            i, f, g, o = (self.x2g(x[:, t]) + self.h2g(h)).chunk(4, -1)
            c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
            h = torch.sigmoid(o) * torch.tanh(c)
            outs.append(h)
        return torch.stack(outs, 1)


class Net(nn.Module):
    def __init__(self, hidden={h}):
        super().__init__()
        self.cell = GatedCell(12, hidden)
        self.fc = nn.Linear(hidden, 2)

    def forward(self, x):
        return self.fc(self.cell(x)[:, -1])
"""
)

# ---------------------------------------------------------------- fill_diagonal_ on batches
template("self_masked_attention", "(2, {t}, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        s = q @ k.transpose(-2, -1) / 4.0
        {mask}
        return self.out(s.softmax(-1) @ v)
"""
)

# ---------------------------------------------------------------- sparse adjacency
template("gcn_sparse_norm", "(6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(8, 16)
        self.w2 = nn.Linear(16, 4)

    def forward(self, x):
        adj = (x @ x.t() > 0).float() + torch.eye(x.shape[0])
        adj = adj.to_sparse()
        norm = {deg}
        h = torch.relu(torch.sparse.mm(adj, self.w1(x)) * norm)
        return torch.sparse.mm(adj, self.w2(h)) * norm
"""
)

# ---------------------------------------------------------------- distributions: sample shapes
template("policy_sampler", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, n_samples=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 5))
        self.n_samples = n_samples

    def forward(self, x):
        dist = torch.distributions.Categorical(logits=self.body(x))
        a = dist.sample({shape})
        return dist.log_prob(a).mean()
"""
)

template("gaussian_actor", "(3, 6)")(
    """
class Actor(nn.Module):
    def __init__(self, obs=6, act=2):
        super().__init__()
        self.mu = nn.Sequential(nn.Linear(obs, 32), nn.ReLU(), nn.Linear(32, act))
        self.log_std = nn.Parameter(torch.zeros(act))

    def forward(self, x):
        return torch.distributions.Normal(self.mu(x), self.log_std.exp())


class Net(nn.Module):
    def __init__(self, k=8):
        super().__init__()
        self.actor = Actor()
        self.k = k

    def forward(self, x):
        pi = self.actor(x)
        a = pi.rsample({shape})
        return torch.tanh(a).mean(0), pi.log_prob(a).sum(-1).mean()
"""
)

# ---------------------------------------------------------------- noise with computed rates
template("exp_noise_regularizer", "(2, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, keep={keep}, beta=2.0):
        super().__init__()
        self.proj = nn.Linear(16, 16)
        self.rate = beta * (1.0 - keep)

    def forward(self, x):
        h = self.proj(x)
        noise = torch.empty_like(h).exponential_(self.rate)
        return h + 0.01 * noise
"""
)

# ---------------------------------------------------------------- segment_reduce
template("segment_mean_pooler", "(8, 6)")(
    """
class Net(nn.Module):
    def __init__(self, lengths={lengths}):
        super().__init__()
        self.lengths = lengths
        self.proj = nn.Linear(6, 12)
        self.head = nn.Linear(12, 2)

    def forward(self, x):
        h = self.proj(x)
        pooled = torch.segment_reduce(h, "mean", lengths=torch.tensor(self.lengths))
        return self.head(pooled)
"""
)

# ---------------------------------------------------------------- numpy interop
template("anchor_scale_head", "(2, 3, 16, 16)")(
    """
import numpy as np


class Net(nn.Module):
    def __init__(self, sizes=[1, 2, 3, 4]):
        super().__init__()
        self.sizes = sizes
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.head = nn.Conv2d(8, 4, 1)

    def forward(self, x):
        h = self.head(F.relu(self.conv(x)))
        s = {conv}
        return h * s.float().view(1, -1, 1, 1)
"""
)

# ---------------------------------------------------------------- distillation
template("distill_head", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_student={s}, n_teacher={t}):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, n_student))
        self.teacher = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, n_teacher))

    def forward(self, x):
        s = self.student(x)
        with torch.no_grad():
            t = self.teacher(x)
        loss = F.kl_div(F.log_softmax(s / 2.0, -1), F.softmax({t_in} / 2.0, -1), reduction="batchmean")
        return s, loss
"""
)

# ---------------------------------------------------------------- integer modulo by zero
template("windowed_position_mixer", "(2, 16, 8)")(
    """
class Net(nn.Module):
    def __init__(self, seq_len=16, n_windows={nw}, d=8):
        super().__init__()
        self.window = seq_len // n_windows
        self.pos = nn.Embedding(max(self.window, 1), d)
        self.mix = nn.Linear(d, d)

    def forward(self, x):
        local = torch.arange(x.shape[1]) % self.window
        return self.mix(x + self.pos(local))
"""
)

# ---------------------------------------------------------------- key padding mask dtypes
template("bert_padding_encoder", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        layer = nn.TransformerEncoderLayer(d, 4, 32, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.cls = nn.Linear(d, 2)

    def forward(self, ids):
        attention_mask = (ids != 0).long()
        h = self.enc(self.emb(ids), src_key_padding_mask={kpm})
        return self.cls(h[:, 0])
"""
)

template("latent_cross_attention", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_latents=4):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_latents, d))
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        valid = x.abs().sum(-1) > 0
        q = self.latents.expand(x.shape[0], -1, -1)
        h, _ = self.attn(q, x, x, key_padding_mask={kpm})
        return self.ff(h).mean(1)
"""
)

# ---------------------------------------------------------------- packed lengths rank
template("packed_gru_tagger", "(3, 5, 8)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(8, 16, batch_first=True)
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        keep = x.abs().sum(-1) > 0
        lengths = {lengths}
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        _, h = self.gru(packed)
        return self.fc(h[-1])
"""
)

# ---------------------------------------------------------------- tuple unpacking of results
template("keypoint_peak_decoder", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_kp=5):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU())
        self.head = nn.Conv2d(16, n_kp, 1)

    def forward(self, x):
        heat = self.head(self.body(x)).sigmoid()
        peaks = heat > 0.5
        {unpack}
        return heat.mean() + 0.0 * (ys.float().sum() + xs.float().sum())
"""
)

template("feature_whitening", "(8, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 5)
        self.head = nn.Linear(5, 2)

    def forward(self, x):
        h = self.proj(x)
        hc = h - h.mean(0)
        cov = hc.t() @ hc / (h.shape[0] - 1)
        {decomp}
        W = U @ torch.diag(S.clamp_min(1e-5).rsqrt()) @ U.t()
        return self.head(hc @ W)
"""
)

# ---------------------------------------------------------------- dict outputs
template("hf_style_backbone", "(2, 3, 16, 16)")(
    """
class Backbone(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, d, 4, stride=4), nn.GELU(), nn.Conv2d(d, d, 1))

    def forward(self, x):
        h = self.stem(x)
        return dict(last_hidden_state=h.flatten(2).transpose(1, 2), pooler_output=h.mean((2, 3)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.classifier = nn.Linear(16, 10)

    def forward(self, x):
        out = self.backbone(x)
        feats = {feat}
        return self.classifier(feats)
"""
)

# ---------------------------------------------------------------- put_ past the end
template("slot_memory_writer", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self, slots=4):
        super().__init__()
        self.slots = slots
        self.register_buffer("memory", torch.zeros(slots))
        self.proj = nn.Linear(8, 1)

    def forward(self, x):
        v = self.proj(x).squeeze(-1)
        idx = torch.arange(v.shape[0]) + {offset}
        mem = self.memory.clone().put_(idx, v)
        return mem.sum()
"""
)

# ---------------------------------------------------------------- EmbeddingBag offsets
template("bag_of_ngrams", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, d=8):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, d, mode="mean")
        self.fc = nn.Linear(d, 2)

    def forward(self, ids):
        B, L = ids.shape
        flat = ids.flatten()
        offsets = {offsets}
        return self.fc(self.bag(flat, offsets))
"""
)

# ---------------------------------------------------------------- register_buffer in forward
template("rope_cache_block", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.register_buffer("inv_freq", 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d)))
        {init}

    def forward(self, x):
        T = x.shape[1]
        if self.cos_cached is None or self.cos_cached.shape[0] < T:
            t = torch.arange(T).float()[:, None] * self.inv_freq[None]
            self.register_buffer("cos_cached", torch.cos(torch.cat([t, t], -1)), persistent=False)
        return self.proj(x) * self.cos_cached[:T]
"""
)

# ---------------------------------------------------------------- Module.to an int dtype
template("dtype_matched_head", "(2, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, d=12):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.head = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, vocab))

    def forward(self, ids):
        h = self.emb(ids)
        head = self.head.to({dt})
        return head(h)
"""
)

# ================================================================ familiar classes, whole models
template("vit_cls_grid", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, patch=4):
        super().__init__()
        self.embed = nn.Conv2d(3, d, patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
        self.blocks = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.refine = nn.Conv2d(d, d, 3, padding=1)

    def forward(self, x):
        t = self.embed(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], 1)
        t = self.blocks(t)
        grid = {grid}
        B, N, C = grid.shape
        side = int(N ** 0.5)
        fmap = grid.transpose(1, 2).reshape(B, C, side, side)
        return self.refine(fmap)
"""
)

template("unet_upsample_skip", "(2, 3, {hw}, {hw})")(
    """
class DoubleConv(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(
            nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU()
        )


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc1 = DoubleConv(3, 8)
        self.enc2 = DoubleConv(8, 16)
        self.mid = DoubleConv(16, 32)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec2 = DoubleConv(32 + 16, 16)
        self.dec1 = DoubleConv(16 + 8, 8)
        self.out = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(self.pool(e1))
        m = self.mid(self.pool(e2))
        d2 = self.dec2(torch.cat([self.up(m), e2], 1))
        d1 = self.dec1(torch.cat([self.up(d2), e1], 1))
        return self.out(d1)
"""
)

template("gpt_block_mask", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=16, d=16, block_size={block}):
        super().__init__()
        self.block_size = block_size
        self.tok = nn.Embedding(vocab, d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.lm_head = nn.Linear(d, vocab)

    def forward(self, ids):
        B, T = ids.shape
        x = self.tok(ids)
        q, k, v = self.qkv(x).view(B, T, 3, 2, 8).permute(2, 0, 3, 1, 4)
        causal = torch.tril(torch.ones(self.block_size, self.block_size, dtype=torch.bool))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask={mask})
        x = x + self.proj(y.transpose(1, 2).reshape(B, T, -1))
        return self.lm_head(x)
"""
)

template("moe_topk_router", "(2, 5, 16)")(
    """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 2 * d), nn.SiLU(), nn.Linear(2 * d, d))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, d=16, n_experts=4, top_k={k}):
        super().__init__()
        self.top_k = top_k
        self.router = nn.Linear(d, n_experts)
        self.experts = nn.ModuleList([Expert(d) for _ in range(n_experts)])

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        w, idx = probs.topk(self.top_k, dim=-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            gate = (w * (idx == e)).sum(-1, keepdim=True)
            out = out + gate * expert(x)
        return out
"""
)

template("simclr_targets", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 8))

    def forward(self, x):
        B = x.shape[0]
        z = F.normalize(self.enc(torch.cat([x, x + 0.1 * torch.randn_like(x)])), dim=-1)
        sim = z[:B] @ z.t() / 0.5
        targets = F.one_hot(torch.arange(B) + B, num_classes={nc}).float()
        return -(targets * sim.log_softmax(-1)).sum(-1).mean()
"""
)

template("bf16_classifier", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 32))
        self.head = nn.Linear(32, 4)

    def forward(self, x):
        h = self.body(x)
        return self.head({h})
"""
)

template("padded_score_attention", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, heads=2):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, D = x.shape
        pad = x[..., 0] > 1.5
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / (D // self.h) ** 0.5
        scores = scores.masked_fill({mask}, -1e4)
        y = (scores.softmax(-1) @ v).transpose(1, 2).reshape(B, T, D)
        return self.o(y)
"""
)

template("video_frame_conv3d", "(2, 8, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv3d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv3d(8, 8, 3, padding=1))
        self.pool = nn.AdaptiveAvgPool3d(1)
        self.fc = nn.Linear(8, 5)

    def forward(self, frames):
        clip = {clip}
        return self.fc(self.pool(self.stem(clip)).flatten(1))
"""
)

template("subpixel_upsampler", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, r=2, c=3):
        super().__init__()
        self.feat = nn.Sequential(nn.Conv2d(c, 16, 3, padding=1), nn.ReLU())
        self.to_sub = nn.Conv2d(16, {cout}, 3, padding=1)
        self.shuffle = nn.PixelShuffle(r)

    def forward(self, x):
        return self.shuffle(self.to_sub(self.feat(x)))
"""
)

template("bigru_init_state", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, layers=2, hidden=12):
        super().__init__()
        self.layers, self.hidden = layers, hidden
        self.gru = nn.GRU(8, hidden, num_layers=layers, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(2 * hidden, 3)

    def forward(self, x):
        h0 = torch.zeros({n_states}, x.shape[0], self.hidden)
        out, _ = self.gru(x, h0)
        return self.fc(out[:, -1])
"""
)

template("content_position_split", "(2, 5, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24, d_pos={d_pos}):
        super().__init__()
        self.d_content = 16
        self.d_pos = d_pos
        self.norm = nn.LayerNorm(d)
        self.out = nn.Linear(16, 4)

    def forward(self, x):
        content, pos = torch.split(self.norm(x), [self.d_content, self.d_pos], dim=-1)
        return self.out(content) + pos.mean(-1, keepdim=True)
"""
)

template("deep_pool_classifier", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, depth={depth}):
        super().__init__()
        layers, c = [], 3
        for _ in range(depth):
            layers += [nn.Conv2d(c, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            c = 8
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(self.features(x).flatten(2).mean(-1))
"""
)

template("einops_mhsa", "(2, 6, 24)")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, d=24, heads={heads}):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        q, k, v = (rearrange(t, "b n (h d) -> b h n d", h=self.heads) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(rearrange(y, "b h n d -> b n (h d)"))
"""
)

template("global_pool_conv1d_head", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU())
        self.temporal = nn.Conv1d(16, 8, 3, padding=1)
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        h = self.backbone(x)
        seq = {seq}
        return self.fc(self.temporal(seq).mean(-1))
"""
)

template("layernorm_feature_map", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, hw={hw}):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.norm = nn.LayerNorm([8, hw, hw])
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        h = self.norm(self.pool(F.relu(self.conv(x))))
        return self.fc(h.mean((2, 3)))
"""
)

template("seq2seq_transformer_mask", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        layer = nn.TransformerEncoderLayer(d, 4, 32, dropout=0.0, batch_first={bf})
        self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.fc = nn.Linear(d, 3)

    def forward(self, x):
        pad = x.abs().sum(-1) == 0
        h = self.enc(x, src_key_padding_mask=pad)
        return self.fc(h.mean(1))
"""
)

template("graph_adjacency_matmul", "(5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        dist = torch.cdist(x, x)
        adj = {adj}
        h = F.relu(self.lin(adj @ x))
        return self.out(h.mean(0))
"""
)

template("topk_token_gather", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, keep=4):
        super().__init__()
        self.keep = keep
        self.score = nn.Linear(d, 1)
        self.mlp = nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Linear(32, d))

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.keep, dim=1).indices
        kept = torch.gather(x, 1, {idx})
        return self.mlp(kept).mean(1)
"""
)

template("skip_resize_decoder", "(2, 3, 20, 20)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(3, 8, 3, padding=1)
        self.down = nn.Conv2d(8, 16, 3, stride=2)
        self.fuse = nn.Conv2d(24, 8, 3, padding=1)

    def forward(self, x):
        skip = F.relu(self.enc(x))
        deep = F.relu(self.down(skip))
        up = F.interpolate(deep, size={size}, mode="bilinear", align_corners=False)
        return self.fuse(torch.cat([up, skip], 1))
"""
)

template("multi_crop_stack", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, crop_a=8, crop_b={b}):
        super().__init__()
        self.crops = (crop_a, crop_b)
        self.enc = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2))

    def forward(self, x):
        views = [x[..., :c, :c] for c in self.crops]
        batch = torch.stack(views, 1)
        B, V = batch.shape[:2]
        return self.enc(batch.flatten(0, 1)).view(B, V, -1).mean(1)
"""
)

# ---------------------------------------------------------------- numpy habits in torch calls
template("swin_shift_block", "(2, 8, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, window=4):
        super().__init__()
        self.window = window
        self.norm = nn.LayerNorm(dim)
        self.mix = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        B, H, W, C = x.shape
        shift = {shift}
        h = torch.roll(self.norm(x), shifts=(shift, shift), dims=(1, 2))
        ws = self.window
        win = h.view(B, H // ws, ws, W // ws, ws, C).permute(0, 1, 3, 2, 4, 5)
        win = self.mix(win.reshape(-1, ws * ws, C)).view(B, H // ws, W // ws, ws, ws, C)
        h = win.permute(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)
        return x + torch.roll(h, shifts=(-shift, -shift), dims=(1, 2))
"""
)

template("bidirectional_conv_smoother", "(2, 3, 20)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fwd = nn.Conv1d(3, 8, 5, padding=4)
        self.out = nn.Conv1d(16, 3, 1)

    def forward(self, x):
        T = x.shape[-1]
        a = self.fwd(x)[..., :T]
        b = torch.flip(self.fwd(torch.flip(x, {dims}))[..., :T], {dims})
        return self.out(torch.cat([a, b], 1))
"""
)

template("patch_tokenizer", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.proj = nn.Conv2d(3, d, 4, stride=4)
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, 5)

    def forward(self, x):
        h = self.proj(x)
        B, C = h.shape[:2]
        t = {tok}
        return self.head(self.norm(t).mean(1))
"""
)

template("deferred_init_encoder", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        with torch.device({dev}):
            self.enc = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 16))
        {materialize}
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.enc(x))
"""
)

template("tiled_feature_mixer", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 8)
        self.out = nn.Linear(16, 4)

    def forward(self, x):
        h = torch.tile(self.proj(x), {reps})
        return self.out(h)
"""
)

template("special_token_filter", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=12, d=16, special=(0, 3)):
        super().__init__()
        self.special = list(special)
        self.emb = nn.Embedding(vocab, d)
        self.enc = nn.GRU(d, d, batch_first=True)
        self.fc = nn.Linear(d, 2)

    def forward(self, ids):
        drop = torch.isin(ids, {special})
        h, _ = self.enc(self.emb(ids))
        h = h.masked_fill(drop[..., None], 0.0)
        return self.fc(h.sum(1) / (~drop).sum(1, keepdim=True).clamp_min(1))
"""
)

template("heatmap_channel_gate", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=4):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.gate = nn.Linear(c, c)

    def forward(self, x):
        g = torch.sigmoid(self.gate(x.mean((2, 3))))
        return self.conv(x) * {g}
"""
)

# ---------------------------------------------------------------- narrow integer dtypes, names
template("vq_code_decoder", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n_codes=16, d=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(4, d, 3, padding=1), nn.ReLU(), nn.Conv2d(d, d, 1))
        self.codebook = nn.Embedding(n_codes, d)
        self.dec = nn.Conv2d(d, 4, 3, padding=1)

    def forward(self, x):
        z = self.enc(x).permute(0, 2, 3, 1)
        dist = (z[..., None, :] - self.codebook.weight).pow(2).sum(-1)
        codes = dist.argmin(-1).to({dt})
        q = self.codebook(codes).permute(0, 3, 1, 2)
        return self.dec(q)
"""
)

template("seq_classifier_loss", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, d=16, n_cls=3):
        super().__init__()
        self.n_cls = n_cls
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.fc = nn.Linear(d, n_cls)

    def forward(self, ids):
        _, h = self.rnn(self.emb(ids))
        logits = self.fc(h[-1])
        targets = (ids.sum(1) % self.n_cls){cast}
        return logits, F.cross_entropy(logits, targets)
"""
)

template("weight_tap_regularizer", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, tap={tap}):
        super().__init__()
        self.tap = tap
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=1), nn.ReLU()
        )
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        w = self.backbone.get_submodule(self.tap).weight
        reg = w.pow(2).sum()
        return self.fc(self.backbone(x).mean((2, 3))), reg
"""
)

# ---------------------------------------------------------------- the cases
# (template, suffix, defect class or "clean", placeholder values); clean ones run in torch
VARIANTS = [
    ("fno_spectral_block", "ok", "clean", {"post": "F.gelu(torch.fft.irfft(out, n=x.shape[-1]))"}),
    (
        "fno_spectral_block",
        "ok_split",
        "clean",
        {
            "post": "torch.fft.irfft(torch.complex(F.gelu(out.real), F.gelu(out.imag)), "
            "n=x.shape[-1])"
        },
    ),
    (
        "fno_spectral_block",
        "gelu_spectrum",
        "complex_activation",
        {"post": "torch.fft.irfft(F.gelu(out), n=x.shape[-1])"},
    ),
    (
        "fno_spectral_block",
        "relu_spectrum",
        "complex_activation",
        {"post": "torch.fft.irfft(F.relu(out), n=x.shape[-1])"},
    ),
    (
        "spectral_resampler",
        "ok",
        "clean",
        {"resample": "F.interpolate(torch.fft.irfft(spec, n=n), scale_factor=2)"},
    ),
    (
        "spectral_resampler",
        "ok_zero_pad",
        "clean",
        {"resample": "torch.fft.irfft(F.pad(spec, (0, n // 2)), n=2 * n)"},
    ),
    (
        "spectral_resampler",
        "interp_spectrum",
        "complex_unsupported_op",
        {"resample": "torch.fft.irfft(F.interpolate(spec, scale_factor=2), n=2 * n)"},
    ),
    (
        "spectral_resampler",
        "softmax_spectrum",
        "complex_unsupported_op",
        {"resample": "torch.fft.irfft(spec.softmax(-1), n=n)"},
    ),
    (
        "gradient_penalty_critic",
        "ok",
        "clean",
        {
            "body": "        with torch.enable_grad():\n"
            "            xi = x.detach().requires_grad_()\n"
            "            score = self.critic(xi)\n"
            "            g = torch.autograd.grad(score.sum(), xi, create_graph=True)[0]"
        },
    ),
    (
        "gradient_penalty_critic",
        "ok_func",
        "clean",
        {
            "body": "        score = self.critic(x)\n"
            "        g = torch.func.vmap(torch.func.grad(lambda xi: self.critic(xi).sum()))(x)"
        },
    ),
    (
        "gradient_penalty_critic",
        "input_no_grad",
        "autograd_no_graph",
        {
            "body": "        score = self.critic(x)\n"
            "        g = torch.autograd.grad(score.sum(), x, create_graph=True)[0]"
        },
    ),
    ("aux_loss_logger", "ok", "clean", {"red": "", "spec": ".4f"}),
    ("aux_loss_logger", "ok_nospec", "clean", {"red": "-1", "spec": ""}),
    ("aux_loss_logger", "per_sample", "tensor_format_spec", {"red": "-1", "spec": ".4f"}),
    ("aux_loss_logger", "per_feature", "tensor_format_spec", {"red": "0", "spec": ".3e"}),
    ("lstm_style_gates", "ok", "clean", {"h": 4, "gw": "4 * h"}),
    ("lstm_style_gates", "ok_small", "clean", {"h": 2, "gw": "4 * h"}),
    ("lstm_style_gates", "three_gates", "chunk_unpack_count", {"h": 2, "gw": "3 * h"}),
    ("lstm_style_gates", "two_gates", "chunk_unpack_count", {"h": 1, "gw": "2 * h"}),
    (
        "self_masked_attention",
        "ok",
        "clean",
        {
            "t": 6,
            "mask": 's = s.masked_fill(torch.eye(s.shape[-1], dtype=torch.bool), float("-inf"))',
        },
    ),
    (
        "self_masked_attention",
        "ok_cube",
        "clean",
        {"t": 2, "mask": 's.fill_diagonal_(float("-inf"))'},
    ),
    (
        "self_masked_attention",
        "batched_fill",
        "fill_diagonal_dims",
        {"t": 6, "mask": 's.fill_diagonal_(float("-inf"))'},
    ),
    (
        "gcn_sparse_norm",
        "ok",
        "clean",
        {"deg": "torch.sparse.sum(adj, 1).to_dense().pow(-0.5).view(-1, 1)"},
    ),
    (
        "gcn_sparse_norm",
        "ok_dense",
        "clean",
        {"deg": "adj.to_dense().sum(1, keepdim=True).pow(-0.5)"},
    ),
    (
        "gcn_sparse_norm",
        "sparse_view",
        "sparse_dense_only_op",
        {"deg": "adj.sum(1).pow(-0.5).view(-1, 1)"},
    ),
    (
        "gcn_sparse_norm",
        "sparse_reshape",
        "sparse_dense_only_op",
        {"deg": "adj.sum(1).reshape(-1, 1).pow(-0.5)"},
    ),
    ("policy_sampler", "ok", "clean", {"shape": "(self.n_samples,)"}),
    ("policy_sampler", "ok_size", "clean", {"shape": "torch.Size([self.n_samples])"}),
    ("policy_sampler", "int_count", "dist_sample_shape_int", {"shape": "self.n_samples"}),
    ("gaussian_actor", "ok", "clean", {"shape": "(self.k,)"}),
    ("gaussian_actor", "ok_single", "clean", {"shape": ""}),
    ("gaussian_actor", "int_count", "dist_sample_shape_int", {"shape": "self.k"}),
    ("exp_noise_regularizer", "ok", "clean", {"keep": 0.9}),
    ("exp_noise_regularizer", "ok_zero_keep", "clean", {"keep": 0.0}),
    ("exp_noise_regularizer", "keep_all", "exponential_rate", {"keep": 1.0}),
    ("exp_noise_regularizer", "keep_over_one", "exponential_rate", {"keep": 1.5}),
    ("segment_mean_pooler", "ok", "clean", {"lengths": [3, 5]}),
    ("segment_mean_pooler", "ok_three", "clean", {"lengths": [2, 2, 4]}),
    ("segment_mean_pooler", "short", "segment_reduce_lengths", {"lengths": [3, 4]}),
    ("segment_mean_pooler", "long", "segment_reduce_lengths", {"lengths": [4, 5]}),
    ("anchor_scale_head", "ok", "clean", {"conv": "torch.tensor(self.sizes)"}),
    ("anchor_scale_head", "ok_np", "clean", {"conv": "torch.from_numpy(np.array(self.sizes))"}),
    ("anchor_scale_head", "list", "from_numpy_non_array", {"conv": "torch.from_numpy(self.sizes)"}),
    (
        "anchor_scale_head",
        "tuple",
        "from_numpy_non_array",
        {"conv": "torch.from_numpy(tuple(self.sizes))"},
    ),
    ("distill_head", "ok", "clean", {"s": 10, "t": 10, "t_in": "t"}),
    ("distill_head", "ok_square", "clean", {"s": 4, "t": 4, "t_in": "t.t()"}),
    ("distill_head", "teacher_wider", "kl_div_shape", {"s": 10, "t": 12, "t_in": "t"}),
    ("distill_head", "transposed", "kl_div_shape", {"s": 10, "t": 10, "t_in": "t.t()"}),
    ("windowed_position_mixer", "ok", "clean", {"nw": 4}),
    ("windowed_position_mixer", "ok_one", "clean", {"nw": 16}),
    ("windowed_position_mixer", "window_zero", "int_modulo_zero", {"nw": 32}),
    ("windowed_position_mixer", "window_zero_20", "int_modulo_zero", {"nw": 20}),
    ("bert_padding_encoder", "ok", "clean", {"kpm": "attention_mask == 0"}),
    ("bert_padding_encoder", "ok_not", "clean", {"kpm": "~attention_mask.bool()"}),
    ("bert_padding_encoder", "raw_mask", "key_padding_mask_dtype", {"kpm": "attention_mask"}),
    (
        "bert_padding_encoder",
        "inverted_long",
        "key_padding_mask_dtype",
        {"kpm": "1 - attention_mask"},
    ),
    ("latent_cross_attention", "ok", "clean", {"kpm": "~valid"}),
    ("latent_cross_attention", "ok_float", "clean", {"kpm": "(~valid).float() * -1e4"}),
    ("latent_cross_attention", "long_mask", "key_padding_mask_dtype", {"kpm": "(~valid).long()"}),
    ("packed_gru_tagger", "ok", "clean", {"lengths": "keep.sum(1)"}),
    ("packed_gru_tagger", "ok_list", "clean", {"lengths": "keep.sum(1).tolist()"}),
    ("packed_gru_tagger", "keepdim", "pack_lengths_rank", {"lengths": "keep.sum(1, keepdim=True)"}),
    ("packed_gru_tagger", "column", "pack_lengths_rank", {"lengths": "keep.sum(1)[:, None]"}),
    (
        "keypoint_peak_decoder",
        "ok",
        "clean",
        {"unpack": "b, k, ys, xs = torch.nonzero(peaks, as_tuple=True)"},
    ),
    ("keypoint_peak_decoder", "ok_where", "clean", {"unpack": "b, k, ys, xs = torch.where(peaks)"}),
    (
        "keypoint_peak_decoder",
        "ok_one_map",
        "clean",
        {"unpack": "ys, xs = torch.where(peaks[0, 0])"},
    ),
    (
        "keypoint_peak_decoder",
        "two_names",
        "nonzero_unpack_count",
        {"unpack": "ys, xs = torch.nonzero(peaks, as_tuple=True)"},
    ),
    (
        "keypoint_peak_decoder",
        "one_index",
        "nonzero_unpack_count",
        {"unpack": "ys, xs = torch.where(peaks[:, 0])"},
    ),
    ("feature_whitening", "ok", "clean", {"decomp": "U, S, _ = torch.linalg.svd(cov)"}),
    ("feature_whitening", "ok_eigh", "clean", {"decomp": "S, U = torch.linalg.eigh(cov)"}),
    (
        "feature_whitening",
        "svd_two",
        "linalg_unpack_count",
        {"decomp": "U, S = torch.linalg.svd(cov)"},
    ),
    (
        "feature_whitening",
        "svd_four",
        "linalg_unpack_count",
        {"decomp": "U, S, Vh, _ = torch.linalg.svd(cov)"},
    ),
    ("hf_style_backbone", "ok", "clean", {"feat": 'out["pooler_output"]'}),
    ("hf_style_backbone", "ok_tokens", "clean", {"feat": 'out["last_hidden_state"].mean(1)'}),
    ("hf_style_backbone", "as_tensor", "dict_output_as_tensor", {"feat": "out.mean(1)"}),
    ("hf_style_backbone", "index_zero", "dict_output_as_tensor", {"feat": "out[0].mean(1)"}),
    ("slot_memory_writer", "ok", "clean", {"offset": 0}),
    ("slot_memory_writer", "ok_last", "clean", {"offset": "self.slots - 2"}),
    ("slot_memory_writer", "one_past", "put_index_range", {"offset": "self.slots - 1"}),
    ("slot_memory_writer", "after_end", "put_index_range", {"offset": "self.slots"}),
    ("bag_of_ngrams", "ok", "clean", {"offsets": "torch.arange(B) * L"}),
    ("bag_of_ngrams", "ok_range", "clean", {"offsets": "torch.arange(0, B * L, L)"}),
    (
        "bag_of_ngrams",
        "ends",
        "embedding_bag_offsets_start",
        {"offsets": "torch.arange(1, B + 1) * L"},
    ),
    (
        "bag_of_ngrams",
        "plus_one",
        "embedding_bag_offsets_start",
        {"offsets": "torch.arange(B) * L + 1"},
    ),
    (
        "rope_cache_block",
        "ok",
        "clean",
        {"init": 'self.register_buffer("cos_cached", None, persistent=False)'},
    ),
    (
        "rope_cache_block",
        "ok_empty",
        "clean",
        {"init": 'self.register_buffer("cos_cached", torch.zeros(0, d), persistent=False)'},
    ),
    ("rope_cache_block", "plain_none", "buffer_name_taken", {"init": "self.cos_cached = None"}),
    (
        "rope_cache_block",
        "plain_tensor",
        "buffer_name_taken",
        {"init": "self.cos_cached = torch.zeros(0, d)"},
    ),
    ("dtype_matched_head", "ok", "clean", {"dt": "h.dtype"}),
    ("dtype_matched_head", "ok_weight", "clean", {"dt": "self.emb.weight.dtype"}),
    ("dtype_matched_head", "input_dtype", "module_to_int_dtype", {"dt": "ids.dtype"}),
    ("dtype_matched_head", "int64", "module_to_int_dtype", {"dt": "torch.int64"}),
    ("vit_cls_grid", "ok", "clean", {"grid": "t[:, 1:]"}),
    ("vit_cls_grid", "with_cls", "reshape_numel", {"grid": "t"}),
    ("vit_cls_grid", "drop_last", "reshape_numel", {"grid": "t[:, :-2]"}),
    ("unet_upsample_skip", "ok", "clean", {"hw": 16}),
    ("unet_upsample_skip", "ok_12", "clean", {"hw": 12}),
    ("unet_upsample_skip", "odd_14", "cat_spatial", {"hw": 14}),
    ("unet_upsample_skip", "odd_10", "cat_spatial", {"hw": 10}),
    ("gpt_block_mask", "ok", "clean", {"block": 16, "mask": "causal[:T, :T]"}),
    ("gpt_block_mask", "ok_exact", "clean", {"block": 8, "mask": "causal"}),
    ("gpt_block_mask", "full_block", "sdpa_attn_mask_shape", {"block": 16, "mask": "causal"}),
    ("moe_topk_router", "ok", "clean", {"k": 2}),
    ("moe_topk_router", "ok_all", "clean", {"k": 4}),
    ("moe_topk_router", "k_past_experts", "topk_k", {"k": 5}),
    ("simclr_targets", "ok", "clean", {"nc": "2 * B"}),
    ("simclr_targets", "batch_classes", "one_hot_classes", {"nc": "B"}),
    ("simclr_targets", "one_short", "one_hot_classes", {"nc": "2 * B - 1"}),
    ("bf16_classifier", "ok", "clean", {"h": "h"}),
    ("bf16_classifier", "ok_roundtrip", "clean", {"h": "h.bfloat16().float()"}),
    ("bf16_classifier", "bf16_input", "dtype_mismatch", {"h": "h.bfloat16()"}),
    ("bf16_classifier", "half_input", "dtype_mismatch", {"h": "h.half()"}),
    ("padded_score_attention", "ok", "clean", {"mask": "pad[:, None, None, :]"}),
    ("padded_score_attention", "ok_view", "clean", {"mask": "pad.view(B, 1, 1, T)"}),
    ("padded_score_attention", "raw_pad", "masked_fill_broadcast", {"mask": "pad"}),
    ("video_frame_conv3d", "ok", "clean", {"clip": "frames.permute(0, 2, 1, 3, 4)"}),
    ("video_frame_conv3d", "ok_transpose", "clean", {"clip": "frames.transpose(1, 2)"}),
    ("video_frame_conv3d", "frames_first", "conv_in_channels", {"clip": "frames"}),
    ("subpixel_upsampler", "ok", "clean", {"cout": "c * r ** 2"}),
    ("subpixel_upsampler", "times_r", "pixel_shuffle", {"cout": "c * r"}),
    ("bigru_init_state", "ok", "clean", {"n_states": "2 * self.layers"}),
    ("bigru_init_state", "layers_only", "rnn_hidden", {"n_states": "self.layers"}),
    ("content_position_split", "ok", "clean", {"d_pos": 8}),
    ("content_position_split", "ok_expr", "clean", {"d_pos": "24 - 16"}),
    ("content_position_split", "too_wide", "split_sizes", {"d_pos": 16}),
    ("deep_pool_classifier", "ok", "clean", {"depth": 2}),
    ("deep_pool_classifier", "ok_edge", "clean", {"depth": 3}),
    ("deep_pool_classifier", "too_deep", "pool_too_small", {"depth": 4}),
    ("einops_mhsa", "ok", "clean", {"heads": 4}),
    ("einops_mhsa", "ok_three", "clean", {"heads": 3}),
    ("einops_mhsa", "five_heads", "einops_axes", {"heads": 5}),
    ("global_pool_conv1d_head", "ok", "clean", {"seq": "h.mean(2)"}),
    ("global_pool_conv1d_head", "ok_flatten", "clean", {"seq": "h.flatten(2)"}),
    ("global_pool_conv1d_head", "both_axes", "conv1d_input_rank", {"seq": "h.mean((2, 3))"}),
    ("layernorm_feature_map", "ok", "clean", {"hw": 8}),
    ("layernorm_feature_map", "input_size", "norm_shape", {"hw": 16}),
    ("seq2seq_transformer_mask", "ok", "clean", {"bf": True}),
    ("seq2seq_transformer_mask", "seq_first", "transformer_batch", {"bf": False}),
    ("graph_adjacency_matmul", "ok", "clean", {"adj": "(dist < dist.mean()).float()"}),
    ("graph_adjacency_matmul", "ok_soft", "clean", {"adj": "torch.exp(-dist)"}),
    (
        "graph_adjacency_matmul",
        "long_adj",
        "matmul_int_float",
        {"adj": "(dist < dist.mean()).long()"},
    ),
    ("graph_adjacency_matmul", "bool_adj", "bool_matmul", {"adj": "dist < dist.mean()"}),
    ("topk_token_gather", "ok", "clean", {"idx": "idx[..., None].expand(-1, -1, x.shape[-1])"}),
    ("topk_token_gather", "no_feature_dim", "gather_index_rank", {"idx": "idx"}),
    ("skip_resize_decoder", "ok", "clean", {"size": "skip.shape[-2:]"}),
    ("skip_resize_decoder", "ok_tuple", "clean", {"size": "(20, 20)"}),
    ("skip_resize_decoder", "full_shape", "interp_size_len", {"size": "skip.shape"}),
    ("skip_resize_decoder", "no_resize", "cat_spatial", {"size": "deep.shape[-2:]"}),
    ("multi_crop_stack", "ok", "clean", {"b": 8}),
    ("multi_crop_stack", "two_sizes", "stack_shapes", {"b": 12}),
    ("swin_shift_block", "ok", "clean", {"shift": "-self.window // 2"}),
    ("swin_shift_block", "ok_paren", "clean", {"shift": "-(self.window // 2)"}),
    ("swin_shift_block", "true_div", "roll_float_shift", {"shift": "-self.window / 2"}),
    ("bidirectional_conv_smoother", "ok", "clean", {"dims": "(-1,)"}),
    ("bidirectional_conv_smoother", "ok_list", "clean", {"dims": "[2]"}),
    ("bidirectional_conv_smoother", "int_dim", "flip_int_dims", {"dims": "-1"}),
    ("patch_tokenizer", "ok", "clean", {"tok": "torch.permute(h.flatten(2), (0, 2, 1))"}),
    ("patch_tokenizer", "ok_method", "clean", {"tok": "h.flatten(2).permute(0, 2, 1)"}),
    (
        "patch_tokenizer",
        "ok_reshape",
        "clean",
        {"tok": "torch.reshape(h, (B, C, -1)).transpose(1, 2)"},
    ),
    (
        "patch_tokenizer",
        "permute_varargs",
        "torch_fn_varargs",
        {"tok": "torch.permute(h.flatten(2), 0, 2, 1)"},
    ),
    (
        "patch_tokenizer",
        "reshape_varargs",
        "torch_fn_varargs",
        {"tok": "torch.reshape(h, B, C, -1).transpose(1, 2)"},
    ),
    ("deferred_init_encoder", "ok", "clean", {"dev": '"cpu"', "materialize": "pass"}),
    (
        "deferred_init_encoder",
        "ok_to_empty",
        "clean",
        {"dev": '"meta"', "materialize": 'self.enc = self.enc.to_empty(device="cpu")'},
    ),
    (
        "deferred_init_encoder",
        "never_materialized",
        "meta_device_mix",
        {"dev": '"meta"', "materialize": "pass"},
    ),
    ("tiled_feature_mixer", "ok", "clean", {"reps": "(2,)"}),
    ("tiled_feature_mixer", "ok_pair", "clean", {"reps": "(1, 2)"}),
    ("tiled_feature_mixer", "int_reps", "tile_int_dims", {"reps": 2}),
    ("special_token_filter", "ok", "clean", {"special": "torch.tensor(self.special)"}),
    ("special_token_filter", "ok_scalar", "clean", {"special": 3}),
    ("special_token_filter", "list", "isin_list_elements", {"special": "self.special"}),
    ("heatmap_channel_gate", "ok", "clean", {"g": "g[:, :, None, None]"}),
    ("heatmap_channel_gate", "ok_chain", "clean", {"g": "g.unsqueeze(-1).unsqueeze(-1)"}),
    ("heatmap_channel_gate", "tuple_dims", "unsqueeze_tuple_dim", {"g": "g.unsqueeze((2, 3))"}),
    ("vq_code_decoder", "ok", "clean", {"dt": "torch.long"}),
    ("vq_code_decoder", "ok_int32", "clean", {"dt": "torch.int32"}),
    ("vq_code_decoder", "uint8_codes", "index_small_int_dtype", {"dt": "torch.uint8"}),
    ("vq_code_decoder", "int16_codes", "index_small_int_dtype", {"dt": "torch.int16"}),
    ("seq_classifier_loss", "ok", "clean", {"cast": ""}),
    ("seq_classifier_loss", "ok_long", "clean", {"cast": ".long()"}),
    ("seq_classifier_loss", "int32_targets", "ce_target_int32", {"cast": ".int()"}),
    ("seq_classifier_loss", "to_int32", "ce_target_int32", {"cast": ".to(torch.int32)"}),
    ("weight_tap_regularizer", "ok", "clean", {"tap": '"2"'}),
    ("weight_tap_regularizer", "ok_first", "clean", {"tap": '"0"'}),
    ("weight_tap_regularizer", "past_end", "get_submodule_missing", {"tap": '"4"'}),
    ("weight_tap_regularizer", "named", "get_submodule_missing", {"tap": '"conv2"'}),
]

# clean variants that look risky (shapes that only just fit, a legal ordering of names, an edge
# value, a spelling that works): they measure false blockers
RISKY_CLEAN = (
    "fno_spectral_block__ok_split",
    "spectral_resampler__ok_zero_pad",
    "gradient_penalty_critic__ok",
    "gradient_penalty_critic__ok_func",
    "aux_loss_logger__ok_nospec",
    "lstm_style_gates__ok_small",
    "self_masked_attention__ok_cube",
    "gcn_sparse_norm__ok",
    "policy_sampler__ok_size",
    "exp_noise_regularizer__ok_zero_keep",
    "segment_mean_pooler__ok_three",
    "anchor_scale_head__ok_np",
    "distill_head__ok_square",
    "windowed_position_mixer__ok_one",
    "latent_cross_attention__ok_float",
    "packed_gru_tagger__ok_list",
    "keypoint_peak_decoder__ok_one_map",
    "feature_whitening__ok_eigh",
    "slot_memory_writer__ok_last",
    "rope_cache_block__ok_empty",
    "unet_upsample_skip__ok_12",
    "gpt_block_mask__ok_exact",
    "moe_topk_router__ok_all",
    "bf16_classifier__ok_roundtrip",
    "deep_pool_classifier__ok_edge",
    "einops_mhsa__ok_three",
    "swin_shift_block__ok_paren",
    "bidirectional_conv_smoother__ok_list",
    "deferred_init_encoder__ok_to_empty",
    "special_token_filter__ok_scalar",
    "vq_code_decoder__ok_int32",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "fno_spectral_block",
    "gradient_penalty_critic",
    "aux_loss_logger",
    "lstm_style_gates",
    "gaussian_actor",
    "policy_sampler",
    "bert_padding_encoder",
    "latent_cross_attention",
    "keypoint_peak_decoder",
    "hf_style_backbone",
    "dtype_matched_head",
    "vit_cls_grid",
    "unet_upsample_skip",
    "gpt_block_mask",
    "moe_topk_router",
    "simclr_targets",
    "bf16_classifier",
    "video_frame_conv3d",
    "subpixel_upsampler",
    "deep_pool_classifier",
    "global_pool_conv1d_head",
    "distill_head",
    "skip_resize_decoder",
    "multi_crop_stack",
    "swin_shift_block",
    "special_token_filter",
    "patch_tokenizer",
    "vq_code_decoder",
    "seq_classifier_loss",
)
