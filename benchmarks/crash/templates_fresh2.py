"""A second fresh batch of crash cases (session 14, split ``fresh2``), written blind: the analyzer
was never run on them while they were written, and they were not shaped after how it reads
forward. The styles are the crashes users report from forward passes that the first two sets do
not cover: Swin window partitions that do not divide, ViT patchify by ``reshape`` on an image
size the patch does not divide, a position table one short after the cls token, GQA
``repeat_interleave`` with the wrong factor, cross-attention whose key/value width is not the
query's, U-Net / FPN upsampling on odd sizes, depthwise ``F.conv2d`` groups, LSTM hidden state
and ``batch_first`` confusion, ``gather`` / ``index_select`` ranks, ``PixelUnshuffle``, 3-D
convolutions on video laid out (B, T, C, H, W), ``nn.Unflatten``, uneven ``chunk`` into heads,
float or out-of-range embedding indices, ``one_hot`` into a Linear, ``view`` of a transposed
tensor, ``repeat`` / ``expand`` with too few sizes, ``squeeze()`` of a batch of one, a tuple
returned by ``torch.max`` or an LSTM used as a tensor, and more. Same format as
``templates.py``; every case name starts ``f2_``. Whether a case crashes is torch's verdict
(``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("swin_window_partition", "(2, {hw}, {hw}, 16)")(
    """
def window_partition(x, window_size):
    B, H, W, C = x.shape
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size * window_size, C)


def window_reverse(windows, window_size, H, W):
    B = int(windows.shape[0] / (H * W / window_size / window_size))
    x = windows.view(B, H // window_size, W // window_size, window_size, window_size, -1)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(B, H, W, -1)


class WindowAttention(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B_, N, C = x.shape
        qkv = self.qkv(x).reshape(B_, N, 3, self.num_heads, C // self.num_heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
        attn = (q * self.scale) @ k.transpose(-2, -1)
        x = (attn.softmax(dim=-1) @ v).transpose(1, 2).reshape(B_, N, C)
        return self.proj(x)


class Net(nn.Module):
    def __init__(self, dim=16, window_size={ws}):
        super().__init__()
        self.window_size = window_size
        self.norm = nn.LayerNorm(dim)
        self.attn = WindowAttention(dim, num_heads=2)

    def forward(self, x):
        B, H, W, C = x.shape
        shortcut = x
        windows = window_partition(self.norm(x), self.window_size)
        windows = self.attn(windows)
        return shortcut + window_reverse(windows, self.window_size, H, W)
"""
)

template("vit_reshape_patchify", "(2, 3, {img}, {img})")(
    """
class Net(nn.Module):
    def __init__(self, image_size=32, patch_size={p}, dim=64, num_classes=10):
        super().__init__()
        self.p = patch_size
        num_patches = (image_size // patch_size) ** 2
        self.to_embed = nn.Linear(3 * patch_size * patch_size, dim)
        self.pos = nn.Parameter(torch.zeros(1, num_patches, dim))
        self.head = nn.Linear(dim, num_classes)

    def patchify(self, imgs):
        B, C, H, W = imgs.shape
        h, w = H // self.p, W // self.p
        x = imgs.reshape(B, C, h, self.p, w, self.p)
        x = torch.einsum("nchpwq->nhwpqc", x)
        return x.reshape(B, h * w, self.p * self.p * C)

    def forward(self, x):
        x = self.to_embed(self.patchify(x)) + self.pos
        return self.head(x.mean(dim=1))
"""
)

template("vit_cls_pos", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch=4, dim=48, depth=2):
        super().__init__()
        n = (img // patch) ** 2
        self.patch_embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, {npos}, dim))
        layer = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)
        self.blocks = nn.TransformerEncoder(layer, depth)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        cls = self.cls_token.expand(x.shape[0], -1, -1)
        x = torch.cat((cls, x), dim=1)
        x = x + self.pos_embed
        x = self.blocks(x)
        return self.head(x[:, 0])
"""
)

template("gqa_repeat_interleave", "(2, 8, 64)")(
    """
class Net(nn.Module):
    def __init__(self, dim=64, n_heads={nh}, n_kv_heads={nkv}):
        super().__init__()
        self.n_heads, self.n_kv_heads = n_heads, n_kv_heads
        self.head_dim = dim // n_heads
        self.q_proj = nn.Linear(dim, n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * self.head_dim, dim, bias=False)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q_proj(x).view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(B, T, self.n_kv_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(B, T, self.n_kv_heads, self.head_dim).transpose(1, 2)
        k = k.repeat_interleave({rep}, dim=1)
        v = v.repeat_interleave({rep}, dim=1)
        att = (q @ k.transpose(-2, -1)) * self.head_dim**-0.5
        y = att.softmax(dim=-1) @ v
        y = y.transpose(1, 2).reshape(B, T, -1)
        return self.o_proj(y)
"""
)

template("mha_cross_kdim", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, ctx_dim=24, ctx_len=6):
        super().__init__()
        self.context = nn.Parameter(torch.randn(1, ctx_len, ctx_dim))
        self.norm = nn.LayerNorm(dim)
        self.cross = nn.MultiheadAttention(dim, 4, batch_first=True{kv})
        self.ff = nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))

    def forward(self, x):
        ctx = self.context.expand(x.shape[0], -1, -1)
        h, _ = self.cross(self.norm(x), ctx, ctx, need_weights=False)
        x = x + h
        return x + self.ff(x)
"""
)

template("unet_interp_skip", "(1, 3, {hw}, {hw})")(
    """
def double_conv(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class Net(nn.Module):
    def __init__(self, n_classes=2):
        super().__init__()
        self.enc1 = double_conv(3, 16)
        self.enc2 = double_conv(16, 32)
        self.enc3 = double_conv(32, 64)
        self.dec2 = double_conv(64 + 32, 32)
        self.dec1 = double_conv(32 + 16, 16)
        self.head = nn.Conv2d(16, n_classes, 1)

    def up(self, x, skip):
        return F.interpolate(x, {how}, mode="bilinear", align_corners=False)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.max_pool2d(e1, 2))
        e3 = self.enc3(F.max_pool2d(e2, 2))
        d2 = self.dec2(torch.cat([self.up(e3, e2), e2], dim=1))
        d1 = self.dec1(torch.cat([self.up(d2, e1), e1], dim=1))
        return self.head(d1)
"""
)

template("convtranspose_decoder", "(1, 1, {hw}, {hw})")(
    """
class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cout, kernel_size={k}, stride=2)
        self.conv = nn.Sequential(nn.Conv2d(cout * 2, cout, 3, padding=1), nn.ReLU())

    def forward(self, x, skip):
        return self.conv(torch.cat([skip, self.up(x)], dim=1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1 = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU())
        self.d2 = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU())
        self.d3 = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1), nn.ReLU())
        self.u2 = Up(32, 16)
        self.u1 = Up(16, 8)
        self.out = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        a = self.d1(x)
        b = self.d2(a)
        c = self.d3(b)
        return self.out(self.u1(self.u2(c, b), a))
"""
)

template("dynamic_dwconv", "(2, 32, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, channels=32, kernel=3):
        super().__init__()
        self.groups = {g}
        self.padding = kernel // 2
        self.weight = nn.Parameter(torch.randn(channels, 1, kernel, kernel) * 0.1)
        self.bias = nn.Parameter(torch.zeros(channels))
        self.pw = nn.Conv2d(channels, channels * 2, 1)

    def forward(self, x):
        y = F.conv2d(x, self.weight, self.bias, padding=self.padding, groups=self.groups)
        return self.pw(F.gelu(y))
"""
)

template("lstm_h0_batch_first", "({b}, 12, 10)")(
    """
class Net(nn.Module):
    def __init__(self, n_features=10, hidden=32, layers=2):
        super().__init__()
        self.hidden, self.layers = hidden, layers
        self.lstm = nn.LSTM(n_features, hidden, layers{bf})
        self.fc = nn.Linear(hidden, 1)

    def forward(self, x):
        h0 = torch.zeros(self.layers, x.size(0), self.hidden)
        c0 = torch.zeros(self.layers, x.size(0), self.hidden)
        out, _ = self.lstm(x, (h0, c0))
        return self.fc(out[:, -1, :])
"""
)

template("bilstm_flatten", "(4, 12, 10)")(
    """
class Net(nn.Module):
    def __init__(self, n_features=10, hidden=16, seq_len=12):
        super().__init__()
        self.lstm = nn.LSTM(n_features, hidden, batch_first=True, bidirectional=True)
        self.fc = nn.Linear({fin}, 3)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.fc(out.reshape(out.size(0), -1))
"""
)

template("encoder_layer_dmodel", "(2, 16, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n_in=8, d_model=32, nhead=4):
        super().__init__()
        self.input_proj = nn.Linear(n_in, {proj})
        layer = nn.TransformerEncoderLayer(d_model=d_model, nhead=nhead, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.out = nn.Linear(d_model, 1)

    def forward(self, x):
        h = self.encoder(self.input_proj(x))
        return self.out(h[:, -1])
"""
)

template("padmask_masked_fill", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=50, dim=32, heads=4, pad_id=0):
        super().__init__()
        self.heads, self.pad_id = heads, pad_id
        self.emb = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def forward(self, ids):
        B, T = ids.shape
        x = self.emb(ids)
        q, k, v = self.qkv(x).view(B, T, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / (q.size(-1) ** 0.5)
        pad = ids.eq(self.pad_id)
        scores = scores.masked_fill({mask}, float("-inf"))
        y = scores.softmax(-1).nan_to_num() @ v
        return self.out(y.transpose(1, 2).reshape(B, T, -1))
"""
)

template("token_prune_gather", "(2, 16, 24)")(
    """
class Net(nn.Module):
    def __init__(self, dim=24, keep=8):
        super().__init__()
        self.keep = keep
        self.score = nn.Linear(dim, 1)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        B, N, C = x.shape
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.keep, dim=1).indices
        kept = torch.gather(x, 1, {index})
        return kept + self.mlp(kept)
"""
)

template("index_select_lookup", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, dim=16):
        super().__init__()
        self.table = nn.Parameter(torch.randn(vocab, dim))
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        B, T = ids.shape
        vecs = self.table.index_select(0, {ids}).view(B, T, -1)
        return self.proj(vecs)
"""
)

template("fpn_lateral_add", "(1, 3, {hw}, {hw})")(
    """
def conv_bn(cin, cout, stride):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


class Net(nn.Module):
    def __init__(self, out_ch=32):
        super().__init__()
        self.c2 = conv_bn(3, 16, 2)
        self.c3 = conv_bn(16, 32, 2)
        self.c4 = conv_bn(32, 64, 2)
        self.lat3 = nn.Conv2d(32, out_ch, 1)
        self.lat4 = nn.Conv2d(64, out_ch, 1)
        self.smooth = nn.Conv2d(out_ch, out_ch, 3, padding=1)

    def forward(self, x):
        c3 = self.c3(self.c2(x))
        c4 = self.c4(c3)
        p4 = self.lat4(c4)
        p3 = self.lat3(c3) + F.interpolate(p4, {how}, mode="nearest")
        return self.smooth(p3)
"""
)

template("textcnn_conv1d", "(4, 20)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=100, emb=32, n_filters=16, sizes=(2, 3, 4), n_classes=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.convs = nn.ModuleList([nn.Conv1d(emb, n_filters, k) for k in sizes])
        self.fc = nn.Linear(n_filters * len(sizes), n_classes)

    def forward(self, ids):
        x = self.emb(ids){tr}
        pooled = [F.relu(conv(x)).max(dim=2).values for conv in self.convs]
        return self.fc(torch.cat(pooled, dim=1))
"""
)

template("pixel_unshuffle_stem", "(1, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self, in_ch=3, factor=2, feats=24):
        super().__init__()
        self.down = nn.PixelUnshuffle(factor)
        self.body = nn.Sequential(
            nn.Conv2d({cin}, feats, 3, padding=1), nn.ReLU(), nn.Conv2d(feats, feats, 3, padding=1)
        )
        self.up = nn.Sequential(nn.Conv2d(feats, in_ch * factor * factor, 1), nn.PixelShuffle(factor))

    def forward(self, x):
        return x + self.up(self.body(self.down(x)))
"""
)

template("video_conv3d", "(2, 8, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, in_ch=3, n_classes=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv3d(in_ch, 16, kernel_size=3, padding=1),
            nn.BatchNorm3d(16),
            nn.ReLU(),
            nn.MaxPool3d((1, 2, 2)),
            nn.Conv3d(16, 32, kernel_size=3, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool3d(1),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, clips):
        x = clips{perm}
        return self.fc(self.features(x).flatten(1))
"""
)

template("conv3d_temporal_kernel", "(2, 1, {t}, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.spatial = nn.Conv3d(1, 8, kernel_size=(1, 3, 3), padding=(0, 1, 1))
        self.temporal = nn.Conv3d(8, 8, kernel_size=(5, 1, 1))
        self.pool = nn.AdaptiveAvgPool3d((1, 4, 4))
        self.fc = nn.Linear(8 * 16, 4)

    def forward(self, x):
        x = F.relu(self.spatial(x))
        x = F.relu(self.temporal(x))
        return self.fc(self.pool(x).flatten(1))
"""
)

template("vae_unflatten", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, latent=16, ch=32):
        super().__init__()
        self.decoder = nn.Sequential(
            nn.Linear(latent, ch * 4 * 4),
            nn.ReLU(),
            nn.Unflatten(1, ({uc}, {uh}, {uh})),
            nn.ConvTranspose2d(ch, ch // 2, 4, stride=2, padding=1),
            nn.ReLU(),
            nn.ConvTranspose2d(ch // 2, 1, 4, stride=2, padding=1),
            nn.Sigmoid(),
        )

    def forward(self, z):
        return self.decoder(z)
"""
)

template("multiscale_stack", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(16, 16, {w3}), out=8):
        super().__init__()
        self.branches = nn.ModuleList(
            [nn.Conv2d(3, w, k, padding=k // 2) for w, k in zip(widths, (1, 3, 5))]
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(widths[0], out)

    def forward(self, x):
        feats = torch.stack([self.pool(b(x)).flatten(1) for b in self.branches], dim=1)
        return self.head(feats.mean(dim=1))
"""
)

template("einsum_attention", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = (t.reshape(b, n, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        sim = torch.einsum("{pat}", q, k) * q.shape[-1] ** -0.5
        out = torch.einsum("bhij,bhjd->bhid", sim.softmax(dim=-1), v)
        return self.to_out(out.transpose(1, 2).reshape(b, n, -1))
"""
)

template("per_head_chunks", "(2, 8, 48)")(
    """
class Net(nn.Module):
    def __init__(self, dim=48, n_heads={h}):
        super().__init__()
        self.n_heads = n_heads
        d = dim // n_heads
        self.head_proj = nn.ModuleList([nn.Linear(d, d) for _ in range(n_heads)])
        self.out = nn.Linear(d * n_heads, dim)

    def forward(self, x):
        chunks = x.chunk(self.n_heads, dim=-1)
        outs = [self.head_proj[i](chunks[i]) for i in range(self.n_heads)]
        return self.out(torch.cat(outs, dim=-1))
"""
)

template("convnext_norm_permute", "(2, 3, 32, 32)")(
    """
class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(1e-6 * torch.ones(dim))

    def forward(self, x):
        shortcut = x
        x = self.dwconv(x)
        {pre}
        x = self.pwconv2(F.gelu(self.pwconv1(x)))
        x = self.gamma * x
        return shortcut + x.permute(0, 3, 1, 2)


class Net(nn.Module):
    def __init__(self, dim=48):
        super().__init__()
        self.stem = nn.Conv2d(3, dim, 4, stride=4)
        self.block = Block(dim)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        x = self.block(self.stem(x))
        return self.head(x.mean([-2, -1]))
"""
)

template("linspace_positions", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, dim=16, max_len=64):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_len, dim)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids):
        T = ids.shape[1]
        positions = {positions}
        h = self.tok(ids) + self.pos(positions)
        return self.lm_head(h)
"""
)

template("pos_table_short", "(2, 16)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=40, dim=32, block_size={bs}):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.wpe = nn.Embedding(block_size, dim)
        self.ln = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        b, t = idx.size()
        pos = torch.arange(0, t, dtype=torch.long, device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        return self.head(self.ln(x))
"""
)

template("onehot_linear", "(4, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, n_cat=5, hidden=16):
        super().__init__()
        self.n_cat = n_cat
        self.mlp = nn.Sequential(nn.Linear(n_cat, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, cats):
        x = F.one_hot(cats, num_classes=self.n_cat){cast}
        return self.mlp(x).squeeze(-1)
"""
)

template("merge_heads_view", "(2, 8, 32)")(
    """
class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (C // self.heads) ** -0.5
        y = att.softmax(dim=-1) @ v
        y = y.transpose(1, 2){merge}
        return self.proj(y)


class Net(nn.Module):
    def __init__(self, dim=32, heads={h}):
        super().__init__()
        self.attn = SelfAttention(dim, heads)
        self.ln = nn.LayerNorm(dim)

    def forward(self, x):
        return x + self.attn(self.ln(x))
"""
)

template("cls_token_repeat", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, patch=8, n_classes=10):
        super().__init__()
        self.embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, img):
        x = self.embed(img).flatten(2).transpose(1, 2)
        b = x.shape[0]
        cls = self.cls_token.{rep}
        x = torch.cat([cls, x], dim=1)
        return self.head(self.norm(x)[:, 0])
"""
)

template("squeeze_meta_concat", "({b}, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_meta=4):
        super().__init__()
        self.n_meta = n_meta
        self.cnn = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1)
        )
        self.meta = nn.Parameter(torch.zeros(1, n_meta))
        self.fc = nn.Linear(16 + n_meta, 2)

    def forward(self, img):
        f = self.cnn(img){sq}
        meta = self.meta.expand(img.shape[0], -1)
        return self.fc(torch.cat([f, meta], dim=1))
"""
)

template("patchtst_batchnorm", "(4, 12, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d_model=16, d_ff=32):
        super().__init__()
        self.attn = nn.MultiheadAttention(d_model, 2, batch_first=True)
        self.norm1 = nn.BatchNorm1d(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.GELU(), nn.Linear(d_ff, d_model))
        self.norm2 = nn.BatchNorm1d(d_model)

    def bn(self, norm, x):
        return {bn}

    def forward(self, x):
        a, _ = self.attn(x, x, x)
        x = self.bn(self.norm1, x + a)
        return self.bn(self.norm2, x + self.ff(x))
"""
)

template("functional_groupnorm", "(2, 3, 16, 16)")(
    """
class ResBlock(nn.Module):
    def __init__(self, cin, cout, groups):
        super().__init__()
        self.groups = groups
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1)

    def forward(self, x):
        h = F.silu(F.group_norm(self.conv1(x), self.groups))
        h = self.conv2(h)
        return self.skip(x) + h


class Net(nn.Module):
    def __init__(self, ch={ch}, groups={g}):
        super().__init__()
        self.block = ResBlock(3, ch, groups)
        self.out = nn.Conv2d(ch, 3, 1)

    def forward(self, x):
        return self.out(self.block(x))
"""
)

template("adaptive_pool_head", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(),
        )
        self.avgpool = nn.AdaptiveAvgPool2d(({s}, {s}))
        self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(64 * 2 * 2, n_classes))

    def forward(self, x):
        x = self.avgpool(self.features(x))
        return self.classifier(torch.flatten(x, 1))
"""
)

template("audio_conv1d_pool", "(2, 1, {n})")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, 16, kernel_size=9, stride=4), nn.ReLU(), nn.MaxPool1d(4),
            nn.Conv1d(16, 32, kernel_size=5, stride=2), nn.ReLU(), nn.MaxPool1d(4),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, wav):
        h = self.net(wav)
        return self.fc(h.mean(dim=-1))
"""
)

template("perceiver_sdpa", "(2, 20, 24)")(
    """
class Net(nn.Module):
    def __init__(self, in_dim=24, latent_dim=32, n_latents=8, heads=4):
        super().__init__()
        self.heads = heads
        self.latents = nn.Parameter(torch.randn(n_latents, latent_dim))
        self.to_q = nn.Linear(latent_dim, latent_dim, bias=False)
        self.to_kv = nn.Linear(in_dim, {kv_out}, bias=False)
        self.to_out = nn.Linear(latent_dim, latent_dim)

    def forward(self, data):
        b, n, _ = data.shape
        lat = self.latents.unsqueeze(0).expand(b, -1, -1)
        q = self.to_q(lat).view(b, -1, self.heads, 8).transpose(1, 2)
        k, v = self.to_kv(data).chunk(2, dim=-1)
        k = k.reshape(b, n, self.heads, -1).transpose(1, 2)
        v = v.reshape(b, n, self.heads, -1).transpose(1, 2)
        out = F.scaled_dot_product_attention(q, k, v)
        return self.to_out(out.transpose(1, 2).reshape(b, -1, self.heads * 8))
"""
)

template("tcn_chomp_residual", "(2, 8, 30)")(
    """
class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, kernel, dilation, padding):
        super().__init__()
        self.chomp = padding
        self.conv = nn.Conv1d(cin, cout, kernel, padding=padding, dilation=dilation)
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):
        out = self.conv(x)[:, :, : -self.chomp]
        return F.relu(out + self.down(x))


class Net(nn.Module):
    def __init__(self, cin=8, ch=16, k=3):
        super().__init__()
        layers = []
        for i in range(3):
            d = 2**i
            layers.append(TemporalBlock(cin if i == 0 else ch, ch, k, d, {pad}))
        self.tcn = nn.Sequential(*layers)
        self.fc = nn.Linear(ch, 1)

    def forward(self, x):
        return self.fc(self.tcn(x)[:, :, -1])
"""
)

template("mixer_token_mlp", "(2, 3, 32, 32)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, n_tokens, dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(nn.Linear(n_tokens, n_tokens * 2), nn.GELU(), nn.Linear(n_tokens * 2, n_tokens))
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mlp = nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))

    def forward(self, x):
        {tok}
        return x + self.channel_mlp(self.norm2(x))


class Net(nn.Module):
    def __init__(self, patch=4, dim=24, img=32):
        super().__init__()
        self.stem = nn.Conv2d(3, dim, patch, patch)
        self.block = MixerBlock((img // patch) ** 2, dim)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        x = self.stem(x).flatten(2).transpose(1, 2)
        return self.head(self.block(x).mean(1))
"""
)

template("cbam_spatial", "(2, 16, 12, 12)")(
    """
class SpatialAttention(nn.Module):
    def __init__(self, kernel=7):
        super().__init__()
        self.conv = nn.Conv2d(2, 1, kernel, padding=kernel // 2, bias=False)

    def forward(self, x):
        avg = torch.mean(x, dim=1, keepdim=True)
        mx = {mx}
        return x * torch.sigmoid(self.conv(torch.cat([avg, mx], dim=1)))


class Net(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.sa = SpatialAttention()

    def forward(self, x):
        return self.sa(F.relu(self.conv(x)))
"""
)

template("lstm_tuple_linear", "(4, 9, 6)")(
    """
class Net(nn.Module):
    def __init__(self, n_in=6, hidden=20):
        super().__init__()
        self.rnn = nn.{cell}(n_in, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, 2)

    def forward(self, x):
        {call}
        return self.fc(out[:, -1])
"""
)

template("bigru_last_hidden", "(4, 10)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=50, emb=16, hidden=24, n_classes=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.gru = nn.GRU(emb, hidden, num_layers=2, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(hidden * 2, n_classes)

    def forward(self, ids):
        _, h = self.gru(self.emb(ids))
        feat = {feat}
        return self.fc(feat)
"""
)

template("grayscale_no_channel", "(2, 28, 28)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.fc = nn.Linear(16 * 7 * 7, 10)

    def forward(self, x):
        x = x{unsq}
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.fc(x.flatten(1))
"""
)

template("bmm_four_d", "(2, 6, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.o = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        {flat}
        attn = torch.bmm(q, k.transpose(-2, -1)).softmax(dim=-1)
        out = torch.bmm(attn, v)
        return self.o(out.reshape(B, self.heads, N, -1).transpose(1, 2).reshape(B, N, C))
"""
)

template("register_tokens_cat", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, num_registers=4, patch=8):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.register_tokens = nn.Parameter(torch.zeros(1, num_registers, dim))
        self.encoder = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        B = x.shape[0]
        x = torch.cat((self.cls_token.expand(B, -1, -1), x), dim=1)
        x = torch.cat((x[:, :1], {reg}, x[:, 1:]), dim=1)
        return self.encoder(x)[:, 0]
"""
)

template("tied_lm_head", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=64, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.block = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))
        self.norm = nn.LayerNorm(dim)

    def forward(self, ids):
        h = self.embed(ids)
        h = self.norm(h + self.block(h))
        return {logits}
"""
)

template("mha_key_padding", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, dim=32, pad_idx=0):
        super().__init__()
        self.pad_idx = pad_idx
        self.emb = nn.Embedding(vocab, dim, padding_idx=pad_idx)
        self.attn = nn.MultiheadAttention(dim, 4, batch_first=True)
        self.cls = nn.Linear(dim, 2)

    def forward(self, ids):
        x = self.emb(ids)
        pad_mask = (ids == self.pad_idx){kpm}
        h, _ = self.attn(x, x, x, key_padding_mask=pad_mask)
        return self.cls(h.mean(1))
"""
)

template("glu_odd_channels", "(2, {c}, 20)")(
    """
class Net(nn.Module):
    def __init__(self, channels={c}):
        super().__init__()
        self.pw1 = nn.Conv1d(channels, {pw_out}, 1)
        self.dw = nn.Conv1d(channels, channels, 3, padding=1, groups=channels)
        self.pw2 = nn.Conv1d(channels, channels, 1)

    def forward(self, x):
        a, gate = self.pw1(x).chunk(2, dim=1)
        x = a * torch.sigmoid(gate)
        return self.pw2(F.silu(self.dw(x)))
"""
)

template("cross_attn_causal_mask", "(2, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, heads=4, mem_len=6, max_len=16):
        super().__init__()
        self.heads = heads
        self.memory = nn.Parameter(torch.randn(1, mem_len, dim))
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, dim * 2)
        self.o = nn.Linear(dim, dim)
        self.register_buffer("causal", torch.tril(torch.ones(max_len, max_len)).bool())

    def forward(self, x):
        B, T, C = x.shape
        mem = self.memory.expand(B, -1, -1)
        S = mem.shape[1]
        q = self.q(x).view(B, T, self.heads, -1).transpose(1, 2)
        k, v = self.kv(mem).view(B, S, 2, self.heads, -1).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / (C // self.heads) ** 0.5
        scores = scores.masked_fill(~{mask}, float("-inf"))
        y = scores.softmax(dim=-1) @ v
        return self.o(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("llama_rope_complex", "(2, 8, 64)")(
    """
def precompute_freqs_cis(dim, end, theta=10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)
    freqs = torch.outer(t, freqs).float()
    return torch.polar(torch.ones_like(freqs), freqs)


def reshape_for_broadcast(freqs_cis, x):
    ndim = x.ndim
    assert freqs_cis.shape == (x.shape[1], x.shape[-1])
    shape = [d if i == 1 or i == ndim - 1 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(*shape)


def apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = reshape_for_broadcast(freqs_cis, xq_)
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)


class Net(nn.Module):
    def __init__(self, dim=64, n_heads=4, max_seq_len=32):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = dim // n_heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)
        self.freqs_cis = precompute_freqs_cis({fdim}, max_seq_len)

    def forward(self, x):
        bsz, seqlen, _ = x.shape
        xq = self.wq(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xk = self.wk(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xv = self.wv(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xq, xk = apply_rotary_emb(xq, xk, {fslice})
        out = F.scaled_dot_product_attention(
            xq.transpose(1, 2), xk.transpose(1, 2), xv.transpose(1, 2), is_causal=True
        )
        return self.wo(out.transpose(1, 2).reshape(bsz, seqlen, -1))
"""
)

VARIANTS: list[tuple[str, str, str, dict]] = [
    ("swin_window_partition", "ok", "clean", {"hw": 8, "ws": 4}),
    ("swin_window_partition", "ok_w8", "clean", {"hw": 8, "ws": 8}),
    ("swin_window_partition", "w3", "window_partition", {"hw": 8, "ws": 3}),
    ("swin_window_partition", "hw14", "window_partition", {"hw": 14, "ws": 4}),
    ("vit_reshape_patchify", "ok", "clean", {"img": 32, "p": 8}),
    ("vit_reshape_patchify", "p5", "patch_size", {"img": 32, "p": 5}),
    ("vit_reshape_patchify", "img36", "patch_size", {"img": 36, "p": 8}),
    ("vit_cls_pos", "ok", "clean", {"npos": "n + 1"}),
    ("vit_cls_pos", "no_cls", "broadcast_add", {"npos": "n"}),
    (
        "gqa_repeat_interleave",
        "ok",
        "clean",
        {"nh": 8, "nkv": 2, "rep": "self.n_heads // self.n_kv_heads"},
    ),
    ("gqa_repeat_interleave", "ok_eq", "kv_heads", {"nh": 4, "nkv": 2, "rep": "self.n_kv_heads"}),
    ("gqa_repeat_interleave", "rep_kv", "kv_heads", {"nh": 8, "nkv": 2, "rep": "self.n_kv_heads"}),
    ("mha_cross_kdim", "ok", "clean", {"kv": ", kdim=ctx_dim, vdim=ctx_dim"}),
    ("mha_cross_kdim", "nokdim", "mha_embed", {"kv": ""}),
    ("unet_interp_skip", "ok", "clean", {"hw": 30, "how": "size=skip.shape[-2:]"}),
    ("unet_interp_skip", "ok_scale", "clean", {"hw": 32, "how": "scale_factor=2"}),
    ("unet_interp_skip", "odd", "unet_skip", {"hw": 30, "how": "scale_factor=2"}),
    ("convtranspose_decoder", "ok", "clean", {"hw": 32, "k": 2}),
    ("convtranspose_decoder", "k3", "unet_skip", {"hw": 32, "k": 3}),
    ("convtranspose_decoder", "hw28", "unet_skip", {"hw": 28, "k": 2}),
    ("convtranspose_decoder", "hw30", "unet_skip", {"hw": 30, "k": 2}),
    ("dynamic_dwconv", "ok", "clean", {"g": "channels"}),
    ("dynamic_dwconv", "g_half", "conv_groups", {"g": "channels // 2"}),
    ("dynamic_dwconv", "g1", "conv_groups", {"g": 1}),
    ("lstm_h0_batch_first", "ok", "clean", {"b": 4, "bf": ", batch_first=True"}),
    ("lstm_h0_batch_first", "seq_first", "rnn_hidden", {"b": 4, "bf": ""}),
    ("lstm_h0_batch_first", "seq_first_b12", "rnn_hidden", {"b": 12, "bf": ""}),
    ("bilstm_flatten", "ok", "clean", {"fin": "seq_len * hidden * 2"}),
    ("bilstm_flatten", "uni", "linear_in_features", {"fin": "seq_len * hidden"}),
    ("encoder_layer_dmodel", "ok", "clean", {"proj": "d_model"}),
    ("encoder_layer_dmodel", "n_in", "mha_embed", {"proj": "n_in * 2"}),
    ("padmask_masked_fill", "ok", "clean", {"mask": "pad[:, None, None, :]"}),
    ("padmask_masked_fill", "raw", "attn_mask", {"mask": "pad"}),
    ("padmask_masked_fill", "unsq1", "attn_mask", {"mask": "pad.unsqueeze(1)"}),
    ("token_prune_gather", "ok", "clean", {"index": "idx.unsqueeze(-1).expand(-1, -1, C)"}),
    ("token_prune_gather", "idx2d", "gather_index", {"index": "idx"}),
    ("index_select_lookup", "ok", "clean", {"ids": "ids.reshape(-1)"}),
    ("index_select_lookup", "ids2d", "gather_index", {"ids": "ids"}),
    ("fpn_lateral_add", "ok", "clean", {"hw": 28, "how": "size=c3.shape[-2:]"}),
    ("fpn_lateral_add", "ok_scale", "clean", {"hw": 32, "how": "scale_factor=2"}),
    ("fpn_lateral_add", "odd", "broadcast_add", {"hw": 28, "how": "scale_factor=2"}),
    ("textcnn_conv1d", "ok", "clean", {"tr": ".transpose(1, 2)"}),
    ("textcnn_conv1d", "btc", "transpose_dims", {"tr": ""}),
    ("pixel_unshuffle_stem", "ok", "clean", {"hw": 32, "cin": "in_ch * factor * factor"}),
    (
        "pixel_unshuffle_stem",
        "odd",
        "pixel_unshuffle",
        {"hw": 31, "cin": "in_ch * factor * factor"},
    ),
    ("pixel_unshuffle_stem", "cin", "pixel_unshuffle", {"hw": 32, "cin": "in_ch * factor"}),
    ("video_conv3d", "ok", "clean", {"perm": ".permute(0, 2, 1, 3, 4)"}),
    ("video_conv3d", "btchw", "transpose_dims", {"perm": ""}),
    ("conv3d_temporal_kernel", "ok", "clean", {"t": 8}),
    ("conv3d_temporal_kernel", "t4", "pool_too_small", {"t": 4}),
    ("vae_unflatten", "ok", "clean", {"uc": "ch", "uh": 4}),
    ("vae_unflatten", "h8", "unflatten_sizes", {"uc": "ch", "uh": 8}),
    ("vae_unflatten", "c2", "unflatten_sizes", {"uc": "ch // 2", "uh": 4}),
    ("multiscale_stack", "ok", "clean", {"w3": 16}),
    ("multiscale_stack", "w24", "stack_shapes", {"w3": 24}),
    ("einsum_attention", "ok", "clean", {"pat": "bhid,bhjd->bhij"}),
    ("einsum_attention", "kt", "einsum", {"pat": "bhid,bhdj->bhij"}),
    ("einsum_attention", "extra", "einsum", {"pat": "bhid,bhjd,bhj->bhij"}),
    ("per_head_chunks", "ok", "clean", {"h": 4}),
    ("per_head_chunks", "ok_h6", "clean", {"h": 6}),
    ("per_head_chunks", "h5", "chunk_count", {"h": 5}),
    ("per_head_chunks", "h64", "chunk_count", {"h": 64}),
    ("convnext_norm_permute", "ok", "clean", {"pre": "x = self.norm(x.permute(0, 2, 3, 1))"}),
    (
        "convnext_norm_permute",
        "before",
        "norm_shape",
        {"pre": "x = self.norm(x).permute(0, 2, 3, 1)"},
    ),
    ("linspace_positions", "ok", "clean", {"positions": "torch.arange(T)"}),
    ("linspace_positions", "linspace", "index_dtype", {"positions": "torch.linspace(0, T - 1, T)"}),
    ("linspace_positions", "scaled", "index_dtype", {"positions": "torch.arange(T) / 1"}),
    ("pos_table_short", "ok", "clean", {"bs": 16}),
    ("pos_table_short", "ok_long", "clean", {"bs": 1024}),
    ("pos_table_short", "bs8", "index_range", {"bs": 8}),
    ("onehot_linear", "ok", "clean", {"cast": ".float()"}),
    ("onehot_linear", "long", "dtype_mismatch", {"cast": ""}),
    ("merge_heads_view", "ok", "clean", {"h": 4, "merge": ".contiguous().view(B, T, C)"}),
    ("merge_heads_view", "ok_reshape", "clean", {"h": 4, "merge": ".reshape(B, T, C)"}),
    ("merge_heads_view", "view", "view_noncontiguous", {"h": 4, "merge": ".view(B, T, C)"}),
    ("merge_heads_view", "view_h1", "view_noncontiguous", {"h": 1, "merge": ".view(B, T, C)"}),
    ("cls_token_repeat", "ok", "clean", {"rep": "expand(b, -1, -1)"}),
    ("cls_token_repeat", "ok_repeat", "clean", {"rep": "repeat(b, 1, 1)"}),
    ("cls_token_repeat", "repeat2", "repeat_dims", {"rep": "repeat(b, 1)"}),
    ("cls_token_repeat", "expand2", "repeat_dims", {"rep": "expand(b, -1)"}),
    ("squeeze_meta_concat", "ok", "clean", {"b": 2, "sq": ".flatten(1)"}),
    ("squeeze_meta_concat", "ok_b2", "clean", {"b": 2, "sq": ".squeeze()"}),
    ("squeeze_meta_concat", "b1", "dim_range", {"b": 1, "sq": ".squeeze()"}),
    ("patchtst_batchnorm", "ok", "clean", {"bn": "norm(x.transpose(1, 2)).transpose(1, 2)"}),
    ("patchtst_batchnorm", "btc", "bn_channels", {"bn": "norm(x)"}),
    ("functional_groupnorm", "ok", "clean", {"ch": 32, "g": 8}),
    ("functional_groupnorm", "g32_ch48", "norm_groups", {"ch": 48, "g": 32}),
    ("adaptive_pool_head", "ok", "clean", {"s": 2}),
    ("adaptive_pool_head", "s7", "flatten_linear", {"s": 7}),
    ("adaptive_pool_head", "s1", "flatten_linear", {"s": 1}),
    ("audio_conv1d_pool", "ok", "clean", {"n": 4000}),
    ("audio_conv1d_pool", "short", "pool_too_small", {"n": 120}),
    ("perceiver_sdpa", "ok", "clean", {"kv_out": "latent_dim * 2"}),
    ("perceiver_sdpa", "in_dim", "matmul", {"kv_out": "in_dim * 2"}),
    ("tcn_chomp_residual", "ok", "clean", {"pad": "(k - 1) * d"}),
    ("tcn_chomp_residual", "nodil", "broadcast_add", {"pad": "k - 1"}),
    (
        "mixer_token_mlp",
        "ok",
        "clean",
        {"tok": "x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)"},
    ),
    ("mixer_token_mlp", "notr", "transpose_dims", {"tok": "x = x + self.token_mlp(self.norm1(x))"}),
    ("cbam_spatial", "ok", "clean", {"mx": "torch.max(x, dim=1, keepdim=True)[0]"}),
    ("cbam_spatial", "ok_amax", "clean", {"mx": "x.amax(dim=1, keepdim=True)"}),
    ("cbam_spatial", "tuple", "return_tuple", {"mx": "torch.max(x, dim=1, keepdim=True)"}),
    ("lstm_tuple_linear", "ok", "clean", {"cell": "LSTM", "call": "out, _ = self.rnn(x)"}),
    ("lstm_tuple_linear", "ok_gru", "clean", {"cell": "GRU", "call": "out, _ = self.rnn(x)"}),
    ("lstm_tuple_linear", "tuple", "return_tuple", {"cell": "LSTM", "call": "out = self.rnn(x)"}),
    ("bigru_last_hidden", "ok", "clean", {"feat": "torch.cat([h[-2], h[-1]], dim=1)"}),
    ("bigru_last_hidden", "last", "linear_in_features", {"feat": "h[-1]"}),
    ("grayscale_no_channel", "ok", "clean", {"unsq": ".unsqueeze(1)"}),
    ("grayscale_no_channel", "nochan", "input_rank", {"unsq": ""}),
    (
        "bmm_four_d",
        "ok",
        "clean",
        {"flat": "q, k, v = (t.reshape(B * self.heads, N, -1) for t in (q, k, v))"},
    ),
    ("bmm_four_d", "4d", "bmm", {"flat": "pass"}),
    ("register_tokens_cat", "ok", "clean", {"reg": "self.register_tokens.expand(B, -1, -1)"}),
    ("register_tokens_cat", "noexpand", "concat_dim", {"reg": "self.register_tokens"}),
    ("tied_lm_head", "ok", "clean", {"logits": "h @ self.embed.weight.t()"}),
    ("tied_lm_head", "ok_linear", "clean", {"logits": "F.linear(h, self.embed.weight)"}),
    ("tied_lm_head", "not_t", "matmul", {"logits": "h @ self.embed.weight"}),
    ("mha_key_padding", "ok", "clean", {"kpm": ""}),
    ("mha_key_padding", "transposed", "attn_mask", {"kpm": ".t()"}),
    ("glu_odd_channels", "ok", "clean", {"c": 16, "pw_out": "channels * 2"}),
    ("glu_odd_channels", "noexp", "conv_in_channels", {"c": 16, "pw_out": "channels"}),
    ("glu_odd_channels", "odd", "split_sizes", {"c": 16, "pw_out": "channels * 2 - 1"}),
    ("cross_attn_causal_mask", "ok", "clean", {"mask": "self.causal[:T, :S]"}),
    ("cross_attn_causal_mask", "tt", "attn_mask", {"mask": "self.causal[:T, :T]"}),
    (
        "llama_rope_complex",
        "ok",
        "clean",
        {"fdim": "self.head_dim", "fslice": "self.freqs_cis[:seqlen]"},
    ),
    (
        "llama_rope_complex",
        "model_dim",
        "rope_dims",
        {"fdim": "dim", "fslice": "self.freqs_cis[:seqlen]"},
    ),
    (
        "llama_rope_complex",
        "unsliced",
        "rope_dims",
        {"fdim": "self.head_dim", "fslice": "self.freqs_cis"},
    ),
]
