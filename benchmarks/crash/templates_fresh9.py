"""A ninth fresh batch of crash cases (session 19, split ``fresh9``), written blind: the analyzer was
never run on them while they were written, and the forward-shape rules' source was not read.
The styles are forward crashes of calls and arguments the earlier sets never used, in model
families they had little of (augmentation inside forward: random crops, noise and mixup; VAEs and
policy heads built on ``torch.distributions``; graph pooling through ``scatter_reduce``; pairwise
relation networks through ``torch.combinations`` / ``cartesian_prod``; block-diagonal mixers;
spectral layers through ``view_as_real``; channels-last sequence code; functional layers with
their own bias and statistics; positional ranges with ``arange`` / ``linspace``): ``randint``
with an empty range, ``uniform_`` with from > to, ``torch.normal`` with a negative std,
``arange`` bounds against the step's sign, ``linspace`` with negative steps, an unknown GELU
``approximate``, an unknown ``scatter_reduce`` mode,
``combinations`` / ``cartesian_prod`` / ``block_diag`` on tensors of the wrong rank,
``view_as_real`` of a real tensor, ``channels_last`` of a 3-d tensor, a distribution parameter
outside its constraint, functional ``linear`` / ``conv2d`` / ``batch_norm`` / ``layer_norm`` /
``embedding`` with parameters of the wrong size or rank, ``align_corners`` with nearest
interpolation, an interpolation to size 0, a ``multi_dot`` chain that does not multiply, BCE on
logits, label smoothing past 1, hardtanh bounds swapped, ``diff`` with a prepend of the wrong
shape, local response norm of a 2-d input, a pool divisor of zero; and familiar classes
(reshape, cat then linear, matmul, conv channels, group norm, pixel shuffle, rotary dims, heads,
U-Net skips, pooling to zero) in new models. Same format as ``templates.py``; every case name
starts ``f9_``. Whether a case crashes is torch's verdict (``build_truth.py``), not the defect
label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("random_crop_cnn", "(2, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, crop={crop}, n_cls=10):
        super().__init__()
        self.crop = crop
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.fc = nn.Linear(32, n_cls)

    def forward(self, x):
        H, W = x.shape[-2:]
        i = int(torch.randint(0, H - self.crop + 1, (1,)))
        j = int(torch.randint(0, W - self.crop + 1, (1,)))
        x = x[..., i : i + self.crop, j : j + self.crop]
        return self.fc(self.features(x))
"""
)

template("random_time_shift_audio", "(2, 1, {t})")(
    """
class Net(nn.Module):
    def __init__(self, win=256, n_cls=6):
        super().__init__()
        self.win = win
        self.conv = nn.Sequential(
            nn.Conv1d(1, 16, 9, stride=4, padding=4), nn.ReLU(),
            nn.Conv1d(16, 32, 9, stride=4, padding=4), nn.ReLU(), nn.AdaptiveMaxPool1d(1),
        )
        self.head = nn.Linear(32, n_cls)

    def forward(self, wav):
        start = torch.randint({lo}, wav.shape[-1] - self.win, (1,)).item()
        seg = wav[..., start : start + self.win]
        return self.head(self.conv(seg).squeeze(-1))
"""
)

template("mixup_classifier", "(4, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, lo={lo}, hi={hi}):
        super().__init__()
        self.lo, self.hi = lo, hi
        self.body = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.GELU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.GELU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
            nn.Linear(16, 5),
        )

    def forward(self, x):
        lam = torch.empty(x.shape[0], 1, 1, 1).uniform_(self.lo, self.hi)
        mixed = lam * x + (1 - lam) * x.flip(0)
        return self.body(mixed)
"""
)

template("noisy_denoiser", "(2, 1, 16, 16)")(
    """
class Block(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.norm = nn.GroupNorm(4, ch)

    def forward(self, x):
        return x + F.silu(self.norm(self.conv(x)))


class Net(nn.Module):
    def __init__(self, sigma={sigma}, ch=16):
        super().__init__()
        self.sigma = sigma
        self.inp = nn.Conv2d(1, ch, 3, padding=1)
        self.blocks = nn.Sequential(Block(ch), Block(ch))
        self.out = nn.Conv2d(ch, 1, 3, padding=1)

    def forward(self, x):
        noise = torch.normal(0.0, self.sigma, size=tuple(x.shape))
        return self.out(self.blocks(self.inp(x + noise)))
"""
)

template("kv_cache_positions", "(2, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=40, d=32, max_pos=64, past={past}):
        super().__init__()
        self.past = past
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_pos, d)
        self.layer = nn.TransformerEncoderLayer(d, 4, 64, batch_first=True)
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids):
        T = ids.shape[1]
        pos = torch.arange({start}, {end})
        return self.lm(self.layer(self.tok(ids) + self.pos(pos)))
"""
)

template("linspace_time_embed", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n_steps={n_steps}, ch=4, d=32):
        super().__init__()
        self.register_buffer("betas", torch.linspace(1e-4, 0.02, 100))
        self.n_steps = n_steps
        self.t_mlp = nn.Sequential(nn.Linear(1, d), nn.SiLU(), nn.Linear(d, ch))
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x):
        sched = torch.linspace(0.0, 1.0, steps=self.n_steps)
        t = sched[: x.shape[0]].unsqueeze(-1)
        h = F.silu(self.conv1(x)) + self.t_mlp(t)[:, :, None, None]
        return self.conv2(h)
"""
)

template("gelu_mlp_mixer", "(2, 3, 32, 32)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, n_tok, d, approx):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.tok = nn.Sequential(nn.Linear(n_tok, 2 * n_tok), nn.GELU(approximate=approx), nn.Linear(2 * n_tok, n_tok))
        self.ln2 = nn.LayerNorm(d)
        self.ch = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(approximate=approx), nn.Linear(2 * d, d))

    def forward(self, x):
        x = x + self.tok(self.ln1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.ch(self.ln2(x))


class Net(nn.Module):
    def __init__(self, d=32, p=8, approx="{approx}"):
        super().__init__()
        self.stem = nn.Conv2d(3, d, p, stride=p)
        self.blocks = nn.Sequential(MixerBlock(16, d, approx), MixerBlock(16, d, approx))
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        x = self.stem(x).flatten(2).transpose(1, 2)
        return self.head(self.blocks(x).mean(1))
"""
)

template("gelu_functional_ffn", "(2, 10, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        h = F.gelu(self.fc1(self.norm(x)), approximate="{approx}")
        return x + self.fc2(h)
"""
)

template("causal_sdpa_gpt", "(2, 12)", kind="tokens")(
    """
class CausalSelfAttention(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.n_head = n_head
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        mask = torch.ones(T, T, dtype=torch.bool).tril()
        y = F.scaled_dot_product_attention(q, k, v, {mask_args})
        return self.proj(y.transpose(1, 2).reshape(B, T, C))


class Block(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = CausalSelfAttention(d, n_head)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self, vocab=50, d=32, n_head=4, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(32, d)
        self.h = nn.ModuleList([Block(d, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
"""
)

template("gnn_scatter_pool", "(12, 16)")(
    """
class GraphConv(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)
        self.root = nn.Linear(d_in, d_out)

    def forward(self, x, src, dst):
        msg = self.lin(x)[src]
        agg = torch.zeros(x.shape[0], msg.shape[1]).index_add(0, dst, msg)
        return F.relu(agg + self.root(x))


class Net(nn.Module):
    def __init__(self, d=16, hidden=32, n_graphs=3):
        super().__init__()
        self.n_graphs = n_graphs
        self.convs = nn.ModuleList([GraphConv(d, hidden), GraphConv(hidden, hidden)])
        self.out = nn.Linear(hidden, 2)

    def forward(self, x):
        N = x.shape[0]
        src = torch.arange(N)
        dst = (src + 1) % N
        for conv in self.convs:
            x = conv(x, src, dst)
        batch = torch.arange(N) % self.n_graphs
        index = batch.unsqueeze(-1).expand_as(x)
        pooled = torch.zeros(self.n_graphs, x.shape[1]).scatter_reduce(
            0, index, x, reduce="{reduce}", include_self=False
        )
        return self.out(pooled)
"""
)

template("relation_net_pairs", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, d=32):
        super().__init__()
        self.cnn = nn.Sequential(
            nn.Conv2d(3, ch, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.g = nn.Sequential(nn.Linear(2 * ch, d), nn.ReLU(), nn.Linear(d, d))
        self.f = nn.Linear(d, 4)

    def forward(self, img):
        obj = self.cnn(img).flatten(2).transpose(1, 2)
        n = obj.shape[1]
        pairs = torch.combinations({arg}, r=2)
        rel = torch.cat([obj[:, pairs[:, 0]], obj[:, pairs[:, 1]]], dim=-1)
        return self.f(self.g(rel).sum(1))
"""
)

template("cartesian_pair_scorer", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))
        self.score = nn.Bilinear(d, d, 1)

    def forward(self, x):
        h = self.enc(x)
        n = h.shape[1]
        grid = torch.cartesian_prod({arg})
        a = h[:, grid[:, 0]]
        b = h[:, grid[:, 1]]
        return self.score(a, b).view(x.shape[0], n, n)
"""
)

template("block_diag_mixer", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_blocks=4):
        super().__init__()
        self.n_blocks = n_blocks
        self.blocks = nn.Parameter(torch.randn(n_blocks, d // n_blocks, d // n_blocks) * 0.1)
        self.norm = nn.LayerNorm(d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        W = torch.block_diag({blocks})
        return self.out(self.norm(x) @ W) + x
"""
)

template("fno_spectral_real", "(2, 4, 32)")(
    """
class SpectralConv1d(nn.Module):
    def __init__(self, ch, modes):
        super().__init__()
        self.modes = modes
        self.w = nn.Parameter(torch.randn(ch, ch, modes, 2) * 0.05)

    def forward(self, x):
        xf = torch.fft.rfft(x)
        w = torch.view_as_complex(self.w)
        out = torch.zeros_like(xf)
        out[..., : self.modes] = torch.einsum("bim,iom->bom", xf[..., : self.modes], w)
        y = torch.fft.irfft(out, n=x.shape[-1])
        return {ret}


class Net(nn.Module):
    def __init__(self, ch=4, modes=8):
        super().__init__()
        self.spec = nn.ModuleList([SpectralConv1d(ch, modes), SpectralConv1d(ch, modes)])
        self.pw = nn.ModuleList([nn.Conv1d(ch, ch, 1), nn.Conv1d(ch, ch, 1)])

    def forward(self, x):
        for s, p in zip(self.spec, self.pw):
            x = F.gelu(s(x) + p(x))
        return x
"""
)

template("channels_last_tcn", "(2, 8, {t})")(
    """
class Net(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.convs = nn.Sequential(
            nn.Conv1d(ch, 16, 3, padding=1), nn.ReLU(),
            nn.Conv1d(16, 16, 3, padding=2, dilation=2), nn.ReLU(),
        )
        self.out = nn.Linear(16, 3)

    def forward(self, x):
        x = {prep}
        return self.out(self.convs(x).mean(-1))
"""
)

template("vae_normal_head", "(4, 1, 16, 16)")(
    """
class Encoder(nn.Module):
    def __init__(self, z):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 16, 4, 2, 1), nn.ReLU(), nn.Conv2d(16, 32, 4, 2, 1), nn.ReLU(), nn.Flatten()
        )
        self.mu = nn.Linear(32 * 16, z)
        self.scale = nn.Linear(32 * 16, z)

    def forward(self, x):
        h = self.conv(x)
        return self.mu(h), self.scale(h)


class Net(nn.Module):
    def __init__(self, z=8):
        super().__init__()
        self.enc = Encoder(z)
        self.dec = nn.Sequential(nn.Linear(z, 256), nn.ReLU(), nn.Linear(256, 256), nn.Sigmoid())

    def forward(self, x):
        mu, s = self.enc(x)
        q = torch.distributions.Normal(mu, {scale})
        z = q.rsample()
        return self.dec(z).view_as(x)
"""
)

template("policy_categorical", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self, obs=12, n_act=5, hidden=64):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(obs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, n_act)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        h = self.trunk(obs)
        dist = torch.distributions.Categorical({arg})
        a = dist.sample()
        return a, dist.log_prob(a), self.v(h).squeeze(-1)
"""
)

template("functional_lora_linear", "(2, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d_in=32, d_out=48, r=4, bias_out={bias_out}):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(d_out, d_in) * 0.02)
        self.bias = nn.Parameter(torch.zeros(bias_out))
        self.A = nn.Parameter(torch.randn(r, d_in) * 0.02)
        self.B = nn.Parameter(torch.zeros(d_out, r))

    def forward(self, x):
        w = self.weight + self.B @ self.A
        return F.linear(x, w, self.bias)
"""
)

template("hypernet_conv", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, c_in=3, c_out=8, k=3, z=16, n_bias={n_bias}):
        super().__init__()
        self.shape = (c_out, c_in, k, k)
        self.z = nn.Parameter(torch.randn(z))
        self.hyper_w = nn.Linear(z, c_out * c_in * k * k)
        self.hyper_b = nn.Linear(z, n_bias)
        self.head = nn.Sequential(nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c_out, 4))

    def forward(self, x):
        w = self.hyper_w(self.z).view(self.shape)
        b = self.hyper_b(self.z)
        return self.head(F.conv2d(x, w, b, padding=1))
"""
)

template("nearest_upsample_decoder", "(2, 32, 4, 4)")(
    """
class Up(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="{mode}", align_corners={ac})
        self.conv = nn.Conv2d(c_in, c_out, 3, padding=1)

    def forward(self, x):
        return F.relu(self.conv(self.up(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ups = nn.Sequential(Up(32, 16), Up(16, 8))
        self.out = nn.Conv2d(8, 3, 1)

    def forward(self, z):
        return torch.tanh(self.out(self.ups(z)))
"""
)

template("fpn_interp_size", "(1, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.lat1 = nn.Conv2d(16, 16, 1)
        self.lat2 = nn.Conv2d(32, 16, 1)
        self.head = nn.Conv2d(16, 4, 3, padding=1)

    def forward(self, x):
        f1 = F.relu(self.c1(x))
        f2 = F.relu(self.c2(f1))
        p2 = self.lat2(f2)
        out_h = x.shape[-1] // {div}
        p = F.interpolate(p2, size=(out_h, out_h), mode="nearest")
        p1 = F.interpolate(self.lat1(f1), size=(out_h, out_h), mode="nearest")
        return self.head(p + p1)
"""
)

template("low_rank_chain", "(4, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, r={r}):
        super().__init__()
        self.U = nn.Parameter(torch.randn(d, 8) * 0.1)
        self.S = nn.Parameter(torch.randn(8, r) * 0.1)
        self.V = nn.Parameter(torch.randn(8, d) * 0.1)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        W = torch.linalg.multi_dot([self.U, self.S, self.V])
        return self.norm(x + x @ W)
"""
)

template("multilabel_bce_head", "(4, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_lab=6):
        super().__init__()
        self.n_lab = n_lab
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.cls = nn.Linear(32, n_lab)

    def forward(self, x):
        logits = self.cls(self.backbone(x))
        target = torch.ones(x.shape[0], self.n_lab) * 0.5
        return logits, F.binary_cross_entropy({pred}, target)
"""
)

template("label_smooth_vit", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, p=8, n_cls=10, eps={eps}):
        super().__init__()
        self.crit = nn.CrossEntropyLoss(label_smoothing=eps)
        self.patch = nn.Conv2d(3, d, p, stride=p)
        self.cls_tok = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.zeros(1, 17, d))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 2 * d, batch_first=True), 2)
        self.head = nn.Linear(d, n_cls)

    def forward(self, x):
        t = self.patch(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls_tok.expand(x.shape[0], -1, -1), t], 1) + self.pos
        logits = self.head(self.enc(t)[:, 0])
        y = torch.zeros(x.shape[0], dtype=torch.long)
        return logits, self.crit(logits, y)
"""
)

template("clipped_actor", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self, obs=10, act=3, lo={lo}, hi={hi}):
        super().__init__()
        self.lo, self.hi = lo, hi
        self.net = nn.Sequential(nn.Linear(obs, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, act))

    def forward(self, obs):
        return F.hardtanh(self.net(obs), self.lo, self.hi)
"""
)

template("functional_bn_meta", "(4, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, n_stats={n_stats}):
        super().__init__()
        self.conv = nn.Conv2d(ch, 32, 3, padding=1)
        self.gamma = nn.Parameter(torch.ones(32))
        self.beta = nn.Parameter(torch.zeros(32))
        self.register_buffer("rm", torch.zeros(n_stats))
        self.register_buffer("rv", torch.ones(n_stats))
        self.fc = nn.Linear(32, 5)

    def forward(self, x):
        h = self.conv(x)
        h = F.batch_norm(h, self.rm, self.rv, self.gamma, self.beta, training=False)
        return self.fc(F.relu(h).mean((2, 3)))
"""
)

template("functional_embed_tied", "(2, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=16):
        super().__init__()
        self.table = nn.Parameter(torch.randn(vocab, d) * 0.02)
        self.rnn = nn.GRU(d, d, batch_first=True)

    def forward(self, ids):
        e = F.embedding(ids, {weight})
        h, _ = self.rnn(e)
        return h @ self.table.T
"""
)

template("delta_features_audio", "(2, 20, 50)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=20, d=32):
        super().__init__()
        self.proj = nn.Conv1d(3 * n_mels, d, 1)
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, 8)

    def forward(self, mel):
        d1 = torch.diff(mel, dim=-1, prepend={prep1})
        d2 = torch.diff(d1, dim=-1, prepend=d1[..., :1])
        h = self.proj(torch.cat([mel, d1, d2], dim=1)).transpose(1, 2)
        o, _ = self.rnn(h)
        return self.out(o[:, -1])
"""
)

template("functional_ln_adapter", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, w={w}):
        super().__init__()
        self.d = d
        self.ln_w = nn.Parameter(torch.ones(w))
        self.ln_b = nn.Parameter(torch.zeros(w))
        self.down = nn.Linear(d, 8)
        self.up = nn.Linear(8, d)

    def forward(self, x):
        h = F.layer_norm(x, (self.d,), self.ln_w, self.ln_b)
        return x + self.up(F.relu(self.down(h)))
"""
)

template("alexnet_lrn", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 5, padding=2)
        self.c2 = nn.Conv2d(16, 32, 5, padding=2)
        self.lrn = nn.LocalResponseNorm(5)
        self.fc1 = nn.Linear(32 * 8 * 8, 64)
        self.fc2 = nn.Linear(64, 10)

    def forward(self, x):
        x = F.max_pool2d(self.lrn(F.relu(self.c1(x))), 2)
        x = F.max_pool2d(self.lrn(F.relu(self.c2(x))), 2)
        h = F.relu(self.fc1(x.flatten(1)))
        return self.fc2({tail})
"""
)

template("avgpool_divisor", "(2, 8, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, k=2, div={div}):
        super().__init__()
        self.conv = nn.Conv2d(8, 16, 3, padding=1)
        self.pool = nn.AvgPool2d(k, divisor_override=div)
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        return self.fc(self.pool(F.relu(self.conv(x))).mean((2, 3)))
"""
)

# --- familiar classes in new models ---

template("swin_window_reshape", "(2, 3, {h}, {h})")(
    """
class WindowAttn(nn.Module):
    def __init__(self, d, ws, heads):
        super().__init__()
        self.ws, self.heads = ws, heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, H, W, C = x.shape
        ws = self.ws
        x = x.view(B, H // ws, ws, W // ws, ws, C).permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, C)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        a = (q @ k.transpose(-2, -1) * C ** -0.5).softmax(-1)
        return self.proj(a @ v)


class Net(nn.Module):
    def __init__(self, d=32, ws=4):
        super().__init__()
        self.embed = nn.Conv2d(3, d, 2, stride=2)
        self.attn = WindowAttn(d, ws, 4)
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        x = self.embed(x).permute(0, 2, 3, 1)
        return self.head(self.norm(self.attn(x)).mean(1))
"""
)

template("two_branch_fusion", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, fuse_in={fuse_in}):
        super().__init__()
        self.rgb = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten())
        self.gray = nn.Sequential(nn.Conv2d(1, 8, 3, 2, 1), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten())
        self.fuse = nn.Linear(fuse_in, 32)
        self.out = nn.Linear(32, 7)

    def forward(self, x):
        g = x.mean(1, keepdim=True)
        h = torch.cat([self.rgb(x), self.gray(g)], dim=1)
        return self.out(F.relu(self.fuse(h)))
"""
)

template("bilinear_pool_matmul", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, c1=16, c2={c2}):
        super().__init__()
        self.a = nn.Sequential(nn.Conv2d(3, c1, 3, padding=1), nn.ReLU())
        self.b = nn.Sequential(nn.Conv2d(3, c2, 3, padding=1), nn.ReLU(), nn.MaxPool2d({pool}))
        self.fc = nn.Linear(c1 * c2, 5)

    def forward(self, x):
        fa = self.a(x).flatten(2)
        fb = self.b(x).flatten(2)
        g = fa @ fb.transpose(1, 2) / fa.shape[-1]
        return self.fc(g.flatten(1))
"""
)

template("stereo_cost_volume", "(2, 3, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, ch=8, max_disp=4):
        super().__init__()
        self.max_disp = max_disp
        self.feat_l = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.ReLU())
        self.feat_r = nn.Sequential(nn.Conv2d({c_r}, ch, 3, padding=1), nn.ReLU())
        self.agg = nn.Conv3d(1, 1, 3, padding=1)

    def forward(self, x):
        left, right = x, x.flip(-1)
        fl, fr = self.feat_l(left), self.feat_r(right)
        cost = torch.stack([(fl * fr.roll(d, -1)).mean(1) for d in range(self.max_disp)], 1)
        return self.agg(cost.unsqueeze(1)).squeeze(1).softmax(1)
"""
)

template("diffusion_resblock_gn", "(2, {c}, 16, 16)")(
    """
class ResBlock(nn.Module):
    def __init__(self, ch, t_dim, groups):
        super().__init__()
        self.groups = groups
        self.c1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.t = nn.Linear(t_dim, ch)
        self.c2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x, temb):
        h = self.c1(F.silu(F.group_norm(x, self.groups))) + self.t(temb)[:, :, None, None]
        return x + self.c2(F.silu(F.group_norm(h, self.groups)))


class Net(nn.Module):
    def __init__(self, c={c}, ch=24, t_dim=16, groups={g}):
        super().__init__()
        self.t_dim = t_dim
        self.inp = nn.Conv2d(c, ch, 3, padding=1)
        self.blocks = nn.ModuleList([ResBlock(ch, t_dim, groups) for _ in range(2)])
        self.out = nn.Conv2d(ch, c, 3, padding=1)

    def forward(self, x):
        t = torch.full((x.shape[0],), 10.0)
        half = self.t_dim // 2
        freqs = torch.exp(-torch.arange(half) * 4.0 / half)
        temb = torch.cat([torch.sin(t[:, None] * freqs), torch.cos(t[:, None] * freqs)], -1)
        h = self.inp(x)
        for b in self.blocks:
            h = b(h, temb)
        return self.out(h)
"""
)

template("espcn_superres", "(1, 1, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self, r={r}, out_factor={of}):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 32, 5, padding=2), nn.Tanh(), nn.Conv2d(32, 16, 3, padding=1), nn.Tanh(),
            nn.Conv2d(16, out_factor * out_factor, 3, padding=1),
        )
        self.shuffle = nn.PixelShuffle(r)

    def forward(self, x):
        return torch.sigmoid(self.shuffle(self.body(x)))
"""
)

template("rotary_gqa_llama", "(2, 10)", kind="tokens")(
    """
def rope(x, cos, sin):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).flatten(-2)


class Attention(nn.Module):
    def __init__(self, d, heads, rot):
        super().__init__()
        self.h, self.hd = heads, d // heads
        self.wq = nn.Linear(d, d, bias=False)
        self.wk = nn.Linear(d, d, bias=False)
        self.wv = nn.Linear(d, d, bias=False)
        self.wo = nn.Linear(d, d, bias=False)
        inv = 1.0 / (10000 ** (torch.arange(0, rot, 2).float() / rot))
        self.register_buffer("inv", inv)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.wq(x).view(B, T, self.h, self.hd).transpose(1, 2)
        k = self.wk(x).view(B, T, self.h, self.hd).transpose(1, 2)
        v = self.wv(x).view(B, T, self.h, self.hd).transpose(1, 2)
        ang = torch.outer(torch.arange(T).float(), self.inv)
        q, k = rope(q, ang.cos(), ang.sin()), rope(k, ang.cos(), ang.sin())
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self, vocab=64, d=48, heads=4, rot={rot}):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([Attention(d, heads, rot) for _ in range(2)])
        self.norm = nn.RMSNorm(d)
        self.out = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = x + layer(x)
        return self.out(self.norm(x))
"""
)

template("audio_unet_skip", "(1, 1, {t})")(
    """
class Down(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv1d(c_in, c_out, 15, stride=2, padding=7)

    def forward(self, x):
        return F.leaky_relu(self.conv(x), 0.1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1, self.d2, self.d3 = Down(1, 8), Down(8, 16), Down(16, 32)
        self.u3 = nn.ConvTranspose1d(32, 16, 4, stride=2, padding=1)
        self.u2 = nn.ConvTranspose1d(32, 8, 4, stride=2, padding=1)
        self.u1 = nn.ConvTranspose1d(16, 1, 4, stride=2, padding=1)

    def forward(self, x):
        h1 = self.d1(x)
        h2 = self.d2(h1)
        h3 = self.d3(h2)
        y = torch.cat([self.u3(h3), h2], 1)
        y = torch.cat([self.u2(y), h1], 1)
        return torch.tanh(self.u1(y))
"""
)

template("moe_topk_router", "(2, 6, 32)")(
    """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.w1 = nn.Linear(d, 2 * d)
        self.w2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, d=32, n_exp=4, k={k}):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(d, n_exp, bias=False)
        self.experts = nn.ModuleList([Expert(d) for _ in range(n_exp)])

    def forward(self, x):
        B, T, D = x.shape
        flat = x.reshape(-1, D)
        w, idx = self.gate(flat).softmax(-1).topk(self.k, dim=-1)
        out = torch.zeros_like(flat)
        for slot in range(self.k):
            for e, expert in enumerate(self.experts):
                sel = idx[:, slot] == e
                out[sel] += w[sel, slot, None] * expert(flat[sel])
        return out.view(B, T, D)
"""
)

template("mamba_like_ssm", "(2, 12, 16)")(
    """
class SSMBlock(nn.Module):
    def __init__(self, d, n, conv_k):
        super().__init__()
        self.in_proj = nn.Linear(d, 2 * d)
        self.conv = nn.Conv1d(d, d, conv_k, padding=conv_k - 1, groups=d)
        self.A = nn.Parameter(-torch.rand(d, n))
        self.B = nn.Linear(d, n)
        self.C = nn.Linear(d, {c_out})
        self.out = nn.Linear(d, d)

    def forward(self, x):
        T = x.shape[1]
        u, z = self.in_proj(x).chunk(2, -1)
        u = F.silu(self.conv(u.transpose(1, 2))[..., :T].transpose(1, 2))
        Bm, Cm = self.B(u), self.C(u)
        h = torch.zeros(x.shape[0], u.shape[-1], self.A.shape[1])
        ys = []
        for t in range(T):
            h = torch.exp(self.A) * h + u[:, t, :, None] * Bm[:, t, None, :]
            ys.append((h @ Cm[:, t, :, None]).squeeze(-1))
        return self.out(torch.stack(ys, 1) * F.silu(z))


class Net(nn.Module):
    def __init__(self, d=16, n=8):
        super().__init__()
        self.layers = nn.ModuleList([SSMBlock(d, n, 4) for _ in range(2)])
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(self.norm(x))
        return x
"""
)

template("yolo_head_reshape", "(1, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_cls=4, n_anchor=3, out_ch={out_ch}):
        super().__init__()
        self.n_cls, self.na = n_cls, n_anchor
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.SiLU(),
            nn.Conv2d(16, 32, 3, 2, 1), nn.BatchNorm2d(32), nn.SiLU(),
        )
        self.det = nn.Conv2d(32, out_ch, 1)

    def forward(self, x):
        p = self.det(self.backbone(x))
        B, _, H, W = p.shape
        p = p.view(B, self.na, 5 + self.n_cls, H, W).permute(0, 1, 3, 4, 2)
        return p[..., :4].sigmoid(), p[..., 4:]
"""
)

template("graph_attention_heads", "(10, 12)")(
    """
class GATLayer(nn.Module):
    def __init__(self, d_in, d_out, heads):
        super().__init__()
        self.heads, self.d_out = heads, d_out
        self.W = nn.Linear(d_in, heads * d_out, bias=False)
        self.a_src = nn.Parameter(torch.randn(heads, {a_dim}) * 0.1)
        self.a_dst = nn.Parameter(torch.randn(heads, d_out) * 0.1)

    def forward(self, x, adj):
        N = x.shape[0]
        h = self.W(x).view(N, self.heads, self.d_out)
        e = (h * self.a_src).sum(-1)[:, None, :] + (h * self.a_dst).sum(-1)[None, :, :]
        e = F.leaky_relu(e, 0.2).masked_fill(~adj[..., None], float("-inf"))
        att = e.softmax(1)
        return torch.einsum("ijh,jhd->ihd", att, h).reshape(N, -1)


class Net(nn.Module):
    def __init__(self, d=12, hid=8, heads=4):
        super().__init__()
        self.l1 = GATLayer(d, hid, heads)
        self.l2 = nn.Linear(hid * heads, 3)

    def forward(self, x):
        N = x.shape[0]
        adj = torch.eye(N, dtype=torch.bool) | torch.eye(N, dtype=torch.bool).roll(1, 0)
        return self.l2(F.elu(self.l1(x, adj)))
"""
)

template("conformer_feed_chunks", "(2, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_chunks={n}):
        super().__init__()
        self.n_chunks = n_chunks
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.SiLU(), nn.Linear(4 * d, d))
        self.dw = nn.Conv1d(d, d, 5, padding=2, groups=d)
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)

    def forward(self, x):
        x = x + 0.5 * self.ff(x)
        parts = x.split(x.shape[1] // self.n_chunks, dim=1)
        outs = [self.attn(p, p, p, need_weights=False)[0] for p in parts]
        y = torch.stack(outs, 1).flatten(1, 2)
        return y + self.dw(y.transpose(1, 2)).transpose(1, 2)
"""
)

template("siren_coord_mlp", "(2, 64, 2)")(
    """
class SineLayer(nn.Module):
    def __init__(self, d_in, d_out, w0=30.0):
        super().__init__()
        self.w0 = w0
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x):
        return torch.sin(self.w0 * self.lin(x))


class Net(nn.Module):
    def __init__(self, n_freq={n_freq}, hidden=32):
        super().__init__()
        self.n_freq = n_freq
        self.net = nn.Sequential(SineLayer(2 + 4 * 6, hidden), SineLayer(hidden, hidden), nn.Linear(hidden, 3))

    def forward(self, coords):
        freqs = 2.0 ** torch.arange(self.n_freq)
        ang = coords[..., None] * freqs
        enc = torch.cat([coords, ang.sin().flatten(-2), ang.cos().flatten(-2)], -1)
        return self.net(enc)
"""
)

template("tiny_detr_queries", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_q=8, n_cls=5, box_in={box_in}):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, d, 4, 4), nn.ReLU(), nn.Conv2d(d, d, 3, padding=1))
        self.query = nn.Parameter(torch.randn(n_q, d))
        self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(d, 4, 64, batch_first=True), 2)
        self.cls = nn.Linear(d, n_cls + 1)
        self.box = nn.Sequential(nn.Linear(box_in, d), nn.ReLU(), nn.Linear(d, 4))

    def forward(self, x):
        mem = self.backbone(x).flatten(2).transpose(1, 2)
        q = self.query.expand(x.shape[0], -1, -1)
        h = self.dec(q, mem)
        return self.cls(h), self.box(h).sigmoid()
"""
)

template("seq_vae_gru_pool", "(2, {t})", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=32, z=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.enc = nn.GRU(d, d, batch_first=True)
        self.to_z = nn.Linear(d, 2 * z)
        self.from_z = nn.Linear(z, d)
        self.dec = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, ids):
        e = self.emb(ids)
        _, h = self.enc(e)
        mu, logvar = self.to_z(h[-1]).chunk(2, -1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        pooled = F.max_pool1d(e.transpose(1, 2), {k}).transpose(1, 2)
        y, _ = self.dec(pooled, self.from_z(z)[None])
        return self.out(y)
"""
)

template("multiscale_mask_attn", "(2, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, heads=2, win={win}):
        super().__init__()
        self.heads, self.win = heads, win
        self.mha = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))

    def forward(self, x):
        B, T, _ = x.shape
        i = torch.arange(self.win)
        mask = (i[:, None] - i[None, :]).abs() > 2
        y, _ = self.mha(x, x, x, attn_mask=mask)
        return x + self.ff(y)
"""
)

template("hourglass_pool_depth", "(1, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, depth={depth}):
        super().__init__()
        layers = []
        ch = 3
        for i in range(depth):
            layers += [nn.Conv2d(ch, 8 * (i + 1), 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            ch = 8 * (i + 1)
        self.down = nn.Sequential(*layers)
        self.head = nn.Conv2d(ch, 1, 1)

    def forward(self, x):
        return self.head(self.down(x)).flatten(1)
"""
)

template("byol_predictor_norm", "(4, 3, 16, 16)")(
    """
class MLP(nn.Module):
    def __init__(self, d_in, d_hid, d_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, d_hid), nn.BatchNorm1d(d_hid), nn.ReLU(), nn.Linear(d_hid, d_out))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, feat=32, proj=16, ln_dim={ln_dim}):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, feat, 3, 2, 1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.projector = MLP(feat, 64, proj)
        self.predictor = MLP(proj, 64, proj)
        self.norm = nn.LayerNorm(ln_dim)

    def forward(self, x):
        z = self.projector(self.enc(x))
        p = self.predictor(z)
        return F.cosine_similarity(self.norm(p), z.detach(), dim=-1).mean()
"""
)

template("text_cnn_kernels", "(2, {t})", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=50, d=16, n_f=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.convs = nn.ModuleList([nn.Conv1d(d, n_f, k) for k in (3, 4, 5)])
        self.drop = nn.Dropout(0.5)
        self.fc = nn.Linear(3 * n_f, 2)

    def forward(self, ids):
        e = self.emb(ids).transpose(1, 2)
        feats = [F.relu(c(e)).max(-1).values for c in self.convs]
        return self.fc(self.drop(torch.cat(feats, 1)))
"""
)

_CROP = "torch.arange(n)"

VARIANTS: list[tuple[str, str, str, dict]] = [
    ("random_crop_cnn", "ok", "clean", {"h": 32, "crop": 24}),
    ("random_crop_cnn", "ok_full", "clean", {"h": 24, "crop": 24}),
    ("random_crop_cnn", "crop_too_big", "randint_range", {"h": 16, "crop": 24}),
    ("random_crop_cnn", "crop_plus1", "randint_range", {"h": 23, "crop": 24}),
    ("random_time_shift_audio", "ok", "clean", {"t": 1000, "lo": 0}),
    ("random_time_shift_audio", "ok_offset", "clean", {"t": 400, "lo": 16}),
    ("random_time_shift_audio", "short_wave", "randint_range", {"t": 200, "lo": 0}),
    ("random_time_shift_audio", "exact_wave", "randint_range", {"t": 256, "lo": 0}),
    ("mixup_classifier", "ok", "clean", {"lo": 0.0, "hi": 1.0}),
    ("mixup_classifier", "ok_narrow", "clean", {"lo": 0.3, "hi": 0.7}),
    ("mixup_classifier", "swapped", "uniform_range", {"lo": 1.0, "hi": 0.0}),
    ("mixup_classifier", "swapped_narrow", "uniform_range", {"lo": 0.7, "hi": 0.3}),
    ("noisy_denoiser", "ok", "clean", {"sigma": 0.1}),
    ("noisy_denoiser", "ok_zero", "clean", {"sigma": 0.0}),
    ("noisy_denoiser", "neg_sigma", "normal_std_negative", {"sigma": -0.1}),
    (
        "kv_cache_positions",
        "ok",
        "clean",
        {"past": 4, "start": "self.past", "end": "self.past + T"},
    ),
    ("kv_cache_positions", "ok_zero", "clean", {"past": 0, "start": "0", "end": "T"}),
    (
        "kv_cache_positions",
        "end_is_len",
        "arange_bounds",
        {"past": 12, "start": "self.past", "end": "T"},
    ),
    (
        "kv_cache_positions",
        "swapped",
        "arange_bounds",
        {"past": 4, "start": "self.past + T", "end": "self.past"},
    ),
    ("linspace_time_embed", "ok", "clean", {"n_steps": 10}),
    ("linspace_time_embed", "ok_two", "clean", {"n_steps": 2}),
    ("linspace_time_embed", "neg_steps", "linspace_steps", {"n_steps": -1}),
    ("linspace_time_embed", "neg_steps10", "linspace_steps", {"n_steps": -10}),
    ("gelu_mlp_mixer", "ok", "clean", {"approx": "none"}),
    ("gelu_mlp_mixer", "ok_tanh", "clean", {"approx": "tanh"}),
    ("gelu_mlp_mixer", "fast", "gelu_approximate", {"approx": "fast"}),
    ("gelu_functional_ffn", "ok", "clean", {"approx": "tanh"}),
    ("gelu_functional_ffn", "ok_none", "clean", {"approx": "none"}),
    ("gelu_functional_ffn", "erf", "gelu_approximate", {"approx": "erf"}),
    ("gelu_functional_ffn", "true", "gelu_approximate", {"approx": "True"}),
    ("causal_sdpa_gpt", "ok", "clean", {"mask_args": "is_causal=True"}),
    ("causal_sdpa_gpt", "ok_mask", "clean", {"mask_args": "attn_mask=mask"}),
    # torch 2.13 on the CPU takes a 4-d SDPA call with both a mask and is_causal (a 3-d one raises)
    (
        "causal_sdpa_gpt",
        "ok_both",
        "clean",
        {"mask_args": "attn_mask=mask, is_causal=True"},
    ),
    (
        "causal_sdpa_gpt",
        "mask_wide",
        "attn_mask",
        {"mask_args": "attn_mask=torch.ones(T, T + 1, dtype=torch.bool)"},
    ),
    ("gnn_scatter_pool", "ok", "clean", {"reduce": "amax"}),
    ("gnn_scatter_pool", "ok_mean", "clean", {"reduce": "mean"}),
    ("gnn_scatter_pool", "avg", "scatter_reduce_mode", {"reduce": "avg"}),
    # torch 2.13 takes "max" (not in its own error message's list)
    ("gnn_scatter_pool", "ok_max", "clean", {"reduce": "max"}),
    ("gnn_scatter_pool", "add", "scatter_reduce_mode", {"reduce": "add"}),
    ("relation_net_pairs", "ok", "clean", {"arg": _CROP}),
    ("relation_net_pairs", "ok_list", "clean", {"arg": "torch.tensor(list(range(n)))"}),
    ("relation_net_pairs", "grid", "combinations_rank", {"arg": "torch.arange(n).view(4, -1)"}),
    ("relation_net_pairs", "batched", "combinations_rank", {"arg": "torch.arange(n).expand(2, n)"}),
    ("cartesian_pair_scorer", "ok", "clean", {"arg": "torch.arange(n), torch.arange(n)"}),
    (
        "cartesian_pair_scorer",
        "batched",
        "cartesian_prod_rank",
        {"arg": "torch.arange(n).expand(2, n), torch.arange(n)"},
    ),
    (
        "cartesian_pair_scorer",
        "second_2d",
        "cartesian_prod_rank",
        {"arg": "torch.arange(n), torch.arange(n).view(2, -1)"},
    ),
    ("cartesian_pair_scorer", "ok_range", "clean", {"arg": "*[torch.arange(n)] * 2"}),
    ("block_diag_mixer", "ok", "clean", {"blocks": "*self.blocks"}),
    ("block_diag_mixer", "ok_unbind", "clean", {"blocks": "*self.blocks.unbind(0)"}),
    ("block_diag_mixer", "no_star", "block_diag_rank", {"blocks": "self.blocks"}),
    ("fno_spectral_real", "ok", "clean", {"ret": "y"}),
    (
        "fno_spectral_real",
        "ok_complex_view",
        "clean",
        {"ret": "torch.view_as_real(out).sum(-1)[..., :1] * 0 + y"},
    ),
    (
        "fno_spectral_real",
        "real_view",
        "view_as_real_dtype",
        {"ret": "torch.view_as_real(y).sum(-1)"},
    ),
    ("channels_last_tcn", "ok", "clean", {"t": 32, "prep": "x.contiguous()"}),
    (
        "channels_last_tcn",
        "ok_4d",
        "clean",
        {
            "t": 32,
            "prep": "x.unsqueeze(-1).contiguous(memory_format=torch.channels_last).squeeze(-1)",
        },
    ),
    (
        "channels_last_tcn",
        "cl_3d",
        "channels_last_rank",
        {"t": 32, "prep": "x.contiguous(memory_format=torch.channels_last)"},
    ),
    (
        "channels_last_tcn",
        "cl_to",
        "channels_last_rank",
        {"t": 20, "prep": "x.to(memory_format=torch.channels_last)"},
    ),
    ("vae_normal_head", "ok", "clean", {"scale": "F.softplus(s) + 1e-4"}),
    ("vae_normal_head", "ok_exp", "clean", {"scale": "(0.5 * s).exp()"}),
    ("vae_normal_head", "raw_scale", "distribution_constraint", {"scale": "s"}),
    ("policy_categorical", "ok", "clean", {"arg": "logits=self.pi(h)"}),
    ("policy_categorical", "ok_probs", "clean", {"arg": "probs=self.pi(h).softmax(-1)"}),
    (
        "policy_categorical",
        "logits_as_probs",
        "distribution_constraint",
        {"arg": "probs=self.pi(h)"},
    ),
    ("functional_lora_linear", "ok", "clean", {"bias_out": 48}),
    ("functional_lora_linear", "in_bias", "linear_bias_size", {"bias_out": 32}),
    ("functional_lora_linear", "r_bias", "linear_bias_size", {"bias_out": 4}),
    ("hypernet_conv", "ok", "clean", {"n_bias": 8}),
    ("hypernet_conv", "in_bias", "conv_bias_size", {"n_bias": 3}),
    ("hypernet_conv", "bias16", "conv_bias_size", {"n_bias": 16}),
    ("nearest_upsample_decoder", "ok", "clean", {"mode": "bilinear", "ac": "False"}),
    ("nearest_upsample_decoder", "ok_nearest", "clean", {"mode": "nearest", "ac": "None"}),
    (
        "nearest_upsample_decoder",
        "nearest_ac",
        "align_corners_mode",
        {"mode": "nearest", "ac": "True"},
    ),
    (
        "nearest_upsample_decoder",
        "nearest_ac_false",
        "align_corners_mode",
        {"mode": "nearest", "ac": "False"},
    ),
    ("fpn_interp_size", "ok", "clean", {"h": 32, "div": 2}),
    ("fpn_interp_size", "ok_small", "clean", {"h": 8, "div": 8}),
    ("fpn_interp_size", "div_past", "interp_size_zero", {"h": 8, "div": 16}),
    ("fpn_interp_size", "tiny", "interp_size_zero", {"h": 3, "div": 4}),
    ("low_rank_chain", "ok", "clean", {"r": 8}),
    ("low_rank_chain", "r4", "multi_dot_chain", {"r": 4}),
    ("low_rank_chain", "r16", "multi_dot_chain", {"r": 16}),
    ("multilabel_bce_head", "ok", "clean", {"pred": "logits.sigmoid()"}),
    ("multilabel_bce_head", "ok_softmax", "clean", {"pred": "logits.softmax(-1)"}),
    ("multilabel_bce_head", "logits", "bce_input_range", {"pred": "logits"}),
    ("multilabel_bce_head", "tanh", "bce_input_range", {"pred": "torch.tanh(logits)"}),
    ("label_smooth_vit", "ok", "clean", {"eps": 0.1}),
    ("label_smooth_vit", "ok_one", "clean", {"eps": 1.0}),
    ("label_smooth_vit", "percent", "label_smoothing_range", {"eps": 10}),
    ("label_smooth_vit", "eps1_5", "label_smoothing_range", {"eps": 1.5}),
    # torch 2.13 runs a negative label_smoothing (only values above 1 raise)
    ("label_smooth_vit", "ok_neg", "clean", {"eps": -0.1}),
    ("clipped_actor", "ok", "clean", {"lo": -1.0, "hi": 1.0}),
    ("clipped_actor", "ok_asym", "clean", {"lo": -2.0, "hi": 0.5}),
    ("clipped_actor", "swapped", "hardtanh_bounds", {"lo": 1.0, "hi": -1.0}),
    ("functional_bn_meta", "ok", "clean", {"n_stats": 32}),
    ("functional_bn_meta", "in_stats", "functional_bn_stats", {"n_stats": 16}),
    ("functional_bn_meta", "stats64", "functional_bn_stats", {"n_stats": 64}),
    ("functional_embed_tied", "ok", "clean", {"weight": "self.table"}),
    ("functional_embed_tied", "ok_t", "clean", {"weight": "self.table.T.T"}),
    ("functional_embed_tied", "row", "embedding_weight_rank", {"weight": "self.table[0]"}),
    ("functional_embed_tied", "flat", "embedding_weight_rank", {"weight": "self.table.flatten()"}),
    ("delta_features_audio", "ok", "clean", {"prep1": "mel[..., :1]"}),
    ("delta_features_audio", "ok_zeros", "clean", {"prep1": "torch.zeros_like(mel[..., :1])"}),
    (
        "delta_features_audio",
        "no_keep",
        "diff_prepend_shape",
        {"prep1": "mel[..., 0:1].squeeze(-1)"},
    ),
    ("delta_features_audio", "mel0", "diff_prepend_shape", {"prep1": "mel[:, :1]"}),
    ("functional_ln_adapter", "ok", "clean", {"w": 32}),
    ("functional_ln_adapter", "w8", "layernorm_weight_size", {"w": 8}),
    ("functional_ln_adapter", "w64", "layernorm_weight_size", {"w": 64}),
    ("alexnet_lrn", "ok", "clean", {"tail": "h"}),
    ("alexnet_lrn", "ok_3d", "clean", {"tail": "self.lrn(h[:, :, None]).squeeze(2)"}),
    ("alexnet_lrn", "lrn_fc", "lrn_rank", {"tail": "self.lrn(h)"}),
    ("alexnet_lrn", "lrn_vec", "lrn_rank", {"tail": "self.lrn(h[0]).expand(2, -1)"}),
    ("avgpool_divisor", "ok", "clean", {"div": "None"}),
    ("avgpool_divisor", "ok_one", "clean", {"div": 1}),
    ("avgpool_divisor", "zero", "pool_divisor_zero", {"div": 0}),
    ("swin_window_reshape", "ok", "clean", {"h": 32}),
    ("swin_window_reshape", "ok_16", "clean", {"h": 16}),
    ("swin_window_reshape", "h20", "reshape_numel", {"h": 20}),
    ("swin_window_reshape", "h36", "reshape_numel", {"h": 36}),
    ("two_branch_fusion", "ok", "clean", {"fuse_in": 96}),
    ("two_branch_fusion", "rgb_only", "cat_linear", {"fuse_in": 64}),
    ("two_branch_fusion", "sum_ch", "cat_linear", {"fuse_in": 24}),
    ("bilinear_pool_matmul", "ok", "clean", {"c2": 8, "pool": 1}),
    ("bilinear_pool_matmul", "ok_c", "clean", {"c2": 16, "pool": 1}),
    ("bilinear_pool_matmul", "pooled_b", "matmul", {"c2": 8, "pool": 2}),
    ("stereo_cost_volume", "ok", "clean", {"c_r": 3}),
    ("stereo_cost_volume", "gray_right", "conv_in_channels", {"c_r": 1}),
    ("stereo_cost_volume", "feat_right", "conv_in_channels", {"c_r": 8}),
    ("diffusion_resblock_gn", "ok", "clean", {"c": 3, "g": 8}),
    ("diffusion_resblock_gn", "ok_g6", "clean", {"c": 4, "g": 6}),
    ("diffusion_resblock_gn", "g16", "norm_groups", {"c": 3, "g": 16}),
    ("diffusion_resblock_gn", "g5", "norm_groups", {"c": 4, "g": 5}),
    ("espcn_superres", "ok", "clean", {"r": 3, "of": 3}),
    ("espcn_superres", "ok_r2", "clean", {"r": 2, "of": 2}),
    ("espcn_superres", "r3_of2", "pixel_shuffle", {"r": 3, "of": 2}),
    ("espcn_superres", "r2_of3", "pixel_shuffle", {"r": 2, "of": 3}),
    ("rotary_gqa_llama", "ok", "clean", {"rot": 12}),
    ("rotary_gqa_llama", "rot_d", "rope_dims", {"rot": 48}),
    ("rotary_gqa_llama", "rot8", "rope_dims", {"rot": 8}),
    ("audio_unet_skip", "ok", "clean", {"t": 64}),
    ("audio_unet_skip", "ok_128", "clean", {"t": 128}),
    ("audio_unet_skip", "t60", "unet_skip", {"t": 60}),
    ("audio_unet_skip", "t100", "unet_skip", {"t": 100}),
    ("moe_topk_router", "ok", "clean", {"k": 2}),
    ("moe_topk_router", "ok_k4", "clean", {"k": 4}),
    ("moe_topk_router", "k5", "topk_k", {"k": 5}),
    ("mamba_like_ssm", "ok", "clean", {"c_out": "n"}),
    ("mamba_like_ssm", "c_d", "matmul", {"c_out": "d"}),
    ("mamba_like_ssm", "c_2n", "matmul", {"c_out": "2 * n"}),
    ("yolo_head_reshape", "ok", "clean", {"out_ch": 27}),
    ("yolo_head_reshape", "no_obj", "reshape_numel", {"out_ch": 24}),
    ("yolo_head_reshape", "one_anchor", "reshape_numel", {"out_ch": 9}),
    ("graph_attention_heads", "ok", "clean", {"a_dim": "d_out"}),
    ("graph_attention_heads", "ok_one", "clean", {"a_dim": "1"}),
    ("graph_attention_heads", "a_in", "broadcast_add", {"a_dim": "d_in"}),
    ("graph_attention_heads", "a_heads", "broadcast_add", {"a_dim": "heads"}),
    ("conformer_feed_chunks", "ok", "clean", {"n": 4}),
    ("conformer_feed_chunks", "ok_two", "clean", {"n": 2}),
    ("conformer_feed_chunks", "n3", "stack_shapes", {"n": 3}),
    ("conformer_feed_chunks", "n5", "stack_shapes", {"n": 5}),
    ("siren_coord_mlp", "ok", "clean", {"n_freq": 6}),
    ("siren_coord_mlp", "f8", "linear_in_features", {"n_freq": 8}),
    ("siren_coord_mlp", "f4", "linear_in_features", {"n_freq": 4}),
    ("tiny_detr_queries", "ok", "clean", {"box_in": 32}),
    ("tiny_detr_queries", "box_q", "linear_in_features", {"box_in": 8}),
    ("seq_vae_gru_pool", "ok", "clean", {"t": 12, "k": 2}),
    ("seq_vae_gru_pool", "ok_k1", "clean", {"t": 6, "k": 1}),
    ("seq_vae_gru_pool", "short", "pool_too_small", {"t": 3, "k": 4}),
    ("multiscale_mask_attn", "ok", "clean", {"win": 8}),
    ("multiscale_mask_attn", "w6", "attn_mask", {"win": 6}),
    ("multiscale_mask_attn", "w16", "attn_mask", {"win": 16}),
    ("hourglass_pool_depth", "ok", "clean", {"h": 32, "depth": 4}),
    ("hourglass_pool_depth", "ok_exact", "clean", {"h": 16, "depth": 4}),
    ("hourglass_pool_depth", "deep", "pool_too_small", {"h": 16, "depth": 5}),
    ("hourglass_pool_depth", "tiny", "pool_too_small", {"h": 8, "depth": 4}),
    ("byol_predictor_norm", "ok", "clean", {"ln_dim": 16}),
    ("byol_predictor_norm", "feat_norm", "norm_shape", {"ln_dim": 32}),
    ("byol_predictor_norm", "hid_norm", "norm_shape", {"ln_dim": 64}),
    ("text_cnn_kernels", "ok", "clean", {"t": 12}),
    ("text_cnn_kernels", "ok_exact", "clean", {"t": 5}),
    ("text_cnn_kernels", "t4", "conv_kernel_size", {"t": 4}),
    ("text_cnn_kernels", "t2", "conv_kernel_size", {"t": 2}),
]

# the templates that are whole small models (several module classes, a stack, or three layers)
WHOLE_MODELS = (
    "random_crop_cnn",
    "random_time_shift_audio",
    "mixup_classifier",
    "noisy_denoiser",
    "kv_cache_positions",
    "linspace_time_embed",
    "gelu_mlp_mixer",
    "causal_sdpa_gpt",
    "gnn_scatter_pool",
    "relation_net_pairs",
    "fno_spectral_real",
    "channels_last_tcn",
    "vae_normal_head",
    "policy_categorical",
    "multilabel_bce_head",
    "label_smooth_vit",
    "clipped_actor",
    "delta_features_audio",
    "alexnet_lrn",
    "swin_window_reshape",
    "two_branch_fusion",
    "stereo_cost_volume",
    "diffusion_resblock_gn",
    "espcn_superres",
    "rotary_gqa_llama",
    "audio_unet_skip",
    "moe_topk_router",
    "mamba_like_ssm",
    "yolo_head_reshape",
    "graph_attention_heads",
    "conformer_feed_chunks",
    "siren_coord_mlp",
    "tiny_detr_queries",
    "seq_vae_gru_pool",
    "hourglass_pool_depth",
    "byol_predictor_norm",
    "text_cnn_kernels",
)
