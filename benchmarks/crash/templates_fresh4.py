"""A fourth fresh batch of crash cases (session 16, split ``fresh4``), written blind: the analyzer
was never run on them while they were written, and they were not shaped after how it reads
forward. The styles are crashes users report from forward passes that the earlier sets do not
cover, and about half of the templates are whole small models (a stack built in ``__init__`` from
constructor sizes, forward through several modules): SegNet max-unpooling with the indices of
another stage, ``return_indices`` pools inside ``nn.Sequential``, a CRNN whose feature height is
not 1 at ``squeeze(2)``, Autoformer's moving average with an even kernel, DeepFM / DCN over
field embeddings, x-vector statistics pooling, mel filterbank products, audio CRNN into a GRU,
N-BEATS residual stacks, NeRF's skip MLP, dense multi-head GAT, Siamese and prototypical heads,
VQ codebooks, PixelCNN masked convs, hypernetwork conv weights, StyleGAN modulated convs,
CoordConv, non-local and DANet attention, ECA, ASPP, Inception, DenseNet, ShuffleNet, Ghost
modules, YOLO heads, stacked hourglass merges, Bahdanau attention, ``nn.Transformer`` masks,
SDPA padding masks, QK-norm, LSTM ``proj_size``, ``GRUCell`` decoders, ``padding="same"``
with a stride, reflect padding, PReLU on channel-last input, backbone ``out_indices``, CPVT's
position generator, Nystrom landmarks, diffusion ``extract``, Linformer, a LLaVA-style
projector, slot attention, hand-written linear layers, WaveNet gates and ``x[..., :-0]``.
Same format as ``templates.py``; every case name starts ``f4_``. Whether a case crashes is
torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("segnet_unpool", "(2, 3, 32, 32)")(
    """
def conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU())


class Net(nn.Module):
    def __init__(self, in_ch=3, widths=(16, 32), n_classes=5):
        super().__init__()
        self.enc1 = conv_bn(in_ch, widths[0])
        self.enc2 = conv_bn(widths[0], widths[1])
        self.pool = nn.MaxPool2d(2, 2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2, 2)
        self.dec2 = conv_bn(widths[1], widths[0])
        self.dec1 = conv_bn(widths[0], widths[0])
        self.cls = nn.Conv2d(widths[0], n_classes, 1)

    def forward(self, x):
        x = self.enc1(x)
        s1 = x.size()
        x, i1 = self.pool(x)
        x = self.enc2(x)
        s2 = x.size()
        x, i2 = self.pool(x)
        x = self.unpool(x, {ia}, output_size=s2)
        x = self.dec2(x)
        x = self.unpool(x, {ib}, output_size=s1)
        return self.cls(self.dec1(x))
"""
)

template("pool_indices_sequential", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2, return_indices={ri}),
            nn.Conv2d(16, 32, 3, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))
"""
)

template("crnn_ocr_squeeze", "(2, 1, {h}, 100)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=37, hidden=64):
        super().__init__()
        chans = [1, 32, 64, 128, 128]
        layers = []
        for i in range(4):
            layers += [nn.Conv2d(chans[i], chans[i + 1], 3, padding=1), nn.ReLU()]
            layers.append(nn.MaxPool2d((2, 1) if i >= 2 else 2))
        self.cnn = nn.Sequential(*layers)
        self.rnn = nn.LSTM(chans[-1], hidden, bidirectional=True)
        self.fc = nn.Linear(2 * hidden, n_classes)

    def forward(self, x):
        conv = self.cnn(x)
        conv = conv.squeeze(2)
        conv = conv.permute(2, 0, 1)
        out, _ = self.rnn(conv)
        return self.fc(out).log_softmax(-1)
"""
)

template("autoformer_decomp", "(2, 96, 7)")(
    """
class MovingAvg(nn.Module):
    def __init__(self, kernel_size):
        super().__init__()
        self.k = kernel_size
        self.avg = nn.AvgPool1d(kernel_size, stride=1)

    def forward(self, x):
        front = x[:, :1].repeat(1, {front}, 1)
        end = x[:, -1:].repeat(1, (self.k - 1) // 2, 1)
        x = torch.cat([front, x, end], dim=1)
        return self.avg(x.permute(0, 2, 1)).permute(0, 2, 1)


class Net(nn.Module):
    def __init__(self, seq_len=96, pred_len=24, kernel_size={k}):
        super().__init__()
        self.decomp = MovingAvg(kernel_size)
        self.seasonal = nn.Linear(seq_len, pred_len)
        self.trend = nn.Linear(seq_len, pred_len)

    def forward(self, x):
        trend = self.decomp(x)
        seasonal = x - trend
        s = self.seasonal(seasonal.permute(0, 2, 1))
        t = self.trend(trend.permute(0, 2, 1))
        return (s + t).permute(0, 2, 1)
"""
)

template("deepfm_fields", "(4, 6)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, field_dims=(10, 10, 10, 10, 10, 10), k=8, hidden=(32, 16)):
        super().__init__()
        self.n_fields = len(field_dims)
        self.embed = nn.ModuleList(nn.Embedding(n, k) for n in field_dims)
        self.linear = nn.ModuleList(nn.Embedding(n, 1) for n in field_dims)
        dims = [{deep_in}] + list(hidden)
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), nn.BatchNorm1d(b), nn.ReLU()]
        self.mlp = nn.Sequential(*layers, nn.Linear(dims[-1], 1))

    def forward(self, x):
        e = torch.stack([emb(x[:, i]) for i, emb in enumerate(self.embed)], dim=1)
        lin = sum(emb(x[:, i]) for i, emb in enumerate(self.linear))
        fm = 0.5 * (e.sum(1) ** 2 - (e**2).sum(1)).sum(1, keepdim=True)
        deep = self.mlp(e.flatten(1))
        return torch.sigmoid(lin + fm + deep)
"""
)

template("dcn_cross_layer", "(4, 24)")(
    """
class CrossLayer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.w = nn.Parameter(torch.randn({wshape}) * 0.01)
        self.b = nn.Parameter(torch.zeros(d))

    def forward(self, x0, xl):
        return x0 * (xl @ self.w) + self.b + xl


class Net(nn.Module):
    def __init__(self, d=24, n_cross=3, hidden=32):
        super().__init__()
        self.cross = nn.ModuleList(CrossLayer(d) for _ in range(n_cross))
        self.deep = nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.out = nn.Linear(d + hidden, 1)

    def forward(self, x):
        xl = x
        for layer in self.cross:
            xl = layer(x, xl)
        return self.out(torch.cat([xl, self.deep(x)], dim=-1))
"""
)

template("xvector_stats_pool", "(2, 24, 100)")(
    """
class TDNN(nn.Module):
    def __init__(self, cin, cout, context, dilation):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, context, dilation=dilation)
        self.bn = nn.BatchNorm1d(cout)

    def forward(self, x):
        return self.bn(F.relu(self.conv(x)))


class Net(nn.Module):
    def __init__(self, n_feats=24, width=64, emb=32, n_speakers=10):
        super().__init__()
        self.frames = nn.Sequential(
            TDNN(n_feats, width, 5, 1),
            TDNN(width, width, 3, 2),
            TDNN(width, width, 3, 3),
            TDNN(width, 3 * width, 1, 1),
        )
        self.segment = nn.Linear({seg_in}, emb)
        self.out = nn.Linear(emb, n_speakers)

    def forward(self, x):
        h = self.frames(x)
        stats = {stats}
        return self.out(F.relu(self.segment(stats)))
"""
)

template("mel_filterbank_matmul", "(2, 65, {t})")(
    """
class Net(nn.Module):
    def __init__(self, n_freq=65, n_mels=20, n_classes=4):
        super().__init__()
        self.register_buffer("fb", torch.rand(n_freq, n_mels))
        self.conv = nn.Conv1d(n_mels, 32, 3, padding=1)
        self.fc = nn.Linear(32, n_classes)

    def forward(self, spec):
        mel = {mel}
        logmel = torch.log(mel.clamp(min=1e-5))
        h = F.relu(self.conv(logmel.transpose(1, 2)))
        return self.fc(h.mean(-1))
"""
)

template("audio_crnn_freq_gru", "(2, 1, 64, 50)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=64, width=32, hidden=48, n_events=6):
        super().__init__()
        blocks = []
        cin = 1
        for _ in range(3):
            blocks += [
                nn.Conv2d(cin, width, 3, padding=1),
                nn.BatchNorm2d(width),
                nn.ReLU(),
                nn.MaxPool2d((4 if _ < 2 else 2, 1)),
            ]
            cin = width
        self.cnn = nn.Sequential(*blocks)
        freq_out = n_mels // 32
        self.gru = nn.GRU({gru_in}, hidden, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * hidden, n_events)

    def forward(self, x):
        h = self.cnn(x)
        B, C, Fq, T = h.shape
        h = h.permute(0, 3, 1, 2).reshape(B, T, C * Fq)
        out, _ = self.gru(h)
        return torch.sigmoid(self.head(out))
"""
)

template("nbeats_stack", "(4, 48)")(
    """
class Block(nn.Module):
    def __init__(self, backcast, forecast, width, layers=3):
        super().__init__()
        mods, d = [], backcast
        for _ in range(layers):
            mods += [nn.Linear(d, width), nn.ReLU()]
            d = width
        self.fc = nn.Sequential(*mods)
        self.back = nn.Linear(width, {back_out})
        self.fore = nn.Linear(width, forecast)

    def forward(self, x):
        h = self.fc(x)
        return self.back(h), self.fore(h)


class Net(nn.Module):
    def __init__(self, backcast=48, forecast=12, width=64, n_blocks=3):
        super().__init__()
        self.blocks = nn.ModuleList(Block(backcast, forecast, width) for _ in range(n_blocks))

    def forward(self, x):
        forecast = 0
        for block in self.blocks:
            b, f = block(x)
            x = x - b
            forecast = forecast + f
        return forecast
"""
)

template("dlinear_channels", "(4, 96, 7)")(
    """
class Net(nn.Module):
    def __init__(self, seq_len=96, pred_len=24, n_channels=7):
        super().__init__()
        self.linear = nn.Linear(seq_len, pred_len)

    def forward(self, x):
        return {body}
"""
)

template("nerf_skip_mlp", "(64, 3)")(
    """
class Embedder(nn.Module):
    def __init__(self, n_freqs):
        super().__init__()
        self.register_buffer("freqs", 2.0 ** torch.arange(n_freqs).float())
        self.out_dim = 3 + 3 * 2 * n_freqs

    def forward(self, x):
        xf = x[..., None] * self.freqs
        return torch.cat([x, xf.sin().flatten(-2), xf.cos().flatten(-2)], dim=-1)


class Net(nn.Module):
    def __init__(self, depth=8, width=64, n_freqs=6, skips=(4,)):
        super().__init__()
        self.embed = Embedder(n_freqs)
        in_ch = {in_ch}
        self.skips = skips
        self.layers = nn.ModuleList([nn.Linear(in_ch, width)])
        for i in range(depth - 1):
            d = {skip_in} if i in skips else width
            self.layers.append(nn.Linear(d, width))
        self.sigma = nn.Linear(width, 1)
        self.rgb = nn.Linear(width, 3)

    def forward(self, pts):
        x0 = self.embed(pts)
        h = x0
        for i, layer in enumerate(self.layers):
            h = F.relu(layer(h))
            if i in self.skips:
                h = torch.cat([x0, h], dim=-1)
        return torch.cat([self.rgb(h).sigmoid(), F.relu(self.sigma(h))], dim=-1)
"""
)

template("gat_multihead", "(10, 16)")(
    """
class GATLayer(nn.Module):
    def __init__(self, fin, fout, heads, concat=True):
        super().__init__()
        self.h, self.fout, self.concat = heads, fout, concat
        self.W = nn.Linear(fin, heads * fout, bias=False)
        self.a_src = nn.Parameter(torch.randn(heads, fout))
        self.a_dst = nn.Parameter(torch.randn(heads, fout))

    def forward(self, x, adj):
        N = x.shape[0]
        h = self.W(x).view(N, self.h, self.fout)
        e = (h * self.a_src).sum(-1)[:, None, :] + (h * self.a_dst).sum(-1)[None, :, :]
        e = F.leaky_relu(e, 0.2).masked_fill(adj[..., None] == 0, float("-inf"))
        att = e.softmax(dim=1)
        out = torch.einsum("ijh,jhf->ihf", att, h)
        return out.reshape(N, -1) if self.concat else out.mean(1)


class Net(nn.Module):
    def __init__(self, fin=16, hidden=8, heads=4, n_classes=3):
        super().__init__()
        self.l1 = GATLayer(fin, hidden, heads)
        self.l2 = GATLayer({l2_in}, n_classes, 1, concat=False)

    def forward(self, x):
        adj = torch.ones(x.shape[0], x.shape[0])
        return self.l2(F.elu(self.l1(x, adj)), adj)
"""
)

template("siamese_head", "(4, 2, 28, 28)")(
    """
class Encoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(1, 16, 5), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 5), nn.ReLU(), nn.MaxPool2d(2),
            nn.Flatten(), nn.Linear(32 * 4 * 4, dim),
        )

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.enc = Encoder(dim)
        self.head = nn.Linear({head_in}, 1)

    def forward(self, pair):
        a = self.enc(pair[:, :1])
        b = self.enc(pair[:, 1:])
        return torch.sigmoid(self.head({combine}))
"""
)

template("protonet_cdist", "(15, 3, 16, 16)")(
    """
def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(),
                         nn.MaxPool2d(2))


class Net(nn.Module):
    def __init__(self, n_way=3, k_shot=2, width=16, q_dim={q_dim}):
        super().__init__()
        self.n_way, self.k_shot = n_way, k_shot
        self.encoder = nn.Sequential(conv_block(3, width), conv_block(width, width), nn.Flatten())
        self.query_proj = nn.Linear(width * 4 * 4, q_dim)
        self.support_proj = nn.Linear(width * 4 * 4, width * 4)

    def forward(self, x):
        n_support = self.n_way * self.k_shot
        z = self.encoder(x)
        support = self.support_proj(z[:n_support]).view(self.n_way, self.k_shot, -1)
        protos = support.mean(1)
        query = self.query_proj(z[n_support:])
        return -torch.cdist(query, protos)
"""
)

template("vq_codebook", "(2, 3, 32, 32)")(
    """
class VectorQuantizer(nn.Module):
    def __init__(self, n_codes, code_dim):
        super().__init__()
        self.codebook = nn.Embedding(n_codes, code_dim)

    def forward(self, z):
        B, C, H, W = z.shape
        flat = z.permute(0, 2, 3, 1).reshape(-1, C)
        d = (flat**2).sum(1, keepdim=True) - 2 * flat @ self.codebook.weight.t()
        d = d + (self.codebook.weight**2).sum(1)
        q = self.codebook(d.argmin(1)).view(B, H, W, C).permute(0, 3, 1, 2)
        return z + (q - z).detach()


class Net(nn.Module):
    def __init__(self, hidden=32, code_dim=16, n_codes=64):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(3, hidden, 4, 2, 1), nn.ReLU(), nn.Conv2d(hidden, {enc_out}, 1)
        )
        self.vq = VectorQuantizer(n_codes, code_dim)
        self.dec = nn.Sequential(
            nn.ConvTranspose2d({enc_out}, hidden, 4, 2, 1), nn.ReLU(), nn.Conv2d(hidden, 3, 1)
        )

    def forward(self, x):
        return self.dec(self.vq(self.enc(x)))
"""
)

template("pixelcnn_masked_conv", "(2, 1, 16, 16)")(
    """
class MaskedConv2d(nn.Conv2d):
    def __init__(self, cin, cout, kernel_size, mask_type, mask_k):
        super().__init__(cin, cout, kernel_size, padding=kernel_size // 2)
        mask = torch.ones(1, 1, mask_k, mask_k)
        c = mask_k // 2
        mask[:, :, c, c + (mask_type == "B"):] = 0
        mask[:, :, c + 1:] = 0
        self.register_buffer("mask", mask)

    def forward(self, x):
        return F.conv2d(x, self.weight * self.mask, self.bias, padding=self.padding)


class Net(nn.Module):
    def __init__(self, width=32, n_layers=4, kernel_size={k}, levels=4):
        super().__init__()
        layers = [MaskedConv2d(1, width, 7, "A", 7), nn.ReLU()]
        for _ in range(n_layers):
            layers += [MaskedConv2d(width, width, kernel_size, "B", {mask_k}), nn.ReLU()]
        self.net = nn.Sequential(*layers, nn.Conv2d(width, levels, 1))

    def forward(self, x):
        return self.net(x)
"""
)

template("hypernet_conv_weight", "(2, 8, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, cin=8, cout=16, k=3, z_dim=4, n_layers=2):
        super().__init__()
        self.cin, self.cout, self.k = cin, cout, k
        self.z = nn.Parameter(torch.randn(n_layers, z_dim))
        self.hyper = nn.Linear(z_dim, cout * cin * k * k)
        self.proj = nn.Conv2d(cout, cin, 1)

    def forward(self, x):
        for i in range(self.z.shape[0]):
            w = self.hyper(self.z[i]).view({wview})
            x = x + self.proj(F.relu(F.conv2d(x, w, padding=self.k // 2)))
        return x
"""
)

template("stylegan_modconv", "(2, 16, 8, 8)")(
    """
class ModulatedConv(nn.Module):
    def __init__(self, cin, cout, k, w_dim):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(cout, cin, k, k))
        self.affine = nn.Linear(w_dim, cin)
        self.pad = k // 2

    def forward(self, x, w):
        B, C, H, W = x.shape
        s = self.affine(w)[:, None, :, None, None]
        wt = self.weight[None] * s
        wt = wt * torch.rsqrt((wt**2).sum(dim=(2, 3, 4), keepdim=True) + 1e-8)
        wt = wt.reshape(-1, C, *wt.shape[3:])
        out = F.conv2d(x.reshape(1, B * C, H, W), wt, padding=self.pad, groups={groups})
        return out.reshape(B, -1, H, W)


class Net(nn.Module):
    def __init__(self, ch=16, w_dim=8):
        super().__init__()
        self.w = nn.Parameter(torch.randn(1, w_dim))
        self.c1 = ModulatedConv(ch, ch, 3, w_dim)
        self.c2 = ModulatedConv(ch, 3, 1, w_dim)

    def forward(self, x):
        w = self.w.expand(x.shape[0], -1)
        return self.c2(F.leaky_relu(self.c1(x, w), 0.2), w)
"""
)

template("coordconv_channels", "(2, 3, 16, 16)")(
    """
class AddCoords(nn.Module):
    def __init__(self, with_r):
        super().__init__()
        self.with_r = with_r

    def forward(self, x):
        B, _, H, W = x.shape
        yy = torch.linspace(-1, 1, H).view(1, 1, H, 1).expand(B, 1, H, W)
        xx = torch.linspace(-1, 1, W).view(1, 1, 1, W).expand(B, 1, H, W)
        out = [x, xx, yy]
        if self.with_r:
            out.append(torch.sqrt(xx**2 + yy**2))
        return torch.cat(out, dim=1)


class Net(nn.Module):
    def __init__(self, cin=3, cout=16, with_r={with_r}):
        super().__init__()
        self.add = AddCoords(with_r)
        self.conv = nn.Conv2d({conv_in}, cout, 3, padding=1)

    def forward(self, x):
        return self.conv(self.add(x))
"""
)

template("nonlocal_block", "(2, 32, 8, 6)")(
    """
class Net(nn.Module):
    def __init__(self, ch=32, reduction=2):
        super().__init__()
        self.inter = ch // reduction
        self.theta = nn.Conv2d(ch, self.inter, 1)
        self.phi = nn.Conv2d(ch, self.inter, 1)
        self.g = nn.Conv2d(ch, self.inter, 1)
        self.W = nn.Sequential(nn.Conv2d(self.inter, ch, 1), nn.BatchNorm2d(ch))

    def forward(self, x):
        B, C, H, W = x.shape
        th = self.theta(x).view(B, self.inter, -1).permute(0, 2, 1)
        ph = self.phi(x).view(B, self.inter, -1)
        g = self.g(x).view(B, self.inter, -1).permute(0, 2, 1)
        att = torch.softmax(th @ ph, dim=-1)
        y = (att @ g).permute(0, 2, 1).contiguous().view({yview})
        return x + self.W(y)
"""
)

template("danet_position_attn", "(2, 32, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.q = nn.Conv2d(ch, ch // 8, 1)
        self.k = nn.Conv2d(ch, {k_out}, 1)
        self.v = nn.Conv2d(ch, ch, 1)
        self.gamma = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        B, C, H, W = x.shape
        q = self.q(x).view(B, -1, H * W).permute(0, 2, 1)
        k = self.k(x).view(B, -1, H * W)
        att = torch.softmax(torch.bmm(q, k), dim=-1)
        v = self.v(x).view(B, -1, H * W)
        out = torch.bmm(v, att.permute(0, 2, 1)).view(B, C, H, W)
        return self.gamma * out + x
"""
)

template("eca_block", "(2, 32, 8, 8)")(
    """
class ECA(nn.Module):
    def __init__(self, k_size=3):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.conv = nn.Conv1d(1, 1, k_size, padding=(k_size - 1) // 2, bias=False)

    def forward(self, x):
        y = self.pool(x)
        y = self.conv(y.squeeze(-1){tr}){back}
        return x * y.sigmoid()


class Net(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.eca = ECA()

    def forward(self, x):
        return self.eca(F.relu(self.conv(x)))
"""
)

template("aspp_pool_branch", "(2, 3, 64, 64)")(
    """
class ASPP(nn.Module):
    def __init__(self, cin, cout, rates=(6, 12, 18)):
        super().__init__()
        self.branches = nn.ModuleList([nn.Conv2d(cin, cout, 1)])
        for r in rates:
            self.branches.append(nn.Conv2d(cin, cout, 3, padding=r, dilation=r))
        self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(cin, cout, 1), nn.ReLU())
        self.project = nn.Conv2d(cout * (len(rates) + 2), cout, 1)

    def forward(self, x):
        outs = [F.relu(b(x)) for b in self.branches]
        p = self.pool(x)
        outs.append({pool_out})
        return self.project(torch.cat(outs, dim=1))


class Net(nn.Module):
    def __init__(self, n_classes=4, width=32):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, width, 3, 2, 1), nn.ReLU(), nn.Conv2d(width, 2 * width, 3, 2, 1), nn.ReLU()
        )
        self.aspp = ASPP(2 * width, width)
        self.cls = nn.Conv2d(width, n_classes, 1)

    def forward(self, x):
        y = self.cls(self.aspp(self.backbone(x)))
        return F.interpolate(y, size=x.shape[-2:], mode="bilinear", align_corners=False)
"""
)

template("inception_block", "(2, 3, 32, 32)")(
    """
class Inception(nn.Module):
    def __init__(self, cin, c1, c3r, c3, c5r, c5, pp):
        super().__init__()
        self.b1 = nn.Conv2d(cin, c1, 1)
        self.b3 = nn.Sequential(nn.Conv2d(cin, c3r, 1), nn.ReLU(), nn.Conv2d(c3r, c3, 3, padding=1))
        self.b5 = nn.Sequential(nn.Conv2d(cin, c5r, 1), nn.ReLU(), nn.Conv2d(c5r, c5, 5, padding=2))
        self.bp = nn.Sequential(nn.MaxPool2d(3, 1, 1), nn.Conv2d(cin, pp, 1))
        self.out_ch = {out_ch}

    def forward(self, x):
        return F.relu(torch.cat([self.b1(x), self.b3(x), self.b5(x), self.bp(x)], dim=1))


class Net(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.a = Inception(32, 16, 16, 24, 4, 8, 8)
        self.b = Inception(self.a.out_ch, 24, 24, 32, 8, 16, 16)
        self.fc = nn.Linear(self.b.out_ch, n_classes)

    def forward(self, x):
        x = self.b(self.a(self.stem(x)))
        return self.fc(x.mean(dim=(2, 3)))
"""
)

template("densenet_growth", "(2, 3, 32, 32)")(
    """
class DenseLayer(nn.Module):
    def __init__(self, cin, growth):
        super().__init__()
        self.bn = nn.BatchNorm2d(cin)
        self.conv = nn.Conv2d(cin, growth, 3, padding=1, bias=False)

    def forward(self, x):
        return torch.cat([x, self.conv(F.relu(self.bn(x)))], dim=1)


class Net(nn.Module):
    def __init__(self, c0=16, growth=8, n_layers=(3, 3), n_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, c0, 3, padding=1, bias=False)
        stages, c = [], c0
        for i, n in enumerate(n_layers):
            stages += [DenseLayer(c + j * growth, growth) for j in range(n)]
            c = {c_next}
            if i < len(n_layers) - 1:
                stages += [nn.BatchNorm2d(c), nn.ReLU(), nn.Conv2d(c, c // 2, 1), nn.AvgPool2d(2)]
                c = c // 2
        self.features = nn.Sequential(*stages)
        self.norm = nn.BatchNorm2d(c)
        self.fc = nn.Linear(c, n_classes)

    def forward(self, x):
        h = F.relu(self.norm(self.features(self.stem(x))))
        return self.fc(h.mean(dim=(2, 3)))
"""
)

template("shufflenet_unit", "(2, 24, 16, 16)")(
    """
def channel_shuffle(x, groups):
    B, C, H, W = x.shape
    return x.view(B, groups, C // groups, H, W).transpose(1, 2).reshape(B, C, H, W)


class Unit(nn.Module):
    def __init__(self, ch, groups):
        super().__init__()
        self.groups = groups
        mid = ch // 4
        self.gconv1 = nn.Conv2d(ch, mid, 1, groups=1)
        self.dw = nn.Conv2d(mid, mid, 3, padding=1, groups=mid)
        self.gconv2 = nn.Conv2d(mid, ch, 1)
        self.bn = nn.BatchNorm2d(ch)

    def forward(self, x):
        h = F.relu(self.gconv1(x))
        h = channel_shuffle(h, self.groups)
        return F.relu(x + self.bn(self.gconv2(self.dw(h))))


class Net(nn.Module):
    def __init__(self, ch=24, groups={g}, n_units=3, n_classes=10):
        super().__init__()
        self.units = nn.Sequential(*[Unit(ch, groups) for _ in range(n_units)])
        self.fc = nn.Linear(ch, n_classes)

    def forward(self, x):
        return self.fc(self.units(x).mean(dim=(2, 3)))
"""
)

template("ghost_module", "(2, 16, 8, 8)")(
    """
import math


class GhostModule(nn.Module):
    def __init__(self, cin, oup, ratio=2):
        super().__init__()
        self.oup = oup
        init = math.ceil(oup / ratio)
        self.primary = nn.Sequential(nn.Conv2d(cin, init, 1), nn.BatchNorm2d(init), nn.ReLU())
        self.cheap = nn.Sequential(
            nn.Conv2d(init, init * (ratio - 1), 3, padding=1, groups=init), nn.ReLU()
        )

    def forward(self, x):
        a = self.primary(x)
        out = torch.cat([a, self.cheap(a)], dim=1)
        return {ret}


class Net(nn.Module):
    def __init__(self, cin=16, oup={oup}):
        super().__init__()
        self.g1 = GhostModule(cin, oup)
        self.g2 = GhostModule(oup, oup)

    def forward(self, x):
        h = self.g1(x)
        return h + self.g2(h)
"""
)

template("yolo_head_reshape", "(2, 3, 64, 64)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=5, n_anchors=3, width=32):
        super().__init__()
        self.na, self.no = n_anchors, n_classes + 5
        self.backbone = nn.Sequential(
            nn.Conv2d(3, width, 3, 2, 1), nn.LeakyReLU(0.1),
            nn.Conv2d(width, width, 3, 2, 1), nn.LeakyReLU(0.1),
            nn.Conv2d(width, width, 3, 2, 1), nn.LeakyReLU(0.1),
        )
        self.head = nn.Conv2d(width, {head_out}, 1)

    def forward(self, x):
        p = self.head(self.backbone(x))
        B, _, H, W = p.shape
        p = p.view(B, self.na, self.no, H, W).permute(0, 1, 3, 4, 2)
        return torch.cat([p[..., :4], p[..., 4:].sigmoid()], dim=-1)
"""
)

template("hourglass_merge", "(2, 3, 64, 64)")(
    """
class Hourglass(nn.Module):
    def __init__(self, ch, depth):
        super().__init__()
        self.depth = depth
        self.down = nn.ModuleList(nn.Conv2d(ch, ch, 3, padding=1) for _ in range(depth))
        self.up = nn.ModuleList(nn.Conv2d(ch, ch, 3, padding=1) for _ in range(depth))

    def forward(self, x):
        skips = []
        for conv in self.down:
            skips.append(x)
            x = F.max_pool2d(F.relu(conv(x)), 2)
        for conv, s in zip(self.up, reversed(skips)):
            x = F.interpolate(F.relu(conv(x)), scale_factor=2) + s
        return x


class Net(nn.Module):
    def __init__(self, ch=32, n_joints=8, n_stacks=2):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, ch, 7, 2, 3), nn.ReLU())
        self.hgs = nn.ModuleList(Hourglass(ch, 3) for _ in range(n_stacks))
        self.heat = nn.ModuleList(nn.Conv2d(ch, n_joints, 1) for _ in range(n_stacks))
        self.merge_feat = nn.ModuleList(nn.Conv2d(ch, ch, 1) for _ in range(n_stacks - 1))
        self.merge_heat = nn.ModuleList(nn.Conv2d({mh_in}, ch, 1) for _ in range(n_stacks - 1))

    def forward(self, x):
        x = self.stem(x)
        heatmaps = []
        for i, hg in enumerate(self.hgs):
            f = hg(x)
            hm = self.heat[i](f)
            heatmaps.append(hm)
            if i < len(self.hgs) - 1:
                x = x + self.merge_feat[i](f) + self.merge_heat[i](hm)
        return torch.stack(heatmaps, dim=1)
"""
)

template("bahdanau_attention", "(2, 7)", kind="tokens")(
    """
class Attention(nn.Module):
    def __init__(self, enc_hid, dec_hid):
        super().__init__()
        self.attn = nn.Linear(2 * enc_hid + dec_hid, dec_hid)
        self.v = nn.Linear(dec_hid, 1, bias=False)

    def forward(self, hidden, enc):
        S = enc.shape[1]
        hidden = {rep}
        energy = torch.tanh(self.attn(torch.cat([hidden, enc], dim=2)))
        return self.v(energy).squeeze(2).softmax(dim=1)


class Net(nn.Module):
    def __init__(self, vocab=20, emb=16, enc_hid=24, dec_hid=32, out_len=3):
        super().__init__()
        self.out_len = out_len
        self.emb = nn.Embedding(vocab, emb)
        self.enc = nn.GRU(emb, enc_hid, batch_first=True, bidirectional=True)
        self.bridge = nn.Linear(2 * enc_hid, dec_hid)
        self.attention = Attention(enc_hid, dec_hid)
        self.dec = nn.GRUCell(emb + 2 * enc_hid, dec_hid)
        self.out = nn.Linear(dec_hid, vocab)

    def forward(self, src):
        enc, h = self.enc(self.emb(src))
        hidden = torch.tanh(self.bridge(torch.cat([h[-2], h[-1]], dim=1)))
        tok = src[:, 0]
        logits = []
        for _ in range(self.out_len):
            a = self.attention(hidden, enc)
            ctx = torch.bmm(a.unsqueeze(1), enc).squeeze(1)
            hidden = self.dec(torch.cat([self.emb(tok), ctx], dim=1), hidden)
            step = self.out(hidden)
            logits.append(step)
            tok = step.argmax(-1)
        return torch.stack(logits, dim=1)
"""
)

template("transformer_tgt_mask", "(2, {s})", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=16, d_model=32, nhead=4, layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        self.pos = nn.Parameter(torch.zeros(1, 64, d_model))
        self.tf = nn.Transformer(
            d_model, nhead, layers, layers, dim_feedforward=64, dropout=0.0, batch_first=True
        )
        self.out = nn.Linear(d_model, vocab)

    def forward(self, src):
        tgt = src[:, {tgt_slice}]
        s = self.emb(src) + self.pos[:, : src.shape[1]]
        t = self.emb(tgt) + self.pos[:, : tgt.shape[1]]
        mask = nn.Transformer.generate_square_subsequent_mask({mask_len})
        return self.out(self.tf(s, t, tgt_mask=mask))
"""
)

template("sdpa_key_padding", "({b}, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=8, dim=32, heads=4):
        super().__init__()
        self.h = heads
        self.emb = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, ids):
        B, T = ids.shape
        keep = torch.ones(B, T, dtype=torch.bool)
        keep[:, -1] = ids[:, -1] != 0
        x = self.emb(ids)
        q, k, v = self.qkv(x).view(B, T, 3, self.h, -1).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask={mask})
        return self.out(y.transpose(1, 2).reshape(B, T, -1))
"""
)

template("qk_norm_headdim", "(2, 10, 64)")(
    """
class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.h, self.hd = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.q_norm = nn.LayerNorm({norm_dim})
        self.k_norm = nn.LayerNorm({norm_dim})
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        q, k, v = self.qkv(x).reshape(B, N, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        q, k = self.q_norm(q), self.k_norm(k)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.proj(y.transpose(1, 2).reshape(B, N, C))


class Net(nn.Module):
    def __init__(self, dim=64, heads={heads}, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList(Attention(dim, heads) for _ in range(depth))
        self.norms = nn.ModuleList(nn.LayerNorm(dim) for _ in range(depth))

    def forward(self, x):
        for norm, attn in zip(self.norms, self.blocks):
            x = x + attn(norm(x))
        return x
"""
)

template("lstm_proj_size", "(2, 12, 20)")(
    """
class Net(nn.Module):
    def __init__(self, n_in=20, hidden=64, proj=16, n_out=5):
        super().__init__()
        self.lstm = nn.LSTM(n_in, hidden, num_layers=2, proj_size=proj, batch_first=True)
        self.fc = nn.Linear({fc_in}, n_out)

    def forward(self, x):
        out, (h, c) = self.lstm(x)
        return self.fc({feat})
"""
)

template("grucell_decoder_loop", "(2, 6)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=12, emb=16, hidden=32):
        super().__init__()
        self.hidden = hidden
        self.emb = nn.Embedding(vocab, emb)
        self.cell = nn.GRUCell(emb, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, ids):
        B, T = ids.shape
        h = torch.zeros(B, self.hidden)
        e = self.emb(ids)
        outs = []
        for t in range(T):
            h = self.cell({step}, h)
            outs.append(self.out(h))
        return torch.stack(outs, dim=1)
"""
)

template("rnn_num_layers_h0", "(2, 9, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n_in=8, hidden=16, num_layers=2, n_out=3):
        super().__init__()
        self.hidden, self.num_layers = hidden, num_layers
        self.rnn = nn.GRU(n_in, hidden, num_layers=num_layers, batch_first=True)
        self.fc = nn.Linear(hidden, n_out)

    def forward(self, x):
        h0 = torch.zeros({h0}, x.size(0), self.hidden)
        out, _ = self.rnn(x, h0)
        return self.fc(out[:, -1])
"""
)

template("conv_padding_same_stride", "(2, 8, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, cin=8, cout=16, k=3, stride={s}):
        super().__init__()
        self.stride = stride
        self.weight = nn.Parameter(torch.randn(cout, cin, k, k) * 0.1)
        self.bias = nn.Parameter(torch.zeros(cout))

    def forward(self, x):
        return F.conv2d(x, self.weight, self.bias, stride=self.stride, padding="same")
"""
)

template("reflect_pad_short", "(2, 1, {t})")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, k=7, n_blocks=3):
        super().__init__()
        self.k = k
        self.inp = nn.Conv1d(1, ch, k)
        self.blocks = nn.ModuleList(nn.Conv1d(ch, ch, 3, dilation=3**i) for i in range(n_blocks))
        self.outp = nn.Conv1d(ch, 1, k)

    def forward(self, x):
        h = self.inp(F.pad(x, (self.k // 2, self.k // 2), mode="reflect"))
        for i, conv in enumerate(self.blocks):
            d = 3**i
            h = h + conv(F.pad(F.leaky_relu(h, 0.2), (d, d), mode="reflect"))
        return torch.tanh(self.outp(F.pad(h, (self.k // 2, self.k // 2), mode="reflect")))
"""
)

template("prelu_channel_last", "(2, {t}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, hidden=64):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.PReLU({prelu})
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(x)))
"""
)

template("backbone_out_indices", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(16, 32, 64, 128), out_indices={oi}, out_ch=32):
        super().__init__()
        self.out_indices = out_indices
        stages, cin = [], 3
        for w in widths:
            stages.append(nn.Sequential(nn.Conv2d(cin, w, 3, 2, 1), nn.BatchNorm2d(w), nn.ReLU()))
            cin = w
        self.stages = nn.ModuleList(stages)
        self.lateral = nn.ModuleList(
            nn.Conv2d(w, out_ch, 1) for w in widths[-len(out_indices) :]
        )

    def forward(self, x):
        outs = []
        for stage in self.stages:
            x = stage(x)
            outs.append(x)
        feats = [lat(outs[i]) for lat, i in zip(self.lateral, self.out_indices)]
        top = feats[-1]
        for f in reversed(feats[:-1]):
            top = f + F.interpolate(top, size=f.shape[-2:], mode="nearest")
        return top
"""
)

template("cpvt_peg", "(2, 3, 32, 32)")(
    """
class PEG(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Conv2d(dim, dim, 3, padding=1, groups=dim)

    def forward(self, x, H, W):
        {unpack}
        feat = x.transpose(1, 2).reshape(B, C, H, W)
        return x + self.proj(feat).flatten(2).transpose(1, 2)


class Net(nn.Module):
    def __init__(self, dim=32, patch=4, depth=2, heads=4):
        super().__init__()
        self.embed = nn.Conv2d(3, dim, patch, patch)
        self.peg = PEG(dim)
        layer = nn.TransformerEncoderLayer(dim, heads, 64, dropout=0.0, batch_first=True)
        self.blocks = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)

    def forward(self, img):
        x = self.embed(img)
        H, W = x.shape[-2:]
        x = x.flatten(2).transpose(1, 2)
        return self.blocks(self.peg(x, H, W)).mean(1)
"""
)

template("nystrom_landmarks", "(2, {t}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4, landmarks=4):
        super().__init__()
        self.h, self.m = heads, landmarks
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, C = x.shape
        {pad}
        q, k, v = self.qkv(x).view(B, -1, 3, self.h, C // self.h).permute(2, 0, 3, 1, 4)
        n = q.shape[2]
        ql = q.reshape(B, self.h, self.m, n // self.m, C // self.h).mean(-2)
        kl = k.reshape(B, self.h, self.m, n // self.m, C // self.h).mean(-2)
        k1 = (q @ kl.transpose(-1, -2)).softmax(-1)
        k2 = (ql @ kl.transpose(-1, -2)).softmax(-1)
        k3 = (ql @ k.transpose(-1, -2)).softmax(-1)
        y = k1 @ torch.linalg.pinv(k2) @ (k3 @ v)
        return self.out(y.transpose(1, 2).reshape(B, n, C)[:, :T])
"""
)

template("diffusion_extract", "(2, 3, 16, 16)")(
    """
def extract(a, t, x_shape):
    b = t.shape[0]
    out = a.gather(-1, t)
    return out.reshape({rs})


class Net(nn.Module):
    def __init__(self, timesteps=100, ch=3, width=16):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, timesteps)
        alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.register_buffer("sqrt_ac", alphas_cumprod.sqrt())
        self.register_buffer("sqrt_1mac", (1.0 - alphas_cumprod).sqrt())
        self.eps = nn.Sequential(
            nn.Conv2d(ch, width, 3, padding=1), nn.SiLU(), nn.Conv2d(width, ch, 3, padding=1)
        )

    def forward(self, x0):
        t = torch.full((x0.shape[0],), 10, dtype=torch.long)
        noise = torch.randn_like(x0)
        xt = extract(self.sqrt_ac, t, x0.shape) * x0 + extract(self.sqrt_1mac, t, x0.shape) * noise
        return F.mse_loss(self.eps(xt), noise)
"""
)

template("linformer_proj", "(2, {t}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4, seq_len=32, k=8):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj_k = nn.Linear(seq_len, k)
        self.proj_v = nn.Linear(seq_len, k)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        k = self.proj_k(k.transpose(1, 2)).transpose(1, 2)
        v = self.proj_v(v.transpose(1, 2)).transpose(1, 2)
        q = q.view(B, T, self.h, -1).transpose(1, 2)
        k = k.reshape(B, -1, self.h, C // self.h).transpose(1, 2)
        v = v.reshape(B, -1, self.h, C // self.h).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("llava_projector", "(2, 3, 32, 32)")(
    """
class VisionTower(nn.Module):
    def __init__(self, dim, patch=8, depth=2):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, patch, patch)
        layer = nn.TransformerEncoderLayer(dim, 4, 2 * dim, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)

    def forward(self, img):
        return self.enc(self.patch(img).flatten(2).transpose(1, 2))


class Net(nn.Module):
    def __init__(self, v_dim=48, t_dim=32, vocab=50, n_text=6):
        super().__init__()
        self.vision = VisionTower(v_dim)
        self.projector = nn.Sequential(nn.Linear({proj_in}, t_dim), nn.GELU(), nn.Linear(t_dim, t_dim))
        self.tok = nn.Embedding(vocab, t_dim)
        self.register_buffer("prompt", torch.arange(n_text))
        layer = nn.TransformerEncoderLayer(t_dim, 4, 2 * t_dim, dropout=0.0, batch_first=True)
        self.lm = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.head = nn.Linear(t_dim, vocab)

    def forward(self, img):
        v = self.projector(self.vision(img))
        t = self.tok(self.prompt).expand(img.shape[0], -1, -1)
        return self.head(self.lm(torch.cat([v, t], dim=1)))
"""
)

template("slot_attention", "(2, 3, 16, 16)")(
    """
class SlotAttention(nn.Module):
    def __init__(self, n_slots, dim, in_dim, iters=2):
        super().__init__()
        self.n_slots, self.iters, self.scale = n_slots, iters, dim**-0.5
        self.slots = nn.Parameter(torch.randn(1, n_slots, dim))
        self.norm_in = nn.LayerNorm({norm_in})
        self.to_q = nn.Linear(dim, dim)
        self.to_k = nn.Linear(in_dim, dim)
        self.to_v = nn.Linear(in_dim, dim)
        self.gru = nn.GRUCell(dim, dim)

    def forward(self, x):
        B, N, _ = x.shape
        x = self.norm_in(x)
        k, v = self.to_k(x), self.to_v(x)
        slots = self.slots.expand(B, -1, -1)
        for _ in range(self.iters):
            att = (self.to_q(slots) @ k.transpose(1, 2) * self.scale).softmax(dim=1)
            att = att / att.sum(-1, keepdim=True)
            upd = att @ v
            slots = self.gru(upd.reshape(-1, upd.shape[-1]), slots.reshape(-1, upd.shape[-1]))
            slots = slots.view(B, self.n_slots, -1)
        return slots


class Net(nn.Module):
    def __init__(self, enc_dim=24, slot_dim=32, n_slots=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, enc_dim, 5, padding=2), nn.ReLU())
        self.sa = SlotAttention(n_slots, slot_dim, enc_dim)

    def forward(self, img):
        return self.sa(self.enc(img).flatten(2).transpose(1, 2))
"""
)

template("custom_linear_weight", "(4, 20)")(
    """
class MyLinear(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fout, fin) * fin**-0.5)
        self.bias = nn.Parameter(torch.zeros(fout))

    def forward(self, x):
        return x @ self.weight{wt} + self.bias


class Net(nn.Module):
    def __init__(self, sizes={sizes}):
        super().__init__()
        self.layers = nn.ModuleList(MyLinear(a, b) for a, b in zip(sizes[:-1], sizes[1:]))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.tanh(x)
        return x
"""
)

template("wavenet_gated", "(2, 16, 40)")(
    """
class ResBlock(nn.Module):
    def __init__(self, ch, dilation):
        super().__init__()
        self.ch = ch
        self.dil = nn.Conv1d(ch, {dil_out}, 2, dilation=dilation, padding=dilation)
        self.res = nn.Conv1d(ch, ch, 1)
        self.skip = nn.Conv1d(ch, ch, 1)

    def forward(self, x):
        h = self.dil(x)[..., : x.shape[-1]]
        z = torch.tanh(h[:, : self.ch]) * torch.sigmoid(h[:, self.ch :])
        return x + self.res(z), self.skip(z)


class Net(nn.Module):
    def __init__(self, ch=16, n_layers=4, n_out=8):
        super().__init__()
        self.blocks = nn.ModuleList(ResBlock(ch, 2**i) for i in range(n_layers))
        self.out = nn.Sequential(nn.ReLU(), nn.Conv1d(ch, ch, 1), nn.ReLU(), nn.Conv1d(ch, n_out, 1))

    def forward(self, x):
        skips = 0
        for b in self.blocks:
            x, s = b(x)
            skips = skips + s
        return self.out(skips)
"""
)

template("causal_slice_pad", "(2, 8, 30)")(
    """
class CausalConv(nn.Module):
    def __init__(self, cin, cout, k, dilation):
        super().__init__()
        self.pad = {pad}
        self.conv = nn.Conv1d(cin, cout, k, dilation=dilation, padding=self.pad)

    def forward(self, x):
        return self.conv(x)[..., : -self.pad]


class Net(nn.Module):
    def __init__(self, ch=8, kernels={ks}):
        super().__init__()
        self.layers = nn.ModuleList(CausalConv(ch, ch, k, 2**i) for i, k in enumerate(kernels))

    def forward(self, x):
        for layer in self.layers:
            x = x + F.relu(layer(x))
        return x
"""
)


# the templates that are whole small models (a block stack or several modules built in __init__
# from constructor sizes, forward through them) rather than one layer or block: session 16 asks
# for at least a quarter of the batch in this form, the way users' code fails
WHOLE_MODELS = (
    "segnet_unpool",
    "crnn_ocr_squeeze",
    "deepfm_fields",
    "dcn_cross_layer",
    "xvector_stats_pool",
    "audio_crnn_freq_gru",
    "nbeats_stack",
    "nerf_skip_mlp",
    "gat_multihead",
    "siamese_head",
    "protonet_cdist",
    "vq_codebook",
    "pixelcnn_masked_conv",
    "stylegan_modconv",
    "aspp_pool_branch",
    "inception_block",
    "densenet_growth",
    "shufflenet_unit",
    "yolo_head_reshape",
    "hourglass_merge",
    "bahdanau_attention",
    "transformer_tgt_mask",
    "qk_norm_headdim",
    "backbone_out_indices",
    "cpvt_peg",
    "llava_projector",
    "slot_attention",
    "custom_linear_weight",
    "wavenet_gated",
    "causal_slice_pad",
)


# (template, variant suffix, defect class it was written for, sizes); "clean" = written to run
VARIANTS: list[tuple[str, str, str, dict]] = [
    ("segnet_unpool", "ok", "clean", {"ia": "i2", "ib": "i1"}),
    ("segnet_unpool", "swapped", "unpool_indices", {"ia": "i1", "ib": "i2"}),
    ("segnet_unpool", "same_idx", "unpool_indices", {"ia": "i2", "ib": "i2"}),
    ("pool_indices_sequential", "ok", "clean", {"ri": "False"}),
    ("pool_indices_sequential", "indices", "return_tuple", {"ri": "True"}),
    ("crnn_ocr_squeeze", "ok", "clean", {"h": 16}),
    ("crnn_ocr_squeeze", "h32", "squeeze_noop", {"h": 32}),
    ("autoformer_decomp", "ok", "clean", {"k": 25, "front": "(self.k - 1) // 2"}),
    ("autoformer_decomp", "ok_even", "clean", {"k": 24, "front": "self.k - 1 - (self.k - 1) // 2"}),
    ("autoformer_decomp", "even", "even_kernel_padding", {"k": 24, "front": "(self.k - 1) // 2"}),
    ("deepfm_fields", "ok", "clean", {"deep_in": "self.n_fields * k"}),
    ("deepfm_fields", "one_field", "linear_in_features", {"deep_in": "k"}),
    ("dcn_cross_layer", "ok", "clean", {"wshape": "d, 1"}),
    ("dcn_cross_layer", "w_vector", "broadcast_add", {"wshape": "d"}),
    (
        "xvector_stats_pool",
        "ok",
        "clean",
        {"seg_in": "6 * width", "stats": "torch.cat([h.mean(-1), h.std(-1)], dim=1)"},
    ),
    ("xvector_stats_pool", "ok_mean", "clean", {"seg_in": "3 * width", "stats": "h.mean(-1)"}),
    (
        "xvector_stats_pool",
        "mean_only_size",
        "linear_in_features",
        {"seg_in": "3 * width", "stats": "torch.cat([h.mean(-1), h.std(-1)], dim=1)"},
    ),
    (
        "mel_filterbank_matmul",
        "ok",
        "clean",
        {"t": 50, "mel": "torch.matmul(spec.transpose(1, 2), self.fb)"},
    ),
    (
        "mel_filterbank_matmul",
        "ok_square",
        "clean",
        {"t": 65, "mel": "torch.matmul(spec, self.fb)"},
    ),
    (
        "mel_filterbank_matmul",
        "no_transpose",
        "matmul",
        {"t": 50, "mel": "torch.matmul(spec, self.fb)"},
    ),
    ("audio_crnn_freq_gru", "ok", "clean", {"gru_in": "width * freq_out"}),
    ("audio_crnn_freq_gru", "no_freq", "rnn_input", {"gru_in": "width"}),
    ("nbeats_stack", "ok", "clean", {"back_out": "backcast"}),
    ("nbeats_stack", "back_forecast", "residual_width", {"back_out": "forecast"}),
    (
        "dlinear_channels",
        "ok",
        "clean",
        {"body": "self.linear(x.permute(0, 2, 1)).permute(0, 2, 1)"},
    ),
    ("dlinear_channels", "no_permute", "linear_in_features", {"body": "self.linear(x)"}),
    (
        "nerf_skip_mlp",
        "ok",
        "clean",
        {"in_ch": "self.embed.out_dim", "skip_in": "width + self.embed.out_dim"},
    ),
    (
        "nerf_skip_mlp",
        "skip_width",
        "linear_in_features",
        {"in_ch": "self.embed.out_dim", "skip_in": "width"},
    ),
    (
        "nerf_skip_mlp",
        "no_include_input",
        "linear_in_features",
        {"in_ch": "3 * 2 * n_freqs", "skip_in": "width + 3 * 2 * n_freqs"},
    ),
    ("gat_multihead", "ok", "clean", {"l2_in": "hidden * heads"}),
    ("gat_multihead", "one_head", "linear_in_features", {"l2_in": "hidden"}),
    ("siamese_head", "ok", "clean", {"head_in": "2 * dim", "combine": "torch.cat([a, b], dim=1)"}),
    ("siamese_head", "ok_absdiff", "clean", {"head_in": "dim", "combine": "(a - b).abs()"}),
    (
        "siamese_head",
        "cat_one",
        "linear_in_features",
        {"head_in": "dim", "combine": "torch.cat([a, b], dim=1)"},
    ),
    ("protonet_cdist", "ok", "clean", {"q_dim": 64}),
    ("protonet_cdist", "query_width", "cdist_features", {"q_dim": 32}),
    ("vq_codebook", "ok", "clean", {"enc_out": "code_dim"}),
    ("vq_codebook", "enc_hidden", "matmul", {"enc_out": "hidden"}),
    ("pixelcnn_masked_conv", "ok", "clean", {"k": 3, "mask_k": "kernel_size"}),
    ("pixelcnn_masked_conv", "ok_k5", "clean", {"k": 5, "mask_k": "kernel_size"}),
    ("pixelcnn_masked_conv", "mask3_k5", "conv_weight_mask", {"k": 5, "mask_k": 3}),
    ("hypernet_conv_weight", "ok", "clean", {"wview": "self.cout, self.cin, self.k, self.k"}),
    ("hypernet_conv_weight", "flat", "functional_weight_rank", {"wview": "self.cout, -1"}),
    ("stylegan_modconv", "ok", "clean", {"groups": "B"}),
    ("stylegan_modconv", "groups1", "conv_groups", {"groups": 1}),
    ("coordconv_channels", "ok", "clean", {"with_r": False, "conv_in": "cin + 2"}),
    ("coordconv_channels", "ok_r", "clean", {"with_r": True, "conv_in": "cin + 3"}),
    ("coordconv_channels", "r_plus2", "conv_in_channels", {"with_r": True, "conv_in": "cin + 2"}),
    ("coordconv_channels", "plain", "conv_in_channels", {"with_r": False, "conv_in": "cin"}),
    ("nonlocal_block", "ok", "clean", {"yview": "B, self.inter, H, W"}),
    ("nonlocal_block", "full_c", "reshape_numel", {"yview": "B, C, H, W"}),
    ("danet_position_attn", "ok", "clean", {"k_out": "ch // 8"}),
    ("danet_position_attn", "key_wide", "bmm", {"k_out": "ch // 4"}),
    (
        "eca_block",
        "ok",
        "clean",
        {"tr": ".transpose(-1, -2)", "back": ".transpose(-1, -2).unsqueeze(-1)"},
    ),
    ("eca_block", "no_transpose", "conv_in_channels", {"tr": "", "back": ".unsqueeze(-1)"}),
    (
        "aspp_pool_branch",
        "ok",
        "clean",
        {"pool_out": "F.interpolate(p, size=x.shape[-2:], mode='bilinear', align_corners=False)"},
    ),
    ("aspp_pool_branch", "ok_expand", "clean", {"pool_out": "p.expand(-1, -1, *x.shape[-2:])"}),
    ("aspp_pool_branch", "no_upsample", "cat_spatial", {"pool_out": "p"}),
    ("inception_block", "ok", "clean", {"out_ch": "c1 + c3 + c5 + pp"}),
    ("inception_block", "last_branch", "conv_in_channels", {"out_ch": "c3"}),
    ("densenet_growth", "ok", "clean", {"c_next": "c + n * growth"}),
    ("densenet_growth", "off_by_one", "bn_channels", {"c_next": "c + (n - 1) * growth"}),
    ("shufflenet_unit", "ok", "clean", {"g": 2}),
    ("shufflenet_unit", "ok_g3", "clean", {"g": 3}),
    ("shufflenet_unit", "g4", "reshape_numel", {"g": 4}),
    ("ghost_module", "ok", "clean", {"oup": 16, "ret": "out[:, : self.oup]"}),
    ("ghost_module", "ok_odd", "clean", {"oup": 15, "ret": "out[:, : self.oup]"}),
    ("ghost_module", "ok_even_noslice", "clean", {"oup": 16, "ret": "out"}),
    ("ghost_module", "odd_noslice", "conv_in_channels", {"oup": 15, "ret": "out"}),
    ("yolo_head_reshape", "ok", "clean", {"head_out": "self.na * self.no"}),
    ("yolo_head_reshape", "no_box", "reshape_numel", {"head_out": "self.na * n_classes"}),
    ("hourglass_merge", "ok", "clean", {"mh_in": "n_joints"}),
    ("hourglass_merge", "heat_as_feat", "conv_in_channels", {"mh_in": "ch"}),
    ("bahdanau_attention", "ok", "clean", {"rep": "hidden.unsqueeze(1).repeat(1, S, 1)"}),
    ("bahdanau_attention", "ok_expand", "clean", {"rep": "hidden.unsqueeze(1).expand(-1, S, -1)"}),
    ("bahdanau_attention", "repeat_first", "concat_dim", {"rep": "hidden.repeat(S, 1, 1)"}),
    (
        "transformer_tgt_mask",
        "ok",
        "clean",
        {"s": 8, "tgt_slice": ":-1", "mask_len": "tgt.shape[1]"},
    ),
    (
        "transformer_tgt_mask",
        "ok_same_len",
        "clean",
        {"s": 8, "tgt_slice": ":", "mask_len": "src.shape[1]"},
    ),
    (
        "transformer_tgt_mask",
        "src_len",
        "attn_mask",
        {"s": 8, "tgt_slice": ":-1", "mask_len": "src.shape[1]"},
    ),
    ("sdpa_key_padding", "ok", "clean", {"b": 2, "mask": "keep[:, None, None, :]"}),
    ("sdpa_key_padding", "ok_b8", "clean", {"b": 8, "mask": "keep"}),
    ("sdpa_key_padding", "bt_mask", "attn_mask", {"b": 2, "mask": "keep"}),
    ("qk_norm_headdim", "ok", "clean", {"norm_dim": "self.hd", "heads": 4}),
    ("qk_norm_headdim", "ok_one_head", "clean", {"norm_dim": "dim", "heads": 1}),
    ("qk_norm_headdim", "model_dim", "norm_shape", {"norm_dim": "dim", "heads": 4}),
    ("lstm_proj_size", "ok", "clean", {"fc_in": "proj", "feat": "out[:, -1]"}),
    ("lstm_proj_size", "ok_cell", "clean", {"fc_in": "hidden", "feat": "c[-1]"}),
    ("lstm_proj_size", "hidden_width", "rnn_proj_size", {"fc_in": "hidden", "feat": "out[:, -1]"}),
    ("grucell_decoder_loop", "ok", "clean", {"step": "e[:, t]"}),
    ("grucell_decoder_loop", "step_3d", "input_rank", {"step": "e[:, t : t + 1]"}),
    ("rnn_num_layers_h0", "ok", "clean", {"h0": "self.num_layers"}),
    ("rnn_num_layers_h0", "one_layer", "rnn_hidden", {"h0": 1}),
    ("conv_padding_same_stride", "ok", "clean", {"s": 1}),
    ("conv_padding_same_stride", "stride2", "padding_same_stride", {"s": 2}),
    ("reflect_pad_short", "ok", "clean", {"t": 64}),
    ("reflect_pad_short", "ok_short", "clean", {"t": 10}),
    ("reflect_pad_short", "t8", "pad_reflect_size", {"t": 8}),
    ("prelu_channel_last", "ok", "clean", {"t": 10, "prelu": ""}),
    ("prelu_channel_last", "ok_t_eq", "clean", {"t": 64, "prelu": "hidden"}),
    ("prelu_channel_last", "per_feature", "prelu_channels", {"t": 10, "prelu": "hidden"}),
    ("backbone_out_indices", "ok", "clean", {"oi": (1, 2, 3)}),
    ("backbone_out_indices", "ok_last2", "clean", {"oi": (2, 3)}),
    ("backbone_out_indices", "one_based", "conv_in_channels", {"oi": (2, 3, 4)}),
    ("backbone_out_indices", "first3", "conv_in_channels", {"oi": (0, 1, 2)}),
    ("cpvt_peg", "ok", "clean", {"unpack": "B, N, C = x.shape"}),
    ("cpvt_peg", "image_unpack", "shape_unpack", {"unpack": "B, C, H, W = x.shape"}),
    ("nystrom_landmarks", "ok", "clean", {"t": 16, "pad": "pass"}),
    (
        "nystrom_landmarks",
        "ok_pad",
        "clean",
        {"t": 15, "pad": "x = F.pad(x, (0, 0, 0, (-T) % self.m))"},
    ),
    ("nystrom_landmarks", "t15", "reshape_numel", {"t": 15, "pad": "pass"}),
    ("diffusion_extract", "ok", "clean", {"rs": "b, *((1,) * (len(x_shape) - 1))"}),
    ("diffusion_extract", "b1", "broadcast_add", {"rs": "b, 1"}),
    ("diffusion_extract", "flat", "broadcast_add", {"rs": "-1"}),
    ("linformer_proj", "ok", "clean", {"t": 32}),
    ("linformer_proj", "short", "linear_in_features", {"t": 24}),
    ("llava_projector", "ok", "clean", {"proj_in": "v_dim"}),
    ("llava_projector", "text_width", "linear_in_features", {"proj_in": "t_dim"}),
    ("slot_attention", "ok", "clean", {"norm_in": "in_dim"}),
    ("slot_attention", "slot_dim_norm", "norm_shape", {"norm_in": "dim"}),
    ("custom_linear_weight", "ok", "clean", {"wt": ".t()", "sizes": (20, 32, 16, 4)}),
    ("custom_linear_weight", "ok_square", "clean", {"wt": "", "sizes": (20, 20, 20)}),
    ("custom_linear_weight", "no_t", "matmul", {"wt": "", "sizes": (20, 32, 16, 4)}),
    ("wavenet_gated", "ok", "clean", {"dil_out": "2 * ch"}),
    ("wavenet_gated", "single", "gated_split", {"dil_out": "ch"}),
    ("causal_slice_pad", "ok", "clean", {"pad": "(k - 1) * dilation", "ks": (3, 3, 3)}),
    ("causal_slice_pad", "ok_k2", "clean", {"pad": "(k - 1) * dilation", "ks": (2, 2, 2)}),
    ("causal_slice_pad", "k1", "slice_neg_zero", {"pad": "(k - 1) * dilation", "ks": (3, 1, 3)}),
]
