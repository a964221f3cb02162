"""A twenty-first fresh batch of crash cases (session 29, split ``fresh21``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The new classes are habits earlier batches did not exercise: ``nn.MultiheadAttention`` called with
``is_causal=True`` and no mask, its ``(output, weights)`` tuple used as a tensor, an RNN's
``(output, h_n)`` tuple indexed as a tensor, ``return_indices=True`` pooling fed to a layer, FFTs of
half / bfloat16 features, ``full`` / ``new_full`` with an int size, ``std`` with both ``unbiased``
and ``correction``, ``linalg.norm`` over three dims, ``einsum`` of float and float64 operands and
with a repeated output subscript, 3-D ids into ``EmbeddingBag``, ``torch.stack`` of Python ints,
``register_hook`` / ``retain_grad`` on tensors built under ``no_grad``, ``vander`` of a matrix,
``torch.iinfo`` of a float dtype, a per-channel ``clamp`` bound of the wrong shape, the arguments of
``F.embedding`` / ``torch.gather`` / ``torch.index_select`` swapped, reflect-padded convs after
downsampling, ``.grad`` read in forward, a learned position table shorter than the sequence,
``torch.unique`` / ``split`` unpacked into the wrong number of names, ``nanmean`` of ints,
``torch.where`` with a ``None`` branch, and (a second pass on values computed in forward) a bool
mask resized with ``interpolate`` or dilated with ``max_pool2d``, ``mean`` of a bool comparison,
numpy-style dtype strings (``x.to("float32")``, ``dtype="float32"``), ``device=`` given a tensor,
``triu`` with a float diagonal, an SDPA ``dropout_p`` given as a percent, ids quantized from signed
values into an ``Embedding``, float durations to ``repeat_interleave`` and raw logits to
``multinomial``; a third pass on dtypes of tensors built in forward: a float64 sampling grid
into ``grid_sample``, ``view`` of a channels_last feature map, bf16 / fp16 expert outputs written
into a float buffer by index and a half projector's features ``masked_scatter``-ed into float
embeddings (with clean twins: CPU autocast to float16, a bfloat16 LayerNorm input), and a fourth on sizes and dtypes
inferred from the data: ``one_hot`` / ``bincount`` without ``num_classes`` / ``minlength`` feeding
a fixed-size table, and ``.numpy()`` of a bfloat16 activation.
Familiar classes (U-Net skips, MoE ``topk``, ViT position grids, GQA head repeats, masks of the
wrong shape in SDPA and ``masked_fill``, bool masks in arithmetic, long positions in a matmul,
pooling to zero, pixel shuffle, ``split`` sizes, transposed-conv ``output_padding``, video frames
into ``Conv3d``) are written as whole models. Several clean variants look risky (``RISKY_CLEAN``).
Same format as ``templates.py``; every case name starts ``f21_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- MultiheadAttention calls
template("causal_decoder_block", "(2, 6, 32)")(
    """
class DecoderBlock(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        T = x.shape[1]
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
        h = self.ln1(x)
        x = x + {attn}
        return x + self.ff(self.ln2(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([DecoderBlock(32, 4) for _ in range(2)])
        self.head = nn.Linear(32, 10)

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return self.head(x)
"""
)

template("perceiver_latent_reader", "(2, 20, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(4, 16))
        self.cross = nn.MultiheadAttention(16, 2, batch_first=True)
        self.mlp = nn.Sequential(nn.LayerNorm(16), nn.Linear(16, 16))
        self.out = nn.Linear(16, 3)

    def forward(self, x):
        lat = self.latents.unsqueeze(0).expand(x.shape[0], -1, -1)
        read = {read}
        lat = lat + read
        return self.out(self.mlp(lat).mean(1))
"""
)

template("seq_first_causal_lm", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(12, 16)
        self.attn = nn.MultiheadAttention(16, 4)
        self.norm = nn.LayerNorm(16)
        self.lm = nn.Linear(16, 12)

    def forward(self, ids):
        h = self.emb(ids).transpose(0, 1)
        T = h.shape[0]
        mask = nn.Transformer.generate_square_subsequent_mask(T)
        a, _ = self.attn(h, h, h, {hint})
        return self.lm(self.norm(h + a)).transpose(0, 1)
"""
)

# ---------------------------------------------------------------- RNN / pooling tuples
template("gru_sentence_encoder", "(4, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(8, 16)
        self.rnn = nn.GRU(16, 24, num_layers=2, batch_first=True)
        self.drop = nn.Dropout(0.1)
        self.head = nn.Linear(24, 5)

    def forward(self, x):
        h = torch.relu(self.inp(x))
        feat = {feat}
        return self.head(self.drop(feat))
"""
)

template("unpool_autoencoder", "(2, 1, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(1, 8, 3, padding=1)
        self.pool = nn.MaxPool2d(2, return_indices={ri})
        self.mid = nn.Conv2d(8, 8, 3, padding=1)
        self.head = nn.Linear(8 * 8 * 8, 4)

    def forward(self, x):
        h = torch.relu(self.enc(x))
        p = {pooled}
        p = torch.relu(self.mid(p))
        return self.head(p.flatten(1))
"""
)

# ---------------------------------------------------------------- FFTs of low-precision features
template("fnet_mixer", "(2, 8, 16)")(
    """
class FourierBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        h = self.norm(x)
        mixed = torch.fft.fft2({cast}).real.float()
        x = x + mixed
        return x + self.ff(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(FourierBlock(16), FourierBlock(16))
        self.cls = nn.Linear(16, 2)

    def forward(self, x):
        return self.cls(self.blocks(x).mean(1))
"""
)

# ---------------------------------------------------------------- size arguments
template("beam_score_init", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self, beams=4):
        super().__init__()
        self.beams = beams
        self.proj = nn.Linear(12, 7)

    def forward(self, x):
        B = x.shape[0]
        logp = torch.log_softmax(self.proj(x), -1)
        scores = x.new_full({size}, -1e4)
        scores[:, 0] = 0.0
        total = scores.view(B, self.beams, 1) + logp.unsqueeze(1)
        return total.flatten(1).topk(self.beams, -1).values
"""
)

template("feature_standardizer", "(16, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 2))

    def forward(self, x):
        mu = x.mean(dim=0, keepdim=True)
        sd = x.std(dim=0, keepdim=True, {kw})
        return self.net((x - mu) / (sd + 1e-5))
"""
)

template("feature_map_norm_head", "(2, 4, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=1))
        self.fc = nn.Linear(8 * 6 * 6, 3)

    def forward(self, x):
        h = self.body(x)
        n = {norm}
        h = h / (n.view(-1, 1, 1, 1) + 1e-6)
        return self.fc(h.flatten(1))
"""
)

# ---------------------------------------------------------------- einsum
template("prior_weighted_pool", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(8, 8)
        self.register_buffer("prior", torch.linspace(0, 1, 8{dtype}))

    def forward(self, x):
        h = torch.tanh(self.enc(x))
        return torch.einsum("bd,d->b", h, {prior})
"""
)

template("token_gram_attention", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, 8)
        self.v = nn.Linear(8, 8)

    def forward(self, x):
        q, k, v = self.q(x), self.k(x), self.v(x)
        s = torch.einsum("{eq}", q, k) / 8 ** 0.5
        return {out}
"""
)

# ---------------------------------------------------------------- EmbeddingBag rank
template("bag_of_words_classifier", "(4, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(50, 16, mode="mean")
        self.mlp = nn.Sequential(nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 4))

    def forward(self, x):
        pooled = self.bag({ids})
        return self.mlp(pooled)
"""
)

# ---------------------------------------------------------------- stack of Python numbers
template("segment_length_encoder", "(2, 12, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(8, 8)
        self.len_emb = nn.Linear(1, 8)

    def forward(self, x):
        h = self.enc(x)
        segs = h.split([3, 4, 5], dim=1)
        lens = torch.stack([{item} for s in segs])
        pooled = torch.stack([s.mean(1) for s in segs], 1)
        return pooled + self.len_emb(lens.float().view(1, -1, 1))
"""
)

# ---------------------------------------------------------------- autograd helpers in forward
template("gradcam_backbone", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU()
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 10)
        self.grads = []

    def _save(self, g):
        self.grads.append(g)

    def forward(self, x):
        feats = self.features(x)
{hook}
        return self.fc(self.pool(feats).flatten(1))
"""
)

template("saliency_probe", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(10, 20)
        self.l2 = nn.Linear(20, 2)

    def forward(self, x):
        h = torch.relu(self.l1(x))
{keep}
        self.last_hidden = h
        return self.l2(h)
"""
)

template("grad_norm_logger", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 6)
        self.out = nn.Linear(6, 1)
        self.stats = []

    def forward(self, x):
        y = self.out(torch.relu(self.proj(x)))
{log}
        return y
"""
)

# ---------------------------------------------------------------- vander
template("poly_feature_regressor", "(5, 3)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fit = nn.Linear(4, 1)

    def forward(self, x):
        v = torch.vander({arg}, N=4)
        return self.fit(v)
"""
)

# ---------------------------------------------------------------- iinfo / finfo
template("padded_self_attention", "(2, 7, 16)")(
    """
class Attention(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.d = d

    def forward(self, x, mask):
        q, k, v = self.qkv(x).chunk(3, -1)
        scores = q @ k.transpose(-2, -1) / self.d ** 0.5
        scores = scores.masked_fill(~mask[:, None, :], torch.{info}(scores.dtype).min)
        return self.o(scores.softmax(-1) @ v)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention(16)
        self.ln = nn.LayerNorm(16)

    def forward(self, x):
        mask = x.abs().sum(-1) > -1
        return self.ln(x + self.attn(x, mask))
"""
)

# ---------------------------------------------------------------- per-channel clamp
template("learned_clip_activation", "(2, 6, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(6, 12, 3, padding=1)
        self.lo = nn.Parameter(torch.full((12,), -1.0))
        self.hi = nn.Parameter(torch.full((12,), 1.0))
        self.out = nn.Conv1d(12, 2, 1)

    def forward(self, x):
        h = self.conv(x)
        h = torch.clamp(h, min={lo}, max={hi})
        return self.out(h)
"""
)

# ---------------------------------------------------------------- swapped arguments
template("tied_embedding_lm", "(2, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(40, 16) * 0.02)
        self.block = nn.Sequential(nn.LayerNorm(16), nn.Linear(16, 16), nn.GELU())

    def forward(self, x):
        h = F.embedding({emb_args})
        h = h + self.block(h)
        return h @ self.weight.t()
"""
)

template("greedy_token_picker", "(3, 11)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(11, 6)

    def forward(self, x):
        logits = self.score(x)
        idx = logits.argmax(-1, keepdim=True)
        best = {pick}
        return best - logits.logsumexp(-1, keepdim=True)
"""
)

template("channel_subset_head", "(2, 8, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("keep", torch.tensor([0, 2, 4, 6]))
        self.mix = nn.Conv1d(8, 8, 1)
        self.head = nn.Linear(4 * 5, 3)

    def forward(self, x):
        h = self.mix(x)
        h = {sel}
        return self.head(h.flatten(1))
"""
)

# ---------------------------------------------------------------- reflect-padded conv stack
template("reflect_conv_downsampler", "(1, 3, {L})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList(
            [
                nn.Conv1d(3, 8, 7, stride=2, padding=3, padding_mode="reflect"),
                nn.Conv1d(8, 8, 7, stride=2, padding=3, padding_mode="reflect"),
                nn.Conv1d(8, 8, 7, stride=2, padding=3, padding_mode="reflect"),
            ]
        )
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x):
        for conv in self.stages:
            x = self.act(conv(x))
        return x.mean(-1)
"""
)

# ---------------------------------------------------------------- learned position table
template("learned_pos_encoder", "(2, 16)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, max_len={max_len}):
        super().__init__()
        self.tok = nn.Embedding(30, 32)
        self.pos = nn.Embedding(max_len, 32)
        self.layer = nn.TransformerEncoderLayer(32, 4, 64, batch_first=True, dropout=0.0)
        self.head = nn.Linear(32, 30)

    def forward(self, x):
        pos = torch.arange(x.shape[1]{offset})
        h = self.tok(x) + self.pos(pos)[None]
        return self.head(self.layer(h))
"""
)

# ---------------------------------------------------------------- unique / split unpacking
template("frequency_scaled_embedding", "(3, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        uniq, inv, counts = torch.unique(x, {kw})
        freq = counts[inv].float()
        h = self.emb(x) / freq.unsqueeze(-1)
        return self.out(h.mean(1))
"""
)

template("fused_qkv_attention", "(2, 6, 24)")(
    """
class SelfAttention(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.d, self.h = d, heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).split({size}, dim=-1)
        q, k, v = (t.view(B, T, self.h, -1).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v)
        return self.proj(y.transpose(1, 2).reshape(B, T, self.d))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SelfAttention(24, 4)
        self.norm = nn.LayerNorm(24)

    def forward(self, x):
        return self.norm(x + self.attn(x))
"""
)

# ---------------------------------------------------------------- nanmean / where None
template("length_normalized_pool", "(3, 10)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8, padding_idx=0)
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        lengths = (x != 0).sum(1)
        avg_len = torch.nanmean({val})
        h = self.emb(x).sum(1) / (avg_len + 1)
        return self.fc(h)
"""
)

template("gated_residual_unit", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Linear(12, 12)
        self.gate = nn.Linear(12, 1)

    def forward(self, x):
        h = torch.relu(self.f(x))
        keep = torch.sigmoid(self.gate(x)) > 0.5
        return x + torch.where(keep, h, {other})
"""
)

# ---------------------------------------------------------------- familiar classes, whole models
template("unet_two_level", "(1, 3, {H}, {H})")(
    """
class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(),
            nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU(),
        )

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1 = ConvBlock(3, 8)
        self.d2 = ConvBlock(8, 16)
        self.bott = ConvBlock(16, 16)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.u2 = ConvBlock(32, 8)
        self.u1 = ConvBlock(16, 8)
        self.out = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        s1 = self.d1(x)
        s2 = self.d2(self.pool(s1))
        b = self.bott(self.pool(s2))
        y = self.u2(torch.cat([self.up(b), s2], 1))
        y = self.u1(torch.cat([self.up(y), s1], 1))
        return self.out(y)
"""
)

template("moe_feedforward", "(2, 5, 16)")(
    """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 32), nn.SiLU(), nn.Linear(32, d))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, n_experts=4, top_k={k}):
        super().__init__()
        self.router = nn.Linear(16, n_experts)
        self.experts = nn.ModuleList([Expert(16) for _ in range(n_experts)])
        self.top_k = top_k

    def forward(self, x):
        flat = x.reshape(-1, 16)
        w, idx = self.router(flat).softmax(-1).topk(self.top_k, dim=-1)
        out = torch.zeros_like(flat)
        for j in range(self.top_k):
            for e, expert in enumerate(self.experts):
                sel = idx[:, j] == e
                if sel.any():
                    out[sel] += w[sel, j, None] * expert(flat[sel])
        return out.view_as(x)
"""
)

template("vit_patch_classifier", "(2, 3, {H}, {H})")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch=8, d=24):
        super().__init__()
        n = (img // patch) ** 2
        self.patch = nn.Conv2d(3, d, patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.randn(1, n + 1, d) * 0.02)
        self.enc = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(d, 4, 48, batch_first=True, dropout=0.0), 1
        )
        self.head = nn.Linear(d, 5)

    def forward(self, x):
        t = self.patch(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], 1) + self.pos
        return self.head(self.enc(t)[:, 0])
"""
)

template("waveform_encoder", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.Sequential(
            nn.Conv1d(1, 8, 5, stride=2, padding=2), nn.GELU(),
            nn.Conv1d(8, 16, 5, stride=2, padding=2), nn.GELU(),
        )
        self.proj = nn.Linear(16, 8)

    def forward(self, wav):
        h = self.convs({reshape})
        return self.proj(h.transpose(1, 2))
"""
)

template("resnet_gn_block", "(2, 16, 8, 8)")(
    """
class Block(nn.Module):
    def __init__(self, c, width):
        super().__init__()
        self.conv1 = nn.Conv2d(c, width, 3, padding=1)
        self.gn1 = nn.GroupNorm(4, 32)
        self.conv2 = nn.Conv2d(width, c, 3, padding=1)
        self.gn2 = nn.GroupNorm(4, c)

    def forward(self, x):
        h = F.silu(self.gn1(self.conv1(x)))
        return x + F.silu(self.gn2(self.conv2(h)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(16, {width}), Block(16, {width}))
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return self.head(self.blocks(x).mean((2, 3)))
"""
)

template("fpn_fuse", "(1, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(16, 16, 3, stride=2, padding=1)
        self.lat = nn.Conv2d(16, 16, 1)
        self.smooth = nn.Conv2d(16, 16, 3, padding=1)

    def forward(self, x):
        high = self.c1(x)
        low = self.c2(high)
        up = F.interpolate(low, size={size}, mode="nearest")
        return self.smooth(self.lat(high) + up)
"""
)

template("lstm_tagger", "(4, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Linear(8, {d})
        self.lstm = nn.LSTM(12, 16, batch_first=True, bidirectional=True)
        self.tag = nn.Linear(32, 6)

    def forward(self, x):
        h, _ = self.lstm(torch.tanh(self.emb(x)))
        return self.tag(h)
"""
)

template("sdpa_padding_encoder", "(2, 6, 16)")(
    """
class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x, keep):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask={mask})
        return x + self.o(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(16, 2) for _ in range(2)])

    def forward(self, x):
        keep = torch.ones(x.shape[0], x.shape[1], dtype=torch.bool)
        keep[:, -1] = False
        for b in self.blocks:
            x = b(x, keep)
        return x
"""
)

template("masked_score_attention", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(8, 24)
        self.heads = 2
        self.out = nn.Linear(8, 8)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).chunk(3, -1)
        q, k, v = (t.view(B, T, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        scores = q @ k.transpose(-1, -2)
        pad = x[..., 0] > 5.0
        scores = scores.masked_fill({mask}, float("-inf"))
        y = scores.softmax(-1) @ v
        return self.out(y.transpose(1, 2).reshape(B, T, D))
"""
)

template("bert_extended_mask", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 16)
        self.q = nn.Linear(16, 16)
        self.k = nn.Linear(16, 16)
        self.out = nn.Linear(16, 2)

    def forward(self, ids):
        mask = ids != 0
        h = self.emb(ids)
        scores = self.q(h) @ self.k(h).transpose(1, 2) / 4.0
        scores = scores + (1 - {m}[:, None, :]) * -10000.0
        return self.out(scores.softmax(-1) @ h)
"""
)

template("rope_angle_table", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.register_buffer("inv_freq", 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d)))
        self.q = nn.Linear(d, d)

    def forward(self, x):
        T = x.shape[1]
        pos = torch.arange(T{cast})
        ang = pos[:, None] @ self.inv_freq[None, :]
        cos, sin = ang.cos(), ang.sin()
        q = self.q(x)
        q1, q2 = q[..., ::2], q[..., 1::2]
        return torch.cat([q1 * cos - q2 * sin, q1 * sin + q2 * cos], -1)
"""
)

template("subpixel_decoder", "(1, 8, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(8, 16, 3, padding=1), nn.ReLU())
        self.to_sub = nn.Conv2d(16, {c}, 3, padding=1)
        self.shuffle = nn.PixelShuffle(2)

    def forward(self, x):
        return torch.sigmoid(self.shuffle(self.to_sub(self.body(x))))
"""
)

template("split_branch_mixer", "(2, 12, 7)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Conv1d(12, 12, 1)
        self.a = nn.Conv1d(4, 4, 3, padding=1)
        self.b = nn.Conv1d(8, 8, 5, padding=2)

    def forward(self, x):
        h = self.pre(x)
        ha, hb = h.split([{a}, {b}], dim=1)
        return torch.cat([self.a(ha), self.b(hb)], 1)
"""
)

template("convT_decoder", "(1, 16, 4, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.up1 = nn.ConvTranspose2d(16, 8, 3, stride=2, padding=1, output_padding={op})
        self.up2 = nn.ConvTranspose2d(8, 3, 3, stride=2, padding=1, output_padding=1)
        self.norm = nn.BatchNorm2d(8)

    def forward(self, z):
        return torch.tanh(self.up2(torch.relu(self.norm(self.up1(z)))))
"""
)

template("vgg_tiny", "(1, 3, {H}, {H})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        layers = []
        c = 3
        for w in (8, 8, 16, 16, 16):
            layers += [nn.Conv2d(c, w, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            c = w
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))
"""
)

template("clip_conv3d", "(1, 3, {T}, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv3d(3, 8, 3)
        self.c2 = nn.Conv3d(8, 8, 3)
        self.pool = nn.AdaptiveAvgPool3d(1)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        h = F.relu(self.c2(F.relu(self.c1(x))))
        return self.fc(self.pool(h).flatten(1))
"""
)

template("gqa_decoder_attention", "(2, 5, 32)")(
    """
class GQA(nn.Module):
    def __init__(self, d=32, heads=8, kv_heads=2):
        super().__init__()
        self.h, self.kvh, self.hd = heads, kv_heads, d // heads
        self.q = nn.Linear(d, d)
        self.kv = nn.Linear(d, 2 * kv_heads * self.hd)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q(x).view(B, T, self.h, self.hd).transpose(1, 2)
        k, v = self.kv(x).view(B, T, 2, self.kvh, self.hd).permute(2, 0, 3, 1, 4)
        k = k.repeat_interleave({rep}, dim=1)
        v = v.repeat_interleave({rep}, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = GQA()
        self.norm = nn.RMSNorm(32)

    def forward(self, x):
        return x + self.attn(self.norm(x))
"""
)

template("smoothed_label_loss", "(12, 10)")(
    """
class Net(nn.Module):
    def __init__(self, classes={n}):
        super().__init__()
        self.fc = nn.Linear(10, 10)
        self.classes = classes

    def forward(self, x):
        logits = self.fc(x)
        target = torch.arange(x.shape[0]) % 10
        soft = F.one_hot(target, self.classes).float() * 0.9 + 0.01
        return -(soft * logits.log_softmax(-1)).sum(-1).mean()
"""
)

template("token_mixer_norm", "(2, 6, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = nn.Linear(6, 6)
        self.norm = nn.LayerNorm({ns})
        self.ff = nn.Linear(12, 12)

    def forward(self, x):
        h = self.mix(x.transpose(1, 2)).transpose(1, 2)
        return self.ff(self.norm(x + h))
"""
)

template("multiscale_pool_head", "(2, 8, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 3, padding=1)
        self.pools = nn.ModuleList([nn.AdaptiveAvgPool2d({s1}), nn.AdaptiveAvgPool2d({s2})])
        self.fc = nn.Linear(2 * 8 * 4, 3)

    def forward(self, x):
        h = self.conv(x)
        feats = torch.stack([p(h) for p in self.pools], 1)
        return self.fc(feats.flatten(1))
"""
)

template("prompt_prefix_tuning", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.prefix = nn.Parameter(torch.randn(1, 3, 16))
        self.layer = nn.TransformerEncoderLayer(16, 2, 32, batch_first=True, dropout=0.0)

    def forward(self, x):
        p = self.prefix.expand({shape})
        return self.layer(torch.cat([p, x], 1))[:, 3:]
"""
)


# ---------------------------------------------------------------- session 29, second pass: dtypes of masks and values
template("detr_mask_resizer", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.proj = nn.Conv2d(16, 8, 1)

    def forward(self, x):
        feat = self.backbone(x)
        m = x[:, :1] > -3.0
        mask = F.interpolate({m}, size=feat.shape[-2:]).bool()
        return self.proj(feat).masked_fill(~mask, 0.0)
"""
)

template("accuracy_reporting_classifier", "(6, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))

    def forward(self, x):
        logits = self.mlp(x)
        target = torch.arange(x.shape[0]) % 3
        correct = logits.argmax(-1) == target
        acc = {acc}
        return logits, acc
"""
)

template("numpy_style_cast", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        h = {cast}
        return self.fc(h)
"""
)

template("causal_mask_builder", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
        self.out = nn.Linear(16, 16)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).chunk(3, -1)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, {dev}), diagonal={diag})
        s = (q @ k.transpose(1, 2)) / D ** 0.5
        s = s.masked_fill(future, float("-inf"))
        return self.out(s.softmax(-1) @ v)
"""
)

template("sdpa_dropout_block", "(2, 6, 16)")(
    """
class Attn(nn.Module):
    def __init__(self, d, heads, p):
        super().__init__()
        self.h, self.p = heads, p
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, -1).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, dropout_p={drop})
        return self.o(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn(16, 2, {p})
        self.mlp = nn.Sequential(nn.LayerNorm(16), nn.Linear(16, 16))

    def forward(self, x):
        x = x + self.attn(x)
        return x + self.mlp(x)
"""
)

template("quantized_value_embedding", "(2, 12)")(
    """
class Net(nn.Module):
    def __init__(self, bins=16):
        super().__init__()
        self.bins = bins
        self.register_buffer("edges", torch.linspace(-2, 2, bins - 1))
        self.emb = nn.Embedding(bins, 16)
        self.enc = nn.TransformerEncoderLayer(16, 2, 32, batch_first=True, dropout=0.0)
        self.head = nn.Linear(16, 1)

    def forward(self, x):
        ids = {ids}
        return self.head(self.enc(self.emb(ids))).squeeze(-1)
"""
)

template("heatmap_peak_picker", "(1, 4, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Sequential(nn.Conv2d(4, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 3, 1))

    def forward(self, x):
        heat = torch.sigmoid(self.head(x))
        hot = heat > 0.5
        grown = F.max_pool2d({src}, 3, stride=1, padding=1)
        return heat * grown
"""
)

template("length_regulator", "(1, 6, 16)")(
    """
class DurationPredictor(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(d, d, 3, padding=1), nn.ReLU(), nn.Conv1d(d, 1, 1))

    def forward(self, h):
        return self.net(h.transpose(1, 2)).squeeze(1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(16, 16)
        self.dp = DurationPredictor(16)
        self.dec = nn.Linear(16, 8)

    def forward(self, x):
        h = self.enc(x)
        log_dur = self.dp(h)
        dur = torch.clamp(torch.round(torch.exp(log_dur)), min=1){cast}
        frames = torch.repeat_interleave(h[0], dur[0], dim=0)
        return self.dec(frames)
"""
)

template("action_sampler", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.policy = nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 6))

    def forward(self, x):
        logits = self.policy(x)
        action = torch.multinomial({probs}, 1)
        return logits.gather(1, action)
"""
)

template("strided_position_encoder", "(2, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, stride=2):
        super().__init__()
        self.stride = stride
        self.down = nn.Conv1d(16, 16, 3, stride=stride, padding=1)
        self.pos = nn.Embedding(16, 16)

    def forward(self, x):
        h = self.down(x.transpose(1, 2)).transpose(1, 2)
        pos = torch.arange(0, x.shape[1], self.stride) {op} self.stride
        return h + self.pos(pos)
"""
)

template("centre_token_pooler", "(3, 7, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 16))
        self.cls = nn.Linear(16, 2)

    def forward(self, x):
        h = self.enc(x)
        B, T, _ = h.shape
        centre = torch.full((B,), T) {op} 2
        return self.cls(h[torch.arange(B), centre])
"""
)

template("progressive_downsampler", "(1, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, levels={levels}):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.stages = nn.ModuleList([nn.Conv2d(8, 8, 3, padding=1) for _ in range(levels)])
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        h = self.stem(x)
        for conv in self.stages:
            h = F.avg_pool2d(F.relu(conv(h)), 2)
        return self.fc(h.mean((2, 3)))
"""
)


# ---------------------------------------------------------------- session 29, third pass: dtypes of buffers built in forward
template("stn_resampler", "(2, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.shift = nn.Linear(8, 2)
        self.out = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        B, _, H, W = x.shape
        ys = torch.linspace(-1, 1, H{dt})
        xs = torch.linspace(-1, 1, W{dt})
        gy, gx = torch.meshgrid(ys, xs, indexing="ij")
        grid = torch.stack([gx, gy], -1).expand(B, H, W, 2){cast}
        grid = grid + 0.1 * torch.tanh(self.shift(self.loc(x).flatten(1)))[:, None, None, :]
        return self.out(F.grid_sample(x, grid, align_corners=False))
"""
)

template("channels_last_cnn", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
            nn.Conv2d(8, 8, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.fc = nn.Linear(8 * 8 * 8, 10)

    def forward(self, x):
        x = x.contiguous(memory_format=torch.channels_last)
        h = self.features(x)
        return self.fc({flat})
"""
)

template("mixed_precision_moe", "(2, 4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, compute_dtype=torch.{dt}):
        super().__init__()
        self.compute_dtype = compute_dtype
        self.gate = nn.Linear(16, 3)
        self.experts = nn.ModuleList([nn.Linear(16, 16).to(compute_dtype) for _ in range(3)])

    def forward(self, x):
        flat = x.reshape(-1, 16)
        choice = self.gate(flat).argmax(-1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            sel = choice == e
            y = expert(flat[sel].to(self.compute_dtype))
            out[sel] = {store}
        return out.view_as(x)
"""
)

template("image_token_injector", "(2, 10)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(8, 16)
        self.image_query = nn.Parameter(torch.randn(1, 10, 12))
        self.projector = nn.Sequential(nn.Linear(12, 16), nn.GELU(), nn.Linear(16, 16)){proj_dtype}
        self.lm = nn.Linear(16, 8)

    def forward(self, ids):
        embeds = self.embed(ids)
        feats = self.projector(self.image_query{q_cast}).expand(ids.shape[0], -1, -1)
        slots = (ids == 1)[..., None].expand_as(embeds)
        embeds = embeds.masked_scatter(slots, {feats})
        return self.lm(embeds)
"""
)

template("mixed_precision_block", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(8)
        self.fc = nn.Linear(8, 8)
        self.w = nn.Parameter(torch.randn(8, 8) * 0.1)

    def forward(self, x):
{body}
        return x + h.float()
"""
)

template("dilated_tcn", "(2, 4, 20)")(
    """
class Net(nn.Module):
    def __init__(self, k=3, levels=3):
        super().__init__()
        self.k = k
        self.weights = nn.ParameterList(
            [nn.Parameter(torch.randn(4, 4, k) * 0.1) for _ in range(levels)]
        )
        self.head = nn.Conv1d(4, 2, 1)

    def forward(self, x):
        for i, w in enumerate(self.weights):
            d = 2 ** i
            pad = {pad}
            x = x + torch.relu(F.conv1d(x, w, padding=pad, dilation=d))
        return self.head(x)
"""
)

template("window_partition_attention", "(2, 12, 12, 8)")(
    """
class Net(nn.Module):
    def __init__(self, window={ws}):
        super().__init__()
        self.ws = window
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)
        self.norm = nn.LayerNorm(8)

    def forward(self, x):
        B, H, W, C = x.shape
        ws = self.ws
        win = x.view(B, H // ws, ws, W // ws, ws, C).permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, C)
        y = self.attn(win, win, win, need_weights=False)[0]
        y = y.view(B, H // ws, W // ws, ws, ws, C).permute(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)
        return self.norm(x + y)
"""
)


# ---------------------------------------------------------------- session 29, fourth pass: sizes inferred from the data
template("bf16_activation_logger", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 4)).to(torch.bfloat16)
        self.hist = []

    def forward(self, x):
        h = self.body(x.to(torch.bfloat16))
        self.hist.append({arr})
        return h.float()
"""
)

template("one_hot_token_mixer", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=8):
        super().__init__()
        self.table = nn.Parameter(torch.randn(vocab, 16) * 0.1)
        self.mix = nn.Sequential(nn.LayerNorm(16), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, vocab))

    def forward(self, ids):
        oh = F.one_hot(ids{nc}).float()
        return self.mix(oh @ self.table)
"""
)

template("class_balance_reweighter", "(4, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=8):
        super().__init__()
        self.vocab = vocab
        self.emb = nn.Embedding(vocab, 12)
        self.register_buffer("prior", torch.full((vocab,), 1.0 / vocab))
        self.out = nn.Linear(12, 3)

    def forward(self, ids):
        counts = torch.bincount(ids.flatten(){ml}).float()
        w = self.prior / (counts / counts.sum() + 1e-3)
        return self.out(self.emb(ids) * w[ids, None])
"""
)


VARIANTS = [
    # MultiheadAttention calls
    ("causal_decoder_block", "ok", "clean", {"attn": "self.attn(h, h, h, attn_mask=mask)[0]"}),
    (
        "causal_decoder_block",
        "ok_hint",
        "clean",
        {"attn": "self.attn(h, h, h, attn_mask=mask, is_causal=True)[0]"},
    ),
    (
        "causal_decoder_block",
        "ok_hint_fastpath",
        "clean",
        {"attn": "self.attn(h, h, h, is_causal=True)[0]"},
    ),
    (
        "causal_decoder_block",
        "tuple_out",
        "mha_output_tuple",
        {"attn": "self.attn(h, h, h, attn_mask=mask)"},
    ),
    ("perceiver_latent_reader", "ok", "clean", {"read": "self.cross(lat, x, x)[0]"}),
    (
        "perceiver_latent_reader",
        "ok_unpacked",
        "clean",
        {"read": "self.cross(lat, x, x, need_weights=False)[0]"},
    ),
    ("perceiver_latent_reader", "no_index", "mha_output_tuple", {"read": "self.cross(lat, x, x)"}),
    (
        "perceiver_latent_reader",
        "causal_hint",
        "mha_is_causal_without_mask",
        {"read": "self.cross(lat, x, x, is_causal=True)[0]"},
    ),
    ("seq_first_causal_lm", "ok", "clean", {"hint": "attn_mask=mask"}),
    ("seq_first_causal_lm", "ok_both", "clean", {"hint": "attn_mask=mask, is_causal=True"}),
    ("seq_first_causal_lm", "hint_only", "mha_is_causal_without_mask", {"hint": "is_causal=True"}),
    (
        "perceiver_latent_reader",
        "no_index_noweights",
        "mha_output_tuple",
        {"read": "self.cross(lat, x, x, need_weights=False)"},
    ),
    # RNN / pooling tuples
    ("gru_sentence_encoder", "ok", "clean", {"feat": "self.rnn(h)[0][:, -1]"}),
    ("gru_sentence_encoder", "ok_hidden", "clean", {"feat": "self.rnn(h)[1][-1]"}),
    ("gru_sentence_encoder", "tuple_slice", "rnn_output_tuple", {"feat": "self.rnn(h)[:, -1]"}),
    ("gru_sentence_encoder", "tuple_mean", "rnn_output_tuple", {"feat": "self.rnn(h).mean(1)"}),
    ("unpool_autoencoder", "ok", "clean", {"ri": "False", "pooled": "self.pool(h)"}),
    ("unpool_autoencoder", "ok_first", "clean", {"ri": "True", "pooled": "self.pool(h)[0]"}),
    (
        "unpool_autoencoder",
        "indices_tuple",
        "pool_return_indices_tuple",
        {"ri": "True", "pooled": "self.pool(h)"},
    ),
    # FFTs of low-precision features
    ("fnet_mixer", "ok", "clean", {"cast": "h"}),
    ("fnet_mixer", "ok_double", "clean", {"cast": "h.double()"}),
    ("fnet_mixer", "half", "fft_half_dtype", {"cast": "h.half()"}),
    ("fnet_mixer", "bf16", "fft_half_dtype", {"cast": "h.to(torch.bfloat16)"}),
    # size arguments
    ("beam_score_init", "ok", "clean", {"size": "(B, self.beams)"}),
    ("beam_score_init", "ok_list", "clean", {"size": "[B, self.beams]"}),
    ("beam_score_init", "int_size", "full_size_not_sequence", {"size": "B * self.beams"}),
    ("feature_standardizer", "ok", "clean", {"kw": "unbiased=False"}),
    ("feature_standardizer", "ok_correction", "clean", {"kw": "correction=0"}),
    (
        "feature_standardizer",
        "both",
        "std_unbiased_and_correction",
        {"kw": "unbiased=False, correction=0"},
    ),
    (
        "feature_map_norm_head",
        "ok",
        "clean",
        {"norm": "torch.linalg.vector_norm(h, dim=(1, 2, 3))"},
    ),
    (
        "feature_map_norm_head",
        "ok_flat",
        "clean",
        {"norm": "torch.linalg.norm(h.flatten(1), dim=1)"},
    ),
    (
        "feature_map_norm_head",
        "three_dims",
        "linalg_norm_dim_len",
        {"norm": "torch.linalg.norm(h, dim=(1, 2, 3))"},
    ),
    # einsum
    ("prior_weighted_pool", "ok", "clean", {"dtype": "", "prior": "self.prior"}),
    (
        "prior_weighted_pool",
        "ok_cast",
        "clean",
        {"dtype": ", dtype=torch.float64", "prior": "self.prior.to(h.dtype)"},
    ),
    (
        "prior_weighted_pool",
        "double_prior",
        "einsum_dtype_mix",
        {"dtype": ", dtype=torch.float64", "prior": "self.prior"},
    ),
    ("token_gram_attention", "ok", "clean", {"eq": "bid,bjd->bij", "out": "s.softmax(-1) @ v"}),
    (
        "token_gram_attention",
        "ok_diag",
        "clean",
        {"eq": "bid,bid->bi", "out": "s.sigmoid().unsqueeze(-1) * v"},
    ),
    (
        "token_gram_attention",
        "repeated_out",
        "einsum_output_repeat",
        {"eq": "bid,bid->bii", "out": "s.softmax(-1) @ v"},
    ),
    # EmbeddingBag rank
    ("bag_of_words_classifier", "ok", "clean", {"ids": "x"}),
    (
        "bag_of_words_classifier",
        "ok_offsets",
        "clean",
        {"ids": "x.flatten(), torch.arange(0, x.numel(), x.shape[1])"},
    ),
    ("bag_of_words_classifier", "grouped_3d", "embedding_bag_rank", {"ids": "x.view(4, 3, 4)"}),
    # stack of Python numbers
    ("segment_length_encoder", "ok", "clean", {"item": "torch.tensor(s.shape[1])"}),
    ("segment_length_encoder", "ok_scalar", "clean", {"item": "s.new_tensor(s.size(1))"}),
    ("segment_length_encoder", "python_ints", "stack_python_numbers", {"item": "s.shape[1]"}),
    # autograd helpers inside forward
    (
        "gradcam_backbone",
        "ok",
        "clean",
        {"hook": "        if feats.requires_grad:\n            feats.register_hook(self._save)"},
    ),
    ("gradcam_backbone", "ok_none", "clean", {"hook": "        self.grads.clear()"}),
    (
        "gradcam_backbone",
        "always_hook",
        "tensor_hook_no_grad",
        {"hook": "        feats.register_hook(self._save)"},
    ),
    (
        "saliency_probe",
        "ok",
        "clean",
        {"keep": "        if torch.is_grad_enabled():\n            h.retain_grad()"},
    ),
    ("saliency_probe", "ok_detach", "clean", {"keep": "        h = h.detach()"}),
    ("saliency_probe", "always_retain", "retain_grad_no_grad", {"keep": "        h.retain_grad()"}),
    (
        "grad_norm_logger",
        "ok",
        "clean",
        {"log": "        self.stats.append(self.proj.weight.norm())"},
    ),
    (
        "grad_norm_logger",
        "ok_guarded",
        "clean",
        {
            "log": "        if self.proj.weight.grad is not None:\n"
            "            self.stats.append(self.proj.weight.grad.norm())"
        },
    ),
    (
        "grad_norm_logger",
        "grad_read",
        "param_grad_none",
        {"log": "        self.stats.append(self.proj.weight.grad.norm())"},
    ),
    # vander
    ("poly_feature_regressor", "ok", "clean", {"arg": "x[:, 0]"}),
    ("poly_feature_regressor", "ok_last", "clean", {"arg": "x[:, -1]"}),
    ("poly_feature_regressor", "matrix", "vander_rank", {"arg": "x"}),
    # iinfo / finfo
    ("padded_self_attention", "ok", "clean", {"info": "finfo"}),
    ("padded_self_attention", "iinfo", "iinfo_float_dtype", {"info": "iinfo"}),
    # per-channel clamp
    (
        "learned_clip_activation",
        "ok",
        "clean",
        {"lo": "self.lo[:, None]", "hi": "self.hi[:, None]"},
    ),
    (
        "learned_clip_activation",
        "ok_view",
        "clean",
        {"lo": "self.lo.view(1, -1, 1)", "hi": "self.hi.view(1, -1, 1)"},
    ),
    (
        "learned_clip_activation",
        "flat_bounds",
        "clamp_tensor_bound_shape",
        {"lo": "self.lo", "hi": "self.hi"},
    ),
    (
        "learned_clip_activation",
        "flat_lo",
        "clamp_tensor_bound_shape",
        {"lo": "self.lo", "hi": "self.hi[:, None]"},
    ),
    # swapped arguments
    ("tied_embedding_lm", "ok", "clean", {"emb_args": "x, self.weight"}),
    ("tied_embedding_lm", "ok_kw", "clean", {"emb_args": "weight=self.weight, input=x"}),
    ("tied_embedding_lm", "swapped", "embedding_args_swapped", {"emb_args": "self.weight, x"}),
    ("greedy_token_picker", "ok", "clean", {"pick": "torch.gather(logits, 1, idx)"}),
    ("greedy_token_picker", "ok_neg", "clean", {"pick": "torch.gather(logits, -1, idx)"}),
    ("greedy_token_picker", "ok_method", "clean", {"pick": "logits.gather(1, idx)"}),
    (
        "greedy_token_picker",
        "swapped",
        "gather_args_order",
        {"pick": "torch.gather(logits, idx, 1)"},
    ),
    ("channel_subset_head", "ok", "clean", {"sel": "torch.index_select(h, 1, self.keep)"}),
    (
        "channel_subset_head",
        "ok_kw",
        "clean",
        {"sel": "torch.index_select(h, dim=1, index=self.keep)"},
    ),
    (
        "channel_subset_head",
        "swapped",
        "index_select_args_order",
        {"sel": "torch.index_select(h, self.keep, 1)"},
    ),
    # reflect-padded conv stack
    ("reflect_conv_downsampler", "ok", "clean", {"L": 32}),
    ("reflect_conv_downsampler", "ok_edge", "clean", {"L": 14}),
    ("reflect_conv_downsampler", "short_12", "conv_reflect_pad_size", {"L": 12}),
    ("reflect_conv_downsampler", "short_8", "conv_reflect_pad_size", {"L": 8}),
    # learned position table
    ("learned_pos_encoder", "ok", "clean", {"max_len": 32, "offset": ""}),
    ("learned_pos_encoder", "ok_exact", "clean", {"max_len": 16, "offset": ""}),
    ("learned_pos_encoder", "short_table", "pos_table_length", {"max_len": 12, "offset": ""}),
    (
        "learned_pos_encoder",
        "offset_by_one",
        "pos_table_length",
        {"max_len": 16, "offset": ") + (1"},
    ),
    # unique / split unpacking
    (
        "frequency_scaled_embedding",
        "ok",
        "clean",
        {"kw": "return_inverse=True, return_counts=True"},
    ),
    (
        "frequency_scaled_embedding",
        "ok_sorted",
        "clean",
        {"kw": "sorted=True, return_inverse=True, return_counts=True"},
    ),
    (
        "frequency_scaled_embedding",
        "no_counts",
        "unique_unpack_count",
        {"kw": "return_inverse=True"},
    ),
    ("fused_qkv_attention", "ok", "clean", {"size": "self.d"}),
    ("fused_qkv_attention", "ok_list", "clean", {"size": "[self.d, self.d, self.d]"}),
    ("fused_qkv_attention", "split_heads", "split_unpack_count", {"size": "self.h"}),
    ("fused_qkv_attention", "split_half", "split_unpack_count", {"size": "3 * self.d // 2"}),
    # nanmean / where None
    ("length_normalized_pool", "ok", "clean", {"val": "lengths.float()"}),
    ("length_normalized_pool", "ok_double", "clean", {"val": "lengths.double()"}),
    ("length_normalized_pool", "long_lengths", "nanmean_int_dtype", {"val": "lengths"}),
    ("gated_residual_unit", "ok", "clean", {"other": "0.0"}),
    ("gated_residual_unit", "ok_zeros", "clean", {"other": "torch.zeros_like(h)"}),
    ("gated_residual_unit", "none_branch", "where_none_branch", {"other": "None"}),
    # familiar classes, whole models
    ("unet_two_level", "ok", "clean", {"H": 16}),
    ("unet_two_level", "ok_20", "clean", {"H": 20}),
    ("unet_two_level", "odd_18", "cat_spatial", {"H": 18}),
    ("unet_two_level", "odd_14", "cat_spatial", {"H": 14}),
    ("moe_feedforward", "ok", "clean", {"k": 2}),
    ("moe_feedforward", "ok_all", "clean", {"k": 4}),
    ("moe_feedforward", "k_too_big", "topk_k", {"k": 5}),
    ("vit_patch_classifier", "ok", "clean", {"H": 32}),
    ("vit_patch_classifier", "ok_35", "clean", {"H": 35}),
    ("vit_patch_classifier", "larger_40", "broadcast_add", {"H": 40}),
    ("vit_patch_classifier", "smaller_24", "broadcast_add", {"H": 24}),
    ("waveform_encoder", "ok", "clean", {"reshape": "wav.unsqueeze(1)"}),
    ("waveform_encoder", "ok_view", "clean", {"reshape": "wav.view(wav.shape[0], 1, -1)"}),
    ("waveform_encoder", "frames_4d", "conv1d_input_rank", {"reshape": "wav.view(2, 1, 8, 8)"}),
    ("waveform_encoder", "no_channel", "conv_in_channels", {"reshape": "wav.view(2, 4, 16)"}),
    ("resnet_gn_block", "ok", "clean", {"width": 32}),
    ("resnet_gn_block", "wider", "groupnorm_channels", {"width": 48}),
    ("fpn_fuse", "ok", "clean", {"size": "high.shape[-2:]"}),
    ("fpn_fuse", "ok_square_int", "clean", {"size": "high.shape[-1]"}),
    ("fpn_fuse", "three_sizes", "interp_size_len", {"size": "high.shape[1:]"}),
    ("lstm_tagger", "ok", "clean", {"d": 12}),
    ("lstm_tagger", "wide_embed", "rnn_input", {"d": 16}),
    ("sdpa_padding_encoder", "ok", "clean", {"mask": "keep[:, None, None, :]"}),
    ("sdpa_padding_encoder", "ok_view", "clean", {"mask": "keep.view(B, 1, 1, T)"}),
    ("sdpa_padding_encoder", "flat_mask", "sdpa_attn_mask_shape", {"mask": "keep"}),
    ("masked_score_attention", "ok", "clean", {"mask": "pad[:, None, None, :]"}),
    ("masked_score_attention", "ok_unsqueeze", "clean", {"mask": "pad.unsqueeze(1).unsqueeze(2)"}),
    ("masked_score_attention", "flat_pad", "masked_fill_broadcast", {"mask": "pad"}),
    ("bert_extended_mask", "ok", "clean", {"m": "mask.float()"}),
    ("bert_extended_mask", "ok_long", "clean", {"m": "mask.long()"}),
    ("bert_extended_mask", "bool_mask", "bool_subtract", {"m": "mask"}),
    ("rope_angle_table", "ok", "clean", {"cast": ").float("}),
    ("rope_angle_table", "ok_dtype", "clean", {"cast": ", dtype=torch.float32"}),
    ("rope_angle_table", "long_pos", "matmul_int_float", {"cast": ""}),
    ("subpixel_decoder", "ok", "clean", {"c": 12}),
    ("subpixel_decoder", "ok_16", "clean", {"c": 16}),
    ("subpixel_decoder", "not_div", "pixel_shuffle", {"c": 10}),
    ("split_branch_mixer", "ok", "clean", {"a": 4, "b": 8}),
    ("split_branch_mixer", "short_sum", "split_sizes", {"a": 4, "b": 6}),
    ("split_branch_mixer", "even_halves", "conv_in_channels", {"a": 6, "b": 6}),
    ("convT_decoder", "ok", "clean", {"op": 1}),
    ("convT_decoder", "ok_zero", "clean", {"op": 0}),
    ("convT_decoder", "op_eq_stride", "convT_output_padding", {"op": 2}),
    ("vgg_tiny", "ok", "clean", {"H": 32}),
    ("vgg_tiny", "ok_edge", "clean", {"H": 63}),
    ("vgg_tiny", "small_16", "pool_too_small", {"H": 16}),
    ("clip_conv3d", "ok", "clean", {"T": 6}),
    ("clip_conv3d", "ok_edge", "clean", {"T": 5}),
    ("clip_conv3d", "four_frames", "conv_kernel_size", {"T": 4}),
    ("gqa_decoder_attention", "ok", "clean", {"rep": 4}),
    ("gqa_decoder_attention", "ok_expr", "clean", {"rep": "self.h // self.kvh"}),
    ("gqa_decoder_attention", "rep_kv", "sdpa_gqa_heads", {"rep": "self.kvh"}),
    ("smoothed_label_loss", "ok", "clean", {"n": 10}),
    ("smoothed_label_loss", "ok_inferred", "clean", {"n": -1}),
    ("smoothed_label_loss", "too_few", "one_hot_classes", {"n": 8}),
    ("token_mixer_norm", "ok", "clean", {"ns": 12}),
    ("token_mixer_norm", "ok_2d", "clean", {"ns": "(6, 12)"}),
    ("token_mixer_norm", "seq_len", "norm_shape", {"ns": 6}),
    ("token_mixer_norm", "swapped_2d", "norm_shape", {"ns": "(12, 6)"}),
    ("multiscale_pool_head", "ok", "clean", {"s1": 2, "s2": 2}),
    ("multiscale_pool_head", "ok_tuple", "clean", {"s1": 2, "s2": "(2, 2)"}),
    ("multiscale_pool_head", "pyramid", "stack_shapes", {"s1": 2, "s2": 4}),
    ("prompt_prefix_tuning", "ok", "clean", {"shape": "x.shape[0], -1, -1"}),
    ("prompt_prefix_tuning", "ok_explicit", "clean", {"shape": "x.shape[0], 3, 16"}),
    ("prompt_prefix_tuning", "seq_len", "expand_size", {"shape": "x.shape[0], x.shape[1], -1"}),
    # second variants of the same templates (more crashes on the same models, and near misses)
    ("beam_score_init", "beams_only", "full_size_not_sequence", {"size": "self.beams"}),
    (
        "feature_standardizer",
        "both_default",
        "std_unbiased_and_correction",
        {"kw": "unbiased=True, correction=1"},
    ),
    (
        "feature_map_norm_head",
        "batch_dim",
        "linalg_norm_dim_len",
        {"norm": "torch.linalg.norm(h, dim=(0, 2, 3))"},
    ),
    (
        "prior_weighted_pool",
        "half_prior",
        "einsum_dtype_mix",
        {"dtype": ", dtype=torch.float16", "prior": "self.prior"},
    ),
    (
        "token_gram_attention",
        "repeated_key_out",
        "einsum_output_repeat",
        {"eq": "bid,bjd->bjj", "out": "s.softmax(-1) @ v"},
    ),
    ("bag_of_words_classifier", "extra_batch", "embedding_bag_rank", {"ids": "x.unsqueeze(0)"}),
    ("segment_length_encoder", "python_len", "stack_python_numbers", {"item": "len(s[0])"}),
    ("segment_length_encoder", "python_size", "stack_python_numbers", {"item": "s.size(1)"}),
    (
        "gradcam_backbone",
        "lambda_hook",
        "tensor_hook_no_grad",
        {"hook": "        feats.register_hook(lambda g: self.grads.append(g))"},
    ),
    (
        "grad_norm_logger",
        "bias_grad",
        "param_grad_none",
        {"log": "        self.stats.append(self.out.bias.grad.abs().max())"},
    ),
    ("poly_feature_regressor", "transposed", "vander_rank", {"arg": "x.t()"}),
    ("poly_feature_regressor", "column_slice", "vander_rank", {"arg": "x[:, :1]"}),
    (
        "greedy_token_picker",
        "method_swapped",
        "gather_args_order",
        {"pick": "logits.gather(idx, 1)"},
    ),
    (
        "channel_subset_head",
        "method_swapped",
        "index_select_args_order",
        {"sel": "h.index_select(self.keep, 1)"},
    ),
    ("reflect_conv_downsampler", "short_10", "conv_reflect_pad_size", {"L": 10}),
    ("reflect_conv_downsampler", "ok_13", "clean", {"L": 13}),
    ("learned_pos_encoder", "one_short", "pos_table_length", {"max_len": 15, "offset": ""}),
    (
        "frequency_scaled_embedding",
        "counts_only",
        "unique_unpack_count",
        {"kw": "return_counts=True"},
    ),
    ("length_normalized_pool", "int32_lengths", "nanmean_int_dtype", {"val": "lengths.int()"}),
    ("unet_two_level", "odd_22", "cat_spatial", {"H": 22}),
    ("moe_feedforward", "k_six", "topk_k", {"k": 6}),
    ("resnet_gn_block", "narrow", "groupnorm_channels", {"width": 16}),
    ("lstm_tagger", "raw_width", "rnn_input", {"d": 8}),
    ("convT_decoder", "op_three", "convT_output_padding", {"op": 3}),
    ("vgg_tiny", "odd_31", "pool_too_small", {"H": 31}),
    ("clip_conv3d", "three_frames", "conv_kernel_size", {"T": 3}),
    ("gqa_decoder_attention", "no_repeat", "sdpa_gqa_heads", {"rep": 1}),
    ("smoothed_label_loss", "one_short", "one_hot_classes", {"n": 9}),
    ("subpixel_decoder", "six", "pixel_shuffle", {"c": 6}),
    ("split_branch_mixer", "swapped_sizes", "conv_in_channels", {"a": 8, "b": 4}),
    ("multiscale_pool_head", "global_plus_grid", "stack_shapes", {"s1": 2, "s2": 1}),
    ("prompt_prefix_tuning", "half_width", "expand_size", {"shape": "x.shape[0], -1, 8"}),
    ("fpn_fuse", "low_size", "broadcast_add", {"size": "low.shape[-2:]"}),
    ("gru_sentence_encoder", "ok_hn_slice", "clean", {"feat": "self.rnn(h)[1][:, -1]"}),
    (
        "unpool_autoencoder",
        "indices_used",
        "conv_int_input",
        {"ri": "True", "pooled": "self.pool(h)[1]"},
    ),
    # session 29, second pass: dtypes of masks and values
    ("detr_mask_resizer", "ok", "clean", {"m": "m.float()"}),
    ("detr_mask_resizer", "ok_uint8", "clean", {"m": "m.to(torch.uint8)"}),
    ("detr_mask_resizer", "bool_mask", "interp_bool_mask", {"m": "m"}),
    ("accuracy_reporting_classifier", "ok", "clean", {"acc": "correct.float().mean()"}),
    (
        "accuracy_reporting_classifier",
        "ok_sum",
        "clean",
        {"acc": "correct.sum() / correct.numel()"},
    ),
    ("accuracy_reporting_classifier", "bool_mean", "mean_bool_mask", {"acc": "correct.mean()"}),
    (
        "accuracy_reporting_classifier",
        "bool_mean_fn",
        "mean_bool_mask",
        {"acc": "torch.mean(correct)"},
    ),
    ("numpy_style_cast", "ok", "clean", {"cast": "x.to(torch.float32)"}),
    (
        "numpy_style_cast",
        "ok_like",
        "clean",
        {"cast": "torch.zeros_like(x, dtype=torch.float32) + x"},
    ),
    ("numpy_style_cast", "to_string", "dtype_as_string", {"cast": 'x.to("float32")'}),
    (
        "numpy_style_cast",
        "like_string",
        "dtype_as_string",
        {"cast": 'torch.zeros_like(x, dtype="float32") + x'},
    ),
    ("causal_mask_builder", "ok", "clean", {"dev": "device=x.device", "diag": "1"}),
    ("causal_mask_builder", "ok_int_ratio", "clean", {"dev": "device=x.device", "diag": "T // T"}),
    ("causal_mask_builder", "device_tensor", "device_arg_tensor", {"dev": "device=x", "diag": "1"}),
    (
        "causal_mask_builder",
        "float_diag",
        "triu_float_diagonal",
        {"dev": "device=x.device", "diag": "T / T"},
    ),
    ("sdpa_dropout_block", "ok", "clean", {"drop": "self.p if self.training else 0.0", "p": 0.1}),
    (
        "sdpa_dropout_block",
        "ok_eval_percent",
        "clean",
        {"drop": "self.p if self.training else 0.0", "p": 10},
    ),
    ("sdpa_dropout_block", "percent", "sdpa_dropout_p_range", {"drop": "self.p", "p": 10}),
    ("sdpa_dropout_block", "ok_one", "clean", {"drop": "self.p", "p": 1.0}),
    ("quantized_value_embedding", "ok", "clean", {"ids": "torch.bucketize(x, self.edges)"}),
    (
        "quantized_value_embedding",
        "ok_sigmoid",
        "clean",
        {"ids": "(x.sigmoid() * (self.bins - 1)).long()"},
    ),
    (
        "quantized_value_embedding",
        "raw_scale",
        "embedding_negative_ids",
        {"ids": "(x * self.bins).long()"},
    ),
    (
        "quantized_value_embedding",
        "tanh_scale",
        "embedding_negative_ids",
        {"ids": "(x.tanh() * (self.bins - 1)).long()"},
    ),
    ("heatmap_peak_picker", "ok", "clean", {"src": "heat"}),
    ("heatmap_peak_picker", "ok_float_mask", "clean", {"src": "hot.float()"}),
    ("heatmap_peak_picker", "bool_mask", "maxpool_bool_input", {"src": "hot"}),
    ("length_regulator", "ok", "clean", {"cast": ".long()"}),
    ("length_regulator", "ok_int", "clean", {"cast": ".int()"}),
    ("length_regulator", "float_durations", "repeat_interleave_float_repeats", {"cast": ""}),
    ("action_sampler", "ok", "clean", {"probs": "logits.softmax(-1)"}),
    ("action_sampler", "ok_exp", "clean", {"probs": "logits.exp()"}),
    ("action_sampler", "raw_logits", "multinomial_negative_probs", {"probs": "logits"}),
    (
        "action_sampler",
        "log_probs",
        "multinomial_negative_probs",
        {"probs": "logits.log_softmax(-1)"},
    ),
    ("strided_position_encoder", "ok", "clean", {"op": "//"}),
    ("strided_position_encoder", "true_div", "embedding_float_ids", {"op": "/"}),
    ("centre_token_pooler", "ok", "clean", {"op": "//"}),
    ("centre_token_pooler", "true_div", "index_dtype", {"op": "/"}),
    ("progressive_downsampler", "ok", "clean", {"levels": 4}),
    ("progressive_downsampler", "ok_edge", "clean", {"levels": 5}),
    ("progressive_downsampler", "six_levels", "pool_too_small", {"levels": 6}),
    # session 29, third pass: dtypes of buffers built in forward, sizes from the config
    ("stn_resampler", "ok", "clean", {"dt": "", "cast": ""}),
    ("stn_resampler", "ok_cast", "clean", {"dt": ", dtype=torch.float64", "cast": ".to(x.dtype)"}),
    (
        "stn_resampler",
        "double_grid",
        "grid_sample_dtype",
        {"dt": ", dtype=torch.float64", "cast": ""},
    ),
    ("channels_last_cnn", "ok", "clean", {"flat": "h.flatten(1)"}),
    ("channels_last_cnn", "ok_reshape", "clean", {"flat": "h.reshape(h.shape[0], -1)"}),
    ("channels_last_cnn", "view_flat", "channels_last_view", {"flat": "h.view(h.shape[0], -1)"}),
    (
        "channels_last_cnn",
        "view_size",
        "channels_last_view",
        {"flat": "h.view(h.size(0), 8 * 8 * 8)"},
    ),
    ("mixed_precision_moe", "ok", "clean", {"dt": "bfloat16", "store": "y.to(out.dtype)"}),
    ("mixed_precision_moe", "ok_float", "clean", {"dt": "float32", "store": "y"}),
    ("mixed_precision_moe", "bf16_store", "index_put_dtype", {"dt": "bfloat16", "store": "y"}),
    ("mixed_precision_moe", "half_store", "index_put_dtype", {"dt": "float16", "store": "y"}),
    ("image_token_injector", "ok", "clean", {"proj_dtype": "", "q_cast": "", "feats": "feats"}),
    (
        "image_token_injector",
        "ok_cast",
        "clean",
        {"proj_dtype": ".half()", "q_cast": ".half()", "feats": "feats.to(embeds.dtype)"},
    ),
    (
        "image_token_injector",
        "half_features",
        "masked_scatter_dtype",
        {"proj_dtype": ".half()", "q_cast": ".half()", "feats": "feats"},
    ),
    (
        "image_token_injector",
        "double_features",
        "masked_scatter_dtype",
        {"proj_dtype": ".double()", "q_cast": ".double()", "feats": "feats"},
    ),
    (
        "mixed_precision_block",
        "ok_autocast",
        "clean",
        {
            "body": '        with torch.autocast("cpu", dtype=torch.float16):\n'
            "            h = self.fc(self.ln(x))"
        },
    ),
    (
        "mixed_precision_block",
        "ok_bf16_norm",
        "clean",
        {"body": "        h = self.fc(self.ln(x.to(torch.bfloat16)).float())"},
    ),
    (
        "mixed_precision_block",
        "ok_half_both",
        "clean",
        {"body": "        h = x.half() @ self.w.half()"},
    ),
    (
        "mixed_precision_block",
        "half_matmul",
        "dtype_mismatch",
        {"body": "        h = x.half() @ self.w"},
    ),
    (
        "mixed_precision_block",
        "half_linear",
        "dtype_mismatch",
        {"body": "        h = self.fc(self.ln(x).half())"},
    ),
    ("dilated_tcn", "ok", "clean", {"pad": "(self.k - 1) * d // 2"}),
    ("dilated_tcn", "ok_int", "clean", {"pad": "int((self.k - 1) * d / 2)"}),
    ("dilated_tcn", "true_div", "conv_float_padding", {"pad": "(self.k - 1) * d / 2"}),
    ("window_partition_attention", "ok", "clean", {"ws": 4}),
    ("window_partition_attention", "ok_6", "clean", {"ws": 6}),
    ("window_partition_attention", "window_5", "window_partition", {"ws": 5}),
    # session 29, fourth pass: sizes and dtypes inferred from the data
    ("bf16_activation_logger", "ok", "clean", {"arr": "h.float().numpy()"}),
    ("bf16_activation_logger", "ok_half", "clean", {"arr": "h.half().numpy()"}),
    ("bf16_activation_logger", "ok_list", "clean", {"arr": "h.tolist()"}),
    ("bf16_activation_logger", "bf16_numpy", "numpy_bf16", {"arr": "h.numpy()"}),
    (
        "bf16_activation_logger",
        "bf16_detach_numpy",
        "numpy_bf16",
        {"arr": "h.detach().cpu().numpy()"},
    ),
    ("one_hot_token_mixer", "ok", "clean", {"nc": ", num_classes=8"}),
    ("one_hot_token_mixer", "ok_positional", "clean", {"nc": ", self.table.shape[0]"}),
    ("one_hot_token_mixer", "inferred", "one_hot_inferred_classes", {"nc": ""}),
    ("one_hot_token_mixer", "inferred_kw", "one_hot_inferred_classes", {"nc": ", num_classes=-1"}),
    ("class_balance_reweighter", "ok", "clean", {"ml": ", minlength=self.vocab"}),
    ("class_balance_reweighter", "inferred", "bincount_inferred_length", {"ml": ""}),
    (
        "mixed_precision_block",
        "ok_cuda_autocast",
        "clean",
        {
            "body": '        with torch.autocast("cuda", enabled=torch.cuda.is_available()):\n'
            "            h = self.fc(self.ln(x))"
        },
    ),
]

# clean variants that look risky (shapes that only just fit, a legal spelling, an edge value, a
# guarded call): they measure false blockers
RISKY_CLEAN = (
    "causal_decoder_block__ok_hint",
    "causal_decoder_block__ok_hint_fastpath",
    "seq_first_causal_lm__ok_both",
    "perceiver_latent_reader__ok_unpacked",
    "gru_sentence_encoder__ok_hidden",
    "unpool_autoencoder__ok_first",
    "fnet_mixer__ok_double",
    "beam_score_init__ok_list",
    "feature_standardizer__ok_correction",
    "feature_map_norm_head__ok",
    "prior_weighted_pool__ok_cast",
    "token_gram_attention__ok_diag",
    "bag_of_words_classifier__ok_offsets",
    "segment_length_encoder__ok_scalar",
    "gradcam_backbone__ok",
    "saliency_probe__ok",
    "grad_norm_logger__ok_guarded",
    "learned_clip_activation__ok",
    "tied_embedding_lm__ok_kw",
    "greedy_token_picker__ok_neg",
    "channel_subset_head__ok_kw",
    "reflect_conv_downsampler__ok_edge",
    "learned_pos_encoder__ok_exact",
    "frequency_scaled_embedding__ok_sorted",
    "fused_qkv_attention__ok_list",
    "gated_residual_unit__ok",
    "unet_two_level__ok_20",
    "moe_feedforward__ok_all",
    "vit_patch_classifier__ok_35",
    "fpn_fuse__ok_square_int",
    "bert_extended_mask__ok_long",
    "vgg_tiny__ok_edge",
    "clip_conv3d__ok_edge",
    "smoothed_label_loss__ok_inferred",
    "token_mixer_norm__ok_2d",
    "reflect_conv_downsampler__ok_13",
    "gru_sentence_encoder__ok_hn_slice",
    "detr_mask_resizer__ok_uint8",
    "accuracy_reporting_classifier__ok_sum",
    "causal_mask_builder__ok_int_ratio",
    "sdpa_dropout_block__ok_eval_percent",
    "sdpa_dropout_block__ok_one",
    "quantized_value_embedding__ok",
    "length_regulator__ok_int",
    "action_sampler__ok_exp",
    "progressive_downsampler__ok_edge",
    "stn_resampler__ok_cast",
    "channels_last_cnn__ok_reshape",
    "mixed_precision_moe__ok",
    "image_token_injector__ok_cast",
    "mixed_precision_block__ok_autocast",
    "mixed_precision_block__ok_bf16_norm",
    "mixed_precision_block__ok_half_both",
    "dilated_tcn__ok_int",
    "window_partition_attention__ok_6",
    "bf16_activation_logger__ok_half",
    "one_hot_token_mixer__ok_positional",
    "class_balance_reweighter__ok",
    "mixed_precision_block__ok_cuda_autocast",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "causal_decoder_block",
    "perceiver_latent_reader",
    "seq_first_causal_lm",
    "gru_sentence_encoder",
    "unpool_autoencoder",
    "fnet_mixer",
    "feature_map_norm_head",
    "bag_of_words_classifier",
    "gradcam_backbone",
    "padded_self_attention",
    "tied_embedding_lm",
    "reflect_conv_downsampler",
    "learned_pos_encoder",
    "fused_qkv_attention",
    "unet_two_level",
    "moe_feedforward",
    "vit_patch_classifier",
    "waveform_encoder",
    "resnet_gn_block",
    "fpn_fuse",
    "lstm_tagger",
    "sdpa_padding_encoder",
    "bert_extended_mask",
    "convT_decoder",
    "vgg_tiny",
    "clip_conv3d",
    "gqa_decoder_attention",
    "multiscale_pool_head",
    "detr_mask_resizer",
    "sdpa_dropout_block",
    "quantized_value_embedding",
    "heatmap_peak_picker",
    "length_regulator",
    "progressive_downsampler",
    "stn_resampler",
    "channels_last_cnn",
    "mixed_precision_moe",
    "image_token_injector",
    "dilated_tcn",
    "bf16_activation_logger",
    "one_hot_token_mixer",
)
