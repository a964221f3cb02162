"""A sixth fresh batch of crash cases (session 18, split ``fresh6``), written blind: the analyzer
was never run on them while they were written, and the forward-shape rules' source was not read.
The styles are forward crashes users report that the earlier sets lack, in model families the
earlier sets had little of (graph networks, audio and speech, SSMs, diffusion, detection): a true
division ``C / n_head`` as a view size, ``.item()`` / ``int()`` of a batch of timesteps or halting
probabilities, an in-place ``+=`` that would have to grow its left operand, an in-place add on an
expanded parameter, ``masked_fill`` with a vector value (an MAE mask token), a boolean keep-mask
built for another patch count, ``boxes[torch.arange(B), idx]`` without ``[:, None]``,
``ConvTranspose2d(..., output_size=)`` asked for a size out of its range, ``torch.mm`` on a
batch, ``torch.diag`` of batched degrees, ``torch.cross`` over planar points, ``torch.tril`` of
a vector, ``torch.outer`` of batched positions, ``view_as_complex`` of pairs cut the wrong way,
``index_add_`` into a buffer of the input's width, an FPN loop one level past its list,
``F.dropout`` with a percentage, chunked attention whose chunk count is zero, ``interpolate``
modes for another rank, ``torch.tensor`` of per-sample tensors, ``flatten`` with its dims
reversed, ``torch.baddbmm`` with a per-head ALiBi bias; and familiar classes in new models
(MoE ``gather``, Mamba ``x_proj`` splits, Swin windows, ``F.group_norm``, Conformer depthwise
convs, ESRGAN pixel shuffles, YOLO views, einops patches, Bahdanau ``bmm``, PointNet
segmentation, TCN chomps, VAE flattening, CoAtNet LayerNorm, NeoX partial rotary, GQA
``repeat_interleave``, keyword-spotting CNN pools, dense GAT masks, RetinaNet anchors, expert
einsums, U-Net ``scale_factor`` upsampling on odd sizes, captioning decoders, Hyena FFT
convolutions, LSTM inputs channels-first). Same format as ``templates.py``; every case name
starts ``f6_``. Whether a case crashes is torch's verdict (``build_truth.py``), not the defect
label's. Init-time crashes are not cases (``build_truth.py`` drops a model that cannot be built):
constructor-like checks appear where users meet them in forward (``F.dropout``'s probability,
``F.group_norm``'s groups, ``ConvTranspose2d``'s ``output_size``).
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("gpt_true_div", "(2, 12)", kind="tokens")(
    """
class Attention(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.n_head = n_head
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        hd = C {div} self.n_head
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(B, T, self.n_head, hd).transpose(1, 2)
        k = k.view(B, T, self.n_head, hd).transpose(1, 2)
        v = v.view(B, T, self.n_head, hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))


class Block(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = Attention(d, n_head)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self, vocab=64, d=32, n_head=4, n_layer=2, max_len=32):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_len, d)
        self.blocks = nn.ModuleList([Block(d, n_head) for _ in range(n_layer)])
        self.head = nn.Linear(d, vocab)

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1]))
        for b in self.blocks:
            x = b(x)
        return self.head(x)
"""
)

template("ddpm_item_timestep", "({b}, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, ch=32, T=100):
        super().__init__()
        self.register_buffer("betas", torch.linspace(1e-4, 0.02, T))
        self.t_embed = nn.Sequential(nn.Linear(1, ch), nn.SiLU(), nn.Linear(ch, ch))
        self.inp = nn.Conv2d(3, ch, 3, padding=1)
        self.mid = nn.Sequential(nn.GroupNorm(8, ch), nn.SiLU(), nn.Conv2d(ch, ch, 3, padding=1))
        self.out = nn.Conv2d(ch, 3, 3, padding=1)

    def forward(self, x):
        B = x.shape[0]
        t = torch.full((B,), 10, dtype=torch.long)
        beta = {beta}
        noisy = (1 - beta).sqrt() * x + beta.sqrt() * torch.randn_like(x)
        h = self.inp(noisy)
        h = h + self.t_embed(t.float()[:, None] / 100)[:, :, None, None]
        return self.out(self.mid(h))
"""
)

template("unet_inplace_temb", "(2, 3, 16, 16)")(
    """
class ResBlock(nn.Module):
    def __init__(self, cin, cout, tdim):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.temb = nn.Linear(tdim, cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x, t):
        h = F.silu(self.conv1(x))
        emb = self.temb(t)[:, :, None, None]
        {add}
        return self.skip(x) + self.conv2(F.silu(h))


class Net(nn.Module):
    def __init__(self, ch=16, tdim=32):
        super().__init__()
        self.tdim = tdim
        self.t_mlp = nn.Sequential(nn.Linear(1, tdim), nn.SiLU())
        self.down = ResBlock(3, ch, tdim)
        self.pool = nn.AvgPool2d(2)
        self.mid = ResBlock(ch, 2 * ch, tdim)
        self.up = nn.Upsample(scale_factor=2)
        self.dec = ResBlock(3 * ch, ch, tdim)
        self.out = nn.Conv2d(ch, 3, 1)

    def forward(self, x):
        t = self.t_mlp(torch.ones(x.shape[0], 1))
        d = self.down(x, t)
        m = self.mid(self.pool(d), t)
        return self.out(self.dec(torch.cat([self.up(m), d], 1), t))
"""
)

template("mae_mask_token_fill", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, patch=8, dim=48):
        super().__init__()
        self.embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.mask_token = nn.Parameter(torch.zeros(dim))
        layer = nn.TransformerEncoderLayer(dim, 4, 2 * dim, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2)
        self.pred = nn.Linear(dim, 3 * patch * patch)

    def forward(self, x):
        tokens = self.embed(x).flatten(2).transpose(1, 2)
        B, N, D = tokens.shape
        mask = (torch.arange(N) % 3 == 0)[None, :].expand(B, N)
        tokens = {fill}
        return self.pred(self.enc(tokens))
"""
)

template("mae_keep_index", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch=4, mask_patch={mp}, dim=32):
        super().__init__()
        self.embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.n_mask = (img // mask_patch) ** 2
        self.pos = nn.Parameter(torch.zeros(1, (img // patch) ** 2, dim))
        self.blocks = nn.Sequential(
            nn.TransformerEncoderLayer(dim, 4, 64, batch_first=True),
            nn.TransformerEncoderLayer(dim, 4, 64, batch_first=True),
        )
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        h = self.embed(x).flatten(2).transpose(1, 2) + self.pos
        B, N, D = h.shape
        keep = (torch.arange(self.n_mask) % 4 != 0)[None].expand(B, -1)
        visible = h[keep].view(B, -1, D)
        return self.norm(self.blocks(visible))
"""
)

template("detr_topk_boxes", "({b}, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, n_queries=10, n_classes=5, k={k}):
        super().__init__()
        self.k = k
        self.backbone = nn.Sequential(
            nn.Conv2d(3, dim, 4, stride=4), nn.ReLU(), nn.Conv2d(dim, dim, 3, padding=1)
        )
        self.query = nn.Parameter(torch.randn(n_queries, dim))
        self.dec = nn.TransformerDecoderLayer(dim, 4, 64, batch_first=True)
        self.cls = nn.Linear(dim, n_classes + 1)
        self.box = nn.Linear(dim, 4)

    def forward(self, x):
        mem = self.backbone(x).flatten(2).transpose(1, 2)
        B = x.shape[0]
        h = self.dec(self.query.expand(B, -1, -1), mem)
        scores = self.cls(h).softmax(-1)[..., :-1].max(-1).values
        boxes = self.box(h).sigmoid()
        idx = scores.topk(self.k, dim=1).indices
        return boxes[torch.arange(B){ix}, idx]
"""
)

template("unet_convT_output_size", "(2, 3, {h}, {h})")(
    """
def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU())


class Net(nn.Module):
    def __init__(self, c=16, n_out=2):
        super().__init__()
        self.e1 = block(3, c)
        self.e2 = block(c, 2 * c)
        self.bott = block(2 * c, 2 * c)
        self.pool = nn.MaxPool2d(2)
        self.up2 = nn.ConvTranspose2d(2 * c, 2 * c, 2, stride=2)
        self.d2 = block(4 * c, c)
        self.up1 = nn.ConvTranspose2d(c, c, 2, stride=2)
        self.d1 = block(2 * c, c)
        self.head = nn.Conv2d(c, n_out, 1)

    def forward(self, x):
        e1 = self.e1(x)
        e2 = self.e2(self.pool(e1))
        b = self.bott(self.pool(e2))
        u2 = self.up2(b, output_size={os2})
        d2 = self.d2(torch.cat([u2, e2], 1))
        u1 = self.up1(d2, output_size=e1.shape[-2:])
        return self.head(self.d1(torch.cat([u1, e1], 1)))
"""
)

template("gcn_batched_mm", "{shape}")(
    """
class GCNLayer(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.lin = nn.Linear(fin, fout)

    def forward(self, h, adj):
        return F.relu({prop})


class Net(nn.Module):
    def __init__(self, n_nodes=6, fin=8, hid=16, n_classes=3):
        super().__init__()
        a = torch.eye(n_nodes) + torch.roll(torch.eye(n_nodes), 1, 0) + torch.roll(torch.eye(n_nodes), -1, 0)
        self.register_buffer("adj", a / a.sum(1, keepdim=True))
        self.layers = nn.ModuleList([GCNLayer(fin, hid), GCNLayer(hid, hid)])
        self.out = nn.Linear(hid, n_classes)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x, self.adj)
        return self.out(x)
"""
)

template("gcn_degree_diag", "{shape}")(
    """
class Net(nn.Module):
    def __init__(self, n_nodes=6, fin=8, hid=16, n_classes=3):
        super().__init__()
        self.n = n_nodes
        self.w1 = nn.Linear(fin, hid)
        self.w2 = nn.Linear(hid, hid)
        self.cls = nn.Linear(hid, n_classes)

    def norm_adj(self, x):
        adj = (torch.cdist(x, x) >= 0).float()
        deg = adj.sum(-1{kd})
        d = {diag}(deg.pow(-0.5))
        return d @ adj @ d

    def forward(self, x):
        a = self.norm_adj(x)
        h = F.relu(a @ self.w1(x))
        h = F.relu(a @ self.w2(h))
        return self.cls(h)
"""
)

template("egnn_cross_normals", "(2, {n}, 7)")(
    """
class Net(nn.Module):
    def __init__(self, feat=4, hid=32, n_coord={nc}):
        super().__init__()
        self.nc = n_coord
        self.mlp = nn.Sequential(nn.Linear(feat + 3, hid), nn.ReLU(), nn.Linear(hid, hid))
        self.out = nn.Linear(hid, 1)

    def forward(self, x):
        pos, feat = x[..., : self.nc], x[..., 3:]
        e1 = pos - pos.roll(1, dims=1)
        e2 = pos.roll(-1, dims=1) - pos
        normal = torch.cross(e1, e2, dim={dim})
        normal = normal / (normal.norm(dim=-1, keepdim=True) + 1e-6)
        h = self.mlp(torch.cat([feat, normal], -1))
        return self.out(h.max(1).values)
"""
)

template("causal_tril_1d", "(2, 10, 32)")(
    """
class Head(nn.Module):
    def __init__(self, d, hs):
        super().__init__()
        self.q = nn.Linear(d, hs, bias=False)
        self.k = nn.Linear(d, hs, bias=False)
        self.v = nn.Linear(d, hs, bias=False)

    def forward(self, x):
        T = x.shape[1]
        att = self.q(x) @ self.k(x).transpose(-2, -1) * self.k.out_features ** -0.5
        mask = {tril}
        att = att.masked_fill(mask == 0, float("-inf")).softmax(-1)
        return att @ self.v(x)


class Net(nn.Module):
    def __init__(self, d=32, n_head=4):
        super().__init__()
        self.heads = nn.ModuleList([Head(d, d // n_head) for _ in range(n_head)])
        self.proj = nn.Linear(d, d)
        self.ln = nn.LayerNorm(d)

    def forward(self, x):
        h = torch.cat([hd(self.ln(x)) for hd in self.heads], -1)
        return x + self.proj(h)
"""
)

template("rope_outer_positions", "(2, 8, 32)")(
    """
class RotaryAttention(nn.Module):
    def __init__(self, d, n_head, base=10000.0):
        super().__init__()
        self.h, self.hd = n_head, d // n_head
        self.register_buffer("inv_freq", 1.0 / base ** (torch.arange(0, self.hd, 2).float() / self.hd))
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def rotate(self, x, cos, sin):
        x1, x2 = x[..., : self.hd // 2], x[..., self.hd // 2 :]
        return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1)

    def forward(self, x):
        B, T, D = x.shape
        pos = {pos}
        freqs = {freqs}
        cos, sin = freqs.cos().unsqueeze(-3), freqs.sin().unsqueeze(-3)
        q, k, v = self.qkv(x).view(B, T, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        q, k = self.rotate(q, cos, sin), self.rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self, d=32, n_head=4, depth=2):
        super().__init__()
        self.layers = nn.ModuleList([RotaryAttention(d, n_head) for _ in range(depth)])
        self.norms = nn.ModuleList([nn.LayerNorm(d) for _ in range(depth)])

    def forward(self, x):
        for attn, norm in zip(self.layers, self.norms):
            x = x + attn(norm(x))
        return x
"""
)

template("llama_complex_rope", "(2, 6)", kind="tokens")(
    """
def precompute_freqs_cis(dim, end, theta=10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end).float()
    return torch.polar(torch.ones(end, dim // 2), torch.outer(t, freqs))


def apply_rotary_emb(xq, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], {r}))
    return torch.view_as_real(xq_ * freqs_cis[None, :, None, :]).flatten(3).type_as(xq)


class Attention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, dim // n_heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)

    def forward(self, x, freqs_cis):
        B, T, _ = x.shape
        q = self.wq(x).view(B, T, self.n_heads, self.head_dim)
        k = self.wk(x).view(B, T, self.n_heads, self.head_dim)
        v = self.wv(x).view(B, T, self.n_heads, self.head_dim)
        q, k = apply_rotary_emb(q, freqs_cis), apply_rotary_emb(k, freqs_cis)
        y = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True
        )
        return self.wo(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self, vocab=32, dim={dim}, n_heads=2, n_layers=2, max_len=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList([Attention(dim, n_heads) for _ in range(n_layers)])
        self.norm = nn.RMSNorm(dim)
        self.out = nn.Linear(dim, vocab, bias=False)
        self.register_buffer("freqs_cis", precompute_freqs_cis(dim // n_heads, max_len), persistent=False)

    def forward(self, tokens):
        h = self.emb(tokens)
        fc = self.freqs_cis[: tokens.shape[1]]
        for layer in self.layers:
            h = h + layer(h, fc)
        return self.out(self.norm(h))
"""
)

template("gnn_index_add", "(6, {fin})")(
    """
class MessagePassing(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.msg = nn.Linear(2 * fin, fout)
        self.upd = nn.Linear(fin + fout, fout)

    def forward(self, x, src, dst):
        m = F.relu(self.msg(torch.cat([x[src], x[dst]], -1)))
        agg = torch.zeros(x.shape[0], {width})
        agg.index_add_(0, dst, m)
        return F.relu(self.upd(torch.cat([x, agg], -1)))


class Net(nn.Module):
    def __init__(self, fin={fin}, hid=16, n_out=2):
        super().__init__()
        n = 6
        self.register_buffer("src", torch.arange(n))
        self.register_buffer("dst", (torch.arange(n) + 1) % n)
        self.mp1 = MessagePassing(fin, hid)
        self.mp2 = MessagePassing(hid, hid)
        self.readout = nn.Linear(hid, n_out)

    def forward(self, x):
        h = self.mp2(self.mp1(x, self.src, self.dst), self.src, self.dst)
        return self.readout(h.mean(0))
"""
)

template("fpn_topdown_range", "(2, 3, 64, 64)")(
    """
class Net(nn.Module):
    def __init__(self, chans=(16, 32, 64), out=32):
        super().__init__()
        self.stages = nn.ModuleList()
        cin = 3
        for c in chans:
            self.stages.append(nn.Sequential(nn.Conv2d(cin, c, 3, stride=2, padding=1), nn.ReLU()))
            cin = c
        self.lateral = nn.ModuleList([nn.Conv2d(c, out, 1) for c in chans])
        self.head = nn.Conv2d(out, 4, 3, padding=1)

    def forward(self, x):
        feats = []
        for s in self.stages:
            x = s(x)
            feats.append(x)
        lat = [l(f) for l, f in zip(self.lateral, feats)]
        outs = [lat[-1]]
        for i in {rng}:
            up = F.interpolate(lat[i + 1], size=lat[i].shape[-2:], mode="nearest")
            outs.append(lat[i] + up)
        return [self.head(o) for o in outs]
"""
)

template("wavenet_dropout_percent", "(2, 1, 64)")(
    """
class ResidualLayer(nn.Module):
    def __init__(self, ch, dilation, drop):
        super().__init__()
        self.drop = drop
        self.filt = nn.Conv1d(ch, ch, 2, dilation=dilation, padding=dilation)
        self.gate = nn.Conv1d(ch, ch, 2, dilation=dilation, padding=dilation)
        self.res = nn.Conv1d(ch, ch, 1)

    def forward(self, x):
        T = x.shape[-1]
        h = torch.tanh(self.filt(x)[..., :T]) * torch.sigmoid(self.gate(x)[..., :T])
        h = F.dropout(h, p=self.drop, training=self.training)
        return x + self.res(h)


class Net(nn.Module):
    def __init__(self, ch=16, n_layers=4, drop={drop}):
        super().__init__()
        self.inp = nn.Conv1d(1, ch, 1)
        self.layers = nn.ModuleList([ResidualLayer(ch, 2**i, drop) for i in range(n_layers)])
        self.out = nn.Conv1d(ch, 256, 1)

    def forward(self, x):
        h = self.inp(x)
        for layer in self.layers:
            h = layer(h)
        return self.out(F.relu(h))
"""
)

template("chunked_conformer_zero_div", "(2, {t}, 32)")(
    """
class ChunkAttention(nn.Module):
    def __init__(self, d, heads, chunk):
        super().__init__()
        self.chunk = chunk
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)

    def forward(self, x):
        B, T, D = x.shape
        n_chunks = T // self.chunk
        size = T // n_chunks
        xc = x[:, : n_chunks * size].reshape(B * n_chunks, size, D)
        y, _ = self.attn(xc, xc, xc)
        y = y.reshape(B, n_chunks * size, D)
        return torch.cat([y, x[:, n_chunks * size :]], 1)


class Net(nn.Module):
    def __init__(self, d=32, heads=4, chunk={chunk}):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = ChunkAttention(d, heads, chunk)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.SiLU(), nn.Linear(4 * d, d))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.ff(self.ln2(x))
"""
)

template("vocoder_upsample_mode", "(2, 80, 16)")(
    """
class UpBlock(nn.Module):
    def __init__(self, cin, cout, mode):
        super().__init__()
        self.mode = mode
        self.conv = nn.Conv1d(cin, cout, 5, padding=2)

    def forward(self, x):
        x = F.interpolate(x, scale_factor=2, mode=self.mode)
        return F.leaky_relu(self.conv(x), 0.1)


class Net(nn.Module):
    def __init__(self, n_mels=80, ch=64, mode="{mode}"):
        super().__init__()
        self.pre = nn.Conv1d(n_mels, ch, 7, padding=3)
        self.ups = nn.Sequential(UpBlock(ch, ch // 2, mode), UpBlock(ch // 2, ch // 4, mode))
        self.post = nn.Conv1d(ch // 4, 1, 7, padding=3)

    def forward(self, mel):
        return torch.tanh(self.post(self.ups(self.pre(mel))))
"""
)

template("multiscale_gate_tensor", "({b}, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, n_classes=10):
        super().__init__()
        self.s1 = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.ReLU())
        self.s2 = nn.Sequential(nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.ReLU())
        self.s3 = nn.Sequential(nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(ch, n_classes)

    def forward(self, x):
        f1 = self.s1(x)
        f2 = self.s2(f1)
        f3 = self.s3(f2)
        feats = [f1, f2, f3]
        w = torch.softmax(torch.tensor([{score} for f in feats]), 0)
        fused = sum(wi * self.pool(f).flatten(1) for wi, f in zip(w, feats))
        return self.fc(fused)
"""
)

template("crnn_flatten_order", "(2, 1, 32, 40)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=32, ch=16, hid=32, n_classes=20):
        super().__init__()
        self.cnn = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1),
            nn.BatchNorm2d(ch),
            nn.ReLU(),
            nn.MaxPool2d((2, 1)),
            nn.Conv2d(ch, ch, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d((2, 1)),
        )
        self.rnn = nn.GRU(ch * (n_mels // 4), hid, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(2 * hid, n_classes)

    def forward(self, x):
        h = self.cnn(x)
        h = h.flatten({fl}).transpose(1, 2)
        out, _ = self.rnn(h)
        return self.fc(out)
"""
)

template("vit_register_inplace", "({b}, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, patch=8, n_reg=4, n_classes=10):
        super().__init__()
        self.embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.registers = nn.Parameter(torch.randn(1, n_reg, dim) * 0.02)
        self.reg_pos = nn.Parameter(torch.randn(1, n_reg, dim) * 0.02)
        self.blocks = nn.Sequential(
            nn.TransformerEncoderLayer(dim, 4, 64, batch_first=True),
            nn.TransformerEncoderLayer(dim, 4, 64, batch_first=True),
        )
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        tok = self.embed(x).flatten(2).transpose(1, 2)
        reg = self.registers.expand(tok.shape[0], -1, -1)
        {regop}
        h = self.blocks(torch.cat([reg, tok], 1))
        return self.head(h[:, reg.shape[1] :].mean(1))
"""
)

template("bloom_alibi_baddbmm", "({b}, 8)", kind="tokens")(
    """
def alibi_slopes(n_head):
    return torch.tensor([2 ** (-8 * (i + 1) / n_head) for i in range(n_head)])


class AlibiAttention(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.h, self.hd = n_head, d // n_head
        self.qkv = nn.Linear(d, 3 * d)
        self.dense = nn.Linear(d, d)
        self.register_buffer("slopes", alibi_slopes(n_head))

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, self.h, 3, self.hd).unbind(3)
        q = q.transpose(1, 2).reshape(B * self.h, T, self.hd)
        k = k.transpose(1, 2).reshape(B * self.h, T, self.hd)
        v = v.transpose(1, 2).reshape(B * self.h, T, self.hd)
        alibi = self.slopes[:, None, None] * torch.arange(T)[None, None, :]
        alibi = {alibi}
        scores = torch.baddbmm(alibi, q, k.transpose(1, 2), beta=1.0, alpha=self.hd**-0.5)
        causal = torch.ones(T, T, dtype=torch.bool).triu(1)
        probs = scores.masked_fill(causal, float("-inf")).softmax(-1)
        y = torch.bmm(probs, v).view(B, self.h, T, self.hd).transpose(1, 2).reshape(B, T, D)
        return self.dense(y)


class Net(nn.Module):
    def __init__(self, vocab=40, d=32, n_head=4, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.ln_e = nn.LayerNorm(d)
        self.layers = nn.ModuleList([AlibiAttention(d, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)

    def forward(self, idx):
        h = self.ln_e(self.wte(idx))
        for layer in self.layers:
            h = h + layer(h)
        return self.ln_f(h) @ self.wte.weight.t()
"""
)

template("moe_router_gather", "(2, 6, 32)")(
    """
class Expert(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.w1 = nn.Linear(d, f)
        self.w2 = nn.Linear(f, d)

    def forward(self, x):
        return self.w2(F.gelu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, d=32, f=64, n_exp=4, k=2):
        super().__init__()
        self.k = k
        self.router = nn.Linear(d, n_exp)
        self.experts = nn.ModuleList([Expert(d, f) for _ in range(n_exp)])

    def forward(self, x):
        logits = self.router(x)
        all_out = torch.stack([e(x) for e in self.experts], dim=-2)
        w, idx = logits.topk(self.k, dim=-1)
        w = w.softmax(-1)
        picked = torch.gather(all_out, -2, {index})
        return x + (picked * w[..., None]).sum(-2)
"""
)

template("mamba_xproj_split", "(2, 8, 32)")(
    """
class SSMBlock(nn.Module):
    def __init__(self, d_model, d_state=8, expand=2, dt_rank={dt_rank}):
        super().__init__()
        d_in = expand * d_model
        self.d_state, self.dt_rank = d_state, dt_rank
        self.in_proj = nn.Linear(d_model, 2 * d_in)
        self.conv = nn.Conv1d(d_in, d_in, 4, groups=d_in, padding=3)
        self.x_proj = nn.Linear(d_in, 4 + 2 * d_state)
        self.dt_proj = nn.Linear(4, d_in)
        self.A_log = nn.Parameter(torch.zeros(d_in, d_state))
        self.out_proj = nn.Linear(d_in, d_model)

    def forward(self, x):
        B, L, _ = x.shape
        xz, z = self.in_proj(x).chunk(2, -1)
        xz = F.silu(self.conv(xz.transpose(1, 2))[..., :L].transpose(1, 2))
        dt, Bm, Cm = self.x_proj(xz).split([self.dt_rank, self.d_state, self.d_state], dim=-1)
        dt = F.softplus(self.dt_proj(dt))
        A = -torch.exp(self.A_log)
        h = torch.zeros(B, xz.shape[-1], self.d_state)
        ys = []
        for t in range(L):
            h = torch.exp(dt[:, t, :, None] * A) * h + dt[:, t, :, None] * Bm[:, t, None] * xz[:, t, :, None]
            ys.append((h * Cm[:, t, None]).sum(-1))
        y = torch.stack(ys, 1) * F.silu(z)
        return self.out_proj(y)


class Net(nn.Module):
    def __init__(self, d=32, depth=2):
        super().__init__()
        self.layers = nn.ModuleList([SSMBlock(d) for _ in range(depth)])
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(self.norm(x))
        return x
"""
)

template("swin_window_view", "(2, 3, {h}, {h})")(
    """
def window_partition(x, ws):
    B, H, W, C = x.shape
    x = x.view(B, H // ws, ws, W // ws, ws, C)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, C)


class Net(nn.Module):
    def __init__(self, dim=32, patch=4, ws=4, n_classes=10, pad_to_window={pad}):
        super().__init__()
        self.ws, self.pad = ws, pad_to_window
        self.embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, 4, batch_first=True)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        x = self.embed(x).permute(0, 2, 3, 1)
        if self.pad:
            ph = (-x.shape[1]) % self.ws
            pw = (-x.shape[2]) % self.ws
            x = F.pad(x, (0, 0, 0, pw, 0, ph))
        w = window_partition(self.norm(x), self.ws)
        y, _ = self.attn(w, w, w)
        return self.head(y.mean(1))
"""
)

template("ddpm_resblock_groupnorm", "(2, {c}, 16, 16)")(
    """
class ResBlock(nn.Module):
    def __init__(self, ch, groups):
        super().__init__()
        self.groups = groups
        self.c1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.c2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x):
        h = self.c1(F.silu(F.group_norm(x, self.groups)))
        h = self.c2(F.silu(F.group_norm(h, self.groups)))
        return x + h


class Net(nn.Module):
    def __init__(self, ch={c}, groups={g}):
        super().__init__()
        self.blocks = nn.Sequential(ResBlock(ch, groups), ResBlock(ch, groups))
        self.out = nn.Conv2d(ch, ch, 1)

    def forward(self, x):
        return self.out(self.blocks(x))
"""
)

template("conformer_depthwise_glu", "(2, 20, 32)")(
    """
class ConvModule(nn.Module):
    def __init__(self, d, k=7):
        super().__init__()
        dw_ch = {dw}
        self.ln = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d(dw_ch, dw_ch, k, padding=k // 2, groups=dw_ch)
        self.bn = nn.BatchNorm1d(dw_ch)
        self.pw2 = nn.Conv1d(dw_ch, d, 1)

    def forward(self, x):
        h = self.ln(x).transpose(1, 2)
        h = F.glu(self.pw1(h), dim=1)
        h = self.pw2(F.silu(self.bn(self.dw(h))))
        return x + h.transpose(1, 2)


class Net(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.SiLU(), nn.Linear(4 * d, d))
        self.conv = ConvModule(d)
        self.out = nn.LayerNorm(d)

    def forward(self, x):
        x = x + 0.5 * self.ff(x)
        return self.out(self.conv(x))
"""
)

template("esrgan_two_shuffles", "(1, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self, nf=16, n_blocks=2):
        super().__init__()
        up_ch = {up_ch}
        self.first = nn.Conv2d(3, nf, 3, padding=1)
        self.body = nn.Sequential(
            *[nn.Sequential(nn.Conv2d(nf, nf, 3, padding=1), nn.LeakyReLU(0.2)) for _ in range(n_blocks)]
        )
        self.up1 = nn.Conv2d(nf, up_ch, 3, padding=1)
        self.up2 = nn.Conv2d(nf, up_ch, 3, padding=1)
        self.ps = nn.PixelShuffle(2)
        self.last = nn.Conv2d(nf, 3, 3, padding=1)

    def forward(self, x):
        f = self.first(x)
        f = f + self.body(f)
        f = F.leaky_relu(self.ps(self.up1(f)), 0.2)
        f = F.leaky_relu(self.ps(self.up2(f)), 0.2)
        return self.last(f)
"""
)

template("yolo_head_view", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes={nc}, n_anchors=3, ch=32):
        super().__init__()
        head_classes = {hc}
        self.na, self.no = n_anchors, 5 + n_classes
        self.backbone = nn.Sequential(
            nn.Conv2d(3, ch, 3, stride=2, padding=1), nn.SiLU(),
            nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.SiLU(),
        )
        self.detect = nn.Conv2d(ch, n_anchors * (5 + head_classes), 1)

    def forward(self, x):
        p = self.detect(self.backbone(x))
        B, _, H, W = p.shape
        p = p.view(B, self.na, self.no, H, W).permute(0, 1, 3, 4, 2)
        return p.sigmoid()
"""
)

template("vit_einops_patchify", "(2, 3, {h}, {h})")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, patch=8, dim=48, n_classes=10):
        super().__init__()
        self.p = patch
        self.to_emb = nn.Sequential(nn.LayerNorm(3 * patch * patch), nn.Linear(3 * patch * patch, dim))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(dim, 4, 96, batch_first=True), 2)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, img):
        x = rearrange(img, "b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=self.p, p2=self.p)
        return self.head(self.enc(self.to_emb(x)).mean(1))
"""
)

template("seq2seq_bahdanau_bmm", "(2, 7)", kind="tokens")(
    """
class Encoder(nn.Module):
    def __init__(self, vocab, emb, hid, bidir):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(emb, hid, batch_first=True, bidirectional=bidir)

    def forward(self, src):
        return self.rnn(self.emb(src))[0]


class Net(nn.Module):
    def __init__(self, vocab=30, emb=16, hid=32, bidir={bidir}):
        super().__init__()
        enc_out = {enc_out}
        self.encoder = Encoder(vocab, emb, hid, bidir)
        self.dec_emb = nn.Embedding(vocab, emb)
        self.dec_cell = nn.GRUCell(emb + enc_out, hid)
        self.query = nn.Linear(hid, enc_out, bias=False)
        self.out = nn.Linear(hid, vocab)

    def forward(self, src):
        enc = self.encoder(src)
        B = src.shape[0]
        h = torch.zeros(B, self.dec_cell.hidden_size)
        tok = torch.zeros(B, dtype=torch.long)
        logits = []
        for _ in range(3):
            q = self.query(h).unsqueeze(2)
            a = torch.bmm(enc, q).squeeze(2).softmax(-1)
            ctx = torch.bmm(a.unsqueeze(1), enc).squeeze(1)
            h = self.dec_cell(torch.cat([self.dec_emb(tok), ctx], -1), h)
            logits.append(self.out(h))
            tok = logits[-1].argmax(-1)
        return torch.stack(logits, 1)
"""
)

template("pointnet_seg_concat", "(2, 3, 128)")(
    """
class Net(nn.Module):
    def __init__(self, n_parts=4, seg_in={seg_in}):
        super().__init__()
        self.local = nn.Sequential(nn.Conv1d(3, 64, 1), nn.BatchNorm1d(64), nn.ReLU())
        self.glob = nn.Sequential(nn.Conv1d(64, 128, 1), nn.BatchNorm1d(128), nn.ReLU(), nn.Conv1d(128, 256, 1))
        self.seg = nn.Sequential(nn.Conv1d(seg_in, 128, 1), nn.ReLU(), nn.Conv1d(128, n_parts, 1))

    def forward(self, x):
        N = x.shape[-1]
        loc = self.local(x)
        g = self.glob(loc).max(-1, keepdim=True).values.expand(-1, -1, N)
        return self.seg(torch.cat([loc, g], 1))
"""
)

template("tcn_chomp_residual", "(2, 4, 50)")(
    """
class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, k, dilation, chomp):
        super().__init__()
        pad = (k - 1) * dilation
        self.chomp = chomp
        self.conv1 = nn.Conv1d(cin, cout, k, padding=pad, dilation=dilation)
        self.conv2 = nn.Conv1d(cout, cout, k, padding=pad, dilation=dilation)
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):
        h = F.relu(self.conv1(x)[..., : -self.chomp])
        h = F.relu(self.conv2(h)[..., : -self.chomp])
        return F.relu(h + self.down(x))


class Net(nn.Module):
    def __init__(self, cin=4, ch=16, k=3, levels=3):
        super().__init__()
        layers = []
        for i in range(levels):
            d = 2**i
            layers.append(TemporalBlock(cin if i == 0 else ch, ch, k, d, {chomp}))
        self.tcn = nn.Sequential(*layers)
        self.fc = nn.Linear(ch, 1)

    def forward(self, x):
        return self.fc(self.tcn(x)[:, :, -1])
"""
)

template("vae_flatten_fc", "(2, 1, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, z=8, img=28):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(1, 16, 4, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 32, 4, stride=2, padding=1), nn.ReLU(),
        )
        flat = 32 * (img // 4) * (img // 4)
        self.mu = nn.Linear(flat, z)
        self.logvar = nn.Linear(flat, z)
        self.dec_fc = nn.Linear(z, flat)
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(32, 16, 4, stride=2, padding=1), nn.ReLU(),
            nn.ConvTranspose2d(16, 1, 4, stride=2, padding=1),
        )
        self.s = img // 4

    def forward(self, x):
        h = self.enc(x).flatten(1)
        mu, logvar = self.mu(h), self.logvar(h)
        zs = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.dec(self.dec_fc(zs).view(-1, 32, self.s, self.s)).sigmoid()
"""
)

template("coatnet_conv_layernorm", "(2, 3, 32, 32)")(
    """
class MBConv(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.norm = nn.LayerNorm({norm_arg})
        self.dw = nn.Conv2d(c, c, 3, padding=1, groups=c)
        self.pw = nn.Conv2d(c, c, 1)

    def forward(self, x):
        return x + self.pw(F.gelu(self.dw({normed})))


class Net(nn.Module):
    def __init__(self, c=32, n_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 4, stride=4)
        self.blocks = nn.Sequential(MBConv(c), MBConv(c))
        self.head = nn.Linear(c, n_classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((2, 3)))
"""
)

template("neox_partial_rotary", "(2, 8, 64)")(
    """
class Attention(nn.Module):
    def __init__(self, d=64, n_head=4, rotary_pct={pct}):
        super().__init__()
        self.h, self.hd = n_head, d // n_head
        self.rot = int(self.hd * rotary_pct)
        table_dim = {tdim}
        inv = 1.0 / 10000 ** (torch.arange(0, table_dim, 2).float() / table_dim)
        t = torch.arange(64).float()
        emb = torch.cat([torch.outer(t, inv)] * 2, -1)
        self.register_buffer("cos", emb.cos())
        self.register_buffer("sin", emb.sin())
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def rope(self, x, T):
        xr, xp = x[..., : self.rot], x[..., self.rot :]
        x1, x2 = xr.chunk(2, -1)
        rot = torch.cat([-x2, x1], -1)
        xr = xr * self.cos[:T] + rot * self.sin[:T]
        return torch.cat([xr, xp], -1)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, self.h, 3 * self.hd).transpose(1, 2).chunk(3, -1)
        q, k = self.rope(q, T), self.rope(k, T)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self, d=64):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.attn = Attention(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        h = self.ln(x)
        return x + self.attn(h) + self.mlp(h)
"""
)

template("gqa_repeat_kv", "(2, 6, 48)")(
    """
class Net(nn.Module):
    def __init__(self, d=48, n_head=6, n_kv={n_kv}):
        super().__init__()
        n_rep = {n_rep}
        self.h, self.kv, self.rep, self.hd = n_head, n_kv, n_rep, d // n_head
        self.q = nn.Linear(d, n_head * self.hd, bias=False)
        self.k = nn.Linear(d, n_kv * self.hd, bias=False)
        self.v = nn.Linear(d, n_kv * self.hd, bias=False)
        self.o = nn.Linear(n_head * self.hd, d, bias=False)
        self.norm = nn.RMSNorm(d)

    def forward(self, x):
        B, T, _ = x.shape
        h = self.norm(x)
        q = self.q(h).view(B, T, self.h, self.hd).transpose(1, 2)
        k = self.k(h).view(B, T, self.kv, self.hd).transpose(1, 2)
        v = self.v(h).view(B, T, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.rep, dim=1)
        v = v.repeat_interleave(self.rep, dim=1)
        att = (q @ k.transpose(-1, -2)) * self.hd**-0.5
        y = att.softmax(-1) @ v
        return x + self.o(y.transpose(1, 2).reshape(B, T, -1))
"""
)

template("kws_cnn_pools", "(2, 1, 40, {t})")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=12):
        super().__init__()
        layers = []
        cin = 1
        for c in (16, 32, 64, 64):
            layers += [nn.Conv2d(cin, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU(), nn.MaxPool2d(2)]
            cin = c
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(64, n_classes)

    def forward(self, x):
        return self.fc(self.features(x).mean((2, 3)))
"""
)

template("dense_gat_mask", "(2, 6, 16)")(
    """
class GATLayer(nn.Module):
    def __init__(self, fin, fout, heads):
        super().__init__()
        self.h, self.f = heads, fout
        self.W = nn.Linear(fin, heads * fout, bias=False)
        self.a_src = nn.Parameter(torch.randn(heads, fout) * 0.1)
        self.a_dst = nn.Parameter(torch.randn(heads, fout) * 0.1)

    def forward(self, x, adj):
        B, N, _ = x.shape
        h = self.W(x).view(B, N, self.h, self.f)
        e = (h * self.a_src).sum(-1).unsqueeze(2) + (h * self.a_dst).sum(-1).unsqueeze(1)
        e = F.leaky_relu(e, 0.2).permute(0, 3, 1, 2)
        e = e.masked_fill(adj == 0, float("-inf"))
        att = e.softmax(-1)
        return (att @ h.transpose(1, 2)).transpose(1, 2).reshape(B, N, -1)


class Net(nn.Module):
    def __init__(self, n_nodes={nn_}, fin=16, hid=8, heads=2):
        super().__init__()
        a = torch.eye(n_nodes) + torch.roll(torch.eye(n_nodes), 1, 1)
        self.register_buffer("adj", a)
        self.l1 = GATLayer(fin, hid, heads)
        self.l2 = GATLayer(hid * heads, hid, 1)
        self.out = nn.Linear(hid, 2)

    def forward(self, x):
        h = F.elu(self.l1(x, self.adj))
        return self.out(self.l2(h, self.adj))
"""
)

template("retina_anchor_decode", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, ch=32, anchors_per_cell=9, n_classes=4):
        super().__init__()
        n_anchors = {na}
        self.backbone = nn.Sequential(
            nn.Conv2d(3, ch, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.box = nn.Conv2d(ch, n_anchors * 4, 3, padding=1)
        self.cls = nn.Conv2d(ch, n_anchors * n_classes, 3, padding=1)
        self.register_buffer("anchors", torch.rand(8 * 8 * anchors_per_cell, 4))
        self.nc = n_classes

    def forward(self, x):
        f = self.backbone(x)
        B = x.shape[0]
        deltas = self.box(f).permute(0, 2, 3, 1).reshape(B, -1, 4)
        logits = self.cls(f).permute(0, 2, 3, 1).reshape(B, -1, self.nc)
        boxes = self.anchors + deltas
        return boxes, logits.sigmoid()
"""
)

template("moe_batched_einsum", "(2, 5, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, f=64, n_exp=4):
        super().__init__()
        self.gate = nn.Linear(d, n_exp)
        self.w_in = nn.Parameter(torch.randn(n_exp, d, f) * 0.02)
        self.w_out = nn.Parameter(torch.randn(n_exp, f, d) * 0.02)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        h = self.norm(x)
        probs = self.gate(h).softmax(-1)
        up = F.gelu(torch.einsum("btd,edf->btef", h, self.w_in))
        down = torch.einsum("{eq}", up, self.w_out)
        return x + torch.einsum("bted,bte->btd", down, probs)
"""
)

template("unet_scale_add", "(1, 1, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, c=8, use_size={use_size}):
        super().__init__()
        self.use_size = use_size
        self.e1 = nn.Sequential(nn.Conv2d(1, c, 3, padding=1), nn.ReLU())
        self.e2 = nn.Sequential(nn.Conv2d(c, c, 3, stride=2, padding=1), nn.ReLU())
        self.e3 = nn.Sequential(nn.Conv2d(c, c, 3, stride=2, padding=1), nn.ReLU())
        self.out = nn.Conv2d(c, 1, 1)

    def up(self, x, ref):
        if self.use_size:
            return F.interpolate(x, size=ref.shape[-2:], mode="bilinear", align_corners=False)
        return F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)

    def forward(self, x):
        a = self.e1(x)
        b = self.e2(a)
        c = self.e3(b)
        b = b + self.up(c, b)
        a = a + self.up(b, a)
        return self.out(a)
"""
)

template("captioner_decoder_memory", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, vocab=50, d=32, enc_dim={enc_dim}, max_len=6):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, enc_dim, 8, stride=8), nn.ReLU())
        self.proj = {proj}
        self.emb = nn.Embedding(vocab, d)
        self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(d, 4, 64, batch_first=True), 2)
        self.out = nn.Linear(d, vocab)
        self.max_len = max_len

    def forward(self, img):
        mem = self.proj(self.enc(img).flatten(2).transpose(1, 2))
        tokens = torch.zeros(img.shape[0], self.max_len, dtype=torch.long)
        mask = nn.Transformer.generate_square_subsequent_mask(self.max_len)
        return self.out(self.dec(self.emb(tokens), mem, tgt_mask=mask))
"""
)

template("hyena_fft_conv", "(2, 16, {t})")(
    """
class Net(nn.Module):
    def __init__(self, d=16, max_len=64, fft_n={fft_n}):
        super().__init__()
        self.fft_n = fft_n
        self.filt = nn.Parameter(torch.randn(d, max_len) * 0.02)
        self.in_proj = nn.Conv1d(d, 2 * d, 1)
        self.out_proj = nn.Conv1d(d, d, 1)

    def forward(self, x):
        L = x.shape[-1]
        u, gate = self.in_proj(x).chunk(2, 1)
        n = {n_expr}
        uf = torch.fft.rfft(u, n=n)
        kf = torch.fft.rfft(self.filt[:, :L], n=2 * L)
        y = torch.fft.irfft(uf * kf, n=2 * L)[..., :L]
        return self.out_proj(y * torch.sigmoid(gate))
"""
)

template("act_halting_item", "({b}, {t}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, max_steps=4, threshold=0.99):
        super().__init__()
        self.max_steps, self.threshold = max_steps, threshold
        self.step = nn.Sequential(nn.Linear(d, d), nn.Tanh(), nn.Linear(d, d))
        self.halt = nn.Linear(d, 1)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        h = x
        total = 0.0
        for _ in range(self.max_steps):
            h = self.norm(h + self.step(h))
            p = torch.sigmoid(self.halt(h))
            total += {halt}
            if total > self.threshold:
                break
        return h
"""
)

template("speech_lstm_transpose", "(2, 40, 25)")(
    """
class Net(nn.Module):
    def __init__(self, n_feats=40, hid=32, n_tokens=29):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_feats, n_feats, 3, padding=1), nn.ReLU())
        self.rnn = nn.LSTM(n_feats, hid, num_layers=2, batch_first=True)
        self.fc = nn.Linear(hid, n_tokens)

    def forward(self, feats):
        h = self.conv(feats)
        out, _ = self.rnn({rnn_in})
        return self.fc(out).log_softmax(-1)
"""
)


template("shufflenetv2_true_div", "(2, 3, 32, 32)")(
    """
def channel_shuffle(x, groups):
    B, C, H, W = x.shape
    x = x.view(B, groups, {cpg}, H, W)
    return x.transpose(1, 2).reshape(B, C, H, W)


class Unit(nn.Module):
    def __init__(self, c):
        super().__init__()
        half = c // 2
        self.branch = nn.Sequential(
            nn.Conv2d(half, half, 1, bias=False),
            nn.BatchNorm2d(half),
            nn.ReLU(),
            nn.Conv2d(half, half, 3, padding=1, groups=half, bias=False),
            nn.BatchNorm2d(half),
            nn.Conv2d(half, half, 1, bias=False),
            nn.ReLU(),
        )

    def forward(self, x):
        a, b = x.chunk(2, 1)
        return channel_shuffle(torch.cat([a, self.branch(b)], 1), 2)


class Net(nn.Module):
    def __init__(self, c=24, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, stride=2, padding=1), nn.ReLU())
        self.units = nn.Sequential(Unit(c), Unit(c))
        self.fc = nn.Linear(c, n_classes)

    def forward(self, x):
        return self.fc(self.units(self.stem(x)).mean((2, 3)))
"""
)


WHOLE_MODELS = (
    "gpt_true_div",
    "ddpm_item_timestep",
    "unet_inplace_temb",
    "mae_mask_token_fill",
    "mae_keep_index",
    "detr_topk_boxes",
    "unet_convT_output_size",
    "gcn_batched_mm",
    "causal_tril_1d",
    "rope_outer_positions",
    "llama_complex_rope",
    "gnn_index_add",
    "fpn_topdown_range",
    "wavenet_dropout_percent",
    "chunked_conformer_zero_div",
    "vocoder_upsample_mode",
    "multiscale_gate_tensor",
    "crnn_flatten_order",
    "vit_register_inplace",
    "bloom_alibi_baddbmm",
    "moe_router_gather",
    "mamba_xproj_split",
    "swin_window_view",
    "ddpm_resblock_groupnorm",
    "conformer_depthwise_glu",
    "esrgan_two_shuffles",
    "yolo_head_view",
    "vit_einops_patchify",
    "seq2seq_bahdanau_bmm",
    "pointnet_seg_concat",
    "tcn_chomp_residual",
    "vae_flatten_fc",
    "coatnet_conv_layernorm",
    "neox_partial_rotary",
    "kws_cnn_pools",
    "dense_gat_mask",
    "retina_anchor_decode",
    "captioner_decoder_memory",
    "act_halting_item",
    "speech_lstm_transpose",
    "gcn_degree_diag",
    "unet_scale_add",
    "shufflenetv2_true_div",
)

# (template, variant suffix, defect class it was written for, sizes)
VARIANTS: list[tuple[str, str, str, dict]] = [
    ("gpt_true_div", "ok", "clean", {"div": "//"}),
    ("gpt_true_div", "true_div", "true_div_size", {"div": "/"}),
    ("ddpm_item_timestep", "ok", "clean", {"b": 2, "beta": "self.betas[t][:, None, None, None]"}),
    ("ddpm_item_timestep", "ok_item_b1", "clean", {"b": 1, "beta": "self.betas[t.item()]"}),
    ("ddpm_item_timestep", "item_b2", "item_scalar", {"b": 2, "beta": "self.betas[t.item()]"}),
    ("ddpm_item_timestep", "int_b3", "item_scalar", {"b": 3, "beta": "self.betas[int(t)]"}),
    ("unet_inplace_temb", "ok", "clean", {"add": "h += emb"}),
    ("unet_inplace_temb", "ok_outplace", "clean", {"add": "h = emb + h"}),
    ("unet_inplace_temb", "emb_inplace", "inplace_broadcast", {"add": "emb += h\n        h = emb"}),
    (
        "mae_mask_token_fill",
        "ok",
        "clean",
        {"fill": "torch.where(mask[..., None], self.mask_token, tokens)"},
    ),
    (
        "mae_mask_token_fill",
        "ok_scalar",
        "clean",
        {"fill": "tokens.masked_fill(mask[..., None], 0.0)"},
    ),
    (
        "mae_mask_token_fill",
        "token_vector",
        "masked_fill_value",
        {"fill": "tokens.masked_fill(mask[..., None], self.mask_token)"},
    ),
    ("mae_keep_index", "ok", "clean", {"mp": 4}),
    ("mae_keep_index", "mask_patch8", "bool_mask_index", {"mp": 8}),
    ("mae_keep_index", "mask_patch2", "bool_mask_index", {"mp": 2}),
    ("detr_topk_boxes", "ok", "clean", {"b": 2, "k": 5, "ix": "[:, None]"}),
    ("detr_topk_boxes", "ok_k_eq_b", "clean", {"b": 2, "k": 2, "ix": ""}),
    ("detr_topk_boxes", "flat_arange", "adv_index_broadcast", {"b": 2, "k": 5, "ix": ""}),
    ("detr_topk_boxes", "flat_arange_b3", "adv_index_broadcast", {"b": 3, "k": 4, "ix": ""}),
    ("unet_convT_output_size", "ok", "clean", {"h": 32, "os2": "e2.shape[-2:]"}),
    ("unet_convT_output_size", "ok_odd", "clean", {"h": 30, "os2": "e2.shape[-2:]"}),
    ("unet_convT_output_size", "top_size", "convT_output_size", {"h": 32, "os2": "e1.shape[-2:]"}),
    (
        "unet_convT_output_size",
        "top_size_odd",
        "convT_output_size",
        {"h": 30, "os2": "x.shape[-2:]"},
    ),
    ("gcn_batched_mm", "ok", "clean", {"shape": "(6, 8)", "prop": "torch.mm(adj, self.lin(h))"}),
    (
        "gcn_batched_mm",
        "ok_batched_matmul",
        "clean",
        {"shape": "(2, 6, 8)", "prop": "adj @ self.lin(h)"},
    ),
    (
        "gcn_batched_mm",
        "batched_mm",
        "mm_rank",
        {"shape": "(2, 6, 8)", "prop": "torch.mm(adj, self.lin(h))"},
    ),
    ("gcn_degree_diag", "ok", "clean", {"shape": "(6, 8)", "kd": "", "diag": "torch.diag"}),
    (
        "gcn_degree_diag",
        "ok_batched",
        "clean",
        {"shape": "(2, 6, 8)", "kd": "", "diag": "torch.diag_embed"},
    ),
    (
        "gcn_degree_diag",
        "batched_diag",
        "diag_rank",
        {"shape": "(2, 6, 8)", "kd": "", "diag": "torch.diag"},
    ),
    (
        "gcn_degree_diag",
        "keepdim_diag",
        "diag_rank",
        {"shape": "(2, 6, 8)", "kd": ", keepdim=True", "diag": "torch.diag"},
    ),
    ("egnn_cross_normals", "ok", "clean", {"n": 8, "nc": 3, "dim": -1}),
    ("egnn_cross_normals", "ok_dim1_n3", "clean", {"n": 3, "nc": 3, "dim": 1}),
    ("egnn_cross_normals", "planar", "cross_dim3", {"n": 8, "nc": 2, "dim": -1}),
    ("egnn_cross_normals", "dim1", "cross_dim3", {"n": 8, "nc": 3, "dim": 1}),
    ("causal_tril_1d", "ok", "clean", {"tril": "torch.tril(torch.ones(T, T))"}),
    ("causal_tril_1d", "ok_method", "clean", {"tril": "torch.ones(T, T).tril()"}),
    ("causal_tril_1d", "vector", "tril_rank", {"tril": "torch.tril(torch.ones(T))"}),
    (
        "rope_outer_positions",
        "ok",
        "clean",
        {"pos": "torch.arange(T).float()", "freqs": "torch.outer(pos, self.inv_freq)"},
    ),
    (
        "rope_outer_positions",
        "ok_batched_einsum",
        "clean",
        {
            "pos": "torch.arange(T).float().expand(B, T)",
            "freqs": 'torch.einsum("bt,f->btf", pos, self.inv_freq)',
        },
    ),
    (
        "rope_outer_positions",
        "batched_outer",
        "outer_1d",
        {"pos": "torch.arange(T).float().expand(B, T)", "freqs": "torch.outer(pos, self.inv_freq)"},
    ),
    ("llama_complex_rope", "ok", "clean", {"dim": 16, "r": "-1, 2"}),
    ("llama_complex_rope", "ok_hd4_swapped", "clean", {"dim": 8, "r": "2, -1"}),
    ("llama_complex_rope", "pairs_swapped", "view_as_complex_last2", {"dim": 16, "r": "2, -1"}),
    ("gnn_index_add", "ok", "clean", {"fin": 8, "width": "m.shape[-1]"}),
    ("gnn_index_add", "ok_same_width", "clean", {"fin": 16, "width": "x.shape[-1]"}),
    ("gnn_index_add", "input_width", "index_add_source", {"fin": 8, "width": "x.shape[-1]"}),
    ("fpn_topdown_range", "ok", "clean", {"rng": "reversed(range(len(lat) - 1))"}),
    ("fpn_topdown_range", "ok_forward_order", "clean", {"rng": "range(len(lat) - 1)"}),
    ("fpn_topdown_range", "one_past", "list_index", {"rng": "reversed(range(len(lat)))"}),
    ("wavenet_dropout_percent", "ok", "clean", {"drop": 0.1}),
    ("wavenet_dropout_percent", "ok_one", "clean", {"drop": 1.0}),
    ("wavenet_dropout_percent", "percent", "dropout_prob", {"drop": 10}),
    ("wavenet_dropout_percent", "p1_5", "dropout_prob", {"drop": 1.5}),
    ("chunked_conformer_zero_div", "ok", "clean", {"t": 16, "chunk": 4}),
    ("chunked_conformer_zero_div", "ok_one_chunk", "clean", {"t": 6, "chunk": 4}),
    ("chunked_conformer_zero_div", "short", "zero_division", {"t": 3, "chunk": 4}),
    ("chunked_conformer_zero_div", "chunk_past", "zero_division", {"t": 12, "chunk": 16}),
    ("vocoder_upsample_mode", "ok", "clean", {"mode": "linear"}),
    ("vocoder_upsample_mode", "ok_nearest", "clean", {"mode": "nearest"}),
    ("vocoder_upsample_mode", "bilinear", "interp_mode_rank", {"mode": "bilinear"}),
    ("vocoder_upsample_mode", "bicubic", "interp_mode_rank", {"mode": "bicubic"}),
    ("multiscale_gate_tensor", "ok", "clean", {"b": 2, "score": "f.abs().mean()"}),
    ("multiscale_gate_tensor", "ok_b1", "clean", {"b": 1, "score": "f.abs().mean(dim=(1, 2, 3))"}),
    (
        "multiscale_gate_tensor",
        "per_sample",
        "tensor_from_list",
        {"b": 2, "score": "f.abs().mean(dim=(1, 2, 3))"},
    ),
    ("crnn_flatten_order", "ok", "clean", {"fl": "1, 2"}),
    ("crnn_flatten_order", "ok_negative", "clean", {"fl": "-3, -2"}),
    ("crnn_flatten_order", "reversed", "flatten_dims_order", {"fl": "2, 1"}),
    ("crnn_flatten_order", "neg_start", "flatten_dims_order", {"fl": "-2, 1"}),
    ("vit_register_inplace", "ok", "clean", {"b": 2, "regop": "reg = reg + self.reg_pos"}),
    ("vit_register_inplace", "ok_b1", "clean", {"b": 1, "regop": "reg += self.reg_pos"}),
    (
        "vit_register_inplace",
        "expanded_inplace",
        "inplace_expanded",
        {"b": 2, "regop": "reg += self.reg_pos"},
    ),
    ("bloom_alibi_baddbmm", "ok", "clean", {"b": 2, "alibi": "alibi.repeat(B, 1, 1)"}),
    ("bloom_alibi_baddbmm", "ok_b1", "clean", {"b": 1, "alibi": "alibi"}),
    ("bloom_alibi_baddbmm", "per_head_bias", "baddbmm_bias", {"b": 2, "alibi": "alibi"}),
    (
        "moe_router_gather",
        "ok",
        "clean",
        {"index": "idx[..., None].expand(-1, -1, -1, x.shape[-1])"},
    ),
    ("moe_router_gather", "no_expand", "gather_index", {"index": "idx.unsqueeze(-2)"}),
    ("mamba_xproj_split", "ok", "clean", {"dt_rank": 4}),
    ("mamba_xproj_split", "dt_rank_ceil", "split_sizes", {"dt_rank": 2}),
    ("swin_window_view", "ok", "clean", {"h": 32, "pad": False}),
    ("swin_window_view", "ok_padded", "clean", {"h": 40, "pad": True}),
    ("swin_window_view", "h40", "reshape_numel", {"h": 40, "pad": False}),
    ("ddpm_resblock_groupnorm", "ok", "clean", {"c": 32, "g": 8}),
    ("ddpm_resblock_groupnorm", "ok_g1", "clean", {"c": 24, "g": 1}),
    ("ddpm_resblock_groupnorm", "c24_g32", "norm_groups", {"c": 24, "g": 32}),
    ("conformer_depthwise_glu", "ok", "clean", {"dw": "d"}),
    ("conformer_depthwise_glu", "pre_glu_width", "conv_in_channels", {"dw": "2 * d"}),
    ("esrgan_two_shuffles", "ok", "clean", {"up_ch": "4 * nf"}),
    ("esrgan_two_shuffles", "x3_channels", "pixel_shuffle", {"up_ch": "3 * nf"}),
    ("esrgan_two_shuffles", "x2_channels", "pixel_shuffle", {"up_ch": "2 * nf"}),
    ("yolo_head_view", "ok", "clean", {"nc": 4, "hc": "n_classes"}),
    ("yolo_head_view", "coco_head", "reshape_numel", {"nc": 4, "hc": 80}),
    ("vit_einops_patchify", "ok", "clean", {"h": 32}),
    ("vit_einops_patchify", "h36", "einops_axes", {"h": 36}),
    ("seq2seq_bahdanau_bmm", "ok", "clean", {"bidir": True, "enc_out": "2 * hid"}),
    ("seq2seq_bahdanau_bmm", "ok_unidir", "clean", {"bidir": False, "enc_out": "hid"}),
    ("seq2seq_bahdanau_bmm", "bidir_hid", "bmm", {"bidir": True, "enc_out": "hid"}),
    ("pointnet_seg_concat", "ok", "clean", {"seg_in": "64 + 256"}),
    ("pointnet_seg_concat", "global_only", "cat_linear", {"seg_in": 256}),
    ("tcn_chomp_residual", "ok", "clean", {"chomp": "(k - 1) * d"}),
    ("tcn_chomp_residual", "chomp_k", "broadcast_add", {"chomp": "k - 1"}),
    ("vae_flatten_fc", "ok", "clean", {"h": 28}),
    ("vae_flatten_fc", "h32", "flatten_linear", {"h": 32}),
    (
        "coatnet_conv_layernorm",
        "ok",
        "clean",
        {"norm_arg": "c", "normed": "self.norm(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)"},
    ),
    (
        "coatnet_conv_layernorm",
        "ok_chw",
        "clean",
        {"norm_arg": "[c, 8, 8]", "normed": "self.norm(x)"},
    ),
    (
        "coatnet_conv_layernorm",
        "channels_first",
        "norm_shape",
        {"norm_arg": "c", "normed": "self.norm(x)"},
    ),
    ("neox_partial_rotary", "ok", "clean", {"pct": 0.25, "tdim": "self.rot"}),
    ("neox_partial_rotary", "ok_full", "clean", {"pct": 1.0, "tdim": "self.hd"}),
    ("neox_partial_rotary", "table_head_dim", "rope_dims", {"pct": 0.25, "tdim": "self.hd"}),
    ("gqa_repeat_kv", "ok", "clean", {"n_kv": 2, "n_rep": "n_head // n_kv"}),
    ("gqa_repeat_kv", "ok_mha", "clean", {"n_kv": 6, "n_rep": 1}),
    ("gqa_repeat_kv", "rep_kv", "kv_heads", {"n_kv": 2, "n_rep": "n_kv"}),
    ("kws_cnn_pools", "ok", "clean", {"t": 101}),
    ("kws_cnn_pools", "ok_t16", "clean", {"t": 16}),
    ("kws_cnn_pools", "t8", "pool_too_small", {"t": 8}),
    ("dense_gat_mask", "ok", "clean", {"nn_": 6}),
    ("dense_gat_mask", "max_nodes", "attn_mask", {"nn_": 8}),
    ("retina_anchor_decode", "ok", "clean", {"na": "anchors_per_cell"}),
    ("retina_anchor_decode", "three_anchors", "broadcast_add", {"na": 3}),
    ("moe_batched_einsum", "ok", "clean", {"eq": "btef,efd->bted"}),
    ("moe_batched_einsum", "ok_renamed", "clean", {"eq": "xyef,efd->xyed"}),
    ("moe_batched_einsum", "f_twice", "einsum", {"eq": "btef,eff->bted"}),
    ("unet_scale_add", "ok", "clean", {"h": 32, "use_size": True}),
    ("unet_scale_add", "ok_scale_even", "clean", {"h": 32, "use_size": False}),
    ("unet_scale_add", "ok_size_odd", "clean", {"h": 30, "use_size": True}),
    ("unet_scale_add", "scale_odd", "broadcast_add", {"h": 30, "use_size": False}),
    ("captioner_decoder_memory", "ok", "clean", {"enc_dim": 64, "proj": "nn.Linear(enc_dim, d)"}),
    ("captioner_decoder_memory", "ok_same", "clean", {"enc_dim": 32, "proj": "nn.Identity()"}),
    ("captioner_decoder_memory", "no_proj", "mha_embed", {"enc_dim": 64, "proj": "nn.Identity()"}),
    ("hyena_fft_conv", "ok", "clean", {"t": 32, "fft_n": 0, "n_expr": "2 * L"}),
    ("hyena_fft_conv", "fixed_n", "fft_conv_len", {"t": 32, "fft_n": 128, "n_expr": "self.fft_n"}),
    ("hyena_fft_conv", "ok_fixed_n_fits", "clean", {"t": 64, "fft_n": 128, "n_expr": "self.fft_n"}),
    ("act_halting_item", "ok", "clean", {"b": 2, "t": 5, "halt": "p.mean().item()"}),
    ("act_halting_item", "ok_single", "clean", {"b": 1, "t": 1, "halt": "p.item()"}),
    ("act_halting_item", "per_token", "item_scalar", {"b": 2, "t": 5, "halt": "p.item()"}),
    ("speech_lstm_transpose", "ok", "clean", {"rnn_in": "h.transpose(1, 2)"}),
    ("speech_lstm_transpose", "channels_first", "transpose_dims", {"rnn_in": "h"}),
    # second crash variants of the new classes, and the template added after the first torch run
    ("shufflenetv2_true_div", "ok", "clean", {"cpg": "C // groups"}),
    ("shufflenetv2_true_div", "ok_int", "clean", {"cpg": "int(C / groups)"}),
    ("shufflenetv2_true_div", "true_div", "true_div_size", {"cpg": "C / groups"}),
    ("bloom_alibi_baddbmm", "per_head_bias_b3", "baddbmm_bias", {"b": 3, "alibi": "alibi"}),
    ("gnn_index_add", "input_width_f4", "index_add_source", {"fin": 4, "width": "x.shape[-1]"}),
    ("unet_inplace_temb", "emb_add_", "inplace_broadcast", {"add": "h = emb.add_(h)"}),
    (
        "vit_register_inplace",
        "expanded_inplace_b3",
        "inplace_expanded",
        {"b": 3, "regop": "reg += self.reg_pos"},
    ),
    ("fpn_topdown_range", "one_past_forward", "list_index", {"rng": "range(len(lat))"}),
    (
        "mae_mask_token_fill",
        "token_vector_inplace",
        "masked_fill_value",
        {"fill": "tokens.clone().masked_fill_(mask[..., None], self.mask_token)"},
    ),
    (
        "gcn_batched_mm",
        "batch_of_one_mm",
        "mm_rank",
        {"shape": "(1, 6, 8)", "prop": "torch.mm(adj, self.lin(h))"},
    ),
    (
        "rope_outer_positions",
        "column_positions",
        "outer_1d",
        {"pos": "torch.arange(T).float()[:, None]", "freqs": "torch.outer(pos, self.inv_freq)"},
    ),
    (
        "multiscale_gate_tensor",
        "per_sample_b3",
        "tensor_from_list",
        {"b": 3, "score": "f.abs().mean(dim=(1, 2, 3))"},
    ),
    ("causal_tril_1d", "vector_method", "tril_rank", {"tril": "torch.ones(T).tril()"}),
    (
        "llama_complex_rope",
        "pairs_swapped_hd12",
        "view_as_complex_last2",
        {"dim": 24, "r": "2, -1"},
    ),
]
