"""A third fresh batch of crash cases (session 15, split ``fresh3``), written blind: the analyzer
was never run on them while they were written, and they were not shaped after how it reads
forward. The styles are crashes users report from forward passes in research repositories and
model libraries that the earlier sets do not cover: ``rotate_half`` rotary tables built for the
model width or not sliced to the sequence, KV-cache concatenation on the heads axis, a causal
mask for ``T`` applied to ``past + T`` keys, sliding-window and ALiBi biases, MoE routers whose
``topk`` asks for more experts than exist or whose dispatch weights miss an axis, ``einsum``
attention on a (B, T, H, D) key, FPN lateral convs, squeeze-excite reductions, Conv-BN fusion in
forward, Swin patch merging on odd sizes, ``F.unfold`` / ``nn.Fold``, ``torch.fft`` and
``torch.stft`` features into Linear / Conv1d, bidirectional GRU states handed to a decoder,
graph message passing with ``index_add_`` / ``scatter_add`` on the wrong axis, point-cloud kNN
gathers, VAE ``mu`` / ``logvar`` splits, a discriminator's flatten after a stride change,
position-table interpolation, ``torch.where`` and ``masked_select`` shapes, ``nn.Bilinear``,
``nn.EmbeddingBag`` offsets, spatial transformers (``affine_grid`` / ``grid_sample``),
Conformer's GLU axis, Conv2d subsampling arithmetic, and more. Same format as ``templates.py``;
every case name starts ``f3_``. Whether a case crashes is torch's verdict (``build_truth.py``),
not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("rope_rotate_half", "(2, {t}, 64)")(
    """
def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class RotaryEmbedding(nn.Module):
    def __init__(self, dim, max_len=32, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        t = torch.arange(max_len).float()
        emb = torch.cat([torch.outer(t, inv_freq)] * 2, dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, T):
        return {cs}


class Net(nn.Module):
    def __init__(self, dim=64, n_heads=4):
        super().__init__()
        self.h = n_heads
        self.hd = dim // n_heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.rotary = RotaryEmbedding({rdim})
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        cos, sin = self.rotary(T)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("kv_cache_concat", "(2, 4, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4, past_len={past}):
        super().__init__()
        self.h, self.hd = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.o = nn.Linear(dim, dim)
        self.register_buffer("past_k", torch.randn(2, heads, past_len, dim // heads))
        self.register_buffer("past_v", torch.randn(2, heads, past_len, dim // heads))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=-1)
        q = q.view(B, T, self.h, self.hd).transpose(1, 2)
        k = k.view(B, T, self.h, self.hd).transpose(1, 2)
        v = v.view(B, T, self.h, self.hd).transpose(1, 2)
        k = torch.cat([self.past_k, k], dim={ax})
        v = torch.cat([self.past_v, v], dim={ax})
        att = (q @ k.transpose(-2, -1)) * self.hd**-0.5
        y = att.softmax(dim=-1) @ v
        return self.o(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("causal_mask_past", "(2, 4, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4, past_len=6):
        super().__init__()
        self.h, self.hd = heads, dim // heads
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * dim)
        self.o = nn.Linear(dim, dim)
        self.register_buffer("past", torch.randn(2, past_len, dim))

    def forward(self, x):
        B, T, C = x.shape
        P = self.past.shape[1]
        ctx = torch.cat([self.past, x], dim=1)
        q = self.q(x).view(B, T, self.h, self.hd).transpose(1, 2)
        k, v = self.kv(ctx).view(B, P + T, 2, self.h, self.hd).permute(2, 0, 3, 1, 4)
        mask = {mask}
        scores = (q @ k.transpose(-2, -1)) / self.hd**0.5
        scores = scores.masked_fill(~mask, float("-inf"))
        y = scores.softmax(-1) @ v
        return self.o(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("sliding_window_bias", "(2, {t}, 32)")(
    """
def sliding_window_mask(n, window):
    i = torch.arange(n)[:, None]
    j = torch.arange(n)[None, :]
    return (j <= i) & (j > i - window)


class Net(nn.Module):
    def __init__(self, dim=32, heads=4, window=4, max_len=16):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("mask", sliding_window_mask(max_len, window))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).reshape(B, T, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        bias = torch.zeros({bias_shape}).masked_fill(~{mask}, float("-inf"))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("alibi_bias", "(2, 8, 32)")(
    """
def alibi_slopes(n_heads):
    start = 2 ** (-8 / n_heads)
    return torch.tensor([start ** (i + 1) for i in range(n_heads)])


class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("slopes", alibi_slopes(heads))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).reshape(B, T, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        pos = torch.arange(T)
        rel = (pos[None, :] - pos[:, None]).float()
        bias = {slopes} * rel
        att = q @ k.transpose(-2, -1) / (C // self.heads) ** 0.5 + bias
        y = att.softmax(dim=-1) @ v
        return self.proj(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("moe_topk_gather", "(2, 8, 32)")(
    """
class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden)
        self.w2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, dim=32, n_experts={ne}, top_k={k}):
        super().__init__()
        self.top_k = top_k
        self.router = nn.Linear(dim, n_experts, bias=False)
        self.experts = nn.ModuleList([Expert(dim, 64) for _ in range(n_experts)])

    def forward(self, x):
        B, T, C = x.shape
        flat = x.reshape(-1, C)
        weights, idx = self.router(flat).softmax(dim=-1).topk(self.top_k, dim=-1)
        outs = torch.stack([e(flat) for e in self.experts], dim={sdim})
        sel = outs.gather(1, idx.unsqueeze(-1).expand(-1, -1, C))
        y = (sel * weights.unsqueeze(-1)).sum(dim=1)
        return y.view(B, T, C)
"""
)

template("moe_loop_dispatch", "(16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, n_experts=4):
        super().__init__()
        self.n_experts = n_experts
        self.gate = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList(
            [nn.Sequential(nn.Linear(dim, 64), nn.GELU(), nn.Linear(64, dim)) for _ in range(n_experts)]
        )

    def forward(self, x):
        probs = self.gate(x).softmax(dim=-1)
        w, top1 = probs.max(dim=-1)
        out = torch.zeros_like(x)
        for e in range(self.n_experts):
            idx = (top1 == e).nonzero(as_tuple=True)[0]
            if idx.numel() == 0:
                continue
            out.index_add_(0, idx, self.experts[e](x[idx]) * {w})
        return out
"""
)

template("einsum_khd_attention", "(2, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.h = heads
        self.to_q = nn.Linear(dim, dim, bias=False)
        self.to_kv = nn.Linear(dim, dim * 2, bias=False)
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, C = x.shape
        q = self.to_q(x).view(B, T, self.h, -1).transpose(1, 2)
        k, v = self.to_kv(x).view(B, T, 2, self.h, -1).unbind(2)
        scores = torch.einsum("{qk}", q, k) * (C // self.h) ** -0.5
        out = torch.einsum("bhqk,bkhd->bqhd", scores.softmax(dim=-1), v)
        return self.to_out(out.reshape(B, T, C))
"""
)

template("fpn_lateral_channels", "(1, 3, 64, 64)")(
    """
class Backbone(nn.Module):
    def __init__(self, chans=(16, 32, 64)):
        super().__init__()
        layers, cin = [], 3
        for c in chans:
            layers.append(nn.Sequential(nn.Conv2d(cin, c, 3, 2, 1), nn.BatchNorm2d(c), nn.ReLU()))
            cin = c
        self.stages = nn.ModuleList(layers)

    def forward(self, x):
        feats = []
        for s in self.stages:
            x = s(x)
            feats.append(x)
        return feats


class Net(nn.Module):
    def __init__(self, out_ch=24):
        super().__init__()
        self.body = Backbone()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out_ch, 1) for c in {lat}])
        self.smooth = nn.ModuleList([nn.Conv2d(out_ch, out_ch, 3, padding=1) for _ in range(3)])

    def forward(self, x):
        feats = self.body(x)
        lat = [l(f) for l, f in zip(self.lateral, feats)]
        for i in range(len(lat) - 1, 0, -1):
            lat[i - 1] = lat[i - 1] + F.interpolate(lat[i], size=lat[i - 1].shape[-2:], mode="nearest")
        return [s(p) for s, p in zip(self.smooth, lat)]
"""
)

template("se_block_reduction", "(2, 32, 16, 16)")(
    """
class SqueezeExcite(nn.Module):
    def __init__(self, channels, reduction=4):
        super().__init__()
        hidden = {hidden}
        self.fc1 = nn.Conv2d(channels, hidden, 1)
        self.fc2 = nn.Conv2d({fc2_in}, channels, 1)

    def forward(self, x):
        s = x.mean((2, 3), keepdim=True)
        s = self.fc2(F.relu(self.fc1(s)))
        return x * torch.sigmoid(s)


class Net(nn.Module):
    def __init__(self, c=32):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1, groups=c)
        self.se = SqueezeExcite(c)
        self.pw = nn.Conv2d(c, c, 1)

    def forward(self, x):
        return x + self.pw(self.se(F.relu(self.conv(x))))
"""
)

template("conv_bn_fused_forward", "(2, 8, 16, 16)")(
    """
class ConvBN(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)

    def fused(self):
        std = (self.bn.running_var + self.bn.eps).sqrt()
        scale = self.bn.weight / std
        weight = self.conv.weight * scale.reshape({shape})
        bias = self.bn.bias - self.bn.running_mean * scale
        return weight, bias

    def forward(self, x):
        if self.training:
            return self.bn(self.conv(x))
        w, b = self.fused()
        return F.conv2d(x, w, b, padding=1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.b1 = ConvBN(8, {c1})
        self.b2 = ConvBN({c1}, {c2})

    def forward(self, x):
        return self.b2(F.relu(self.b1(x)))
"""
)

template("swin_patch_merging", "(2, {hw}, {hw}, 16)")(
    """
class PatchMerging(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x):
        B, H, W, C = x.shape
        {pad}
        x0 = x[:, 0::2, 0::2, :]
        x1 = x[:, 1::2, 0::2, :]
        x2 = x[:, 0::2, 1::2, :]
        x3 = x[:, 1::2, 1::2, :]
        x = torch.cat([x0, x1, x2, x3], -1)
        return self.reduction(self.norm(x))


class Net(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.merge = PatchMerging(dim)
        self.mlp = nn.Linear(2 * dim, 2 * dim)

    def forward(self, x):
        return self.mlp(self.merge(x)).mean(dim=(1, 2))
"""
)

template("unfold_patches_linear", "(2, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self, in_ch=3, patch=4, dim=32):
        super().__init__()
        self.patch = patch
        self.proj = nn.Linear({fin}, dim)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        cols = F.unfold(x, kernel_size=self.patch, stride=self.patch)
        tokens = self.proj(cols.transpose(1, 2))
        return self.head(tokens.mean(dim=1))
"""
)

template("fold_overlap_add", "(2, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, channels=16, frame=8, hop=4):
        super().__init__()
        self.frame, self.hop = frame, hop
        self.to_frames = nn.Conv1d(channels, frame, 1)
        self.fold = nn.Fold(output_size=(1, {out_len}), kernel_size=(1, frame), stride=(1, hop))

    def forward(self, x):
        B, C, L = x.shape
        frames = self.to_frames(x)[..., : (L - self.frame) // self.hop + 1]
        y = self.fold(frames)
        return y.view(B, -1)
"""
)

template("fft_features_linear", "(4, {n})")(
    """
class Net(nn.Module):
    def __init__(self, n=64, hidden=32):
        super().__init__()
        self.fc = nn.Linear({fin}, hidden)
        self.out = nn.Linear(hidden, 3)

    def forward(self, x):
        spec = torch.fft.rfft(x, dim=-1){mag}
        return self.out(F.relu(self.fc(spec)))
"""
)

template("stft_conv1d", "(2, 1024)")(
    """
class Net(nn.Module):
    def __init__(self, n_fft=128, hop=32, channels=32):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.conv = nn.Conv1d({cin}, channels, 3, padding=1)
        self.head = nn.Linear(channels, 5)

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)
        mag = spec.abs(){tr}
        h = F.relu(self.conv(mag))
        return self.head(h.mean(dim=-1))
"""
)

template("spectrogram_btf_conv1d", "(2, {t}, 40)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=40, channels=64):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, channels, 5, padding=2)
        self.conv2 = nn.Conv1d(channels, channels, 5, padding=2)
        self.fc = nn.Linear(channels, 12)

    def forward(self, mel):
        x = mel{tr}
        x = F.relu(self.conv2(F.relu(self.conv1(x))))
        return self.fc(x.amax(dim=-1))
"""
)

template("bigru_seq2seq_hidden", "(2, 7)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, emb=16, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.encoder = nn.GRU(emb, hidden, batch_first=True, bidirectional=True)
        self.bridge = nn.Linear(2 * hidden, hidden)
        self.decoder = nn.GRU(emb, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, src):
        enc_out, h = self.encoder(self.embed(src))
        h0 = {h0}
        dec_out, _ = self.decoder(self.embed(src), h0)
        return self.out(dec_out)
"""
)

template("gnn_index_add", "(6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, in_dim=16, out_dim=24):
        super().__init__()
        src = torch.tensor([0, 1, 2, 3, 4, 5, 0, 2])
        dst = torch.tensor([1, 2, 3, 4, 5, 0, 3, 5])
        self.register_buffer("src", src)
        self.register_buffer("dst", dst)
        self.msg = nn.Linear(in_dim, out_dim)
        self.update = nn.Linear(in_dim + out_dim, out_dim)

    def forward(self, x):
        m = self.msg(x[self.src])
        agg = torch.zeros({agg_shape}).index_add_({dim}, self.dst, m)
        return self.update(torch.cat([x, agg], dim=-1))
"""
)

template("gnn_scatter_add_mean", "(6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.register_buffer("edge_index", torch.tensor([[0, 1, 2, 3, 4, 5, 1], [1, 2, 3, 4, 5, 0, 4]]))
        self.lin = nn.Linear(dim, dim)
        self.root = nn.Linear(dim, dim)

    def forward(self, x):
        src, dst = self.edge_index
        msg = self.lin(x)[src]
        index = {index}
        summed = torch.zeros_like(x).scatter_add(0, index, msg)
        deg = torch.zeros(x.shape[0]).scatter_add(0, dst, torch.ones(dst.shape[0])).clamp(min=1)
        return F.relu(self.root(x) + summed / deg.unsqueeze(-1))
"""
)

template("dgcnn_knn_edge", "(2, 3, 32)")(
    """
def knn(x, k):
    inner = -2 * torch.matmul(x.transpose(2, 1), x)
    xx = torch.sum(x**2, dim=1, keepdim=True)
    dist = -xx - inner - xx.transpose(2, 1)
    return dist.topk(k=k, dim=-1)[1]


def edge_features(x, k):
    B, C, N = x.shape
    idx = knn(x, k)
    base = torch.arange(B).view(-1, 1, 1) * N
    idx = (idx + base).view(-1)
    pts = x.transpose(2, 1).contiguous()
    nbrs = pts.view(B * N, -1)[idx, :].view(B, N, k, C)
    center = pts.view(B, N, 1, C).expand(-1, -1, k, -1)
    return torch.cat((nbrs - center, center), dim=3).permute(0, 3, 1, 2)


class Net(nn.Module):
    def __init__(self, k={k}, emb=32):
        super().__init__()
        self.k = k
        self.conv = nn.Sequential(nn.Conv2d({cin}, emb, 1, bias=False), nn.BatchNorm2d(emb), nn.LeakyReLU(0.2))
        self.head = nn.Linear(emb, 8)

    def forward(self, x):
        f = self.conv(edge_features(x, self.k)).max(dim=-1)[0]
        return self.head(f.max(dim=-1)[0])
"""
)

template("vae_reparam_split", "(4, 64)")(
    """
class Net(nn.Module):
    def __init__(self, in_dim=64, hidden=48, z_dim=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, {enc_out}))
        self.dec = nn.Sequential(nn.Linear(z_dim, hidden), nn.ReLU(), nn.Linear(hidden, in_dim))

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        return mu + torch.randn_like(std) * std

    def forward(self, x):
        mu, logvar = self.enc(x).chunk(2, dim=-1)
        z = self.reparameterize(mu, logvar)
        return self.dec(z), mu, logvar
"""
)

template("dcgan_disc_flatten", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, ndf=16):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(3, ndf, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, ndf * 2, 4, {s2}, 1, bias=False),
            nn.BatchNorm2d(ndf * 2),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 4),
            nn.LeakyReLU(0.2, inplace=True),
        )
        self.fc = nn.Linear(ndf * 4 * 4 * 4, 1)

    def forward(self, x):
        h = self.main(x)
        return torch.sigmoid(self.fc(h.view(h.size(0), -1)))
"""
)

template("vit_pos_interpolate", "(2, 3, {img}, {img})")(
    """
class Net(nn.Module):
    def __init__(self, train_img=32, patch=8, dim=32):
        super().__init__()
        self.patch = patch
        n = (train_img // patch) ** 2
        self.embed = nn.Conv2d(3, dim, patch, patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos = nn.Parameter(torch.randn(1, n + 1, dim))
        self.head = nn.Linear(dim, 10)

    def interpolate_pos(self, h, w):
        cls_pos, grid = self.pos[:, :1], {grid}
        g = int(grid.shape[1] ** 0.5)
        grid = grid.reshape(1, g, g, -1).permute(0, 3, 1, 2)
        grid = F.interpolate(grid, size=(h, w), mode="bicubic", align_corners=False)
        return torch.cat([cls_pos, grid.flatten(2).transpose(1, 2)], dim=1)

    def forward(self, x):
        B = x.shape[0]
        x = self.embed(x)
        h, w = x.shape[-2:]
        x = torch.cat([self.cls.expand(B, -1, -1), x.flatten(2).transpose(1, 2)], dim=1)
        x = x + self.interpolate_pos(h, w)
        return self.head(x[:, 0])
"""
)

template("where_pad_mask", "(2, 6)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, dim=16, pad_id=0):
        super().__init__()
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        h = self.proj(self.embed(ids))
        keep = ids != self.pad_id
        h = torch.where({cond}, h, torch.zeros_like(h))
        return h.sum(dim=1) / keep.sum(dim=1, keepdim=True).clamp(min=1)
"""
)

template("masked_select_view", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, lengths=({l0}, {l1})):
        super().__init__()
        self.register_buffer("lengths", torch.tensor(lengths))
        self.proj = nn.Linear(dim, 4)

    def forward(self, x):
        B, T, C = x.shape
        valid = torch.arange(T)[None, :] < self.lengths[:, None]
        picked = x.masked_select(valid.unsqueeze(-1)).view({view})
        return self.proj(picked).mean(0)
"""
)

template("bilinear_pair", "(4, 24)")(
    """
class Net(nn.Module):
    def __init__(self, in_dim=24, u_dim=16, v_dim=12, out=8):
        super().__init__()
        self.u = nn.Linear(in_dim, u_dim)
        self.v = nn.Linear(in_dim, v_dim)
        self.bil = nn.Bilinear({b1}, {b2}, out)

    def forward(self, x):
        return self.bil(torch.tanh(self.u(x)), torch.tanh(self.v(x)))
"""
)

template("embedding_bag_offsets", "(2, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.fc = nn.Linear(dim, 2)

    def forward(self, ids):
        B, L = ids.shape
        offsets = torch.arange(0, B * L, L)
        return self.fc(self.bag({ids}, offsets))
"""
)

template("stn_affine_grid", "(2, 1, 28, 28)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Sequential(
            nn.Conv2d(1, 8, 7), nn.MaxPool2d(2, 2), nn.ReLU(), nn.Conv2d(8, 10, 5), nn.MaxPool2d(2, 2), nn.ReLU()
        )
        self.fc_loc = nn.Sequential(nn.Linear(10 * 3 * 3, 32), nn.ReLU(), nn.Linear(32, 6))
        self.cls = nn.Sequential(nn.Conv2d(1, 10, 5), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(10, 10))

    def forward(self, x):
        xs = self.loc(x).view(-1, 10 * 3 * 3)
        theta = self.fc_loc(xs){theta}
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return self.cls(F.grid_sample(x, grid, align_corners=False))
"""
)

template("flow_warp_grid", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, c=3):
        super().__init__()
        self.flow = nn.Conv2d(c, 2, 3, padding=1)
        self.refine = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        B, C, H, W = x.shape
        ys, xs = torch.meshgrid(torch.linspace(-1, 1, H), torch.linspace(-1, 1, W), indexing="ij")
        base = torch.stack((xs, ys), dim=0).unsqueeze(0)
        grid = (base + 0.1 * torch.tanh(self.flow(x))){perm}
        return self.refine(F.grid_sample(x, grid, align_corners=True))
"""
)

template("conformer_conv_glu", "(2, 20, 32)")(
    """
class ConvModule(nn.Module):
    def __init__(self, dim, kernel=7):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.pw1 = nn.Conv1d(dim, 2 * dim, 1)
        self.glu = nn.GLU(dim={gdim})
        self.dw = nn.Conv1d(dim, dim, kernel, padding=kernel // 2, groups=dim)
        self.bn = nn.BatchNorm1d(dim)
        self.pw2 = nn.Conv1d(dim, dim, 1)

    def forward(self, x):
        y = self.norm(x).transpose(1, 2)
        y = self.glu(self.pw1(y))
        y = self.pw2(F.silu(self.bn(self.dw(y))))
        return x + y.transpose(1, 2)


class Net(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.conv = ConvModule(dim)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return self.ff(self.conv(x))
"""
)

template("conv2d_subsampling", "(2, 50, {feats})")(
    """
class Net(nn.Module):
    def __init__(self, idim={idim}, odim=32):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, odim, 3, 2),
            nn.ReLU(),
            nn.Conv2d(odim, odim, 3, 2),
            nn.ReLU(),
        )
        self.out = nn.Linear({fin}, odim)

    def forward(self, x):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        return self.out(x.transpose(1, 2).contiguous().view(b, t, c * f))
"""
)

template("clip_logits", "(4, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, vision_width=64, text_width=48, embed_dim=32, n_text=5):
        super().__init__()
        self.visual = nn.Sequential(
            nn.Conv2d(3, vision_width, 4, 4), nn.GELU(), nn.AdaptiveAvgPool2d(1), nn.Flatten()
        )
        self.text_features = nn.Parameter(torch.randn(n_text, text_width))
        self.visual_proj = nn.Linear(vision_width, embed_dim, bias=False)
        self.text_proj = nn.Linear(text_width, {text_out}, bias=False)
        self.logit_scale = nn.Parameter(torch.tensor(2.6592))

    def forward(self, image):
        img = F.normalize(self.visual_proj(self.visual(image)), dim=-1)
        txt = F.normalize(self.text_proj(self.text_features), dim=-1)
        return self.logit_scale.exp() * img @ txt.t()
"""
)

template("decoder_memory_width", "(2, 6, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d_model=32, enc_dim=48, src_len=9):
        super().__init__()
        self.memory = nn.Parameter(torch.randn(1, src_len, enc_dim))
        self.bridge = nn.Linear(enc_dim, {bridge_out})
        layer = nn.TransformerDecoderLayer(d_model, 4, 64, batch_first=True)
        self.decoder = nn.TransformerDecoder(layer, 2)
        self.out = nn.Linear(d_model, 11)

    def forward(self, tgt):
        mem = self.bridge(self.memory.expand(tgt.shape[0], -1, -1))
        mask = nn.Transformer.generate_square_subsequent_mask(tgt.shape[1])
        return self.out(self.decoder(tgt, mem, tgt_mask=mask))
"""
)

template("depthwise_multiplier", "(2, 16, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, mult={m}):
        super().__init__()
        self.dw = nn.Conv2d(c, c * mult, 3, padding=1, groups=c)
        self.bn = nn.BatchNorm2d(c * mult)
        self.pw = nn.Conv2d({pw_in}, 32, 1)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        x = F.relu6(self.bn(self.dw(x)))
        return self.pool(self.pw(x)).flatten(1)
"""
)

template("swin_relative_bias", "(8, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, window=4, heads=4):
        super().__init__()
        self.heads, self.window = heads, window
        self.table = nn.Parameter(torch.zeros({table_rows}, heads))
        coords = torch.stack(torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij"))
        coords = coords.flatten(1)
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += window - 1
        rel[:, :, 1] += window - 1
        rel[:, :, 0] *= 2 * window - 1
        self.register_buffer("index", rel.sum(-1))
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B_, N, C = x.shape
        q, k, v = self.qkv(x).reshape(B_, N, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        attn = q @ k.transpose(-2, -1) * (C // self.heads) ** -0.5
        bias = self.table[self.index.view(-1)].view(N, N, -1).permute(2, 0, 1)
        attn = (attn + bias.unsqueeze(0)).softmax(dim=-1)
        return self.proj((attn @ v).transpose(1, 2).reshape(B_, N, C))
"""
)

template("timestep_embedding", "(4,)")(
    """
import math


def timestep_embedding(t, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(half, dtype=torch.float32) / half)
    args = t[:, None].float() * freqs[None]
    emb = torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    {pad}
    return emb


class Net(nn.Module):
    def __init__(self, freq_dim={fd}, hidden=64):
        super().__init__()
        self.freq_dim = freq_dim
        self.mlp = nn.Sequential(nn.Linear(freq_dim, hidden), nn.SiLU(), nn.Linear(hidden, hidden))

    def forward(self, t):
        return self.mlp(timestep_embedding(t * 1000, self.freq_dim))
"""
)

template("film_conditioning", "(2, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, cond_dim=10):
        super().__init__()
        self.cond = nn.Parameter(torch.randn(2, cond_dim))
        self.film = nn.Linear(cond_dim, 2 * c)
        self.conv = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        gamma, beta = self.film(self.cond).chunk(2, dim=-1)
        h = self.conv(x)
        return F.relu({mod})
"""
)

template("dit_adaln_modulate", "(2, 16, 32)")(
    """
def modulate(x, shift, scale):
    return x * (1 + {scale}) + {shift}


class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.c = nn.Parameter(torch.randn(2, dim))
        self.norm1 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.adaLN = nn.Sequential(nn.SiLU(), nn.Linear(dim, 6 * dim))

    def forward(self, x):
        s1, sc1, g1, s2, sc2, g2 = self.adaLN(self.c).chunk(6, dim=1)
        h = modulate(self.norm1(x), s1, sc1)
        x = x + g1.unsqueeze(1) * self.attn(h, h, h, need_weights=False)[0]
        return x + g2.unsqueeze(1) * self.mlp(modulate(self.norm2(x), s2, sc2))
"""
)

template("attention_pool_query", "(4, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4, n_classes=5):
        super().__init__()
        self.query = nn.Parameter(torch.randn(1, 1, dim))
        self.attn = nn.MultiheadAttention(dim, heads{bf})
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        q = self.query.expand(x.shape[0], -1, -1)
        pooled, _ = self.attn(q, x, x)
        return self.head(pooled.squeeze(1))
"""
)

template("mla_kv_split", "(2, 8, 64)")(
    """
class Net(nn.Module):
    def __init__(self, dim=64, heads=4, kv_rank=32, rope_dim=8, nope_dim=16, v_dim=16):
        super().__init__()
        self.heads, self.kv_rank, self.rope_dim = heads, kv_rank, rope_dim
        self.nope_dim, self.v_dim = nope_dim, v_dim
        self.wq = nn.Linear(dim, heads * (nope_dim + rope_dim), bias=False)
        self.wkv_a = nn.Linear(dim, {a_out}, bias=False)
        self.kv_norm = nn.LayerNorm(kv_rank)
        self.wkv_b = nn.Linear(kv_rank, heads * (nope_dim + v_dim), bias=False)
        self.wo = nn.Linear(heads * v_dim, dim, bias=False)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.wq(x).view(B, T, self.heads, -1)
        kv, k_pe = self.wkv_a(x).split([self.kv_rank, self.rope_dim], dim=-1)
        kv = self.wkv_b(self.kv_norm(kv)).view(B, T, self.heads, -1)
        k_nope, v = kv.split([self.nope_dim, self.v_dim], dim=-1)
        k = torch.cat([k_nope, k_pe.unsqueeze(2).expand(-1, -1, self.heads, -1)], dim=-1)
        y = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        return self.wo(y.transpose(1, 2).reshape(B, T, -1))
"""
)

template("mae_unpatchify", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch=8, dim=48):
        super().__init__()
        self.p = patch
        self.img = {dec_img}
        self.embed = nn.Conv2d(3, dim, patch, patch)
        self.block = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)
        self.pred = nn.Linear(dim, patch * patch * 3)

    def unpatchify(self, x):
        p = self.p
        h = w = self.img // p
        x = x.reshape(x.shape[0], h, w, p, p, 3)
        x = torch.einsum("nhwpqc->nchpwq", x)
        return x.reshape(x.shape[0], 3, h * p, h * p)

    def forward(self, imgs):
        tokens = self.embed(imgs).flatten(2).transpose(1, 2)
        return self.unpatchify(self.pred(self.block(tokens)))
"""
)

template("upsample_align_corners", "(2, 8, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.down = nn.Conv2d(c, c * 2, 3, 2, 1)
        self.fuse = nn.Conv2d(c * 3, c, 3, padding=1)

    def forward(self, x):
        d = F.relu(self.down(x))
        u = F.interpolate(d, size=x.shape[-2:], mode="{mode}", align_corners={ac})
        return self.fuse(torch.cat([x, u], dim=1))
"""
)

template("causal_conv_left_pad", "(2, 8, 20)")(
    """
class CausalConv1d(nn.Module):
    def __init__(self, cin, cout, k, dilation=1):
        super().__init__()
        self.left = (k - 1) * dilation
        self.conv = nn.Conv1d(cin, cout, k, dilation=dilation)

    def forward(self, x):
        return self.conv(F.pad(x, {pad}))


class Net(nn.Module):
    def __init__(self, c=8, k=3):
        super().__init__()
        self.c1 = CausalConv1d(c, 16, k, 1)
        self.c2 = CausalConv1d(16, 16, k, 2)
        self.res = nn.Conv1d(c, 16, 1)

    def forward(self, x):
        return F.relu(self.c2(F.relu(self.c1(x))) + self.res(x))
"""
)

template("mha_padding_mask_arg", "(2, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, dim=32, heads=4, pad_id=0):
        super().__init__()
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab, dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):
        h = self.embed(ids)
        pad = ids == self.pad_id
        pad[:, 0] = False
        y, _ = self.attn(h, h, h, {mask_arg}=pad)
        return self.out(y)
"""
)

template("packed_lengths", "(3, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, hidden=24, lengths=({lengths})):
        super().__init__()
        self.register_buffer("lengths", torch.tensor(lengths))
        self.rnn = nn.LSTM(dim, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, 4)

    def forward(self, x):
        packed = nn.utils.rnn.pack_padded_sequence(x, self.lengths, batch_first=True{es})
        _, (h, _) = self.rnn(packed)
        return self.fc(h[-1])
"""
)

template("stats_normalize_dtype", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self, mean=(0.1, 0.2, 0.0, -0.3, 1.5), std=(1.0, 2.0, 0.5, 1.0, 3.0)):
        super().__init__()
        self.register_buffer("mean", torch.tensor(mean, dtype=torch.{dt}))
        self.register_buffer("std", torch.tensor(std, dtype=torch.{dt}))
        self.mlp = nn.Sequential(nn.Linear(5, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.mlp((x - self.mean) / self.std)
"""
)

template("fft_long_conv", "(2, 8, {L})")(
    """
def fftconv(u, k):
    L = u.shape[-1]
    n = 2 * L
    u_f = torch.fft.rfft(u, n=n)
    k_f = torch.fft.rfft(k, n={kn})
    return torch.fft.irfft(u_f * k_f, n=n)[..., :L]


class Net(nn.Module):
    def __init__(self, channels=8, kernel_len=32):
        super().__init__()
        self.kernel = nn.Parameter(torch.randn(channels, kernel_len) * 0.02)
        self.D = nn.Parameter(torch.randn(channels))
        self.out = nn.Conv1d(channels, channels, 1)

    def forward(self, u):
        y = fftconv(u, self.kernel) + u * self.D.unsqueeze(-1)
        return self.out(F.gelu(y))
"""
)

template("mask_token_fill", "(2, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, n_tokens=16):
        super().__init__()
        self.mask_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.register_buffer("mask", torch.arange(n_tokens).repeat(2, 1) % 3 == 0)
        layer = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 1)

    def forward(self, x):
        x = x.clone()
        x[self.mask] = {fill}
        return self.encoder(x)
"""
)

template("conv1d_vector_input", "(4, 64)")(
    """
class Net(nn.Module):
    def __init__(self, length=64, channels=8):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(1, channels, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2), nn.Conv1d(channels, channels, 3, padding=1)
        )
        self.fc = nn.Linear(channels * (length // 2), 3)

    def forward(self, x):
        h = self.conv(x{unsq})
        return self.fc(h.flatten(1))
"""
)

template("convtranspose_output_padding", "(2, 16, 7, 7)")(
    """
class Net(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.up1 = nn.ConvTranspose2d(c, c // 2, 3, stride={s}, padding=1, output_padding=1)
        self.up2 = nn.ConvTranspose2d(c // 2, 1, 3, stride=2, padding=1, output_padding=1)

    def forward(self, z):
        return torch.sigmoid(self.up2(F.relu(self.up1(z))))
"""
)

VARIANTS: list[tuple[str, str, str, dict]] = [
    (
        "rope_rotate_half",
        "ok",
        "clean",
        {"t": 8, "rdim": "self.hd", "cs": "self.cos_cached[:T], self.sin_cached[:T]"},
    ),
    (
        "rope_rotate_half",
        "ok_full",
        "clean",
        {"t": 32, "rdim": "self.hd", "cs": "self.cos_cached, self.sin_cached"},
    ),
    (
        "rope_rotate_half",
        "model_dim",
        "rope_dims",
        {"t": 8, "rdim": "dim", "cs": "self.cos_cached[:T], self.sin_cached[:T]"},
    ),
    (
        "rope_rotate_half",
        "unsliced",
        "rope_dims",
        {"t": 8, "rdim": "self.hd", "cs": "self.cos_cached, self.sin_cached"},
    ),
    ("kv_cache_concat", "ok", "clean", {"past": 6, "ax": 2}),
    ("kv_cache_concat", "ok_seq_axis", "clean", {"past": 4, "ax": -2}),
    ("kv_cache_concat", "heads_axis", "kv_cache_axis", {"past": 6, "ax": 1}),
    ("kv_cache_concat", "heads_axis_eq", "kv_cache_axis", {"past": 4, "ax": 1}),
    (
        "causal_mask_past",
        "ok",
        "clean",
        {"mask": "torch.ones(T, P + T, dtype=torch.bool).tril(diagonal=P)"},
    ),
    (
        "causal_mask_past",
        "t_only",
        "causal_mask_past",
        {"mask": "torch.ones(T, T, dtype=torch.bool).tril()"},
    ),
    (
        "causal_mask_past",
        "past_only",
        "causal_mask_past",
        {"mask": "torch.ones(P, P + T, dtype=torch.bool).tril(diagonal=P)"},
    ),
    (
        "sliding_window_bias",
        "ok",
        "clean",
        {"t": 10, "bias_shape": "T, T", "mask": "self.mask[:T, :T]"},
    ),
    (
        "sliding_window_bias",
        "ok_max",
        "clean",
        {"t": 16, "bias_shape": "T, T", "mask": "self.mask"},
    ),
    (
        "sliding_window_bias",
        "unsliced",
        "attn_mask",
        {"t": 10, "bias_shape": "T, T", "mask": "self.mask"},
    ),
    ("alibi_bias", "ok", "clean", {"slopes": "self.slopes[:, None, None]"}),
    ("alibi_bias", "slopes_2d", "broadcast_add", {"slopes": "self.slopes[:, None]"}),
    ("alibi_bias", "slopes_1d", "broadcast_add", {"slopes": "self.slopes"}),
    ("moe_topk_gather", "ok", "clean", {"ne": 4, "k": 2, "sdim": 1}),
    ("moe_topk_gather", "k_gt_experts", "topk_k", {"ne": 4, "k": 6, "sdim": 1}),
    ("moe_topk_gather", "stack_last", "moe_routing", {"ne": 4, "k": 2, "sdim": -1}),
    ("moe_loop_dispatch", "ok", "clean", {"w": "w[idx, None]"}),
    ("moe_loop_dispatch", "ok_unsq", "clean", {"w": "w[idx].unsqueeze(-1)"}),
    ("moe_loop_dispatch", "w_flat", "moe_routing", {"w": "w[idx]"}),
    ("einsum_khd_attention", "ok", "clean", {"qk": "bhqd,bkhd->bhqk"}),
    ("einsum_khd_attention", "khd_as_hkd", "einsum", {"qk": "bhqd,bhkd->bhqk"}),
    ("fpn_lateral_channels", "ok", "clean", {"lat": "(16, 32, 64)"}),
    ("fpn_lateral_channels", "reversed", "conv_in_channels", {"lat": "(64, 32, 16)"}),
    ("fpn_lateral_channels", "uniform", "conv_in_channels", {"lat": "(out_ch, out_ch, out_ch)"}),
    ("se_block_reduction", "ok", "clean", {"hidden": "channels // reduction", "fc2_in": "hidden"}),
    ("se_block_reduction", "ok_r8", "clean", {"hidden": "channels // 8", "fc2_in": "hidden"}),
    (
        "se_block_reduction",
        "fixed_r",
        "conv_in_channels",
        {"hidden": "channels // reduction", "fc2_in": "channels // 16"},
    ),
    ("conv_bn_fused_forward", "ok", "clean", {"shape": "-1, 1, 1, 1", "c1": 32, "c2": 16}),
    ("conv_bn_fused_forward", "ok_square", "clean", {"shape": "1, -1, 1, 1", "c1": 8, "c2": 8}),
    (
        "conv_bn_fused_forward",
        "in_axis",
        "conv_bn_fusion",
        {"shape": "1, -1, 1, 1", "c1": 32, "c2": 16},
    ),
    ("swin_patch_merging", "ok", "clean", {"hw": 8, "pad": "pass"}),
    (
        "swin_patch_merging",
        "ok_pad",
        "clean",
        {"hw": 7, "pad": "x = F.pad(x, (0, 0, 0, W % 2, 0, H % 2))"},
    ),
    ("swin_patch_merging", "odd", "patch_merging", {"hw": 7, "pad": "pass"}),
    ("unfold_patches_linear", "ok", "clean", {"hw": 32, "fin": "in_ch * patch * patch"}),
    ("unfold_patches_linear", "ok_odd", "clean", {"hw": 30, "fin": "in_ch * patch * patch"}),
    ("unfold_patches_linear", "no_ch", "linear_in_features", {"hw": 32, "fin": "patch * patch"}),
    ("fold_overlap_add", "ok", "clean", {"out_len": "(32 - frame) // hop * hop + frame"}),
    ("fold_overlap_add", "full_len", "fold_sizes", {"out_len": "32 + hop"}),
    ("fold_overlap_add", "no_overlap", "fold_sizes", {"out_len": "32 // hop * frame"}),
    ("fft_features_linear", "ok", "clean", {"n": 64, "fin": "n // 2 + 1", "mag": ".abs()"}),
    (
        "fft_features_linear",
        "half",
        "linear_in_features",
        {"n": 64, "fin": "n // 2", "mag": ".abs()"},
    ),
    ("fft_features_linear", "complex", "complex_dtype", {"n": 64, "fin": "n // 2 + 1", "mag": ""}),
    ("stft_conv1d", "ok", "clean", {"cin": "n_fft // 2 + 1", "tr": ""}),
    ("stft_conv1d", "n_fft", "conv_in_channels", {"cin": "n_fft", "tr": ""}),
    (
        "stft_conv1d",
        "frames_first",
        "transpose_dims",
        {"cin": "n_fft // 2 + 1", "tr": ".transpose(1, 2)"},
    ),
    ("spectrogram_btf_conv1d", "ok", "clean", {"t": 50, "tr": ".transpose(1, 2)"}),
    ("spectrogram_btf_conv1d", "btf", "transpose_dims", {"t": 50, "tr": ""}),
    (
        "bigru_seq2seq_hidden",
        "ok",
        "clean",
        {"h0": "torch.tanh(self.bridge(torch.cat([h[-2], h[-1]], dim=-1))).unsqueeze(0)"},
    ),
    ("bigru_seq2seq_hidden", "ok_sum", "clean", {"h0": "h.sum(dim=0, keepdim=True)"}),
    ("bigru_seq2seq_hidden", "both_dirs", "rnn_hidden", {"h0": "h"}),
    ("bigru_seq2seq_hidden", "bridge_out", "rnn_hidden", {"h0": "self.bridge(enc_out[:, -1:])"}),
    ("gnn_index_add", "ok", "clean", {"agg_shape": "x.shape[0], m.shape[1]", "dim": 0}),
    ("gnn_index_add", "dim1", "scatter_dim", {"agg_shape": "x.shape[0], m.shape[1]", "dim": 1}),
    ("gnn_index_add", "in_width", "scatter_dim", {"agg_shape": "x.shape", "dim": 0}),
    ("gnn_scatter_add_mean", "ok", "clean", {"index": "dst.unsqueeze(-1).expand_as(msg)"}),
    ("gnn_scatter_add_mean", "flat_index", "scatter_dim", {"index": "dst"}),
    ("dgcnn_knn_edge", "ok", "clean", {"k": 8, "cin": 6}),
    ("dgcnn_knn_edge", "ok_k4", "clean", {"k": 4, "cin": 6}),
    ("dgcnn_knn_edge", "cin3", "conv_in_channels", {"k": 8, "cin": 3}),
    ("vae_reparam_split", "ok", "clean", {"enc_out": "2 * z_dim"}),
    ("vae_reparam_split", "z_only", "linear_in_features", {"enc_out": "z_dim"}),
    ("dcgan_disc_flatten", "ok", "clean", {"s2": 2}),
    ("dcgan_disc_flatten", "stride1", "flatten_linear", {"s2": 1}),
    ("vit_pos_interpolate", "ok", "clean", {"img": 48, "grid": "self.pos[:, 1:]"}),
    ("vit_pos_interpolate", "ok_same", "clean", {"img": 32, "grid": "self.pos[:, 1:]"}),
    ("vit_pos_interpolate", "with_cls", "pos_interp", {"img": 48, "grid": "self.pos"}),
    ("where_pad_mask", "ok", "clean", {"cond": "keep.unsqueeze(-1)"}),
    ("where_pad_mask", "no_unsq", "where_broadcast", {"cond": "keep"}),
    ("masked_select_view", "ok", "clean", {"l0": 5, "l1": 3, "view": "-1, C"}),
    ("masked_select_view", "ok_even", "clean", {"l0": 4, "l1": 2, "view": "B, -1, C"}),
    (
        "masked_select_view",
        "batch_view",
        "masked_select_view",
        {"l0": 5, "l1": 2, "view": "B, -1, C"},
    ),
    ("bilinear_pair", "ok", "clean", {"b1": "u_dim", "b2": "v_dim"}),
    ("bilinear_pair", "swapped", "bilinear_features", {"b1": "v_dim", "b2": "u_dim"}),
    ("bilinear_pair", "same", "bilinear_features", {"b1": "u_dim", "b2": "u_dim"}),
    ("embedding_bag_offsets", "ok", "clean", {"ids": "ids.reshape(-1)"}),
    ("embedding_bag_offsets", "ids2d", "embedding_bag", {"ids": "ids"}),
    ("stn_affine_grid", "ok", "clean", {"theta": ".view(-1, 2, 3)"}),
    ("stn_affine_grid", "flat_theta", "affine_grid", {"theta": ""}),
    ("stn_affine_grid", "theta_3x2", "affine_grid", {"theta": ".view(-1, 3, 2)"}),
    ("flow_warp_grid", "ok", "clean", {"perm": ".permute(0, 2, 3, 1)"}),
    ("flow_warp_grid", "chw_grid", "grid_sample", {"perm": ""}),
    ("conformer_conv_glu", "ok", "clean", {"gdim": 1}),
    ("conformer_conv_glu", "last_axis", "glu_dim", {"gdim": -1}),
    (
        "conv2d_subsampling",
        "ok",
        "clean",
        {"feats": 80, "idim": 80, "fin": "odim * (((idim - 1) // 2 - 1) // 2)"},
    ),
    (
        "conv2d_subsampling",
        "ok_83",
        "clean",
        {"feats": 83, "idim": 83, "fin": "odim * (((idim - 1) // 2 - 1) // 2)"},
    ),
    (
        "conv2d_subsampling",
        "quarter",
        "conv_to_linear",
        {"feats": 80, "idim": 80, "fin": "odim * (idim // 4)"},
    ),
    ("clip_logits", "ok", "clean", {"text_out": "embed_dim"}),
    ("clip_logits", "text_width", "matmul", {"text_out": "text_width"}),
    ("decoder_memory_width", "ok", "clean", {"bridge_out": "d_model"}),
    ("decoder_memory_width", "enc_width", "mha_embed", {"bridge_out": "enc_dim"}),
    ("depthwise_multiplier", "ok", "clean", {"m": 2, "pw_in": "c * mult"}),
    ("depthwise_multiplier", "ok_m1", "clean", {"m": 1, "pw_in": "c"}),
    ("depthwise_multiplier", "pw_c", "conv_in_channels", {"m": 2, "pw_in": "c"}),
    ("swin_relative_bias", "ok", "clean", {"table_rows": "(2 * window - 1) ** 2"}),
    ("swin_relative_bias", "window_sq", "index_range", {"table_rows": "window * window"}),
    ("timestep_embedding", "ok", "clean", {"fd": 64, "pad": "pass"}),
    (
        "timestep_embedding",
        "ok_odd_pad",
        "clean",
        {"fd": 65, "pad": "emb = F.pad(emb, (0, dim % 2))"},
    ),
    ("timestep_embedding", "odd", "timestep_embed", {"fd": 65, "pad": "pass"}),
    (
        "film_conditioning",
        "ok",
        "clean",
        {"mod": "h * gamma[:, :, None, None] + beta[:, :, None, None]"},
    ),
    ("film_conditioning", "no_expand", "broadcast_add", {"mod": "h * gamma + beta"}),
    (
        "dit_adaln_modulate",
        "ok",
        "clean",
        {"scale": "scale.unsqueeze(1)", "shift": "shift.unsqueeze(1)"},
    ),
    ("dit_adaln_modulate", "no_unsq", "broadcast_add", {"scale": "scale", "shift": "shift"}),
    ("attention_pool_query", "ok", "clean", {"bf": ", batch_first=True"}),
    ("attention_pool_query", "seq_first", "mha_batch_first", {"bf": ""}),
    ("mla_kv_split", "ok", "clean", {"a_out": "kv_rank + rope_dim"}),
    ("mla_kv_split", "no_rope", "split_sizes", {"a_out": "kv_rank"}),
    ("mae_unpatchify", "ok", "clean", {"dec_img": "img"}),
    ("mae_unpatchify", "train_img", "reshape_numel", {"dec_img": 64}),
    ("upsample_align_corners", "ok", "clean", {"mode": "bilinear", "ac": "True"}),
    ("upsample_align_corners", "ok_nearest", "clean", {"mode": "nearest", "ac": "None"}),
    ("upsample_align_corners", "nearest_ac", "interp_args", {"mode": "nearest", "ac": "True"}),
    ("causal_conv_left_pad", "ok", "clean", {"pad": "(self.left, 0)"}),
    ("causal_conv_left_pad", "one_side", "pad_spec", {"pad": "(self.left,)"}),
    ("causal_conv_left_pad", "both_sides", "broadcast_add", {"pad": "(self.left, self.left)"}),
    ("mha_padding_mask_arg", "ok", "clean", {"mask_arg": "key_padding_mask"}),
    ("mha_padding_mask_arg", "as_attn_mask", "attn_mask", {"mask_arg": "attn_mask"}),
    ("packed_lengths", "ok", "clean", {"lengths": "10, 7, 3", "es": ""}),
    (
        "packed_lengths",
        "ok_unsorted",
        "clean",
        {"lengths": "3, 10, 7", "es": ", enforce_sorted=False"},
    ),
    ("packed_lengths", "unsorted", "packed_sequence", {"lengths": "3, 10, 7", "es": ""}),
    ("packed_lengths", "too_long", "packed_sequence", {"lengths": "12, 7, 3", "es": ""}),
    ("stats_normalize_dtype", "ok", "clean", {"dt": "float32"}),
    ("stats_normalize_dtype", "float64", "dtype_mismatch", {"dt": "float64"}),
    ("fft_long_conv", "ok", "clean", {"L": 32, "kn": "n"}),
    ("fft_long_conv", "ok_kernel_len", "clean", {"L": 16, "kn": "k.shape[-1]"}),
    ("fft_long_conv", "kernel_len", "fft_conv_len", {"L": 32, "kn": "k.shape[-1]"}),
    ("fft_long_conv", "no_n", "fft_conv_len", {"L": 32, "kn": "None"}),
    ("mask_token_fill", "ok", "clean", {"fill": "self.mask_token.squeeze(0).to(x.dtype)"}),
    ("mask_token_fill", "ok_flat", "clean", {"fill": "self.mask_token.view(-1)"}),
    ("mask_token_fill", "ok_token_3d", "clean", {"fill": "self.mask_token"}),
    ("mask_token_fill", "expanded", "index_put", {"fill": "self.mask_token.expand_as(x)"}),
    ("conv1d_vector_input", "ok", "clean", {"unsq": ".unsqueeze(1)"}),
    ("conv1d_vector_input", "no_channel", "input_rank", {"unsq": ""}),
    ("convtranspose_output_padding", "ok", "clean", {"s": 2}),
    ("convtranspose_output_padding", "stride1", "conv_transpose_args", {"s": 1}),
]
