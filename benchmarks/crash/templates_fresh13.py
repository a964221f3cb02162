"""A thirteenth fresh batch of crash cases (session 21, split ``fresh13``), written blind: the
analyzer was never run on them while they were written, and the forward-shape rules' source was
not read. The new classes: a ``ConvTranspose`` whose ``output_padding`` is not smaller than its
stride, an RNN handed the other kind of state (a tensor to an LSTM, an ``(h, c)`` tuple to a GRU or
GRUCell), ``Tensor.unfold`` with a window longer than the dimension, ``scatter_`` /
``scatter_add_`` whose source has another dtype than the destination, a ``math`` function on a
multi-element tensor, a bool adjacency matrix in ``@`` / ``mm``, ``F.interpolate`` of an integer
label map, a fill value that overflows a float16 tensor (``-1e9`` in a half mask), item
assignment into a ``torch.Size``, a module passed where a tensor is expected (``F.linear(h,
self.emb)``, ``s @ self.fc1``) and ``softmax`` / ``log_softmax`` of an integer tensor. Familiar
classes (reshape, cat then linear, matmul, einsum, einops, conv channels, bn channels, U-Net skips,
window partition, split/coupling widths, fft lengths, flatten then linear, transposed dims, GLU
dim, top-k capacity, head split, rotary dims, bidirectional widths, tuple returns, pos tables,
interpolate then add, MHA kdim, transformer batch layout) are written in model styles earlier
batches had little of (graph attention, capsules, NeRF, DLRM, TCN, wav2vec front ends, DLinear,
RealNVP, diagonal SSMs, expert-choice MoE, DETR queries, HRNet, Conformer, distillation) and as
realistic user bugs: an off-by-one in a computed size, a config field changed in one place only,
a refactor that swapped two dims, a wrong assumption about a library layer's output shape. Same
format as ``templates.py``; every case name starts ``f13_``. Whether a case crashes is torch's
verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("gat_two_layer", "(7, 12)")(
    """
class GATLayer(nn.Module):
    def __init__(self, fin, fout, heads):
        super().__init__()
        self.h, self.d = heads, fout // heads
        self.w = nn.Linear(fin, fout, bias=False)
        self.a_src = nn.Parameter(torch.randn(heads, self.d))
        self.a_dst = nn.Parameter(torch.randn(heads, self.d))

    def forward(self, x, adj):
        n = x.shape[0]
        h = self.w(x).view(n, self.h, self.d)
        e = (h * self.a_src).sum(-1)[:, None, :] + (h * self.a_dst).sum(-1)[None, :, :]
        e = F.leaky_relu(e, 0.2).masked_fill(~adj[..., None], float("-inf"))
        att = e.softmax(1)
        return torch.einsum("ijh,jhd->ihd", att, h).reshape(n, -1)


class Net(nn.Module):
    def __init__(self, fin=12, hid=32, heads=4, classes=5):
        super().__init__()
        self.l1 = GATLayer(fin, hid, heads)
        self.l2 = GATLayer({mid}, hid, heads)
        self.out = nn.Linear(hid, classes)

    def forward(self, x):
        adj = torch.cdist(x, x) < 4.0
        adj = adj | torch.eye(x.shape[0], dtype=torch.bool)
        h = F.elu(self.l1(x, adj))
        h = F.elu(self.l2(h, adj))
        return self.out(h)
"""
)

template("gcn_radius_graph", "(6, 10)")(
    """
class Net(nn.Module):
    def __init__(self, fin=10, hid=16, out=3, r=3.5):
        super().__init__()
        self.r = r
        self.lin1 = nn.Linear(fin, hid)
        self.lin2 = nn.Linear(hid, out)

    def propagate(self, adj, h):
        deg = adj.sum(1, keepdim=True).clamp(min=1)
        return ({agg}) / deg

    def forward(self, x):
        adj = torch.cdist(x, x) < self.r
        h = F.relu(self.propagate(adj, self.lin1(x)))
        return self.propagate(adj, self.lin2(h))
"""
)

template("seg_label_feedback", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, c=3, k=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(c, 16, 3, 2, 1), nn.ReLU(), nn.Conv2d(16, 32, 3, 2, 1), nn.ReLU())
        self.cls = nn.Conv2d(32, k, 1)
        self.embed = nn.Embedding(k, 8)
        self.fuse = nn.Conv2d(c + 8, 8, 3, padding=1)

    def forward(self, x):
        logits = self.cls(self.enc(x))
        lab = logits.argmax(1, keepdim=True)
        lab = {resize}
        e = self.embed(lab.squeeze(1).long()).permute(0, 3, 1, 2)
        return self.fuse(torch.cat([x, e], 1))
"""
)

template("half_causal_attention", "(2, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4, n=8):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.register_buffer("causal", torch.tril(torch.ones(n, n, dtype=torch.bool)))

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).half().chunk(3, -1)
        q, k, v = (z.view(b, t, self.h, -1).transpose(1, 2) for z in (q, k, v))
        s = (q @ k.transpose(-1, -2)) * (d // self.h) ** -0.5
        s = s.masked_fill(~self.causal[:t, :t], {neg})
        y = (s.float().softmax(-1).half() @ v).transpose(1, 2).reshape(b, t, d)
        return self.o(y.float())
"""
)

template("lowprec_key_bias", "(2, 6, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24, heads=3):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.norm = nn.LayerNorm(d)
        self.pool = nn.Linear(d, 1)

    def forward(self, x):
        pad = x[..., 0] > 1.5
        pad[:, 0] = False
        bias = torch.zeros(pad.shape, dtype={dt}).masked_fill(pad, {big})
        h, _ = self.attn(x, x, x, key_padding_mask=bias.float())
        h = self.norm(x + h)
        w = self.pool(h).squeeze(-1).softmax(-1)
        return (w[..., None] * h).sum(1)
"""
)

template("wave_frame_gru", "(2, 400)")(
    """
class Net(nn.Module):
    def __init__(self, win={win}, hop=64, d=32):
        super().__init__()
        self.win, self.hop = win, hop
        self.frame_proj = nn.Linear(win, d)
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.head = nn.Linear(d, 10)

    def forward(self, wav):
        frames = wav.unfold(-1, self.win, self.hop)
        h, _ = self.rnn(torch.tanh(self.frame_proj(frames)))
        return self.head(h[:, -1])
"""
)

template("local_window_attn1d", "(2, 8, 5)")(
    """
class Net(nn.Module):
    def __init__(self, c=8, k=7):
        super().__init__()
        self.k = k
        self.q = nn.Conv1d(c, c, 1)
        self.kv = nn.Conv1d(c, 2 * c, 1)
        self.out = nn.Conv1d(c, c, 1)

    def forward(self, x):
        q = self.q(x)
        k, v = self.kv(F.pad(x, ({pl}, {pr}))).chunk(2, 1)
        k = k.unfold(2, self.k, 1)
        v = v.unfold(2, self.k, 1)
        a = (q[..., None] * k).sum(1, keepdim=True).softmax(-1)
        return self.out((a * v).sum(-1))
"""
)

template("vae_convT_decoder", "(2, 16)")(
    """
class Up(nn.Module):
    def __init__(self, cin, cout, s, op):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cout, 3, stride=s, padding=1, output_padding=op)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return F.relu(self.bn(self.up(x)))


class Net(nn.Module):
    def __init__(self, z=16, s={s}, op={op}):
        super().__init__()
        self.fc = nn.Linear(z, 64 * 4 * 4)
        self.ups = nn.Sequential(Up(64, 32, s, op), Up(32, 16, s, op))
        self.to_img = nn.Conv2d(16, 3, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, 64, 4, 4)
        return torch.sigmoid(self.to_img(self.ups(h)))
"""
)

template("dcgan_generator", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, nz=16, ngf=8, nc=3):
        super().__init__()
        self.main = nn.Sequential(
            nn.ConvTranspose2d(nz, ngf * 4, 4, 1, 0, bias=False),
            nn.BatchNorm2d(ngf * 4),
            nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d({bn}),
            nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 2, ngf, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf),
            nn.ReLU(True),
            nn.ConvTranspose2d({cin}, nc, 4, 2, 1, bias=False),
            nn.Tanh(),
        )

    def forward(self, z):
        return self.main(z[:, :, None, None])
"""
)

template("lstm_seq2seq_state", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=12, d=16, h=24):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.enc = nn.LSTM(d, h, batch_first=True)
        self.dec = nn.{dec}(d, h, batch_first=True)
        self.out = nn.Linear(h, vocab)

    def forward(self, ids):
        e = self.emb(ids)
        _, {state} = self.enc(e)
        y, _ = self.dec(e.flip(1), {pass_})
        return self.out(y)
"""
)

template("cell_decoder_loop", "(2, 20)")(
    """
class Net(nn.Module):
    def __init__(self, d=20, h=32, steps=4):
        super().__init__()
        self.steps = steps
        self.cell = nn.{cell}(d, h)
        self.inp = nn.Linear(h, d)
        self.out = nn.Linear(h, 6)

    def forward(self, x):
        b = x.shape[0]
        hx = torch.zeros(b, self.cell.hidden_size)
        state = {init}
        inp = x
        outs = []
        for _ in range(self.steps):
            state = self.cell(inp, state)
            hx = {take}
            inp = torch.tanh(self.inp(hx))
            outs.append(self.out(hx))
        return torch.stack(outs, 1)
"""
)

template("multihot_recommender", "(3, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, n_items=20, d=16):
        super().__init__()
        self.n = n_items
        self.enc = nn.Sequential(nn.Linear(n_items, d), nn.ReLU(), nn.Linear(d, d))
        self.dec = nn.Linear(d, n_items)

    def forward(self, hist):
        mh = torch.zeros(hist.shape[0], self.n)
        mh = mh.scatter_({args})
        return self.dec(self.enc(mh))
"""
)

template("voxel_point_pool", "(10, 4)")(
    """
class Net(nn.Module):
    def __init__(self, c=4, d=16, grid=4):
        super().__init__()
        self.g = grid
        self.mlp = nn.Sequential(nn.Linear(c, d), nn.ReLU(), nn.Linear(d, d))
        self.head = nn.Linear(d, 3)

    def forward(self, pts):
        cell = (pts[:, :2].sigmoid() * self.g).long().clamp(max=self.g - 1)
        vid = cell[:, 0] * self.g + cell[:, 1]
        f = self.mlp(pts)
        pooled = torch.zeros(self.g * self.g, f.shape[1]).index_add_(0, vid, f)
        cnt = torch.zeros(self.g * self.g).scatter_add_(0, vid, {ones})
        return self.head(pooled / cnt.clamp(min=1)[:, None])
"""
)

template("diffusion_time_film", "(2, 4, 8, 8)")(
    """
import math


class Net(nn.Module):
    def __init__(self, dim=32, c=4):
        super().__init__()
        self.dim = dim
        self.t_mlp = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Linear(dim, c))
        self.conv = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        t = x.flatten(1).mean(1).abs() * 100
        half = self.dim // 2
        freqs = {freqs}
        ang = t[:, None] * freqs[None]
        emb = torch.cat([ang.sin(), ang.cos()], -1)
        return self.conv(x) + self.t_mlp(emb)[:, :, None, None]
"""
)

template("tiny_nerf_mlp", "(16, 3)")(
    """
import math


class Net(nn.Module):
    def __init__(self, n_freq=4, d=64):
        super().__init__()
        self.freqs = [2.0**i for i in range(n_freq)]
        cin = 3 + 3 * 2 * n_freq
        self.mlp = nn.Sequential(nn.Linear(cin, d), nn.ReLU(), nn.Linear(d, d), nn.ReLU())
        self.sigma = nn.Linear(d, 1)
        self.rgb = nn.Linear({rgb_in}, 3)

    def encode(self, p):
        feats = [p]
        for f in self.freqs:
            feats += [{sin}(p * f * math.pi), {cos}(p * f * math.pi)]
        return torch.cat(feats, -1)

    def forward(self, p):
        h = self.mlp(self.encode(p))
        return torch.cat([self.sigma(h), torch.sigmoid(self.rgb(h))], -1)
"""
)

template("head_reshaper_size", "(2, 5, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24, heads=4):
        super().__init__()
        self.heads = heads
        self.proj = nn.Linear(d, d)
        self.mix = nn.Linear(d // heads, d // heads)
        self.out = nn.Linear(d, 5)

    def forward(self, x):
        {shape_code}
        h = self.mix(self.proj(x).view(shape))
        return self.out(h.flatten(-2))
"""
)

template("audio_subpixel_sr", "(2, 1, 32)")(
    """
class Net(nn.Module):
    def __init__(self, c=8, r=2):
        super().__init__()
        self.r = r
        self.body = nn.Sequential(nn.Conv1d(1, c, 9, padding=4), nn.PReLU(), nn.Conv1d(c, r, 9, padding=4))

    def forward(self, x):
        y = self.body(x)
        {code}
        return y.transpose(1, 2).reshape(out)
"""
)

template("tied_lm_head", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.block = nn.TransformerEncoderLayer(d, 2, 32, batch_first=True)
        self.norm = nn.LayerNorm(d)

    def forward(self, ids):
        h = self.norm(self.block(self.emb(ids)))
        return {logits}
"""
)

template("se_gate_classifier", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, r=4):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, padding=1)
        self.squeeze = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Linear(c, c // r)
        self.fc2 = nn.Linear(c // r, c)
        self.head = nn.Linear(c, 10)

    def forward(self, x):
        x = F.relu(self.stem(x))
        s = self.squeeze(x).flatten(1)
        g = torch.sigmoid({gate})
        x = x * g[:, :, None, None]
        return self.head(x.mean((2, 3)))
"""
)

template("bow_topic_attention", "(3, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, d=12):
        super().__init__()
        self.vocab = vocab
        self.emb = nn.Embedding(vocab, d)
        self.out = nn.Linear(d, 3)

    def forward(self, ids):
        counts = F.one_hot(ids, self.vocab).sum(1)
        w = {w}
        return self.out(w @ self.emb.weight)
"""
)

template("recency_session_gru", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.gru = nn.GRU(d, d, batch_first=True)
        self.head = nn.Linear(d, 4)

    def forward(self, x):
        h, _ = self.gru(x)
        w = {w}
        return self.head((h * w[None, :, None]).sum(1))
"""
)

template("capsule_routing", "(2, 1, 20, 20)")(
    """
class Net(nn.Module):
    def __init__(self, caps=8, dim=4, classes=5, cdim=8):
        super().__init__()
        self.conv = nn.Conv2d(1, 32, 5, stride=2)
        self.prim = nn.Conv2d(32, caps * dim, 3, stride=2)
        self.dim = dim
        n_prim = caps * {g} * {g}
        self.W = nn.Parameter(0.01 * torch.randn(n_prim, classes, cdim, dim))

    def squash(self, s):
        n2 = (s**2).sum(-1, keepdim=True)
        return n2 / (1 + n2) * s / (n2.sqrt() + 1e-8)

    def forward(self, x):
        u = self.squash(self.prim(F.relu(self.conv(x))).view(x.shape[0], -1, self.dim))
        uhat = torch.einsum("nkcd,bnd->bnkc", self.W, u)
        b = torch.zeros(uhat.shape[:3])
        for _ in range(2):
            c = b.softmax(2)
            v = self.squash((c[..., None] * uhat).sum(1))
            b = b + (uhat * v[:, None]).sum(-1)
        return v.norm(dim=-1)
"""
)

template("pointnet_ball_group", "(2, 16, 3)")(
    """
class Net(nn.Module):
    def __init__(self, k=4, d=32, m=8):
        super().__init__()
        self.k, self.m = k, m
        self.mlp = nn.Sequential(nn.Linear(6, d), nn.ReLU(), nn.Linear(d, d))
        self.head = nn.Linear(d, 5)

    def forward(self, pts):
        b, n, _ = pts.shape
        centers = pts[:, : self.m]
        d = torch.cdist(centers, pts)
        idx = d.topk(self.k, largest=False).indices
        nb = torch.gather(pts[:, None].expand(b, self.m, n, 3), 2, {gidx})
        rel = nb - centers[:, :, None]
        f = self.mlp(torch.cat([rel, nb], -1)).max(2).values
        return self.head(f.max(1).values)
"""
)

template("dlrm_dot_interaction", "(3, 7)")(
    """
class Net(nn.Module):
    def __init__(self, n_dense=4, vocab=10, d=8, n_sparse=3):
        super().__init__()
        self.bot = nn.Sequential(nn.Linear(n_dense, 16), nn.ReLU(), nn.Linear(16, d))
        self.embs = nn.ModuleList([nn.Embedding(vocab, d) for _ in range(n_sparse)])
        f = n_sparse + 1
        self.top = nn.Sequential(nn.Linear({top_in}, 16), nn.ReLU(), nn.Linear(16, 1))
        self.iu = torch.triu_indices(f, f, offset=1)

    def forward(self, x):
        dense = self.bot(x[:, :4])
        ids = (x[:, 4:].abs() * 3).long() % 10
        T = torch.stack([dense] + [e(ids[:, i]) for i, e in enumerate(self.embs)], 1)
        Z = torch.bmm(T, T.transpose(1, 2))
        inter = Z[:, self.iu[0], self.iu[1]]
        return self.top(torch.cat([dense, inter], 1))
"""
)

template("tcn_causal_blocks", "(2, 4, 20)")(
    """
class TBlock(nn.Module):
    def __init__(self, cin, cout, k, dil):
        super().__init__()
        self.pad = (k - 1) * dil
        self.conv = nn.Conv1d(cin, cout, k, dilation=dil, padding=self.pad)
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):
        y = self.conv(x)[..., {trim}]
        return F.relu(y + self.down(x))


class Net(nn.Module):
    def __init__(self, chans=(4, 16, 16, 32), k=3):
        super().__init__()
        self.blocks = nn.Sequential(*[TBlock(chans[i], chans[i + 1], k, 2**i) for i in range(3)])
        self.head = nn.Linear(chans[-1], 2)

    def forward(self, x):
        return self.head(self.blocks(x)[..., -1])
"""
)

template("wav2vec_feature_pos", "(2, 400)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_frames={nf}):
        super().__init__()
        layers, cin = [], 1
        for k, s in [(10, 5), (3, 2), (3, 2)]:
            layers += [nn.Conv1d(cin, d, k, s), nn.GELU()]
            cin = d
        self.fe = nn.Sequential(*layers)
        self.pos = nn.Parameter(torch.zeros(1, n_frames, d))
        self.enc = nn.TransformerEncoderLayer(d, 4, 64, batch_first=True)

    def forward(self, wav):
        h = self.fe(wav[:, None]).transpose(1, 2)
        return self.enc(h + self.pos)
"""
)

template("mel_cnn_classifier", "(2, 40, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=40, frames=32, classes=6):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU(),
            nn.MaxPool2d((2, 2)),
            nn.Conv2d(8, 16, 3, padding=1),
            nn.BatchNorm2d(16),
            nn.ReLU(),
            nn.MaxPool2d({p2}),
        )
        self.fc = nn.Linear(16 * ({fh}) * ({fw}), classes)

    def forward(self, mel):
        return self.fc(self.features(mel[:, None]).flatten(1))
"""
)

template("mixer_token_mixing", "(2, 3, 16, 16)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, n, d):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.tok = nn.Sequential(nn.Linear(n, 2 * n), nn.GELU(), nn.Linear(2 * n, n))
        self.ch = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        x = x + {tokmix}
        return x + self.ch(self.n2(x))


class Net(nn.Module):
    def __init__(self, p=4, d=24, depth=2, img=16):
        super().__init__()
        n = (img // p) ** 2
        self.stem = nn.Conv2d(3, d, p, p)
        self.blocks = nn.Sequential(*[MixerBlock(n, d) for _ in range(depth)])
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        x = self.stem(x).flatten(2).transpose(1, 2)
        return self.head(self.blocks(x).mean(1))
"""
)

template("deeplab_aspp", "(2, 3, 16, 16)")(
    """
class ASPP(nn.Module):
    def __init__(self, cin, c, rates):
        super().__init__()
        convs = [nn.Conv2d(cin, c, 1)]
        convs += [nn.Conv2d(cin, c, 3, padding=r, dilation=r) for r in rates]
        self.branches = nn.ModuleList(convs)
        self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(cin, c, 1))
        self.project = nn.Conv2d(c * {nb}, c, 1)

    def forward(self, x):
        outs = [b(x) for b in self.branches]
        outs.append(self.pool(x).expand(-1, -1, *x.shape[-2:]))
        return self.project(torch.cat(outs, 1))


class Net(nn.Module):
    def __init__(self, classes=4, rates={rates}):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU(), nn.Conv2d(16, 32, 3, 2, 1), nn.ReLU())
        self.aspp = ASPP(32, 16, rates)
        self.cls = nn.Conv2d(16, classes, 1)

    def forward(self, x):
        y = self.cls(self.aspp(self.backbone(x)))
        return F.interpolate(y, size=x.shape[-2:], mode="bilinear", align_corners=False)
"""
)

template("fpn_topdown", "(2, 3, 20, 20)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.c2 = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU())
        self.c3 = nn.Sequential(nn.Conv2d(16, 32, 3, 2, 1), nn.ReLU())
        self.c4 = nn.Sequential(nn.Conv2d(32, 64, 3, 2, 1), nn.ReLU())
        self.lat = nn.ModuleList([nn.Conv2d(c, d, 1) for c in (16, 32, 64)])
        self.head = nn.Conv2d(d, 5, 3, padding=1)

    def forward(self, x):
        f2 = self.c2(x)
        f3 = self.c3(f2)
        f4 = self.c4(f3)
        p4 = self.lat[2](f4)
        p3 = self.lat[1](f3) + F.interpolate(p4, {up})
        p2 = self.lat[0](f2) + F.interpolate(p3, scale_factor=2, mode="nearest")
        return self.head(p2)
"""
)

template("vit_cls_pos", "(2, 3, 24, 24)")(
    """
class Net(nn.Module):
    def __init__(self, img=24, p=6, d=32, depth=2, classes=7):
        super().__init__()
        n = (img // p) ** 2
        self.patch = nn.Conv2d(3, d, p, p)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.zeros(1, {npos}, d))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), depth)
        self.head = nn.Linear(d, classes)

    def forward(self, x):
        t = self.patch(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], 1) + self.pos
        return self.head(self.enc(t)[:, 0])
"""
)

template("perceiver_latents", "(2, 10, 12)")(
    """
class Net(nn.Module):
    def __init__(self, din=12, d=32, n_lat=6):
        super().__init__()
        self.lat = nn.Parameter(torch.randn(n_lat, d))
        self.inp = nn.Linear(din, d)
        self.cross = nn.MultiheadAttention(d, 4, batch_first=True{kv})
        self.self_attn = nn.TransformerEncoderLayer(d, 4, 64, batch_first=True)
        self.out = nn.Linear(d, 3)

    def forward(self, x):
        q = self.lat.expand(x.shape[0], -1, -1)
        src = {src}
        z, _ = self.cross(q, src, src)
        return self.out(self.self_attn(z).mean(1))
"""
)

template("dlinear_decomp", "(2, 24, 3)")(
    """
class Decomp(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.avg = nn.AvgPool1d(k, stride=1)

    def forward(self, x):
        front = x[:, :1].repeat(1, {pf}, 1)
        back = x[:, -1:].repeat(1, (self.k - 1) // 2, 1)
        trend = self.avg(torch.cat([front, x, back], 1).transpose(1, 2)).transpose(1, 2)
        return x - trend, trend


class Net(nn.Module):
    def __init__(self, seq=24, pred=8, k={k}):
        super().__init__()
        self.decomp = Decomp(k)
        self.seasonal = nn.Linear(seq, pred)
        self.trend = nn.Linear(seq, pred)

    def forward(self, x):
        s, t = self.decomp(x)
        return (self.seasonal(s.transpose(1, 2)) + self.trend(t.transpose(1, 2))).transpose(1, 2)
"""
)

template("realnvp_coupling", "(3, {dim})")(
    """
class Coupling(nn.Module):
    def __init__(self, dim, hid, flip):
        super().__init__()
        self.flip = flip
        self.half = {half}
        self.net = nn.Sequential(nn.Linear(self.half, hid), nn.ReLU(), nn.Linear(hid, 2 * (dim - self.half)))

    def forward(self, x):
        a, b = x.split([self.half, x.shape[1] - self.half], 1)
        if self.flip:
            a, b = b, a
        s, t = self.net(a).chunk(2, 1)
        b = b * torch.exp(torch.tanh(s)) + t
        return torch.cat([b, a] if self.flip else [a, b], 1), torch.tanh(s).sum(1)


class Net(nn.Module):
    def __init__(self, dim={dim}, hid=32):
        super().__init__()
        self.layers = nn.ModuleList([Coupling(dim, hid, i % 2 == 1) for i in range(4)])

    def forward(self, x):
        logdet = 0
        for layer in self.layers:
            x, ld = layer(x)
            logdet = logdet + ld
        return x, logdet
"""
)

template("diag_ssm_fftconv", "(2, 16, 4)")(
    """
class SSMConv(nn.Module):
    def __init__(self, d, n=8, L=16):
        super().__init__()
        self.L = L
        self.log_dt = nn.Parameter(torch.zeros(d))
        self.A = nn.Parameter(-torch.rand(d, n))
        self.C = nn.Parameter(torch.randn(d, n))
        self.D = nn.Parameter(torch.ones(d))

    def kernel(self):
        dtA = self.A * self.log_dt.exp()[:, None]
        t = torch.arange(self.L)
        return (self.C[:, :, None] * torch.exp(dtA[:, :, None] * t)).sum(1)

    def forward(self, u):
        L = u.shape[-1]
        k = self.kernel()
        y = torch.fft.irfft(torch.fft.rfft(u, n=2 * L) * torch.fft.rfft(k, n={kn}), n=2 * L)[..., :L]
        return y + u * self.D[:, None]


class Net(nn.Module):
    def __init__(self, d=8, L={L}):
        super().__init__()
        self.inp = nn.Linear(4, d)
        self.layers = nn.ModuleList([SSMConv(d, L=L) for _ in range(2)])
        self.norm = nn.LayerNorm(d)
        self.out = nn.Linear(d, 2)

    def forward(self, x):
        h = self.inp(x).transpose(1, 2)
        for layer in self.layers:
            h = F.gelu(layer(h)) + h
        return self.out(self.norm(h.transpose(1, 2)))
"""
)

template("expert_choice_moe", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_exp=4, cf={cf}):
        super().__init__()
        self.cf = cf
        self.gate = nn.Linear(d, n_exp)
        self.experts = nn.ModuleList(
            [nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Linear(32, d)) for _ in range(n_exp)]
        )

    def forward(self, x):
        b, t, d = x.shape
        flat = x.reshape(-1, d)
        cap = int(self.cf * b * t / len(self.experts))
        scores = self.gate(flat).softmax(-1).T
        w, idx = scores.topk(cap, dim=-1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            out.index_add_(0, idx[e], w[e, :, None] * expert(flat[idx[e]]))
        return out.view(b, t, d)
"""
)

template("clip_dual_tower", "(4, 32)")(
    """
class Tower(nn.Module):
    def __init__(self, din, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(din, 64), nn.ReLU(), nn.Linear(64, d))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class Net(nn.Module):
    def __init__(self, d_img=20, d_txt=12, d={dt}):
        super().__init__()
        self.img = Tower(d_img, 32)
        self.txt = Tower(d_txt, d)
        self.logit_scale = nn.Parameter(torch.tensor(2.659))

    def forward(self, x):
        zi, zt = self.img(x[:, :20]), self.txt(x[:, 20:])
        return self.logit_scale.exp() * {sim}
"""
)

template("detr_query_decoder", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, nq=5, classes=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, d, 4, 4), nn.ReLU())
        self.query = nn.Embedding(nq, d)
        self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(d, 4, 64{bf}), 2)
        self.cls = nn.Linear(d, classes + 1)
        self.box = nn.Linear(d, 4)

    def forward(self, x):
        mem = self.backbone(x).flatten(2).permute({mperm})
        q = self.query.weight[{qidx}].repeat({qrep})
        h = self.dec(q, mem)
        return self.cls(h), self.box(h).sigmoid()
"""
)

template("hrnet_two_branch", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 3, 2, 1)
        self.high = nn.Conv2d(16, 16, 3, 1, 1)
        self.low = nn.Sequential(nn.Conv2d(16, 32, 3, 2, {pad}), nn.ReLU(), nn.Conv2d(32, 32, 3, 1, 1))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.fuse = nn.Conv2d(48, 16, 1)
        self.head = nn.Conv2d(16, 3, 1)

    def forward(self, x):
        s = F.relu(self.stem(x))
        h, low = self.high(s), self.low(s)
        return self.head(self.fuse(torch.cat([h, self.up(low)], 1)))
"""
)

template("video_clip_c3d", "(2, 4, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=3, classes=5):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv3d(c, 8, (3, 3, 3), padding=1),
            nn.ReLU(),
            nn.MaxPool3d((1, 2, 2)),
            nn.Conv3d(8, 16, 3, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool3d(1),
        )
        self.fc = nn.Linear(16, classes)

    def forward(self, clip):
        return self.fc(self.body({perm}).flatten(1))
"""
)

template("tab_transformer", "(3, 5)")(
    """
class Net(nn.Module):
    def __init__(self, cards=(3, 5, 4), d=8, n_num=2):
        super().__init__()
        self.embs = nn.ModuleList([nn.Embedding(c, d) for c in cards])
        self.enc = nn.TransformerEncoderLayer(d, 2, 16, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear({mlp_in}, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, x):
        codes = (x[:, :3] > 0).long()
        tok = torch.stack([e(codes[:, i]) for i, e in enumerate(self.embs)], 1)
        h = self.enc(tok).flatten(1)
        return self.mlp(torch.cat([h, x[:, 3:]], 1))
"""
)

template("actor_critic_conv", "(2, 4, 10, 10)")(
    """
class Net(nn.Module):
    def __init__(self, obs=(4, 10, 10), n_act=5, hid=64):
        super().__init__()
        c, h, w = obs
        self.conv = nn.Sequential(
            nn.Conv2d(c, 16, 3, stride=2), nn.ReLU(), nn.Conv2d(16, 16, 3), nn.ReLU(), nn.Flatten()
        )
        self.fc = nn.Linear(16 * {hw}, hid)
        self.pi = nn.Linear(hid, n_act)
        self.v = nn.Linear(hid, 1)

    def forward(self, o):
        z = F.relu(self.fc(self.conv(o)))
        dist = torch.distributions.Categorical(logits=self.pi(z))
        return dist.probs, self.v(z).squeeze(-1)
"""
)

template("einops_patch_autoenc", "(2, 3, 20, 20)")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, p={p}, d=32):
        super().__init__()
        self.p = p
        self.proj = nn.Linear(3 * p * p, d)
        self.mix = nn.TransformerEncoderLayer(d, 4, 64, batch_first=True)
        self.out = nn.Linear(d, 3 * p * p)

    def forward(self, img):
        h, w = img.shape[-2:]
        t = rearrange(img, "b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=self.p, p2=self.p)
        t = self.out(self.mix(self.proj(t)))
        return rearrange(t, "b (h w) (p1 p2 c) -> b c (h p1) (w p2)", h={hh}, p1=self.p, p2=self.p)
"""
)

template("conformer_conv_module", "(2, 12, 16)")(
    """
class ConvModule(nn.Module):
    def __init__(self, d, k=7):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d({dwc}, {dwc}, k, padding=k // 2, groups={dwc})
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1)

    def forward(self, x):
        y = self.pw1(self.ln(x).transpose(1, 2))
        y = F.glu(y, dim={gd})
        y = self.pw2(F.silu(self.bn(self.dw(y))))
        return x + y.transpose(1, 2)


class Net(nn.Module):
    def __init__(self, d=24, n_mels=16):
        super().__init__()
        self.inp = nn.Linear(n_mels, d)
        self.blocks = nn.Sequential(ConvModule(d), ConvModule(d))
        self.out = nn.Linear(d, 10)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))
"""
)

template("unet_two_level", "(1, 1, {s}, {s})")(
    """
def double_conv(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU())


class Net(nn.Module):
    def __init__(self, c=1, base=8):
        super().__init__()
        self.d1, self.d2 = double_conv(c, base), double_conv(base, base * 2)
        self.mid = double_conv(base * 2, base * 4)
        self.up2 = nn.ConvTranspose2d(base * 4, base * 2, 2, 2)
        self.u2 = double_conv(base * 4, base * 2)
        self.up1 = nn.ConvTranspose2d(base * 2, base, 2, 2)
        self.u1 = double_conv({u1in}, base)
        self.out = nn.Conv2d(base, 2, 1)

    def forward(self, x):
        s1 = self.d1(x)
        s2 = self.d2(F.max_pool2d(s1, 2))
        m = self.mid(F.max_pool2d(s2, 2))
        y = self.u2(torch.cat([self.up2(m), s2], 1))
        y = self.u1(torch.cat([self.up1(y), s1], 1))
        return self.out(y)
"""
)

template("gpt_rope_sdpa", "(2, 6)", "tokens")(
    """
def rope(x, base=10000.0):
    b, h, t, d = x.shape
    inv = base ** (-torch.arange(0, {rd}, 2).float() / {rd})
    ang = torch.arange(t).float()[:, None] * inv[None]
    cos, sin = ang.cos(), ang.sin()
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).flatten(-2)


class Block(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d, bias=False)
        self.proj = nn.Linear(d, d, bias=False)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        q, k = rope(q), rope(k)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self, vocab=50, d=48, h={h}, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList([Block(d, h) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.ln_f(x))
"""
)

template("shifted_window_mha", "(2, 3, 24, 24)")(
    """
def windows(x, ws):
    b, h, w, c = x.shape
    x = x.view(b, h // ws, ws, w // ws, ws, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, ws * ws, c)


class Net(nn.Module):
    def __init__(self, d=16, ws={ws}, shift={shift}):
        super().__init__()
        self.ws, self.shift = ws, shift
        self.embed = nn.Conv2d(3, d, 2, 2)
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True)
        self.head = nn.Linear(d, 4)

    def forward(self, x):
        f = self.embed(x).permute(0, 2, 3, 1)
        f = torch.roll(f, (-self.shift, -self.shift), (1, 2))
        w = windows(f, self.ws)
        a, _ = self.attn(w, w, w)
        return self.head(a.mean(1))
"""
)

template("distill_feature_adapter", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, s_ch={sc}, t_ch=32):
        super().__init__()
        self.student = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 24, 3, stride={ss}, padding=1), nn.ReLU()
        )
        self.teacher = nn.Sequential(nn.Conv2d(3, t_ch, 3, stride=2, padding=1), nn.ReLU())
        self.adapt = nn.Conv2d(s_ch, t_ch, 1)

    def forward(self, x):
        s, t = self.student(x), self.teacher(x)
        return F.mse_loss(self.adapt(s), t, reduction="none").mean((1, 2, 3))
"""
)

template("bilstm_last_hidden", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, d=16, h=24, layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.lstm = nn.LSTM(d, h, layers, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(2 * h, 3)

    def forward(self, ids):
        _, (hn, _) = self.lstm(self.emb(ids))
        feat = {feat}
        return self.fc(feat)
"""
)

template("mha_query_pool", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.q = nn.Parameter(torch.randn(1, 1, d))
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.cls = nn.Linear(d, 2)

    def forward(self, x):
        pooled = {pool}
        return self.cls(pooled.squeeze(1))
"""
)

# the variants: the new classes first, then the familiar classes
VARIANTS = [
    ("gat_two_layer", "ok", "clean", {"mid": "hid"}),
    ("gat_two_layer", "mid_fin", "linear_in_features", {"mid": "fin"}),
    ("gcn_radius_graph", "ok", "clean", {"agg": "adj.float() @ h"}),
    ("gcn_radius_graph", "ok_to_dtype", "clean", {"agg": "adj.to(h.dtype) @ h"}),
    ("gcn_radius_graph", "bool_adj", "bool_matmul", {"agg": "adj @ h"}),
    ("gcn_radius_graph", "bool_mm", "bool_matmul", {"agg": "torch.mm(adj, h)"}),
    (
        "seg_label_feedback",
        "ok",
        "clean",
        {"resize": 'F.interpolate(lab.float(), size=x.shape[-2:], mode="nearest")'},
    ),
    (
        "seg_label_feedback",
        "ok_repeat",
        "clean",
        {"resize": "lab.repeat_interleave(4, -1).repeat_interleave(4, -2)"},
    ),
    (
        "seg_label_feedback",
        "long_nearest",
        "interp_int_dtype",
        {"resize": 'F.interpolate(lab, size=x.shape[-2:], mode="nearest")'},
    ),
    (
        "seg_label_feedback",
        "long_bilinear",
        "interp_int_dtype",
        {"resize": 'F.interpolate(lab, scale_factor=4, mode="bilinear")'},
    ),
    ("half_causal_attention", "ok", "clean", {"neg": 'float("-inf")'}),
    ("half_causal_attention", "ok_finfo", "clean", {"neg": "torch.finfo(s.dtype).min"}),
    ("half_causal_attention", "minus_1e9", "fill_value_overflow", {"neg": "-1e9"}),
    ("half_causal_attention", "minus_1e5", "fill_value_overflow", {"neg": "-1e5"}),
    ("lowprec_key_bias", "ok", "clean", {"dt": "torch.float32", "big": "-1e9"}),
    ("lowprec_key_bias", "ok_bf16", "clean", {"dt": "torch.bfloat16", "big": "-1e9"}),
    ("lowprec_key_bias", "fp16_1e9", "fill_value_overflow", {"dt": "torch.float16", "big": "-1e9"}),
    (
        "lowprec_key_bias",
        "fp16_70k",
        "fill_value_overflow",
        {"dt": "torch.float16", "big": "-70000.0"},
    ),
    ("wave_frame_gru", "ok", "clean", {"win": 256}),
    ("wave_frame_gru", "ok_whole", "clean", {"win": 400}),
    ("wave_frame_gru", "win_512", "tensor_unfold_size", {"win": 512}),
    ("wave_frame_gru", "win_480", "tensor_unfold_size", {"win": 480}),
    ("local_window_attn1d", "ok", "clean", {"pl": 3, "pr": 3}),
    ("local_window_attn1d", "no_pad", "tensor_unfold_size", {"pl": 0, "pr": 0}),
    ("local_window_attn1d", "pad_short", "broadcast_add", {"pl": 2, "pr": 3}),
    ("vae_convT_decoder", "ok", "clean", {"s": 2, "op": 1}),
    ("vae_convT_decoder", "ok_s3", "clean", {"s": 3, "op": 2}),
    ("vae_convT_decoder", "op_eq_stride", "convT_output_padding", {"s": 2, "op": 2}),
    ("vae_convT_decoder", "stride_one", "convT_output_padding", {"s": 1, "op": 1}),
    ("dcgan_generator", "ok", "clean", {"bn": "ngf * 2", "cin": "ngf"}),
    ("dcgan_generator", "bn_wide", "bn_channels", {"bn": "ngf * 4", "cin": "ngf"}),
    ("dcgan_generator", "last_cin", "conv_in_channels", {"bn": "ngf * 2", "cin": "ngf * 2"}),
    ("lstm_seq2seq_state", "ok", "clean", {"dec": "LSTM", "state": "(h, c)", "pass_": "(h, c)"}),
    ("lstm_seq2seq_state", "ok_gru_h", "clean", {"dec": "GRU", "state": "(h, c)", "pass_": "h"}),
    (
        "lstm_seq2seq_state",
        "gru_tuple",
        "rnn_state_type",
        {"dec": "GRU", "state": "state", "pass_": "state"},
    ),
    (
        "lstm_seq2seq_state",
        "lstm_h_only",
        "rnn_state_type",
        {"dec": "LSTM", "state": "(h, c)", "pass_": "h"},
    ),
    (
        "cell_decoder_loop",
        "ok",
        "clean",
        {"cell": "LSTMCell", "init": "(hx, hx.clone())", "take": "state[0]"},
    ),
    ("cell_decoder_loop", "ok_gru", "clean", {"cell": "GRUCell", "init": "hx", "take": "state"}),
    (
        "cell_decoder_loop",
        "gru_tuple",
        "rnn_state_type",
        {"cell": "GRUCell", "init": "(hx, hx.clone())", "take": "state"},
    ),
    (
        "cell_decoder_loop",
        "lstm_tensor",
        "rnn_state_type",
        {"cell": "LSTMCell", "init": "hx", "take": "state[0]"},
    ),
    ("multihot_recommender", "ok", "clean", {"args": "1, hist, 1.0"}),
    ("multihot_recommender", "ok_ones", "clean", {"args": "1, hist, torch.ones(hist.shape)"}),
    (
        "multihot_recommender",
        "ones_like",
        "scatter_src_dtype",
        {"args": "1, hist, torch.ones_like(hist)"},
    ),
    ("multihot_recommender", "bool_src", "scatter_src_dtype", {"args": "1, hist, hist >= 0"}),
    ("voxel_point_pool", "ok", "clean", {"ones": "torch.ones(vid.shape)"}),
    (
        "voxel_point_pool",
        "ok_like_float",
        "clean",
        {"ones": "torch.ones_like(vid, dtype=torch.float)"},
    ),
    ("voxel_point_pool", "ones_like", "scatter_src_dtype", {"ones": "torch.ones_like(vid)"}),
    (
        "diffusion_time_film",
        "ok",
        "clean",
        {"freqs": "torch.exp(-math.log(10000) * torch.arange(half) / half)"},
    ),
    ("diffusion_time_film", "ok_pow", "clean", {"freqs": "10000 ** (-torch.arange(half) / half)"}),
    (
        "diffusion_time_film",
        "math_exp",
        "math_fn_on_tensor",
        {"freqs": "math.exp(-math.log(10000) * torch.arange(half) / half)"},
    ),
    (
        "diffusion_time_film",
        "math_pow",
        "math_fn_on_tensor",
        {"freqs": "math.pow(10000, -torch.arange(half) / half)"},
    ),
    ("tiny_nerf_mlp", "ok", "clean", {"rgb_in": "d", "sin": "torch.sin", "cos": "torch.cos"}),
    (
        "tiny_nerf_mlp",
        "math_sin",
        "math_fn_on_tensor",
        {"rgb_in": "d", "sin": "math.sin", "cos": "math.cos"},
    ),
    (
        "tiny_nerf_mlp",
        "viewdir_width",
        "linear_in_features",
        {"rgb_in": "d + 3", "sin": "torch.sin", "cos": "torch.cos"},
    ),
    (
        "head_reshaper_size",
        "ok",
        "clean",
        {"shape_code": "shape = list(x.shape[:-1]) + [self.heads, -1]"},
    ),
    (
        "head_reshaper_size",
        "ok_list_assign",
        "clean",
        {"shape_code": "shape = list(x.shape)\n        shape[-1:] = [self.heads, -1]"},
    ),
    (
        "head_reshaper_size",
        "size_slice_assign",
        "size_item_assign",
        {"shape_code": "shape = x.shape\n        shape[-1:] = [self.heads, -1]"},
    ),
    (
        "head_reshaper_size",
        "size_item",
        "size_item_assign",
        {"shape_code": "shape = x.size()\n        shape[-1] = self.heads"},
    ),
    ("audio_subpixel_sr", "ok", "clean", {"code": "out = (y.shape[0], 1, y.shape[2] * self.r)"}),
    (
        "audio_subpixel_sr",
        "ok_list",
        "clean",
        {"code": "out = list(x.shape)\n        out[-1] *= self.r"},
    ),
    (
        "audio_subpixel_sr",
        "size_imul",
        "size_item_assign",
        {"code": "out = x.shape\n        out[-1] *= self.r"},
    ),
    ("tied_lm_head", "ok", "clean", {"logits": "h @ self.emb.weight.T"}),
    ("tied_lm_head", "ok_linear", "clean", {"logits": "F.linear(h, self.emb.weight)"}),
    ("tied_lm_head", "linear_module", "module_as_tensor_arg", {"logits": "F.linear(h, self.emb)"}),
    (
        "tied_lm_head",
        "matmul_module",
        "module_as_tensor_arg",
        {"logits": "torch.matmul(h, self.emb)"},
    ),
    ("se_gate_classifier", "ok", "clean", {"gate": "self.fc2(F.relu(self.fc1(s)))"}),
    (
        "se_gate_classifier",
        "at_modules",
        "module_as_tensor_arg",
        {"gate": "F.relu(s @ self.fc1) @ self.fc2"},
    ),
    (
        "se_gate_classifier",
        "pool_one_axis",
        "linear_in_features",
        {"gate": "self.fc2(F.relu(self.fc1(x.mean(-1))))"},
    ),
    ("bow_topic_attention", "ok", "clean", {"w": "counts.float().softmax(-1)"}),
    ("bow_topic_attention", "ok_functional", "clean", {"w": "F.softmax(counts.float(), dim=1)"}),
    ("bow_topic_attention", "long_softmax", "softmax_int_dtype", {"w": "counts.softmax(-1)"}),
    (
        "bow_topic_attention",
        "long_log_softmax",
        "softmax_int_dtype",
        {"w": "F.log_softmax(counts, -1).exp()"},
    ),
    (
        "recency_session_gru",
        "ok",
        "clean",
        {"w": "torch.arange(x.shape[1], dtype=torch.float).softmax(0)"},
    ),
    (
        "recency_session_gru",
        "ok_linspace",
        "clean",
        {"w": "torch.linspace(0, 1, x.shape[1]).softmax(0)"},
    ),
    (
        "recency_session_gru",
        "arange_softmax",
        "softmax_int_dtype",
        {"w": "torch.arange(x.shape[1]).softmax(0)"},
    ),
    # familiar classes in new model styles
    ("capsule_routing", "ok", "clean", {"g": 3}),
    ("capsule_routing", "grid_4", "einsum", {"g": 4}),
    ("capsule_routing", "grid_2", "einsum", {"g": 2}),
    ("pointnet_ball_group", "ok", "clean", {"gidx": "idx[..., None].expand(-1, -1, -1, 3)"}),
    ("pointnet_ball_group", "index_one_col", "linear_in_features", {"gidx": "idx[..., None]"}),
    ("pointnet_ball_group", "index_rank", "gather_index", {"gidx": "idx"}),
    ("dlrm_dot_interaction", "ok", "clean", {"top_in": "d + f * (f - 1) // 2"}),
    ("dlrm_dot_interaction", "with_diag", "cat_linear", {"top_in": "d + f * (f + 1) // 2"}),
    ("dlrm_dot_interaction", "no_dense", "cat_linear", {"top_in": "f * (f - 1) // 2"}),
    ("tcn_causal_blocks", "ok", "clean", {"trim": ": -self.pad"}),
    ("tcn_causal_blocks", "ok_len", "clean", {"trim": ": x.shape[-1]"}),
    ("tcn_causal_blocks", "half_trim", "broadcast_add", {"trim": ": -(self.pad // 2)"}),
    ("tcn_causal_blocks", "len_plus_one", "broadcast_add", {"trim": ": x.shape[-1] + 1"}),
    ("wav2vec_feature_pos", "ok", "clean", {"nf": 19}),
    ("wav2vec_feature_pos", "div_frames", "broadcast_add", {"nf": 20}),
    ("wav2vec_feature_pos", "frames_16", "broadcast_add", {"nf": 16}),
    (
        "mel_cnn_classifier",
        "ok",
        "clean",
        {"p2": "(2, 4)", "fh": "n_mels // 4", "fw": "frames // 8"},
    ),
    (
        "mel_cnn_classifier",
        "ok_swapped_pool",
        "clean",
        {"p2": "(4, 2)", "fh": "n_mels // 4", "fw": "frames // 8"},
    ),
    (
        "mel_cnn_classifier",
        "square_pool_math",
        "flatten_linear",
        {"p2": "(2, 4)", "fh": "n_mels // 4", "fw": "frames // 4"},
    ),
    (
        "mixer_token_mixing",
        "ok",
        "clean",
        {"tokmix": "self.tok(self.n1(x).transpose(1, 2)).transpose(1, 2)"},
    ),
    ("mixer_token_mixing", "no_transpose", "transpose_dims", {"tokmix": "self.tok(self.n1(x))"}),
    (
        "mixer_token_mixing",
        "no_back",
        "transpose_dims",
        {"tokmix": "self.tok(self.n1(x).transpose(1, 2))"},
    ),
    ("deeplab_aspp", "ok", "clean", {"nb": "(len(rates) + 2)", "rates": "(1, 2, 3)"}),
    ("deeplab_aspp", "ok_big_rates", "clean", {"nb": "(len(rates) + 2)", "rates": "(6, 12, 18)"}),
    (
        "deeplab_aspp",
        "forgot_pool",
        "conv_in_channels",
        {"nb": "(len(rates) + 1)", "rates": "(1, 2, 3)"},
    ),
    ("deeplab_aspp", "rates_four", "conv_in_channels", {"nb": "5", "rates": "(1, 2, 3, 4)"}),
    ("fpn_topdown", "ok", "clean", {"up": 'size=f3.shape[-2:], mode="nearest"'}),
    ("fpn_topdown", "ok_size_int", "clean", {"up": "size=p4.shape[-1] * 2 - 1"}),
    ("fpn_topdown", "scale_two", "broadcast_add", {"up": 'scale_factor=2, mode="nearest"'}),
    ("vit_cls_pos", "ok", "clean", {"npos": "n + 1"}),
    ("vit_cls_pos", "no_cls_slot", "broadcast_add", {"npos": "n"}),
    ("perceiver_latents", "ok", "clean", {"kv": ", kdim=din, vdim=din", "src": "x"}),
    ("perceiver_latents", "ok_proj", "clean", {"kv": "", "src": "self.inp(x)"}),
    ("perceiver_latents", "raw_inputs", "mha_kdim", {"kv": "", "src": "x"}),
    ("dlinear_decomp", "ok", "clean", {"k": 5, "pf": "(self.k - 1) // 2"}),
    ("dlinear_decomp", "ok_k7", "clean", {"k": 7, "pf": "(self.k - 1) // 2"}),
    ("dlinear_decomp", "even_kernel", "broadcast_add", {"k": 4, "pf": "(self.k - 1) // 2"}),
    ("dlinear_decomp", "front_plus_one", "broadcast_add", {"k": 5, "pf": "(self.k + 1) // 2"}),
    ("realnvp_coupling", "ok", "clean", {"dim": 6, "half": "dim // 2"}),
    ("realnvp_coupling", "ok_8", "clean", {"dim": 8, "half": "dim // 2"}),
    ("realnvp_coupling", "odd_dim", "linear_in_features", {"dim": 7, "half": "dim // 2"}),
    ("diag_ssm_fftconv", "ok", "clean", {"L": 16, "kn": "2 * L"}),
    ("diag_ssm_fftconv", "ok_long_kernel", "clean", {"L": 32, "kn": "2 * L"}),
    ("diag_ssm_fftconv", "kernel_n_L", "fft_conv_len", {"L": 16, "kn": "L"}),
    ("diag_ssm_fftconv", "kernel_self_L", "fft_conv_len", {"L": 32, "kn": "2 * self.L"}),
    ("expert_choice_moe", "ok", "clean", {"cf": 1.0}),
    ("expert_choice_moe", "ok_cf2", "clean", {"cf": 2.0}),
    ("expert_choice_moe", "cf_5", "topk_k", {"cf": 5.0}),
    ("clip_dual_tower", "ok", "clean", {"dt": 32, "sim": "zi @ zt.t()"}),
    ("clip_dual_tower", "txt_dim", "matmul", {"dt": 24, "sim": "zi @ zt.t()"}),
    ("clip_dual_tower", "no_t", "matmul", {"dt": 32, "sim": "zi @ zt"}),
    (
        "detr_query_decoder",
        "ok",
        "clean",
        {
            "bf": ", batch_first=True",
            "mperm": "0, 2, 1",
            "qidx": "None",
            "qrep": "x.shape[0], 1, 1",
        },
    ),
    (
        "detr_query_decoder",
        "ok_seq_first",
        "clean",
        {"bf": "", "mperm": "2, 0, 1", "qidx": ":, None", "qrep": "1, x.shape[0], 1"},
    ),
    (
        "detr_query_decoder",
        "seq_first_layer",
        "transformer_batch",
        {"bf": "", "mperm": "0, 2, 1", "qidx": "None", "qrep": "x.shape[0], 1, 1"},
    ),
    ("hrnet_two_branch", "ok", "clean", {"pad": 1}),
    ("hrnet_two_branch", "pad_zero", "cat_spatial", {"pad": 0}),
    ("video_clip_c3d", "ok", "clean", {"perm": "clip.permute(0, 2, 1, 3, 4)"}),
    ("video_clip_c3d", "ok_transpose", "clean", {"perm": "clip.transpose(1, 2)"}),
    ("video_clip_c3d", "ok_hw_swapped", "clean", {"perm": "clip.permute(0, 2, 1, 4, 3)"}),
    ("video_clip_c3d", "time_as_channels", "conv_in_channels", {"perm": "clip"}),
    ("tab_transformer", "ok", "clean", {"mlp_in": "len(cards) * d + n_num"}),
    ("tab_transformer", "no_numeric", "cat_linear", {"mlp_in": "len(cards) * d"}),
    ("tab_transformer", "cls_slot", "cat_linear", {"mlp_in": "(len(cards) + 1) * d"}),
    ("actor_critic_conv", "ok", "clean", {"hw": "2 * 2"}),
    ("actor_critic_conv", "hw_3", "flatten_linear", {"hw": "3 * 3"}),
    ("actor_critic_conv", "hw_4", "flatten_linear", {"hw": "4 * 4"}),
    ("einops_patch_autoenc", "ok", "clean", {"p": 4, "hh": "h // self.p"}),
    ("einops_patch_autoenc", "ok_p5", "clean", {"p": 5, "hh": "h // self.p"}),
    ("einops_patch_autoenc", "p_8", "einops_axes", {"p": 8, "hh": "h // self.p"}),
    ("einops_patch_autoenc", "grid_h_pixels", "einops_axes", {"p": 4, "hh": "h"}),
    ("conformer_conv_module", "ok", "clean", {"dwc": "d", "gd": 1}),
    ("conformer_conv_module", "glu_time", "glu_dim", {"dwc": "d", "gd": -1}),
    ("conformer_conv_module", "dw_pre_glu", "conv_in_channels", {"dwc": "2 * d", "gd": 1}),
    ("unet_two_level", "ok", "clean", {"s": 24, "u1in": "base * 2"}),
    ("unet_two_level", "ok_32", "clean", {"s": 32, "u1in": "base * 2"}),
    ("unet_two_level", "odd_18", "unet_skip", {"s": 18, "u1in": "base * 2"}),
    ("unet_two_level", "u1_base3", "conv_in_channels", {"s": 24, "u1in": "base * 3"}),
    ("gpt_rope_sdpa", "ok", "clean", {"h": 4, "rd": "d"}),
    ("gpt_rope_sdpa", "ok_h3_fixed", "clean", {"h": 3, "rd": "16"}),
    ("gpt_rope_sdpa", "fixed_rd_h4", "rope_dims", {"h": 4, "rd": "16"}),
    ("gpt_rope_sdpa", "heads_5", "head_split", {"h": 5, "rd": "d"}),
    ("shifted_window_mha", "ok", "clean", {"ws": 4, "shift": 2}),
    ("shifted_window_mha", "ok_ws6", "clean", {"ws": 6, "shift": 3}),
    ("shifted_window_mha", "ws_5", "window_partition", {"ws": 5, "shift": 2}),
    ("shifted_window_mha", "ws_8", "window_partition", {"ws": 8, "shift": 4}),
    ("distill_feature_adapter", "ok", "clean", {"sc": 24, "ss": 2}),
    ("distill_feature_adapter", "adapter_in", "conv_in_channels", {"sc": 16, "ss": 2}),
    ("distill_feature_adapter", "student_stride", "broadcast_add", {"sc": 24, "ss": 1}),
    ("bilstm_last_hidden", "ok", "clean", {"feat": "torch.cat([hn[-2], hn[-1]], -1)"}),
    (
        "bilstm_last_hidden",
        "ok_view",
        "clean",
        {"feat": "hn.view(2, 2, ids.shape[0], -1)[-1].transpose(0, 1).reshape(ids.shape[0], -1)"},
    ),
    ("bilstm_last_hidden", "last_only", "rnn_bidirectional_width", {"feat": "hn[-1]"}),
    (
        "bilstm_last_hidden",
        "all_layers",
        "rnn_bidirectional_width",
        {"feat": "hn.transpose(0, 1).reshape(ids.shape[0], -1)"},
    ),
    (
        "mha_query_pool",
        "ok",
        "clean",
        {"pool": "self.attn(self.q.expand(x.shape[0], -1, -1), x, x)[0]"},
    ),
    (
        "mha_query_pool",
        "ok_repeat",
        "clean",
        {"pool": "self.attn(self.q.repeat(x.shape[0], 1, 1), x, x, need_weights=False)[0]"},
    ),
    (
        "mha_query_pool",
        "tuple",
        "return_tuple",
        {"pool": "self.attn(self.q.expand(x.shape[0], -1, -1), x, x)"},
    ),
]

# templates that are whole small models (several module classes or a stack), not one layer
WHOLE_MODELS = (
    "gat_two_layer",
    "seg_label_feedback",
    "lowprec_key_bias",
    "wave_frame_gru",
    "vae_convT_decoder",
    "dcgan_generator",
    "lstm_seq2seq_state",
    "multihot_recommender",
    "voxel_point_pool",
    "diffusion_time_film",
    "tiny_nerf_mlp",
    "audio_subpixel_sr",
    "tied_lm_head",
    "se_gate_classifier",
    "capsule_routing",
    "pointnet_ball_group",
    "dlrm_dot_interaction",
    "tcn_causal_blocks",
    "wav2vec_feature_pos",
    "mel_cnn_classifier",
    "mixer_token_mixing",
    "deeplab_aspp",
    "fpn_topdown",
    "vit_cls_pos",
    "perceiver_latents",
    "dlinear_decomp",
    "realnvp_coupling",
    "diag_ssm_fftconv",
    "expert_choice_moe",
    "clip_dual_tower",
    "detr_query_decoder",
    "hrnet_two_branch",
    "video_clip_c3d",
    "tab_transformer",
    "actor_critic_conv",
    "einops_patch_autoenc",
    "conformer_conv_module",
    "unet_two_level",
    "gpt_rope_sdpa",
    "shifted_window_mha",
    "distill_feature_adapter",
    "bilstm_last_hidden",
)
