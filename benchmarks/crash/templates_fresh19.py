"""A nineteenth fresh batch of crash cases (session 27, split ``fresh19``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The new classes are ops and habits earlier batches did not exercise: ``interpolate`` with a
``scale_factor`` tuple of the wrong length or one that shrinks the output to zero, ``randperm`` of
a float count, ``Tensor.copy_`` into a buffer of another shape, ``torch.distributions`` mistakes
(``log_prob`` of values outside the support, ``rsample`` of a discrete distribution, a KL pair
torch has no formula for, ``Independent`` over more dims than the batch has, parameters whose
shapes do not broadcast), ``pack_padded_sequence`` with a zero length, an RNN hidden state of
another dtype, ``poisson`` of negative rates, ``torch.fft.fft`` with a tuple of dims,
``Dropout1d`` on a 4-D map, ``solve_triangular`` without ``upper``, ``vmap`` over a dim the
input lacks, ``EmbeddingBag`` per-sample weights with ``mode='mean'``, conv and pool padding
strings from numpy / Keras (``'full'``, ``'causal'``, ``'same'`` for pools), numpy-only
functions (``torch.percentile``, ``torch.expand_dims``), JAX's ``x.at[...].set``,
``diag_embed`` with one dim twice, ``select`` one past the end, ``instance_norm`` without input
stats, ``hypot`` of integers, ``qr`` with numpy's ``'economic'`` mode, targets past
``AdaptiveLogSoftmaxWithLoss``'s classes, a class-index target of shape ``(N, 1)``, float
sizes computed in Python reaching ``interpolate(size=...)``, a slice bound and ``topk``'s ``k``,
``torch.sum`` / ``torch.mean`` of a Python list, ``cosine_similarity`` of integer counts, a
matrix norm (``'fro'``, ``'nuc'``) over one dim and a numpy array as ``F.linear``'s weight. Familiar
classes (U-Net skips, SDPA masks, masked_fill masks, pooling to zero, stack / split, transposed
conv output padding, embedding ids, norm shapes, einops pack, gather dims, bool / long operands
in matmul, float ids) are written as whole models where they can be, several with the value that
crashes built in Python (a count from a config float, lengths from a comparison). Several clean
variants look risky (``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts
``f19_``. Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- interpolate scale factors
template("audio_upsampler", "(2, 4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Conv1d(4, 8, 3, padding=1)
        self.out = nn.Conv1d(8, 4, 3, padding=1)

    def forward(self, x):
        h = F.relu(self.inp(x))
        h = F.interpolate(h, scale_factor={scale}, mode="nearest")
        return self.out(h)
"""
)

template("pyramid_downsample", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(3, 8, 3, padding=1), nn.Conv2d(3, 8, 3, padding=1)])
        self.scale = {scale}

    def forward(self, x):
        small = F.interpolate(x, scale_factor=self.scale, mode="bilinear", align_corners=False)
        a = self.convs[0](x).mean((2, 3))
        b = self.convs[1](small).mean((2, 3))
        return a + b
"""
)

# ---------------------------------------------------------------- counts built in Python
template("mae_random_masking", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, mult={mult}):
        super().__init__()
        self.patch = nn.Conv2d(3, 16, 4, stride=4)
        self.mult = mult
        self.keep_ratio = 0.25
        self.head = nn.Linear(16, 10)

    def forward(self, x):
        t = self.patch(x).flatten(2).transpose(1, 2)
        n = t.shape[1] * self.mult
        keep = int(t.shape[1] * self.keep_ratio)
        idx = torch.randperm(n)[:keep]
        return self.head(t[:, idx].mean(1))
"""
)

template("ema_feature_buffer", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 16)
        self.register_buffer("last", torch.zeros(2, 16))

    def forward(self, x):
        h = self.proj(x).mean(1)
        self.last.copy_({src})
        return h * 2
"""
)

# ---------------------------------------------------------------- torch.distributions
template("bernoulli_vae", "(4, 16)")(
    """
class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 8))

    def forward(self, x):
        mu, logvar = self.net(x).chunk(2, -1)
        return mu, logvar


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()
        self.dec = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 16))

    def forward(self, x):
        mu, logvar = self.enc(x)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        logits = self.dec(z)
        target = {target}
        nll = -torch.distributions.Bernoulli(logits=logits).log_prob(target).sum(-1)
        return nll.mean()
"""
)

template("discrete_bottleneck", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.logits = nn.Linear(8, 5)
        self.codebook = nn.Embedding(5, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        dist = torch.distributions.Categorical(logits=self.logits(x))
        k = {draw}
        return self.out(self.codebook(k) + x)
"""
)

template("vae_kl_prior", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(12, 8)

    def forward(self, x):
        mu, raw = self.enc(x).chunk(2, -1)
        post = torch.distributions.Normal(mu, F.softplus(raw) + 1e-4)
        prior = {prior}
        return torch.distributions.kl_divergence(post, prior).sum(-1).mean()
"""
)

template("independent_gaussian_head", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mu = nn.Linear(10, 6)
        self.log_std = nn.Parameter(torch.zeros(6))

    def forward(self, x):
        mu = self.mu(x)
        base = torch.distributions.Normal(mu, self.log_std.exp())
        dist = torch.distributions.Independent(base, {ndims})
        return dist.log_prob(mu.detach()).mean()
"""
)

template("gaussian_policy", "(5, 7)")(
    """
class Policy(nn.Module):
    def __init__(self, obs, act):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh())
        self.mu = nn.Linear(32, act)
        self.log_std = nn.Parameter(torch.zeros({std_shape}))

    def forward(self, obs):
        mu = self.mu(self.body(obs))
        dist = torch.distributions.Normal(mu, self.log_std.exp())
        a = dist.sample()
        return a, dist.log_prob(a).sum(-1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pi = Policy(7, 4)

    def forward(self, x):
        a, logp = self.pi(x)
        return a.tanh() * logp[:, None]
"""
)

# ---------------------------------------------------------------- RNN details
template("packed_gru_encoder", "(3, 6, 4)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 8, batch_first=True)
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        lengths = {lengths}
        packed = pack_padded_sequence(x, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, h = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True)
        return self.out(h[-1])
"""
)

template("gru_with_init_state", "(2, 7, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(6, 12, batch_first=True)
        self.head = nn.Linear(12, 4)

    def forward(self, x):
        h0 = {h0}
        out, _ = self.rnn(x, h0)
        return self.head(out[:, -1])
"""
)

# ---------------------------------------------------------------- random ops
template("shot_noise_denoiser", "(2, 1, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.peak = 30.0
        self.body = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1)
        )

    def forward(self, x):
        noisy = torch.poisson({rate}) / self.peak
        return noisy - self.body(noisy)
"""
)

# ---------------------------------------------------------------- fft / spectral
template("spectral_image_filter", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        spec = torch.fft.{fn}(x, dim={dim})
        return self.conv(spec.abs().log1p())
"""
)

# ---------------------------------------------------------------- dropout / norm layers
template("conv_dropout_stack", "(2, 3, 10, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1),
            nn.ReLU(),
            nn.{drop}(0.2),
            nn.Conv2d(8, 8, 3, padding=1),
            nn.ReLU(),
        )
        self.head = nn.Linear(8, 5)

    def forward(self, x):
        return self.head(self.features(x).mean((2, 3)))
"""
)

template("style_instance_norm", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 6, 3, padding=1)
        self.gamma = nn.Linear(4, 6)

    def forward(self, x):
        h = self.conv(x)
        h = F.instance_norm(h, {stats})
        g = self.gamma(x.mean((2, 3)))[:, :, None, None]
        return h * (1 + g)
"""
)

# ---------------------------------------------------------------- linear algebra
template("gp_regression_head", "(6, 3)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.feat = nn.Linear(3, 4)
        self.y = nn.Parameter(torch.randn(6, 1))

    def forward(self, x):
        f = self.feat(x)
        K = f @ f.T + torch.eye(6)
        L = torch.linalg.cholesky(K)
        alpha = {solve}
        return f.T @ alpha
"""
)

template("orthogonal_projector", "(5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.basis = nn.Parameter(torch.randn(8, 3))
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        q, _ = torch.linalg.qr(self.basis, mode={mode})
        proj = x @ q[:, :3] @ q[:, :3].T
        return self.out(proj)
"""
)

template("diag_cov_builder", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.var = nn.Linear(5, 3)
        self.mu = nn.Linear(5, 3)

    def forward(self, x):
        var = F.softplus(self.var(x)) + 1e-3
        cov = torch.diag_embed(var{dims})
        d = torch.distributions.MultivariateNormal(self.mu(x), covariance_matrix=cov)
        return d.entropy()
"""
)

# ---------------------------------------------------------------- vmap / embedding bag
template("per_sample_scores", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(6))

    def score(self, row):
        return (row * self.w).sum().tanh()

    def forward(self, x):
        return torch.vmap(self.score, in_dims={in_dims})(x)
"""
)

template("weighted_bag_of_words", "(2, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(20, 8, mode={mode})
        self.w = nn.Embedding(20, 1)
        self.cls = nn.Linear(8, 3)

    def forward(self, x):
        w = self.w(x).squeeze(-1).sigmoid()
        return self.cls(self.bag(x, per_sample_weights=w))
"""
)

# ---------------------------------------------------------------- padding strings from other libraries
template("causal_conv_stack", "(2, 4, 20)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.k1 = nn.Parameter(torch.randn(8, 4, 3) * 0.1)
        self.k2 = nn.Parameter(torch.randn(8, 8, 3) * 0.1)
        self.pad = {pad}

    def forward(self, x):
        h = F.relu(F.conv1d(x, self.k1, padding=self.pad))
        h = F.relu(F.conv1d(h, self.k2, padding=self.pad))
        return h.mean(-1)
"""
)

template("keras_style_cnn", "(2, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding="same"),
            nn.ReLU(),
            nn.MaxPool2d(3, stride=1, padding={pad}),
            nn.Conv2d(8, 8, 3, padding="same"),
        )
        self.fc = nn.Linear(8 * 12 * 12, 4)

    def forward(self, x):
        return self.fc(self.block(x).flatten(1))
"""
)

# ---------------------------------------------------------------- other libraries' functions
template("robust_scaler", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 3)

    def forward(self, x):
        hi = {hi}
        x = torch.minimum(x, hi)
        return self.fc(x)
"""
)

template("token_mixer_expand", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)

    def forward(self, x):
        a = {a}
        b = x.unsqueeze(2)
        sim = (self.q(a) * b).sum(-1)
        return sim.softmax(-1) @ x
"""
)

template("jax_port_update", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        h = self.fc(x)
        h = {update}
        return h.relu()
"""
)

# ---------------------------------------------------------------- select / targets
template("last_token_pooler", "(2, 9, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), num_layers=2
        )
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        h = self.enc(x)
        last = h.select(1, {i})
        return self.head(last)
"""
)

template("radial_position_features", "(2, 3, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, padding=1)

    def forward(self, x):
        H, W = x.shape[-2:]
        yy, xx = torch.meshgrid(torch.arange(H), torch.arange(W), indexing="ij")
        r = torch.hypot({dy}, {dx})
        r = (r / r.max()).expand(x.shape[0], 1, H, W)
        return self.conv(torch.cat([x, r], 1))
"""
)

template("adaptive_softmax_lm", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = 10
        self.emb = nn.Embedding(self.vocab, 16)
        self.rnn = nn.LSTM(16, 16, batch_first=True)
        self.crit = nn.AdaptiveLogSoftmaxWithLoss(16, self.vocab, cutoffs=[4, 8])

    def forward(self, x):
        h, _ = self.rnn(self.emb(x))
        target = x[:, 1:] + {offset}
        out = self.crit(h[:, :-1].reshape(-1, 16), target.reshape(-1))
        return out.loss
"""
)

template("classifier_with_loss", "(6, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, x):
        logits = self.body(x)
        y = {y}
        return F.cross_entropy(logits, y)
"""
)

# ---------------------------------------------------------------- familiar classes, whole models
template("unet_three_level", "(1, 2, {hw}, {hw})")(
    """
def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1 = block(2, 8)
        self.d2 = block(8, 16)
        self.d3 = block(16, 32)
        self.up2 = nn.ConvTranspose2d(32, 16, 2, stride=2)
        self.u2 = block(32, 16)
        self.up1 = nn.ConvTranspose2d(16, 8, 2, stride=2)
        self.u1 = block(16, 8)
        self.out = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        s1 = self.d1(x)
        s2 = self.d2(F.max_pool2d(s1, 2))
        b = self.d3(F.max_pool2d(s2, 2))
        u = self.u2(torch.cat([self.up2(b), s2], 1))
        u = self.u1(torch.cat([self.up1(u), s1], 1))
        return self.out(u)
"""
)

template("padded_sdpa_encoder", "(2, 5, 16)")(
    """
class SelfAttention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x, keep):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask={mask})
        return self.o(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([SelfAttention(16, 4) for _ in range(2)])
        self.norm = nn.LayerNorm(16)

    def forward(self, x):
        keep = x.abs().sum(-1) > 0
        for layer in self.layers:
            x = self.norm(x + layer(x, keep))
        return x
"""
)

template("masked_score_attention", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.h = 4
        self.qk = nn.Linear(8, 16)
        self.v = nn.Linear(8, 8)

    def forward(self, x):
        B, T, _ = x.shape
        q, k = self.qk(x).view(B, T, 2, self.h, 2).unbind(2)
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k)
        pad = x[..., 0] < -3.0
        scores = scores.masked_fill({mask}, float("-inf"))
        w = scores.softmax(-1).nan_to_num()
        v = self.v(x).view(B, T, self.h, 2)
        return torch.einsum("bhqk,bkhd->bqhd", w, v).reshape(B, T, 8)
"""
)

template("deep_pool_cnn", "(2, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        layers = []
        cin = 3
        for cout in (8, 16, 32, 32):
            layers += [nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            cin = cout
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        return self.fc(self.features(x).amax((2, 3)))
"""
)

template("multi_scale_stack", "(2, 4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.branches = nn.ModuleList(
            [nn.Conv1d(4, 8, k, padding={pad}) for k in (3, 5, 7)]
        )
        self.mix = nn.Linear(3, 1)

    def forward(self, x):
        feats = torch.stack([b(x) for b in self.branches], -1)
        return self.mix(feats).squeeze(-1)
"""
)

template("gqa_fused_split", "(2, 5, 32)")(
    """
class Attention(nn.Module):
    def __init__(self, d=32, heads=4, kv_heads={kv_heads}):
        super().__init__()
        self.hd = d // heads
        self.heads, self.kv_heads = heads, kv_heads
        self.qkv = nn.Linear(d, (heads + 2 * 2) * self.hd)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).split(
            [self.heads * self.hd, self.kv_heads * self.hd, self.kv_heads * self.hd], -1
        )
        q = q.view(B, T, self.heads, self.hd).transpose(1, 2)
        k = k.view(B, T, self.kv_heads, self.hd).transpose(1, 2)
        v = v.view(B, T, self.kv_heads, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()
        self.norm = nn.RMSNorm(32)

    def forward(self, x):
        return self.norm(x + self.attn(x))
"""
)

template("vae_conv_decoder", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 32 * 4 * 4)
        self.up = nn.Sequential(
            nn.ConvTranspose2d(32, 16, 3, stride=2, padding=1, output_padding={op}),
            nn.ReLU(),
            nn.ConvTranspose2d(16, 3, 3, stride=2, padding=1, output_padding=1),
        )

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 32, 4, 4)).sigmoid()
"""
)

template("channel_norm_convnext", "(2, 3, 16, 16)")(
    """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.dw = nn.Conv2d(d, d, 7, padding=3, groups=d)
        self.norm = nn.LayerNorm({norm_shape})
        self.pw = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        h = self.dw(x).permute({perm})
        h = self.pw(self.norm(h)).permute(0, 3, 1, 2)
        return x + h


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 12, 4, stride=4)
        self.blocks = nn.Sequential(Block(12), Block(12))

    def forward(self, x):
        return self.blocks(self.stem(x)).mean((2, 3))
"""
)

template("learned_pos_encoder", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, max_len={max_len}):
        super().__init__()
        self.tok = nn.Embedding(50, 16)
        self.pos = nn.Embedding(max_len, 16)
        self.layer = nn.TransformerEncoderLayer(16, 2, 32, batch_first=True)

    def forward(self, x):
        pos = torch.arange(x.shape[1], device=x.device){shift}
        return self.layer(self.tok(x) + self.pos(pos))
"""
)

template("hash_bucket_embedding", "(3, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.n_buckets = 16
        self.table = nn.Embedding(16, 8)
        self.proj = nn.Linear(8, 4)

    def forward(self, x):
        bucket = {bucket}
        return self.proj(self.table(bucket).mean(1))
"""
)

template("onehot_token_mixer", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = 12
        self.W = nn.Parameter(torch.randn(12, 8))
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        onehot = x[..., None] == torch.arange(self.vocab)
        h = {emb}
        return self.out(h.mean(1))
"""
)

template("mask_pooling_head", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(8, 1)
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        mask = x.abs().sum(-1) > 0.0
        s = self.score(x).squeeze(-1)
        s = s - 1e9 * ({inv})
        w = s.softmax(-1)
        return self.out((w[..., None] * x).sum(1))
"""
)

template("moe_topk_gather", "(2, 5, 8)")(
    """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.SiLU(), nn.Linear(2 * d, d))

    def forward(self, x):
        return self.ff(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = 4
        self.router = nn.Linear(8, 4)
        self.experts = nn.ModuleList([Expert(8) for _ in range(4)])

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        top_p, top_i = probs.topk(2, -1)
        outs = torch.stack([e(x) for e in self.experts], 2)
        idx = {idx}
        picked = outs.gather(2, idx)
        return (picked * top_p[..., None]).sum(2)
"""
)

template("einops_register_tokens", "(2, 6, 8)")(
    """
from einops import pack, unpack


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.reg = nn.Parameter(torch.zeros(4, {reg_dim}))
        self.layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
        self.norm = nn.LayerNorm(8)

    def forward(self, x):
        reg = self.reg.expand(x.shape[0], -1, -1)
        h, ps = pack([reg, x], "b * d")
        h = self.layer(h)
        reg, x = unpack(h, ps, "b * d")
        return self.norm(x)
"""
)

template("patch_fold_reconstruct", "(2, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 4
        self.mlp = nn.Sequential(nn.Linear(48, 64), nn.GELU(), nn.Linear(64, 48))

    def forward(self, x):
        p = F.unfold(x, self.k, stride=self.k)
        p = self.mlp(p.transpose(1, 2)).transpose(1, 2)
        return F.fold(p, output_size={out}, kernel_size=self.k, stride=self.k)
"""
)

template("conv_after_reshape", "(2, 16, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(8, 8)
        self.conv = nn.Conv2d(1, 4, 3, padding=1)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        h = self.embed(x)
        img = {img}
        return self.head(self.conv(img).mean((2, 3)))
"""
)

template("bidir_lstm_classifier", "(2, 9, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(6)
        self.rnn = nn.LSTM(6, 10, num_layers=2, batch_first=True, bidirectional=True)
        self.head = nn.Linear({width}, 4)

    def forward(self, x):
        out, (h, c) = self.rnn(self.norm(x))
        return self.head({feat})
"""
)

template("repeat_kv_heads", "(2, 4, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.n_rep = {n_rep}
        self.o = nn.Linear(8, 8)

    def forward(self, x):
        k = x[:, :2]
        B, H, T, D = k.shape
        k = k[:, :, None].expand(B, H, self.n_rep, T, D).reshape(B, H * self.n_rep, T, D)
        att = (x @ k.transpose(-1, -2)).softmax(-1)
        return self.o(att @ k)
"""
)


# ---------------------------------------------------------------- more counts built in Python
template("superres_head", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = {scale}
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 3, 3, padding=1))

    def forward(self, x):
        H, W = x.shape[-2:]
        size = (H * self.scale, W * self.scale)
        up = F.interpolate(x, size=size, mode="bilinear", align_corners=False)
        return up + self.body(up)
"""
)

template("early_exit_tokens", "(2, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        T = x.shape[1]
        k = {k}
        h = self.layer(x[:, :k])
        return self.head(h.mean(1))
"""
)

template("token_pruning_block", "(2, 12, 16)")(
    """
class Net(nn.Module):
    def __init__(self, keep=0.5):
        super().__init__()
        self.keep = keep
        self.score = nn.Linear(16, 1)
        self.mlp = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 16))

    def forward(self, x):
        B, T, D = x.shape
        s = self.score(x).squeeze(-1)
        k = {k}
        idx = s.topk(k, dim=-1).indices
        kept = x.gather(1, idx[..., None].expand(-1, -1, D))
        return kept + self.mlp(kept)
"""
)

template("deep_supervision_loss", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Conv2d(3, 3, 3, padding=1) for _ in range(3)])

    def forward(self, x):
        losses = []
        h = x
        for stage in self.stages:
            h = stage(h)
            losses.append(F.mse_loss(h, x))
        return {agg}
"""
)

template("doc_similarity_counts", "(3, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = 8
        self.emb = nn.EmbeddingBag(8, 4)

    def forward(self, x):
        counts = F.one_hot(x, self.vocab).sum(1)
        sim = F.cosine_similarity({a}, {b}, dim=-1)
        return sim[:, None] * self.emb(x)
"""
)

template("frobenius_regularizer", "(3, 4, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 5)

    def forward(self, x):
        h = self.fc(x)
        n = torch.linalg.norm(h, {norm})
        return h / (n.reshape(-1, *([1] * (h.dim() - 1))) if n.dim() == 1 else n)
"""
)

template("mel_frontend", "(2, 20, 17)")(
    """
import numpy as np


def mel_filterbank(n_freqs, n_mels):
    fb = np.zeros((n_freqs, n_mels))
    centers = np.linspace(0, n_freqs - 1, n_mels + 2)
    for m in range(n_mels):
        lo, c, hi = centers[m], centers[m + 1], centers[m + 2]
        f = np.arange(n_freqs)
        fb[:, m] = np.clip(np.minimum((f - lo) / (c - lo), (hi - f) / (hi - c)), 0, None)
    return fb


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        fb = mel_filterbank(17, 8)
        self.fb = {fb}
        self.conv = nn.Conv1d(8, 16, 3, padding=1)
        self.out = nn.Linear(16, 4)

    def forward(self, spec):
        mel = torch.log1p(F.linear(spec.abs(), self.fb))
        return self.out(self.conv(mel.transpose(1, 2)).mean(-1))
"""
)


# ---------------------------------------------------------------- more familiar classes, whole models
template("segment_sum_pooler", "(2, 8, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 6)
        self.seg_len = 2
        self.out = nn.Sequential(nn.LayerNorm(6), nn.Linear(6, 3))

    def forward(self, x):
        B, T, D = x.shape
        h = self.proj(x)
        seg = {seg}
        n_seg = T // self.seg_len
        index = seg.view(1, T, 1).expand(B, T, D)
        pooled = torch.zeros(B, n_seg, D).scatter_add_(1, index, h)
        return self.out(pooled)
"""
)

template("video_clip_encoder", "(2, 4, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv3d(3, 8, (3, 3, 3), padding=1)
        self.pool = nn.AdaptiveAvgPool3d(1)
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(8, 5))

    def forward(self, x):
        clip = {clip}
        return self.head(self.pool(F.relu(self.stem(clip))))
"""
)

template("cfg_guidance_expand", "(2, 4, 6)")(
    """
class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6 + 6, 16), nn.SiLU(), nn.Linear(16, 6))

    def forward(self, x, cond):
        return self.net(torch.cat([x, cond], -1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.den = Denoiser()
        self.null = nn.Parameter(torch.zeros(1, 1, 6))

    def forward(self, x):
        cond = x.mean(1, keepdim=True).expand(-1, x.shape[1], -1)
        uncond = {uncond}
        both = self.den(torch.cat([x, x]), torch.cat([cond, uncond]))
        c, u = both.chunk(2)
        return u + 3.0 * (c - u)
"""
)


VARIANTS = [
    ("superres_head", "ok", "clean", {"scale": 2}),
    ("superres_head", "ok_int", "clean", {"scale": "int(1.5 * 2)"}),
    ("superres_head", "one_and_half", "interp_size_float", {"scale": 1.5}),
    ("superres_head", "ratio", "interp_size_float", {"scale": "3 / 2"}),
    ("early_exit_tokens", "ok", "clean", {"k": "T // 2"}),
    ("early_exit_tokens", "ok_int", "clean", {"k": "int(T * 0.5)"}),
    ("early_exit_tokens", "ok_none", "clean", {"k": "None"}),
    ("early_exit_tokens", "true_div", "slice_float_bound", {"k": "T / 2"}),
    ("early_exit_tokens", "ratio", "slice_float_bound", {"k": "T * 0.5"}),
    ("token_pruning_block", "ok", "clean", {"k": "max(1, int(T * self.keep))"}),
    ("token_pruning_block", "ok_round", "clean", {"k": "round(T * self.keep)"}),
    ("token_pruning_block", "float_k", "topk_float_k", {"k": "T * self.keep"}),
    ("token_pruning_block", "div_k", "topk_float_k", {"k": "T / 2"}),
    ("deep_supervision_loss", "ok", "clean", {"agg": "sum(losses)"}),
    ("deep_supervision_loss", "ok_stack", "clean", {"agg": "torch.stack(losses).mean()"}),
    ("deep_supervision_loss", "torch_sum", "torch_reduce_on_list", {"agg": "torch.sum(losses)"}),
    ("deep_supervision_loss", "torch_mean", "torch_reduce_on_list", {"agg": "torch.mean(losses)"}),
    ("doc_similarity_counts", "ok", "clean", {"a": "counts.float()", "b": "counts[:1].float()"}),
    (
        "doc_similarity_counts",
        "ok_to",
        "clean",
        {"a": "counts.to(torch.float32)", "b": "counts.roll(1, 0).float()"},
    ),
    (
        "doc_similarity_counts",
        "long_counts",
        "cosine_sim_int_dtype",
        {"a": "counts", "b": "counts[:1]"},
    ),
    (
        "doc_similarity_counts",
        "rolled",
        "cosine_sim_int_dtype",
        {"a": "counts", "b": "counts.roll(1, 0)"},
    ),
    ("frobenius_regularizer", "ok", "clean", {"norm": "dim=(-2, -1)"}),
    ("frobenius_regularizer", "ok_vector", "clean", {"norm": "dim=-1, keepdim=True"}),
    ("frobenius_regularizer", "ok_fro_pair", "clean", {"norm": "ord='fro', dim=(1, 2)"}),
    (
        "frobenius_regularizer",
        "fro_one_dim",
        "norm_ord_dim_mismatch",
        {"norm": "ord='fro', dim=-1"},
    ),
    ("frobenius_regularizer", "nuc_one_dim", "norm_ord_dim_mismatch", {"norm": "ord='nuc', dim=2"}),
    (
        "mel_frontend",
        "ok",
        "clean",
        {"fb": "nn.Parameter(torch.from_numpy(fb.T.copy()).float(), requires_grad=False)"},
    ),
    ("mel_frontend", "ok_tensor", "clean", {"fb": "torch.tensor(fb.T, dtype=torch.float32)"}),
    ("mel_frontend", "raw_numpy", "numpy_array_operand", {"fb": "fb.T"}),
    ("mel_frontend", "float64", "dtype_mismatch", {"fb": "torch.from_numpy(fb.T.copy())"}),
    ("segment_sum_pooler", "ok", "clean", {"seg": "torch.arange(T) // self.seg_len"}),
    (
        "segment_sum_pooler",
        "ok_div",
        "clean",
        {"seg": "torch.div(torch.arange(T), self.seg_len, rounding_mode='floor')"},
    ),
    (
        "segment_sum_pooler",
        "true_div",
        "scatter_index_dtype",
        {"seg": "torch.arange(T) / self.seg_len"},
    ),
    ("segment_sum_pooler", "no_division", "scatter_index_range", {"seg": "torch.arange(T)"}),
    ("video_clip_encoder", "ok", "clean", {"clip": "x.transpose(1, 2)"}),
    ("video_clip_encoder", "ok_permute", "clean", {"clip": "x.permute(0, 2, 1, 3, 4)"}),
    ("video_clip_encoder", "frames_as_batch", "conv_in_channels", {"clip": "x.flatten(0, 1)"}),
    ("video_clip_encoder", "time_as_channels", "conv_in_channels", {"clip": "x"}),
    (
        "cfg_guidance_expand",
        "ok",
        "clean",
        {"uncond": "self.null.expand(x.shape[0], x.shape[1], -1)"},
    ),
    ("cfg_guidance_expand", "ok_like", "clean", {"uncond": "self.null.expand_as(cond)"}),
    (
        "cfg_guidance_expand",
        "two_sizes",
        "expand_fewer_dims",
        {"uncond": "self.null.expand(x.shape[0], x.shape[1])"},
    ),
    (
        "cfg_guidance_expand",
        "wrong_width",
        "expand_size",
        {"uncond": "self.null.expand(x.shape[0], x.shape[1], 12)"},
    ),
    ("audio_upsampler", "ok", "clean", {"scale": 2}),
    ("audio_upsampler", "ok_tuple", "clean", {"scale": "(2,)"}),
    ("audio_upsampler", "ok_float", "clean", {"scale": 2.0}),
    ("audio_upsampler", "image_scale", "interp_scale_len", {"scale": "(2, 2)"}),
    ("audio_upsampler", "list_scale", "interp_scale_len", {"scale": "[2.0, 1.0]"}),
    ("pyramid_downsample", "ok", "clean", {"scale": 0.5}),
    ("pyramid_downsample", "ok_quarter", "clean", {"scale": 0.25}),
    ("pyramid_downsample", "ok_tuple", "clean", {"scale": "(0.5, 0.125)"}),
    ("pyramid_downsample", "tenth", "interp_scale_to_zero", {"scale": 0.1}),
    ("pyramid_downsample", "tuple_tenth", "interp_scale_to_zero", {"scale": "(0.5, 0.1)"}),
    ("mae_random_masking", "ok", "clean", {"mult": 1}),
    ("mae_random_masking", "ok_int_cast", "clean", {"mult": "int(1.0)"}),
    ("mae_random_masking", "float_mult", "randperm_float_n", {"mult": 1.0}),
    ("mae_random_masking", "ratio_mult", "randperm_float_n", {"mult": "4 / 4"}),
    ("ema_feature_buffer", "ok", "clean", {"src": "h"}),
    ("ema_feature_buffer", "ok_broadcast", "clean", {"src": "h.mean(0, keepdim=True)"}),
    ("ema_feature_buffer", "ok_view", "clean", {"src": "h.reshape(2, 16)"}),
    ("ema_feature_buffer", "transposed", "copy_shape", {"src": "h.T"}),
    ("ema_feature_buffer", "flat", "copy_shape", {"src": "h.flatten()"}),
    ("bernoulli_vae", "ok", "clean", {"target": "(x > 0).float()"}),
    ("bernoulli_vae", "ok_round", "clean", {"target": "torch.sigmoid(x).round()"}),
    ("bernoulli_vae", "raw_input", "log_prob_support", {"target": "x"}),
    ("bernoulli_vae", "sigmoid_input", "log_prob_support", {"target": "torch.sigmoid(x)"}),
    ("discrete_bottleneck", "ok", "clean", {"draw": "dist.sample()"}),
    ("discrete_bottleneck", "ok_mode", "clean", {"draw": "dist.probs.argmax(-1)"}),
    ("discrete_bottleneck", "rsample", "rsample_discrete", {"draw": "dist.rsample()"}),
    ("vae_kl_prior", "ok", "clean", {"prior": "torch.distributions.Normal(0.0, 1.0)"}),
    (
        "vae_kl_prior",
        "ok_laplace",
        "clean",
        {"prior": "torch.distributions.Laplace(torch.zeros_like(mu), torch.ones_like(mu))"},
    ),
    (
        "vae_kl_prior",
        "student_t",
        "kl_pair_unregistered",
        {"prior": "torch.distributions.StudentT(3.0, torch.zeros_like(mu), torch.ones_like(mu))"},
    ),
    (
        "vae_kl_prior",
        "cauchy",
        "kl_pair_unregistered",
        {"prior": "torch.distributions.Cauchy(torch.zeros_like(mu), torch.ones_like(mu))"},
    ),
    ("independent_gaussian_head", "ok", "clean", {"ndims": 1}),
    ("independent_gaussian_head", "ok_both", "clean", {"ndims": 2}),
    ("independent_gaussian_head", "three", "independent_ndims", {"ndims": 3}),
    ("independent_gaussian_head", "from_shape", "independent_ndims", {"ndims": "mu.dim() + 1"}),
    ("gaussian_policy", "ok", "clean", {"std_shape": "act"}),
    ("gaussian_policy", "ok_row", "clean", {"std_shape": "1, act"}),
    ("gaussian_policy", "obs_sized", "distribution_param_shape", {"std_shape": "obs"}),
    ("gaussian_policy", "fixed_three", "distribution_param_shape", {"std_shape": 3}),
    ("packed_gru_encoder", "ok", "clean", {"lengths": "torch.tensor([6, 4, 2])"}),
    (
        "packed_gru_encoder",
        "ok_from_mask",
        "clean",
        {"lengths": "(x.abs().sum(-1) > 0).sum(1)"},
    ),
    ("packed_gru_encoder", "zero_len", "pack_lengths_zero", {"lengths": "torch.tensor([6, 4, 0])"}),
    (
        "packed_gru_encoder",
        "counts_pads",
        "pack_lengths_zero",
        {"lengths": "(x[:, :, 0] == 0).sum(1)"},
    ),
    ("gru_with_init_state", "ok", "clean", {"h0": "x.new_zeros(1, x.shape[0], 12)"}),
    ("gru_with_init_state", "ok_zeros", "clean", {"h0": "torch.zeros(1, x.shape[0], 12)"}),
    (
        "gru_with_init_state",
        "double_h0",
        "rnn_hidden_dtype",
        {"h0": "torch.zeros(1, x.shape[0], 12, dtype=torch.float64)"},
    ),
    (
        "gru_with_init_state",
        "numpy_h0",
        "rnn_hidden_dtype",
        {"h0": "torch.from_numpy(__import__('numpy').zeros((1, x.shape[0], 12)))"},
    ),
    ("shot_noise_denoiser", "ok", "clean", {"rate": "F.softplus(x) * self.peak"}),
    ("shot_noise_denoiser", "ok_clamp", "clean", {"rate": "x.clamp(min=0) * self.peak"}),
    ("shot_noise_denoiser", "ok_abs", "clean", {"rate": "x.abs() * self.peak"}),
    ("shot_noise_denoiser", "raw", "poisson_rate_negative", {"rate": "x * self.peak"}),
    ("shot_noise_denoiser", "shifted", "poisson_rate_negative", {"rate": "(x + 1) * self.peak"}),
    ("spectral_image_filter", "ok", "clean", {"fn": "fft2", "dim": "(-2, -1)"}),
    ("spectral_image_filter", "ok_fftn", "clean", {"fn": "fftn", "dim": "(2, 3)"}),
    ("spectral_image_filter", "ok_rows", "clean", {"fn": "fft", "dim": -1}),
    ("spectral_image_filter", "fft_2d", "fft_tuple_dim", {"fn": "fft", "dim": "(-2, -1)"}),
    ("spectral_image_filter", "rfft_2d", "fft_tuple_dim", {"fn": "rfft", "dim": "(2, 3)"}),
    ("conv_dropout_stack", "ok", "clean", {"drop": "Dropout2d"}),
    ("conv_dropout_stack", "ok_plain", "clean", {"drop": "Dropout"}),
    ("conv_dropout_stack", "dropout1d", "dropout1d_rank", {"drop": "Dropout1d"}),
    ("style_instance_norm", "ok", "clean", {"stats": "use_input_stats=True"}),
    ("style_instance_norm", "ok_default", "clean", {"stats": "eps=1e-5"}),
    (
        "style_instance_norm",
        "no_stats",
        "instance_norm_no_stats",
        {"stats": "use_input_stats=False"},
    ),
    ("gp_regression_head", "ok", "clean", {"solve": "torch.cholesky_solve(self.y, L)"}),
    (
        "gp_regression_head",
        "ok_tri",
        "clean",
        {"solve": "torch.linalg.solve_triangular(L, self.y, upper=False)"},
    ),
    (
        "gp_regression_head",
        "no_upper",
        "solve_triangular_upper",
        {"solve": "torch.linalg.solve_triangular(L, self.y)"},
    ),
    (
        "gp_regression_head",
        "scipy_lower",
        "solve_triangular_upper",
        {"solve": "torch.linalg.solve_triangular(L, self.y, lower=True)"},
    ),
    ("orthogonal_projector", "ok", "clean", {"mode": '"reduced"'}),
    ("orthogonal_projector", "ok_complete", "clean", {"mode": '"complete"'}),
    ("orthogonal_projector", "numpy_economic", "qr_mode_name", {"mode": '"economic"'}),
    ("orthogonal_projector", "full", "qr_mode_name", {"mode": '"full"'}),
    ("diag_cov_builder", "ok", "clean", {"dims": ""}),
    ("diag_cov_builder", "ok_explicit", "clean", {"dims": ", dim1=-2, dim2=-1"}),
    ("diag_cov_builder", "same_dim", "diag_embed_dims", {"dims": ", dim1=-1, dim2=-1"}),
    ("per_sample_scores", "ok", "clean", {"in_dims": 0}),
    ("per_sample_scores", "ok_tuple", "clean", {"in_dims": "(0,)"}),
    ("per_sample_scores", "ok_neg", "clean", {"in_dims": -2}),
    ("per_sample_scores", "dim_two", "vmap_in_dim_range", {"in_dims": 2}),
    ("per_sample_scores", "neg_three", "vmap_in_dim_range", {"in_dims": -3}),
    ("weighted_bag_of_words", "ok", "clean", {"mode": '"sum"'}),
    ("weighted_bag_of_words", "mean", "embedding_bag_weights_mode", {"mode": '"mean"'}),
    ("weighted_bag_of_words", "max", "embedding_bag_weights_mode", {"mode": '"max"'}),
    ("causal_conv_stack", "ok", "clean", {"pad": '"same"'}),
    ("causal_conv_stack", "ok_valid", "clean", {"pad": '"valid"'}),
    ("causal_conv_stack", "ok_int", "clean", {"pad": 2}),
    ("causal_conv_stack", "numpy_full", "conv_padding_string", {"pad": '"full"'}),
    ("causal_conv_stack", "keras_causal", "conv_padding_string", {"pad": '"causal"'}),
    ("keras_style_cnn", "ok", "clean", {"pad": 1}),
    ("keras_style_cnn", "ok_tuple", "clean", {"pad": "(1, 1)"}),
    ("keras_style_cnn", "same", "pool_padding_string", {"pad": '"same"'}),
    ("robust_scaler", "ok", "clean", {"hi": "torch.quantile(x, 0.9, dim=-1, keepdim=True)"}),
    ("robust_scaler", "ok_nan", "clean", {"hi": "torch.nanquantile(x, 0.9, dim=-1, keepdim=True)"}),
    (
        "robust_scaler",
        "percentile",
        "numpy_only_function",
        {"hi": "torch.percentile(x, 90, dim=-1, keepdim=True)"},
    ),
    ("token_mixer_expand", "ok", "clean", {"a": "torch.unsqueeze(x, 1)"}),
    ("token_mixer_expand", "ok_none", "clean", {"a": "x[:, None]"}),
    ("token_mixer_expand", "ok_concat", "clean", {"a": "torch.concat([x], 0).unsqueeze(1)"}),
    ("token_mixer_expand", "expand_dims", "numpy_only_function", {"a": "torch.expand_dims(x, 1)"}),
    ("jax_port_update", "ok", "clean", {"update": "h.index_fill(1, torch.tensor([0]), 0.0)"}),
    ("jax_port_update", "ok_clone", "clean", {"update": "torch.cat([h[:, :1] * 0, h[:, 1:]], 1)"}),
    ("jax_port_update", "at_set", "jax_at_set", {"update": "h.at[:, 0].set(0.0)"}),
    ("last_token_pooler", "ok", "clean", {"i": -1}),
    ("last_token_pooler", "ok_expr", "clean", {"i": "h.shape[1] - 1"}),
    ("last_token_pooler", "ok_first", "clean", {"i": 0}),
    ("last_token_pooler", "one_past", "select_index_range", {"i": "h.shape[1]"}),
    ("last_token_pooler", "len_input", "select_index_range", {"i": "x.size(1)"}),
    (
        "radial_position_features",
        "ok",
        "clean",
        {"dy": "yy.float() - H / 2", "dx": "xx.float() - W / 2"},
    ),
    ("radial_position_features", "ok_float", "clean", {"dy": "yy.float()", "dx": "xx.float()"}),
    (
        "radial_position_features",
        "int_grid",
        "hypot_int_dtype",
        {"dy": "yy - H // 2", "dx": "xx - W // 2"},
    ),
    ("adaptive_softmax_lm", "ok", "clean", {"offset": 0}),
    ("adaptive_softmax_lm", "ok_top", "clean", {"offset": "self.vocab - 2"}),
    ("adaptive_softmax_lm", "past_vocab", "adaptive_softmax_target", {"offset": "self.vocab - 1"}),
    ("adaptive_softmax_lm", "shifted", "adaptive_softmax_target", {"offset": 10}),
    ("classifier_with_loss", "ok", "clean", {"y": "(x[:, 0] > 0).long()"}),
    ("classifier_with_loss", "ok_squeeze", "clean", {"y": "(x[:, :1] > 0).long().squeeze(1)"}),
    ("classifier_with_loss", "column", "ce_target_trailing_dim", {"y": "(x[:, :1] > 0).long()"}),
    (
        "classifier_with_loss",
        "unsqueezed",
        "ce_target_trailing_dim",
        {"y": "(x[:, 0] > 0).long()[:, None]"},
    ),
    ("unet_three_level", "ok", "clean", {"hw": 16}),
    ("unet_three_level", "ok_12", "clean", {"hw": 12}),
    ("unet_three_level", "odd_18", "unet_skip", {"hw": 18}),
    ("unet_three_level", "odd_15", "unet_skip", {"hw": 15}),
    ("padded_sdpa_encoder", "ok", "clean", {"mask": "keep[:, None, None, :]"}),
    (
        "padded_sdpa_encoder",
        "ok_float",
        "clean",
        {"mask": "(~keep[:, None, None, :]).float() * -1e9"},
    ),
    ("padded_sdpa_encoder", "raw_mask", "sdpa_attn_mask_shape", {"mask": "keep"}),
    ("padded_sdpa_encoder", "one_unsqueeze", "sdpa_attn_mask_shape", {"mask": "keep[:, None, :]"}),
    ("masked_score_attention", "ok", "clean", {"mask": "pad[:, None, None, :]"}),
    ("masked_score_attention", "ok_rows", "clean", {"mask": "pad[:, None, :, None]"}),
    ("masked_score_attention", "two_dims", "masked_fill_broadcast", {"mask": "pad[:, None, :]"}),
    ("masked_score_attention", "raw", "masked_fill_broadcast", {"mask": "pad"}),
    ("deep_pool_cnn", "ok", "clean", {"hw": 32}),
    ("deep_pool_cnn", "ok_16", "clean", {"hw": 16}),
    ("deep_pool_cnn", "small_8", "pool_too_small", {"hw": 8}),
    ("deep_pool_cnn", "small_15", "pool_too_small", {"hw": 15}),
    ("multi_scale_stack", "ok", "clean", {"pad": "k // 2"}),
    ("multi_scale_stack", "ok_same", "clean", {"pad": '"same"'}),
    ("multi_scale_stack", "fixed_pad", "stack_shapes", {"pad": 1}),
    ("multi_scale_stack", "no_pad", "stack_shapes", {"pad": 0}),
    ("gqa_fused_split", "ok", "clean", {"kv_heads": 2}),
    ("gqa_fused_split", "mha", "split_sizes", {"kv_heads": 4}),
    ("gqa_fused_split", "mqa", "split_sizes", {"kv_heads": 1}),
    ("vae_conv_decoder", "ok", "clean", {"op": 1}),
    ("vae_conv_decoder", "ok_zero", "clean", {"op": 0}),
    ("vae_conv_decoder", "op_two", "convT_output_padding", {"op": 2}),
    ("channel_norm_convnext", "ok", "clean", {"norm_shape": "d", "perm": "0, 2, 3, 1"}),
    ("channel_norm_convnext", "ok_tuple", "clean", {"norm_shape": "(d,)", "perm": "0, 2, 3, 1"}),
    (
        "channel_norm_convnext",
        "wrong_perm",
        "norm_shape",
        {"norm_shape": "d", "perm": "0, 3, 1, 2"},
    ),
    ("channel_norm_convnext", "no_perm", "norm_shape", {"norm_shape": "d", "perm": "0, 1, 2, 3"}),
    ("learned_pos_encoder", "ok", "clean", {"max_len": 16, "shift": ""}),
    ("learned_pos_encoder", "ok_exact", "clean", {"max_len": 12, "shift": ""}),
    ("learned_pos_encoder", "ok_shift", "clean", {"max_len": 16, "shift": " + 2"}),
    ("learned_pos_encoder", "short_table", "index_range", {"max_len": 8, "shift": ""}),
    ("learned_pos_encoder", "one_based", "index_range", {"max_len": 12, "shift": " + 1"}),
    (
        "hash_bucket_embedding",
        "ok",
        "clean",
        {"bucket": "(x.sigmoid() * (self.n_buckets - 1)).long()"},
    ),
    (
        "hash_bucket_embedding",
        "ok_clamp",
        "clean",
        {"bucket": "(x.sigmoid() * self.n_buckets).floor().long().clamp(max=15)"},
    ),
    (
        "hash_bucket_embedding",
        "float_ids",
        "embedding_float_ids",
        {"bucket": "(x.sigmoid() * self.n_buckets).floor()"},
    ),
    ("onehot_token_mixer", "ok", "clean", {"emb": "onehot.float() @ self.W"}),
    ("onehot_token_mixer", "ok_to", "clean", {"emb": "onehot.to(self.W.dtype) @ self.W"}),
    ("onehot_token_mixer", "bool_matmul", "bool_matmul", {"emb": "onehot @ self.W"}),
    ("onehot_token_mixer", "long_matmul", "matmul_int_float", {"emb": "onehot.long() @ self.W"}),
    ("mask_pooling_head", "ok", "clean", {"inv": "~mask"}),
    ("mask_pooling_head", "ok_float", "clean", {"inv": "1.0 - mask.float()"}),
    ("mask_pooling_head", "bool_sub", "bool_subtract", {"inv": "1 - mask"}),
    ("moe_topk_gather", "ok", "clean", {"idx": "top_i[..., None].expand(-1, -1, -1, 8)"}),
    ("moe_topk_gather", "ok_narrow", "clean", {"idx": "top_i[..., None]"}),
    ("moe_topk_gather", "no_feature_dim", "gather_index_rank", {"idx": "top_i"}),
    (
        "moe_topk_gather",
        "float_idx",
        "index_dtype",
        {"idx": "top_i[..., None].expand(-1, -1, -1, 8).float()"},
    ),
    ("einops_register_tokens", "ok", "clean", {"reg_dim": 8}),
    ("einops_register_tokens", "ok_expr", "clean", {"reg_dim": "2 * 4"}),
    ("einops_register_tokens", "narrow", "einops_pack_shapes", {"reg_dim": 4}),
    ("patch_fold_reconstruct", "ok", "clean", {"out": "x.shape[-2:]"}),
    ("patch_fold_reconstruct", "ok_tuple", "clean", {"out": "(12, 12)"}),
    ("patch_fold_reconstruct", "bigger", "fold_sizes", {"out": "(16, 16)"}),
    ("patch_fold_reconstruct", "wide", "fold_sizes", {"out": "(12, 16)"}),
    ("conv_after_reshape", "ok", "clean", {"img": "h.unsqueeze(1)"}),
    ("conv_after_reshape", "ok_view", "clean", {"img": "h.view(h.shape[0], 1, 16, 8)"}),
    ("conv_after_reshape", "no_channel", "conv_in_channels", {"img": "h"}),
    ("conv_after_reshape", "flattened", "conv_in_channels", {"img": "h.flatten(1)[:, None]"}),
    ("bidir_lstm_classifier", "ok", "clean", {"width": 20, "feat": "out[:, -1]"}),
    (
        "bidir_lstm_classifier",
        "ok_h",
        "clean",
        {"width": 20, "feat": "torch.cat([h[-2], h[-1]], -1)"},
    ),
    ("bidir_lstm_classifier", "ok_last_h", "clean", {"width": 10, "feat": "h[-1]"}),
    (
        "bidir_lstm_classifier",
        "one_dir_width",
        "rnn_bidirectional_width",
        {"width": 10, "feat": "out[:, -1]"},
    ),
    ("bidir_lstm_classifier", "all_h", "rnn_bidirectional_width", {"width": 20, "feat": "h[-1]"}),
    ("repeat_kv_heads", "ok", "clean", {"n_rep": 2}),
    ("repeat_kv_heads", "ok_expr", "clean", {"n_rep": "4 // 2"}),
    ("repeat_kv_heads", "no_repeat", "kv_heads", {"n_rep": 1}),
    ("repeat_kv_heads", "too_many", "kv_heads", {"n_rep": 3}),
]

# clean variants that look risky (legal casts, shapes that only just fit, a dim that exists,
# names other libraries share with torch, masks that broadcast): they measure false blockers
RISKY_CLEAN = (
    "audio_upsampler__ok_tuple",
    "pyramid_downsample__ok_tuple",
    "mae_random_masking__ok_int_cast",
    "ema_feature_buffer__ok_broadcast",
    "bernoulli_vae__ok_round",
    "vae_kl_prior__ok_laplace",
    "independent_gaussian_head__ok_both",
    "gaussian_policy__ok_row",
    "packed_gru_encoder__ok_from_mask",
    "shot_noise_denoiser__ok_clamp",
    "spectral_image_filter__ok_rows",
    "conv_dropout_stack__ok_plain",
    "gp_regression_head__ok_tri",
    "orthogonal_projector__ok_complete",
    "per_sample_scores__ok_neg",
    "causal_conv_stack__ok_valid",
    "token_mixer_expand__ok_concat",
    "last_token_pooler__ok_expr",
    "adaptive_softmax_lm__ok_top",
    "unet_three_level__ok_12",
    "masked_score_attention__ok_rows",
    "learned_pos_encoder__ok_shift",
    "hash_bucket_embedding__ok_clamp",
    "moe_topk_gather__ok_narrow",
    "bidir_lstm_classifier__ok_last_h",
    "superres_head__ok_int",
    "early_exit_tokens__ok_none",
    "token_pruning_block__ok_round",
    "frobenius_regularizer__ok_fro_pair",
    "mel_frontend__ok_tensor",
    "segment_sum_pooler__ok_div",
    "cfg_guidance_expand__ok_like",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "bernoulli_vae",
    "gaussian_policy",
    "shot_noise_denoiser",
    "conv_dropout_stack",
    "keras_style_cnn",
    "last_token_pooler",
    "adaptive_softmax_lm",
    "unet_three_level",
    "padded_sdpa_encoder",
    "deep_pool_cnn",
    "multi_scale_stack",
    "gqa_fused_split",
    "vae_conv_decoder",
    "channel_norm_convnext",
    "learned_pos_encoder",
    "moe_topk_gather",
    "einops_register_tokens",
    "bidir_lstm_classifier",
    "superres_head",
    "token_pruning_block",
    "segment_sum_pooler",
    "video_clip_encoder",
    "cfg_guidance_expand",
)
