"""A fifth fresh batch of crash cases (session 17, split ``fresh5``), written blind: the analyzer
was never run on them while they were written, and the forward-shape rules' source was not read.
The styles are forward crashes users report that the earlier sets lack, and more than half of
the templates are whole small models (a stack built in ``__init__`` from constructor sizes,
forward through several modules): a float causal mask handed to ``masked_fill``, ViT patches
cut with ``Tensor.unfold``, class tokens expanded over a batch they were not built for,
``tensordot`` token mixing, valid convolutions on maps pooled too small, stem max-pools padded
past half their kernel, ``nn.ChannelShuffle``, one-hot positions, ConvNeXt ``permute``, ``cat``
of a pooled vector with a map, ``qkv.unbind`` after the wrong permute, GraphSAGE
``index_select`` with the whole edge index, a GP head's ``linalg.solve``, modules built lazily in
forward, ALBERT's tied decoder, FPN stages that are never returned, optional norms, early exits on
a batch of confidences, SDPA with a mask and ``is_causal``, latent attention without its rotary
part, Swin ``roll``, audio crops with ``narrow``, ``addmm`` biases, ``torch.stft`` windows,
FastSpeech's length regulator, SE gates ``expand_as``, and more familiar classes in new models
(GPT head splits, U-Net skips on odd sizes, Conformer GLU, MoE top-k, rotary halves, timestep
embeddings, DETR queries, YOLO grids, seq2seq bridges, WaveNet crops, PointNet transforms, SSM
einsums, VAE decoders, mel LayerNorm, graph masks, ROI heads, MHA ``batch_first``, ESPCN
upsamplers, FPN merges, hand-written LSTM cells, GQA splits). Same format as ``templates.py``;
every case name starts ``f5_``. Whether a case crashes is torch's verdict (``build_truth.py``),
not the defect label's.

An init-time crash (a constructor check failing in ``Net()``) cannot be a case of this study
(``build_truth.py`` drops a case whose model cannot be built); the batch has such checks where
users hit them in forward: modules built lazily on the first call (``ctor_in_forward``).
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("gpt_float_mask", "(2, 16)", kind="tokens")(
    """
class CausalSelfAttention(nn.Module):
    def __init__(self, d, n_head, block_size):
        super().__init__()
        self.n_head = n_head
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)
        self.register_buffer("bias", {mask_buf}.view(1, 1, block_size, block_size))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / k.size(-1) ** 0.5
        att = att.masked_fill({fill_mask}, float("-inf"))
        y = F.softmax(att, dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class Block(nn.Module):
    def __init__(self, d, n_head, block_size):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.attn = CausalSelfAttention(d, n_head, block_size)
        self.ln_2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class Net(nn.Module):
    def __init__(self, vocab=50, block_size=32, d=48, n_head=4, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(block_size, d)
        self.h = nn.ModuleList(Block(d, n_head, block_size) for _ in range(n_layer))
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        pos = torch.arange(idx.size(1))
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))
"""
)

template("vit_unfold_patches", "(2, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, patch={p}, in_ch=3, dim=64, depth=2, n_classes=10):
        super().__init__()
        self.p = patch
        self.proj = nn.Linear(in_ch * patch * patch, dim)
        layer = nn.TransformerEncoderLayer(dim, 4, 2 * dim, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        B, C = x.shape[:2]
        p = self.p
        patches = x.unfold(2, p, p).unfold(3, p, p)
        patches = patches.permute(0, 2, 3, 1, 4, 5).reshape(B, -1, C * p * p)
        h = self.encoder(self.proj(patches))
        return self.head(self.norm(h.mean(1)))
"""
)

template("vit_cls_expand", "({b}, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=64, patch=8, n_classes=10):
        super().__init__()
        n = (32 // patch) ** 2
        self.patch_embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.cls_token = nn.Parameter(torch.zeros({cls_shape}))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, dim))
        self.blocks = nn.Sequential(
            *[nn.TransformerEncoderLayer(dim, 4, 128, batch_first=True) for _ in range(2)]
        )
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        cls = self.cls_token.expand(x.shape[0], -1, -1)
        x = torch.cat([cls, x], dim=1) + self.pos_embed
        x = self.blocks(x)
        return self.head(x[:, 0])
"""
)

template("mixer_tensordot", "(2, 3, 32, 32)")(
    """
class MixerLayer(nn.Module):
    def __init__(self, n_tokens, dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_w = nn.Parameter(torch.randn(n_tokens, n_tokens) * 0.02)
        self.norm2 = nn.LayerNorm(dim)
        self.channel = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        y = torch.tensordot(self.norm1(x), self.token_w, dims=([1], [0]))
        x = x + y.transpose(1, 2)
        return x + self.channel(self.norm2(x))


class Net(nn.Module):
    def __init__(self, image_size=32, patch=4, dim=48, depth=2, n_classes=10):
        super().__init__()
        n_tokens = {ntok}
        self.stem = nn.Conv2d(3, dim, patch, stride=patch)
        self.layers = nn.Sequential(*[MixerLayer(n_tokens, dim) for _ in range(depth)])
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        x = self.stem(x).flatten(2).transpose(1, 2)
        return self.head(self.layers(x).mean(1))
"""
)

template("cnn_valid_tail", "(2, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(64, 64, 3),
            nn.ReLU(),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(64, n_classes)

    def forward(self, x):
        return self.fc(self.pool(self.features(x)).flatten(1))
"""
)

template("resnet_stem_pool_pad", "(2, 3, 64, 64)")(
    """
class BasicBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        return F.relu(x + self.bn2(self.conv2(out)))


class Net(nn.Module):
    def __init__(self, width=32, n_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.maxpool = nn.MaxPool2d(kernel_size={k}, stride=2, padding={pad})
        self.layer1 = nn.Sequential(BasicBlock(width), BasicBlock(width))
        self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        x = self.maxpool(F.relu(self.bn1(self.conv1(x))))
        x = self.layer1(x)
        return self.fc(F.adaptive_avg_pool2d(x, 1).flatten(1))
"""
)

template("shufflenet_channel_shuffle", "(2, 3, 32, 32)")(
    """
class Unit(nn.Module):
    def __init__(self, c, groups):
        super().__init__()
        self.gconv1 = nn.Conv2d(c, c, 1, groups=groups, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.shuffle = nn.ChannelShuffle({shuffle_g})
        self.dw = nn.Conv2d(c, c, 3, padding=1, groups=c, bias=False)
        self.bn2 = nn.BatchNorm2d(c)
        self.gconv2 = nn.Conv2d(c, c, 1, groups=groups, bias=False)

    def forward(self, x):
        out = F.relu(self.bn1(self.gconv1(x)))
        out = self.bn2(self.dw(self.shuffle(out)))
        return F.relu(x + self.gconv2(out))


class Net(nn.Module):
    def __init__(self, width=24, groups=3, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.ReLU())
        self.stage = nn.Sequential(Unit(width, groups), Unit(width, groups))
        self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        return self.fc(self.stage(self.stem(x)).mean((2, 3)))
"""
)

template("onehot_positions", "(2, {t})", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, max_len={max_len}, d=32):
        super().__init__()
        self.max_len = max_len
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Linear(max_len, d, bias=False)
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, idx):
        T = idx.shape[1]
        pos = F.one_hot(torch.arange(T), num_classes=self.max_len).float()
        h = self.tok(idx) + self.pos(pos)
        h, _ = self.rnn(h)
        return self.out(h)
"""
)

template("convnext_permute", "(2, 3, 32, 32)")(
    """
class ConvNeXtBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(1e-6 * torch.ones(dim))

    def forward(self, x):
        shortcut = x
        x = self.dwconv(x)
        x = x.permute({perm_in})
        x = self.pwconv2(F.gelu(self.pwconv1(self.norm(x))))
        x = (self.gamma * x).permute(0, 3, 1, 2)
        return shortcut + x


class Net(nn.Module):
    def __init__(self, dim=32, depth=2, n_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, dim, 4, stride=4)
        self.blocks = nn.Sequential(*[ConvNeXtBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((-2, -1)))
"""
)

template("global_context_cat", "(2, 16, 20, 20)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, n_classes=6):
        super().__init__()
        self.local = nn.Conv2d(c, c, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fuse = nn.Conv2d(2 * c, c, 1)
        self.cls = nn.Conv2d(c, n_classes, 1)

    def forward(self, x):
        x = F.relu(self.local(x))
        g = {glob}
        x = torch.cat([x, g], dim=1)
        return self.cls(F.relu(self.fuse(x)))
"""
)

template("vit_qkv_unbind", "({b}, 17, 64)")(
    """
class Attention(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.scale = self.head_dim**-0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, self.head_dim).permute({perm})
        q, k, v = qkv.unbind(0)
        attn = (q @ k.transpose(-2, -1)) * self.scale
        x = (attn.softmax(dim=-1) @ v).transpose(1, 2).reshape(B, N, C)
        return self.proj(x)


class Net(nn.Module):
    def __init__(self, dim=64, heads=4, depth=2):
        super().__init__()
        self.norms = nn.ModuleList(nn.LayerNorm(dim) for _ in range(depth))
        self.attns = nn.ModuleList(Attention(dim, heads) for _ in range(depth))
        self.head = nn.Linear(dim, 5)

    def forward(self, x):
        for norm, attn in zip(self.norms, self.attns):
            x = x + attn(norm(x))
        return self.head(x[:, 0])
"""
)

template("graphsage_index_select", "(12, 16)")(
    """
class SAGELayer(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.lin_self = nn.Linear(cin, cout)
        self.lin_neigh = nn.Linear(cin, cout)

    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        msg = x.index_select(0, {idx})
        agg = torch.zeros_like(x).index_add_(0, dst, msg)
        deg = torch.zeros(x.shape[0]).index_add_(0, dst, torch.ones(dst.shape[0]))
        agg = agg / deg.clamp(min=1).unsqueeze(-1)
        return self.lin_self(x) + self.lin_neigh(agg)


class Net(nn.Module):
    def __init__(self, n_nodes=12, in_dim=16, hidden=32, n_classes=3):
        super().__init__()
        i = torch.arange(n_nodes)
        ring = torch.stack([torch.cat([i, (i + 1) % n_nodes]), torch.cat([(i + 1) % n_nodes, i])])
        self.register_buffer("edge_index", ring)
        self.conv1 = SAGELayer(in_dim, hidden)
        self.conv2 = SAGELayer(hidden, hidden)
        self.out = nn.Linear(hidden, n_classes)

    def forward(self, x):
        h = F.relu(self.conv1(x, self.edge_index))
        h = F.relu(self.conv2(h, self.edge_index))
        return self.out(h)
"""
)

template("gp_solve_head", "(16, 8)")(
    """
class Net(nn.Module):
    def __init__(self, in_dim=8, feat=16, n_points={n_points}, out_dim=2, lengthscale=1.0):
        super().__init__()
        self.feature = nn.Sequential(nn.Linear(in_dim, feat), nn.Tanh(), nn.Linear(feat, feat))
        self.targets = nn.Parameter(torch.randn({tshape}))
        self.ls = lengthscale
        self.noise = 0.1

    def forward(self, x):
        z = self.feature(x)
        K = torch.exp(-torch.cdist(z, z) ** 2 / (2 * self.ls**2))
        K = K + self.noise * torch.eye(z.shape[0])
        alpha = torch.linalg.solve(K, self.targets)
        return K @ alpha
"""
)

template("lazy_groupnorm_block", "(2, {c}, 16, 16)")(
    """
class LazyNormConv(nn.Module):
    def __init__(self, cout, groups):
        super().__init__()
        self.cout = cout
        self.groups = groups
        self.conv = None
        self.norm = None

    def forward(self, x):
        if self.conv is None:
            self.conv = nn.Conv2d(x.shape[1], self.cout, 3, padding=1)
            self.norm = nn.GroupNorm(self.groups, {norm_ch})
        return F.silu(self.norm(self.conv(x)))


class Net(nn.Module):
    def __init__(self, groups=8):
        super().__init__()
        self.block1 = LazyNormConv(32, groups)
        self.block2 = LazyNormConv(64, groups)
        self.head = nn.Conv2d(64, 1, 1)

    def forward(self, x):
        return self.head(self.block2(self.block1(x)))
"""
)

template("lazy_mha_pool", "(2, 10, {d})")(
    """
class AttnPool(nn.Module):
    def __init__(self, heads):
        super().__init__()
        self.heads = heads
        self.attn = None
        self.query = None

    def forward(self, x):
        if self.attn is None:
            d = x.shape[-1]
            self.attn = nn.MultiheadAttention(d, self.heads, batch_first=True)
            self.query = nn.Parameter(torch.zeros(1, 1, d))
        q = self.query.expand(x.shape[0], -1, -1)
        out, _ = self.attn(q, x, x)
        return out.squeeze(1)


class Net(nn.Module):
    def __init__(self, heads={heads}, n_classes=4):
        super().__init__()
        self.pool = AttnPool(heads)
        self.cls = nn.LazyLinear(n_classes)

    def forward(self, x):
        return self.cls(self.pool(x))
"""
)

template("albert_tied_decoder", "(2, 12)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=100, emb={emb}, hidden=64, layers=2):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, emb)
        self.mapping_in = nn.Linear(emb, hidden)
        layer = nn.TransformerEncoderLayer(hidden, 4, 2 * hidden, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.mapping_out = {map_out}
        self.decoder = nn.Linear(emb, vocab)
        self.decoder.weight = self.word_embeddings.weight

    def forward(self, idx):
        h = self.encoder(self.mapping_in(self.word_embeddings(idx)))
        return self.decoder(self.mapping_out(h))
"""
)

template("fpn_return_stages", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(16, 32, 64, 64), return_idx={ri}, n_classes=10):
        super().__init__()
        stages = []
        cin = 3
        for w in widths:
            stages.append(nn.Sequential(nn.Conv2d(cin, w, 3, stride=2, padding=1), nn.ReLU()))
            cin = w
        self.stages = nn.ModuleList(stages)
        self.return_idx = return_idx
        feat = sum(widths[i] for i in return_idx if i < len(widths))
        self.head = nn.Linear(feat, n_classes)

    def forward(self, x):
        outs = []
        for stage in self.stages:
            x = stage(x)
            outs.append(x)
        pooled = [F.adaptive_avg_pool2d(f, 1).flatten(1) for f in outs]
        feats = [p for i, p in enumerate(pooled) if i in self.return_idx]
        return self.head(torch.cat(feats, dim=1))
"""
)

template("optional_prenorm", "(2, 10, 32)")(
    """
class Block(nn.Module):
    def __init__(self, d, use_norm, pre_norm):
        super().__init__()
        self.pre_norm = pre_norm
        if use_norm:
            self.norm = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        h = self.norm(x) if self.pre_norm else x
        return x + self.ff(h)


class Net(nn.Module):
    def __init__(self, d=32, depth=3, use_norm={use_norm}, pre_norm={pre_norm}):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d, use_norm, pre_norm) for _ in range(depth))
        self.out = nn.Linear(d, 2)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.out(x.mean(1))
"""
)

template("early_exit_confidence", "({b}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_layers=4, n_classes=5, threshold=0.99):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Sequential(nn.Linear(d, d), nn.ReLU()) for _ in range(n_layers)
        )
        self.exits = nn.ModuleList(nn.Linear(d, n_classes) for _ in range(n_layers))
        self.threshold = threshold

    def forward(self, x):
        logits = None
        for layer, exit_head in zip(self.layers, self.exits):
            x = layer(x)
            logits = exit_head(x)
            conf = logits.softmax(-1).max(-1).values
            if {cond} > self.threshold:
                break
        return logits
"""
)

template("sdpa_causal_padding", "(2, 12, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, C // self.h).permute(2, 0, 3, 1, 4)
        keep = torch.ones(B, 1, 1, T, dtype=torch.bool)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask={mask}, is_causal={causal})
        return self.o(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("mla_rope_split", "(2, 10, 64)")(
    """
class LatentAttention(nn.Module):
    def __init__(self, d, heads, nope_dim, rope_dim, kv_rank):
        super().__init__()
        self.h, self.nope, self.rope = heads, nope_dim, rope_dim
        self.q_proj = nn.Linear(d, heads * (nope_dim + rope_dim))
        self.kv_down = nn.Linear(d, kv_rank + rope_dim)
        self.kv_up = nn.Linear(kv_rank, heads * (nope_dim + nope_dim))
        self.o_proj = nn.Linear(heads * nope_dim, d)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q_proj(x).view(B, T, self.h, self.nope + self.rope).transpose(1, 2)
        ckv, k_rope = self.kv_down(x).split([self.kv_down.out_features - self.rope, self.rope], -1)
        kv = self.kv_up(ckv).view(B, T, self.h, 2 * self.nope).transpose(1, 2)
        k_nope, v = kv.split(self.nope, dim=-1)
        k_rope = k_rope.unsqueeze(1).expand(-1, self.h, -1, -1)
        k = {k}
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self, d=64, heads=4, layers=2):
        super().__init__()
        self.norms = nn.ModuleList(nn.RMSNorm(d) for _ in range(layers))
        self.attn = nn.ModuleList(LatentAttention(d, heads, 16, 8, 32) for _ in range(layers))

    def forward(self, x):
        for norm, attn in zip(self.norms, self.attn):
            x = x + attn(norm(x))
        return x
"""
)

template("swin_cyclic_shift", "(2, 8, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, dim=32, window=4, shift=2, heads=4):
        super().__init__()
        self.ws, self.shift = window, shift
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        B, H, W, C = x.shape
        ws = self.ws
        h = torch.roll(self.norm(x), shifts=(-self.shift, -self.shift), dims={dims})
        win = h.view(B, H // ws, ws, W // ws, ws, C).permute(0, 1, 3, 2, 4, 5)
        win = win.reshape(-1, ws * ws, C)
        win, _ = self.attn(win, win, win)
        h = win.view(B, H // ws, W // ws, ws, ws, C).permute(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)
        h = torch.roll(h, shifts=(self.shift, self.shift), dims=(1, 2))
        x = x + h
        return x + self.mlp(x)
"""
)

template("audio_random_crop", "(2, {n})")(
    """
class Net(nn.Module):
    def __init__(self, crop=4000, n_classes=8):
        super().__init__()
        self.crop = crop
        self.frontend = nn.Sequential(
            nn.Conv1d(1, 16, 80, stride=16),
            nn.BatchNorm1d(16),
            nn.ReLU(),
            nn.MaxPool1d(4),
            nn.Conv1d(16, 32, 3, padding=1),
            nn.ReLU(),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, wav):
        offset = {offset}
        wav = wav.narrow(-1, offset, self.crop)
        h = self.frontend(wav.unsqueeze(1))
        return self.fc(h.mean(-1))
"""
)

template("manual_addmm_mlp", "(4, {n_in})")(
    """
class Net(nn.Module):
    def __init__(self, sizes={sizes}):
        super().__init__()
        self.weights = nn.ParameterList()
        self.biases = nn.ParameterList()
        for a, b in zip(sizes[:-1], sizes[1:]):
            self.weights.append(nn.Parameter(torch.randn(a, b) / a**0.5))
            self.biases.append(nn.Parameter(torch.zeros({bias})))

    def forward(self, x):
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            x = torch.addmm(b, x, w)
            if i < len(self.weights) - 1:
                x = torch.tanh(x)
        return x
"""
)

template("stft_window_cnn", "(2, 4000)")(
    """
class Net(nn.Module):
    def __init__(self, n_fft=512, hop=160, win_length={win}, n_classes=5):
        super().__init__()
        self.n_fft, self.hop, self.win_length = n_fft, hop, win_length
        self.register_buffer("window", torch.hann_window({wlen}))
        self.cnn = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, wav):
        spec = torch.stft(
            wav,
            self.n_fft,
            hop_length=self.hop,
            win_length=self.win_length,
            window=self.window,
            return_complex=True,
        )
        logspec = torch.log1p(spec.abs()).unsqueeze(1)
        return self.fc(self.cnn(logspec).flatten(1))
"""
)

template("fastspeech_length_regulator", "(1, {t}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, max_len=16, n_mels=20):
        super().__init__()
        self.register_buffer("durations", torch.arange(max_len) % 3 + 1)
        self.pre = nn.Linear(d, d)
        self.decoder = nn.GRU(d, d, batch_first=True)
        self.mel = nn.Linear(d, n_mels)

    def forward(self, x):
        T = x.shape[1]
        dur = {dur}
        h = self.pre(x)[0].repeat_interleave(dur, dim=0).unsqueeze(0)
        h, _ = self.decoder(h)
        return self.mel(h)
"""
)

template("se_gate_expand", "(2, 16, {h}, {w})")(
    """
class SEBlock(nn.Module):
    def __init__(self, c, r=4):
        super().__init__()
        self.fc1 = nn.Linear(c, c // r)
        self.fc2 = nn.Linear(c // r, c)

    def forward(self, x):
        s = x.mean((2, 3))
        g = torch.sigmoid(self.fc2(F.relu(self.fc1(s))))
        return x * g{gate}.expand_as(x)


class Net(nn.Module):
    def __init__(self, c=16, n_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.se1 = SEBlock(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.se2 = SEBlock(c)
        self.fc = nn.Linear(c, n_classes)

    def forward(self, x):
        x = self.se1(F.relu(self.conv1(x)))
        x = self.se2(F.relu(self.conv2(x)))
        return self.fc(x.mean((2, 3)))
"""
)

template("vit_reshape_patchify", "(2, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, patch=8, dim=64, n_classes=10):
        super().__init__()
        self.p = patch
        pd = 3 * patch * patch
        self.to_embed = nn.Sequential(nn.LayerNorm(pd), nn.Linear(pd, dim))
        self.mixer = nn.TransformerEncoderLayer(dim, 4, 128, batch_first=True)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, img):
        B, C, H, W = img.shape
        p = self.p
        x = img.reshape(B, C, H // p, p, W // p, p)
        x = x.permute(0, 2, 4, 1, 3, 5).reshape(B, (H // p) * (W // p), C * p * p)
        return self.head(self.mixer(self.to_embed(x)).mean(1))
"""
)

template("gpt_heads_view", "(2, 12)", kind="tokens")(
    """
class Attn(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.n_head = n_head
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        hs = C // self.n_head
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(B, T, self.n_head, hs).transpose(1, 2)
        k = k.view(B, T, self.n_head, hs).transpose(1, 2)
        v = v.view(B, T, self.n_head, hs).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))


class Net(nn.Module):
    def __init__(self, vocab=64, d={d}, n_head={nh}, n_layer=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.attn = nn.ModuleList(Attn(d, n_head) for _ in range(n_layer))
        self.ln = nn.ModuleList(nn.LayerNorm(d) for _ in range(n_layer))
        self.head = nn.Linear(d, vocab)

    def forward(self, idx):
        x = self.emb(idx)
        for ln, attn in zip(self.ln, self.attn):
            x = x + attn(ln(x))
        return self.head(x)
"""
)

template("unet_odd_skip", "(1, 3, {h}, {h})")(
    """
class DoubleConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1),
            nn.ReLU(),
            nn.Conv2d(cout, cout, 3, padding=1),
            nn.ReLU(),
        )

    def forward(self, x):
        return self.net(x)


class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cin // 2, 2, stride=2)
        self.conv = DoubleConv(cin, cout)

    def forward(self, x, skip):
        x = self.up(x)
        {align}
        return self.conv(torch.cat([skip, x], dim=1))


class Net(nn.Module):
    def __init__(self, n_classes=2, base=8):
        super().__init__()
        self.inc = DoubleConv(3, base)
        self.down1 = nn.Sequential(nn.MaxPool2d(2), DoubleConv(base, 2 * base))
        self.down2 = nn.Sequential(nn.MaxPool2d(2), DoubleConv(2 * base, 4 * base))
        self.up1 = Up(4 * base, 2 * base)
        self.up2 = Up(2 * base, base)
        self.outc = nn.Conv2d(base, n_classes, 1)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down1(x1)
        x3 = self.down2(x2)
        return self.outc(self.up2(self.up1(x3, x2), x1))
"""
)

template("conformer_conv_module", "(2, 20, 32)")(
    """
class ConvModule(nn.Module):
    def __init__(self, d, kernel=7):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.glu = nn.GLU(dim={glu_dim})
        self.dw = nn.Conv1d(d, d, kernel, padding=kernel // 2, groups=d)
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1)

    def forward(self, x):
        h = self.norm(x).transpose(1, 2)
        h = self.glu(self.pw1(h))
        h = self.pw2(F.silu(self.bn(self.dw(h))))
        return x + h.transpose(1, 2)


class Net(nn.Module):
    def __init__(self, d=32, n_blocks=2, n_tokens=30):
        super().__init__()
        self.blocks = nn.Sequential(*[ConvModule(d) for _ in range(n_blocks)])
        self.ctc = nn.Linear(d, n_tokens)

    def forward(self, x):
        return self.ctc(self.blocks(x)).log_softmax(-1)
"""
)

template("moe_topk_router", "(2, 6, 32)")(
    """
class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.w1 = nn.Linear(d, h)
        self.w2 = nn.Linear(h, d)

    def forward(self, x):
        return self.w2(F.gelu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, d=32, n_experts={ne}, top_k={k}):
        super().__init__()
        self.top_k = top_k
        self.gate = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList(Expert(d, 2 * d) for _ in range(n_experts))

    def forward(self, x):
        B, T, D = x.shape
        flat = x.reshape(-1, D)
        probs = self.gate(flat).softmax(-1)
        w, idx = probs.topk(self.top_k, dim=-1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out[rows] += w[rows, slot, None] * expert(flat[rows])
        return out.view(B, T, D)
"""
)

template("llama_rotary_half", "(2, 8)", kind="tokens")(
    """
def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class Attention(nn.Module):
    def __init__(self, d, heads, max_pos=64, base=10000.0):
        super().__init__()
        self.h, self.hd = heads, d // heads
        self.wq = nn.Linear(d, d, bias=False)
        self.wk = nn.Linear(d, d, bias=False)
        self.wv = nn.Linear(d, d, bias=False)
        self.wo = nn.Linear(d, d, bias=False)
        inv_freq = 1.0 / (base ** (torch.arange(0, {rot}, 2).float() / self.hd))
        freqs = torch.outer(torch.arange(max_pos).float(), inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos())
        self.register_buffer("sin", emb.sin())

    def forward(self, x):
        B, T, _ = x.shape
        q = self.wq(x).view(B, T, self.h, self.hd).transpose(1, 2)
        k = self.wk(x).view(B, T, self.h, self.hd).transpose(1, 2)
        v = self.wv(x).view(B, T, self.h, self.hd).transpose(1, 2)
        cos, sin = self.cos[:T], self.sin[:T]
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self, vocab=40, d=32, heads=4, layers=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList(Attention(d, heads) for _ in range(layers))
        self.norm = nn.RMSNorm(d)
        self.out = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        x = self.tok(idx)
        for layer in self.layers:
            x = x + layer(x)
        return self.out(self.norm(x))
"""
)

template("ddpm_time_embedding", "(2, 3, 16, 16)")(
    """
def timestep_embedding(t, dim):
    half = dim // 2
    freqs = torch.exp(-math_log(10000.0) * torch.arange(half) / half)
    args = t[:, None].float() * freqs[None]
    emb = torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    {odd_fix}
    return emb


def math_log(v):
    return torch.log(torch.tensor(v)).item()


class Net(nn.Module):
    def __init__(self, ch=32, t_dim={t_dim}):
        super().__init__()
        self.t_dim = t_dim
        self.time_mlp = nn.Sequential(nn.Linear(t_dim, ch), nn.SiLU(), nn.Linear(ch, ch))
        self.conv_in = nn.Conv2d(3, ch, 3, padding=1)
        self.conv_out = nn.Conv2d(ch, 3, 3, padding=1)

    def forward(self, x):
        t = torch.full((x.shape[0],), 10)
        temb = self.time_mlp(timestep_embedding(t, self.t_dim))
        h = F.silu(self.conv_in(x) + temb[:, :, None, None])
        return self.conv_out(h)
"""
)

template("detr_query_pos", "(2, 3, 64, 64)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, num_queries={nq}, n_classes=5):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Conv2d(16, d, 3, stride=2, padding=1),
        )
        self.query_embed = nn.Embedding(num_queries, d)
        self.query_pos = nn.Parameter(torch.zeros({qp}, d))
        layer = nn.TransformerDecoderLayer(d, 4, 64, batch_first=True)
        self.decoder = nn.TransformerDecoder(layer, 2)
        self.class_embed = nn.Linear(d, n_classes + 1)
        self.bbox_embed = nn.Linear(d, 4)

    def forward(self, x):
        mem = self.backbone(x).flatten(2).transpose(1, 2)
        tgt = (self.query_embed.weight + self.query_pos).unsqueeze(0).repeat(x.shape[0], 1, 1)
        hs = self.decoder(tgt, mem)
        return self.class_embed(hs), self.bbox_embed(hs).sigmoid()
"""
)

template("yolo_grid_decode", "(1, 3, 64, 64)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=3, na=3, stride={stride}, img=64):
        super().__init__()
        self.na, self.no = na, n_classes + 5
        self.body = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1),
            nn.LeakyReLU(0.1),
            nn.Conv2d(16, 32, 3, stride=2, padding=1),
            nn.LeakyReLU(0.1),
            nn.Conv2d(32, 64, 3, stride=2, padding=1),
            nn.LeakyReLU(0.1),
        )
        self.det = nn.Conv2d(64, na * self.no, 1)
        g = img // stride
        yv, xv = torch.meshgrid(torch.arange(g), torch.arange(g), indexing="ij")
        self.register_buffer("grid", torch.stack((xv, yv), 2).view(1, 1, g, g, 2).float())
        self.stride = stride

    def forward(self, x):
        p = self.det(self.body(x))
        B, _, ny, nx = p.shape
        p = p.view(B, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).sigmoid()
        xy = (p[..., :2] * 2 - 0.5 + self.grid) * self.stride
        return torch.cat([xy, p[..., 2:]], dim=-1).view(B, -1, self.no)
"""
)

template("seq2seq_gru_bridge", "(2, 9)", kind="tokens")(
    """
class Encoder(nn.Module):
    def __init__(self, vocab, e, h):
        super().__init__()
        self.emb = nn.Embedding(vocab, e)
        self.rnn = nn.GRU(e, h, batch_first=True, bidirectional=True)

    def forward(self, x):
        out, hn = self.rnn(self.emb(x))
        return out, torch.cat([hn[0], hn[1]], dim=-1)


class Decoder(nn.Module):
    def __init__(self, vocab, e, h):
        super().__init__()
        self.emb = nn.Embedding(vocab, e)
        self.rnn = nn.GRU(e, h, batch_first=True)
        self.out = nn.Linear(h, vocab)

    def forward(self, y, h0):
        out, _ = self.rnn(self.emb(y), h0)
        return self.out(out)


class Net(nn.Module):
    def __init__(self, vocab=30, e=16, h=24):
        super().__init__()
        self.enc = Encoder(vocab, e, h)
        self.bridge = nn.Linear(2 * h, h)
        self.dec = Decoder(vocab, e, {dec_h})

    def forward(self, src):
        _, hn = self.enc(src)
        h0 = {h0}.unsqueeze(0)
        return self.dec(src[:, :-1], h0)
"""
)

template("wavenet_residual_crop", "(2, 1, 100)")(
    """
class ResidualLayer(nn.Module):
    def __init__(self, ch, dilation):
        super().__init__()
        self.dilation = dilation
        self.filt = nn.Conv1d(ch, ch, 2, dilation=dilation)
        self.gate = nn.Conv1d(ch, ch, 2, dilation=dilation)
        self.res = nn.Conv1d(ch, ch, 1)

    def forward(self, x):
        h = torch.tanh(self.filt(x)) * torch.sigmoid(self.gate(x))
        return self.res(h) + x[..., {crop}:]


class Net(nn.Module):
    def __init__(self, ch=16, dilations=(1, 2, 4, 8), n_out=256):
        super().__init__()
        self.inp = nn.Conv1d(1, ch, 1)
        self.layers = nn.ModuleList(ResidualLayer(ch, d) for d in dilations)
        self.out = nn.Conv1d(ch, n_out, 1)

    def forward(self, x):
        h = self.inp(x)
        for layer in self.layers:
            h = layer(h)
        return self.out(F.relu(h))
"""
)

template("pointnet_feature_transform", "(2, 3, 64)")(
    """
class TNet(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.convs = nn.Sequential(nn.Conv1d(k, 32, 1), nn.ReLU(), nn.Conv1d(32, 64, 1), nn.ReLU())
        self.fc = nn.Linear(64, k * k)

    def forward(self, x):
        h = self.convs(x).max(-1).values
        m = self.fc(h).view(-1, self.k, self.k)
        return m + torch.eye(self.k)


class Net(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.tnet_in = TNet(3)
        self.conv1 = nn.Conv1d(3, 32, 1)
        self.tnet_feat = TNet(32)
        self.conv2 = nn.Conv1d(32, 64, 1)
        self.fc = nn.Linear(64, n_classes)

    def forward(self, x):
        t = self.tnet_in(x)
        x = {apply}
        x = F.relu(self.conv1(x))
        tf = self.tnet_feat(x)
        x = torch.bmm(x.transpose(1, 2), tf).transpose(1, 2)
        return self.fc(F.relu(self.conv2(x)).max(-1).values)
"""
)

template("ssm_selective_scan", "(2, 12, 16)")(
    """
class SelectiveSSM(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.A_log = nn.Parameter(torch.log(torch.arange(1, n + 1).float()).repeat({a_rep}))
        self.x_proj = nn.Linear(d, 2 * n + d)
        self.D = nn.Parameter(torch.ones(d))
        self.n = n

    def forward(self, u):
        B_, L, d = u.shape
        A = -torch.exp(self.A_log)
        dt, Bm, Cm = self.x_proj(u).split([d, self.n, self.n], dim=-1)
        dt = F.softplus(dt)
        dA = torch.exp(torch.einsum("bld,dn->bldn", dt, A))
        dBu = torch.einsum("bld,bln,bld->bldn", dt, Bm, u)
        h = torch.zeros(B_, d, self.n)
        ys = []
        for i in range(L):
            h = dA[:, i] * h + dBu[:, i]
            ys.append(torch.einsum("bdn,bn->bd", h, Cm[:, i]))
        return torch.stack(ys, dim=1) + u * self.D


class Net(nn.Module):
    def __init__(self, d=16, n=4, layers=2):
        super().__init__()
        self.in_proj = nn.Linear(d, d)
        self.ssms = nn.ModuleList(SelectiveSSM(d, n) for _ in range(layers))
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        x = self.in_proj(x)
        for ssm in self.ssms:
            x = x + ssm(x)
        return self.norm(x)
"""
)

template("vae_decoder_view", "(2, 1, 28, 28)")(
    """
class Net(nn.Module):
    def __init__(self, z=8, c=32):
        super().__init__()
        self.c = c
        self.enc = nn.Sequential(
            nn.Conv2d(1, c, 4, 2, 1),
            nn.ReLU(),
            nn.Conv2d(c, 2 * c, 4, 2, 1),
            nn.ReLU(),
            nn.Flatten(),
        )
        self.mu = nn.Linear(2 * c * 7 * 7, z)
        self.logvar = nn.Linear(2 * c * 7 * 7, z)
        self.dec_in = nn.Linear(z, 2 * c * 7 * 7)
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(2 * c, c, 4, 2, 1), nn.ReLU(), nn.ConvTranspose2d(c, 1, 4, 2, 1)
        )

    def forward(self, x):
        h = self.enc(x)
        mu, logvar = self.mu(h), self.logvar(h)
        zs = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        d = self.dec_in(zs).view(-1, {view})
        return torch.sigmoid(self.dec(d)), mu, logvar
"""
)

template("mel_layernorm_axis", "(2, 40, {t})")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=40, d=64, n_classes=6):
        super().__init__()
        self.norm = nn.LayerNorm(n_mels)
        self.proj = nn.Linear(n_mels, d)
        self.lstm = nn.LSTM(d, d, batch_first=True)
        self.fc = nn.Linear(d, n_classes)

    def forward(self, mel):
        x = self.norm(mel{tr})
        x = self.proj(x) if x.shape[-1] == self.proj.in_features else self.proj(x.transpose(1, 2))
        out, _ = self.lstm(x)
        return self.fc(out[:, -1])
"""
)

template("graph_attention_where", "({n}, 16)")(
    """
class GATLayer(nn.Module):
    def __init__(self, cin, cout, adj):
        super().__init__()
        self.W = nn.Linear(cin, cout, bias=False)
        self.a_src = nn.Parameter(torch.randn(cout) * 0.1)
        self.a_dst = nn.Parameter(torch.randn(cout) * 0.1)
        self.adj = adj

    def forward(self, x, adj):
        h = self.W(x)
        e = F.leaky_relu((h @ self.a_src)[:, None] + (h @ self.a_dst)[None, :], 0.2)
        e = torch.where(adj > 0, e, torch.full_like(e, -1e9))
        return F.elu(e.softmax(-1) @ h)


class Net(nn.Module):
    def __init__(self, max_nodes=10, in_dim=16, hidden=16, n_classes=3):
        super().__init__()
        adj = torch.eye(max_nodes) + torch.diag(torch.ones(max_nodes - 1), 1)
        self.register_buffer("adj", adj + adj.t())
        self.l1 = GATLayer(in_dim, hidden, None)
        self.l2 = GATLayer(hidden, n_classes, None)

    def forward(self, x):
        N = x.shape[0]
        adj = {adj}
        return self.l2(self.l1(x, adj), adj)
"""
)

template("roi_box_head", "(2, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, c=16, pool={pool}, rep=64, n_classes=4):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, c, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(c, c, 3, padding=1),
            nn.ReLU(),
        )
        self.roi_pool = nn.MaxPool2d(pool)
        self.fc6 = nn.Linear(c * 7 * 7, rep)
        self.fc7 = nn.Linear(rep, rep)
        self.cls_score = nn.Linear(rep, n_classes)
        self.bbox_pred = nn.Linear(rep, 4 * n_classes)

    def forward(self, x):
        f = self.roi_pool(self.backbone(x)).flatten(1)
        h = F.relu(self.fc7(F.relu(self.fc6(f))))
        return self.cls_score(h), self.bbox_pred(h)
"""
)

template("mha_padding_batch_first", "({b}, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=32, heads=4, n_classes=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, d, padding_idx=0)
        self.attn = nn.MultiheadAttention(d, heads, batch_first={bf})
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))
        self.cls = nn.Linear(d, n_classes)

    def forward(self, idx):
        pad = idx == 0
        pad[:, 0] = False
        x = self.emb(idx)
        h, _ = self.attn(x, x, x, key_padding_mask=pad)
        h = h + self.ff(h)
        return self.cls(h.mean(1))
"""
)

template("espcn_upsampler", "(1, 1, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, scale={scale}, shuffle={shuffle}, ch=1):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(ch, 32, 5, padding=2),
            nn.Tanh(),
            nn.Conv2d(32, 16, 3, padding=1),
            nn.Tanh(),
            nn.Conv2d(16, ch * scale**2, 3, padding=1),
        )
        self.shuffle = nn.PixelShuffle(shuffle)

    def forward(self, x):
        return torch.sigmoid(self.shuffle(self.body(x)))
"""
)

template("fpn_topdown_add", "(1, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, widths=(16, 32, 64), d=24):
        super().__init__()
        self.stages = nn.ModuleList()
        cin = 3
        for w in widths:
            self.stages.append(nn.Sequential(nn.Conv2d(cin, w, 3, stride=2, padding=1), nn.ReLU()))
            cin = w
        self.lateral = nn.ModuleList(nn.Conv2d(w, d, 1) for w in widths)
        self.smooth = nn.ModuleList(nn.Conv2d(d, d, 3, padding=1) for _ in widths)

    def forward(self, x):
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        lat = [l(f) for l, f in zip(self.lateral, feats)]
        out = [lat[-1]]
        for f in reversed(lat[:-1]):
            top = {up}
            out.insert(0, f + top)
        return [s(o) for s, o in zip(self.smooth, out)]
"""
)

template("handwritten_lstm_cell", "(2, 7, 12)")(
    """
class LSTMCell(nn.Module):
    def __init__(self, n_in, h):
        super().__init__()
        self.h = h
        self.ih = nn.Linear(n_in, {gates} * h)
        self.hh = nn.Linear(h, {gates} * h)

    def forward(self, x, state):
        hx, cx = state
        gates = self.ih(x) + self.hh(hx)
        i, f, g, o = gates.chunk(4, 1)
        cy = torch.sigmoid(f) * cx + torch.sigmoid(i) * torch.tanh(g)
        hy = torch.sigmoid(o) * torch.tanh(cy)
        return hy, cy


class Net(nn.Module):
    def __init__(self, n_in=12, h=20, n_out=3):
        super().__init__()
        self.cell = LSTMCell(n_in, h)
        self.out = nn.Linear(h, n_out)

    def forward(self, x):
        B = x.shape[0]
        state = (torch.zeros(B, self.cell.h), torch.zeros(B, self.cell.h))
        for t in range(x.shape[1]):
            state = self.cell(x[:, t], state)
        return self.out(state[0])
"""
)

template("gqa_fused_split", "(2, 10, 64)")(
    """
class GQA(nn.Module):
    def __init__(self, d=64, n_heads=8, n_kv=2):
        super().__init__()
        self.nh, self.nkv, self.hd = n_heads, n_kv, d // n_heads
        self.wqkv = nn.Linear(d, (n_heads + 2 * n_kv) * self.hd, bias=False)
        self.wo = nn.Linear(d, d, bias=False)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.wqkv(x).split({sizes}, dim=-1)
        q = q.view(B, T, self.nh, self.hd).transpose(1, 2)
        k = k.view(B, T, self.nkv, self.hd).transpose(1, 2)
        v = v.view(B, T, self.nkv, self.hd).transpose(1, 2)
        rep = self.nh // self.nkv
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self, d=64, layers=2):
        super().__init__()
        self.blocks = nn.ModuleList(GQA(d) for _ in range(layers))
        self.norms = nn.ModuleList(nn.RMSNorm(d) for _ in range(layers))

    def forward(self, x):
        for norm, blk in zip(self.norms, self.blocks):
            x = x + blk(norm(x))
        return x
"""
)


# the templates that are whole small models (several modules or a block stack built in __init__
# from constructor sizes, forward through them): session 17 asks for at least 25 of them
WHOLE_MODELS = (
    "gpt_float_mask",
    "vit_unfold_patches",
    "vit_cls_expand",
    "mixer_tensordot",
    "cnn_valid_tail",
    "resnet_stem_pool_pad",
    "shufflenet_channel_shuffle",
    "onehot_positions",
    "convnext_permute",
    "global_context_cat",
    "vit_qkv_unbind",
    "graphsage_index_select",
    "gp_solve_head",
    "lazy_groupnorm_block",
    "lazy_mha_pool",
    "albert_tied_decoder",
    "fpn_return_stages",
    "optional_prenorm",
    "early_exit_confidence",
    "mla_rope_split",
    "swin_cyclic_shift",
    "audio_random_crop",
    "manual_addmm_mlp",
    "stft_window_cnn",
    "fastspeech_length_regulator",
    "se_gate_expand",
    "vit_reshape_patchify",
    "gpt_heads_view",
    "unet_odd_skip",
    "conformer_conv_module",
    "moe_topk_router",
    "llama_rotary_half",
    "ddpm_time_embedding",
    "detr_query_pos",
    "yolo_grid_decode",
    "seq2seq_gru_bridge",
    "wavenet_residual_crop",
    "pointnet_feature_transform",
    "ssm_selective_scan",
    "vae_decoder_view",
    "mel_layernorm_axis",
    "graph_attention_where",
    "roi_box_head",
    "mha_padding_batch_first",
    "espcn_upsampler",
    "fpn_topdown_add",
    "handwritten_lstm_cell",
    "gqa_fused_split",
)


# (template, variant suffix, defect class it was written for, sizes); "clean" = written to run
_TRIL = "torch.tril(torch.ones(block_size, block_size{dt}))"
_PAD_UP = "x = F.pad(x, [0, skip.shape[-1] - x.shape[-1], 0, skip.shape[-2] - x.shape[-2]])"
_GQA = "[self.nh * self.hd, self.nkv * self.hd, self.nkv * self.hd]"
VARIANTS: list[tuple[str, str, str, dict]] = [
    (
        "gpt_float_mask",
        "ok",
        "clean",
        {"mask_buf": _TRIL.format(dt=""), "fill_mask": "self.bias[:, :, :T, :T] == 0"},
    ),
    (
        "gpt_float_mask",
        "ok_bool",
        "clean",
        {
            "mask_buf": _TRIL.format(dt=", dtype=torch.bool"),
            "fill_mask": "~self.bias[:, :, :T, :T]",
        },
    ),
    (
        "gpt_float_mask",
        "float_mask",
        "mask_dtype",
        {"mask_buf": _TRIL.format(dt=""), "fill_mask": "1 - self.bias[:, :, :T, :T]"},
    ),
    ("vit_unfold_patches", "ok", "clean", {"h": 32, "p": 8}),
    ("vit_unfold_patches", "ok_remainder", "clean", {"h": 30, "p": 8}),
    ("vit_unfold_patches", "small_image", "unfold_window", {"h": 6, "p": 8}),
    ("vit_cls_expand", "ok", "clean", {"b": 4, "cls_shape": "1, 1, dim"}),
    ("vit_cls_expand", "ok_b2", "clean", {"b": 2, "cls_shape": "2, 1, dim"}),
    ("vit_cls_expand", "cls_batch2", "expand_size", {"b": 4, "cls_shape": "2, 1, dim"}),
    ("mixer_tensordot", "ok", "clean", {"ntok": "(image_size // patch) ** 2"}),
    ("mixer_tensordot", "side_only", "tensordot", {"ntok": "image_size // patch"}),
    ("cnn_valid_tail", "ok", "clean", {"h": 32}),
    ("cnn_valid_tail", "ok_h12", "clean", {"h": 12}),
    ("cnn_valid_tail", "h8", "conv_kernel_size", {"h": 8}),
    ("cnn_valid_tail", "h10", "conv_kernel_size", {"h": 10}),
    ("resnet_stem_pool_pad", "ok", "clean", {"k": 3, "pad": 1}),
    ("resnet_stem_pool_pad", "ok_k2", "clean", {"k": 2, "pad": 0}),
    ("resnet_stem_pool_pad", "ok_k2_pad1", "clean", {"k": 2, "pad": 1}),
    ("resnet_stem_pool_pad", "k3_pad2", "pool_padding", {"k": 3, "pad": 2}),
    ("shufflenet_channel_shuffle", "ok", "clean", {"shuffle_g": "groups"}),
    ("shufflenet_channel_shuffle", "ok_g2", "clean", {"shuffle_g": 2}),
    ("shufflenet_channel_shuffle", "g5", "channel_shuffle", {"shuffle_g": 5}),
    ("onehot_positions", "ok", "clean", {"t": 8, "max_len": 16}),
    ("onehot_positions", "ok_full", "clean", {"t": 16, "max_len": 16}),
    ("onehot_positions", "too_long", "one_hot_classes", {"t": 20, "max_len": 16}),
    ("convnext_permute", "ok", "clean", {"perm_in": "0, 2, 3, 1"}),
    ("convnext_permute", "ok_swap_hw", "clean", {"perm_in": "0, 3, 2, 1"}),
    ("convnext_permute", "three_dims", "permute_rank", {"perm_in": "0, 2, 1"}),
    ("global_context_cat", "ok", "clean", {"glob": "self.pool(x).expand_as(x)"}),
    (
        "global_context_cat",
        "ok_interp",
        "clean",
        {"glob": "F.interpolate(self.pool(x), size=x.shape[-2:])"},
    ),
    ("global_context_cat", "flat", "cat_rank", {"glob": "self.pool(x).flatten(1)"}),
    ("vit_qkv_unbind", "ok", "clean", {"b": 2, "perm": "2, 0, 3, 1, 4"}),
    ("vit_qkv_unbind", "ok_b3", "clean", {"b": 3, "perm": "0, 2, 3, 1, 4"}),
    ("vit_qkv_unbind", "batch_first_b2", "unbind_unpack", {"b": 2, "perm": "0, 2, 3, 1, 4"}),
    ("vit_qkv_unbind", "batch_first_b4", "unbind_unpack", {"b": 4, "perm": "0, 2, 3, 1, 4"}),
    ("graphsage_index_select", "ok", "clean", {"idx": "src"}),
    ("graphsage_index_select", "ok_dst", "clean", {"idx": "dst"}),
    ("graphsage_index_select", "whole_index", "index_select_rank", {"idx": "edge_index"}),
    ("gp_solve_head", "ok", "clean", {"n_points": 16, "tshape": "n_points, out_dim"}),
    ("gp_solve_head", "ok_vector", "clean", {"n_points": 16, "tshape": "n_points"}),
    (
        "gp_solve_head",
        "fewer_points",
        "linalg_shape",
        {"n_points": 12, "tshape": "n_points, out_dim"},
    ),
    ("lazy_groupnorm_block", "ok", "clean", {"c": 3, "norm_ch": "self.cout"}),
    ("lazy_groupnorm_block", "ok_c8", "clean", {"c": 8, "norm_ch": "self.cout"}),
    ("lazy_groupnorm_block", "input_ch", "ctor_in_forward", {"c": 3, "norm_ch": "x.shape[1]"}),
    ("lazy_mha_pool", "ok", "clean", {"d": 32, "heads": 4}),
    ("lazy_mha_pool", "ok_d48", "clean", {"d": 48, "heads": 6}),
    ("lazy_mha_pool", "heads6", "ctor_in_forward", {"d": 32, "heads": 6}),
    ("albert_tied_decoder", "ok", "clean", {"emb": 32, "map_out": "nn.Linear(hidden, emb)"}),
    ("albert_tied_decoder", "ok_unfactorized", "clean", {"emb": 64, "map_out": "nn.Identity()"}),
    ("albert_tied_decoder", "no_map_out", "tied_weight", {"emb": 32, "map_out": "nn.Identity()"}),
    ("fpn_return_stages", "ok", "clean", {"ri": (2, 3)}),
    ("fpn_return_stages", "ok_all", "clean", {"ri": (0, 1, 2, 3)}),
    ("fpn_return_stages", "past_end", "cat_empty", {"ri": (4, 5)}),
    ("optional_prenorm", "ok", "clean", {"use_norm": True, "pre_norm": True}),
    ("optional_prenorm", "ok_plain", "clean", {"use_norm": False, "pre_norm": False}),
    ("optional_prenorm", "norm_off", "attr_missing", {"use_norm": False, "pre_norm": True}),
    ("early_exit_confidence", "ok", "clean", {"b": 4, "cond": "conf.min()"}),
    ("early_exit_confidence", "ok_b1", "clean", {"b": 1, "cond": "conf"}),
    ("early_exit_confidence", "batch_conf", "tensor_bool", {"b": 4, "cond": "conf"}),
    ("sdpa_causal_padding", "ok", "clean", {"mask": "None", "causal": True}),
    ("sdpa_causal_padding", "ok_padding", "clean", {"mask": "keep", "causal": False}),
    # written as a crash (an explicit mask together with is_causal); torch 2.13 runs it
    ("sdpa_causal_padding", "ok_both", "clean", {"mask": "keep", "causal": True}),
    ("sdpa_causal_padding", "flat_keep", "attn_mask", {"mask": "keep.view(B, T)", "causal": False}),
    ("mla_rope_split", "ok", "clean", {"k": "torch.cat([k_nope, k_rope], dim=-1)"}),
    ("mla_rope_split", "no_rope_k", "sdpa_head_dim", {"k": "k_nope"}),
    ("swin_cyclic_shift", "ok", "clean", {"dims": "(1, 2)"}),
    ("swin_cyclic_shift", "ok_wh", "clean", {"dims": "(2, 1)"}),
    ("swin_cyclic_shift", "one_dim", "roll_args", {"dims": "(1,)"}),
    ("audio_random_crop", "ok", "clean", {"n": 8000, "offset": "(wav.shape[-1] - self.crop) // 2"}),
    (
        "audio_random_crop",
        "ok_exact",
        "clean",
        {"n": 4000, "offset": "(wav.shape[-1] - self.crop) // 2"},
    ),
    ("audio_random_crop", "short", "narrow_range", {"n": 3000, "offset": 0}),
    ("audio_random_crop", "mid", "narrow_range", {"n": 6000, "offset": "wav.shape[-1] // 2"}),
    ("manual_addmm_mlp", "ok", "clean", {"n_in": 20, "sizes": (20, 40, 10), "bias": "b"}),
    ("manual_addmm_mlp", "ok_square", "clean", {"n_in": 20, "sizes": (20, 20, 20), "bias": "a"}),
    ("manual_addmm_mlp", "in_bias", "addmm_bias", {"n_in": 20, "sizes": (20, 40, 10), "bias": "a"}),
    ("stft_window_cnn", "ok", "clean", {"win": 400, "wlen": "win_length"}),
    ("stft_window_cnn", "ok_default", "clean", {"win": None, "wlen": "n_fft"}),
    ("stft_window_cnn", "nfft_window", "stft_window", {"win": 400, "wlen": "n_fft"}),
    ("fastspeech_length_regulator", "ok", "clean", {"t": 10, "dur": "self.durations[:T]"}),
    ("fastspeech_length_regulator", "ok_full", "clean", {"t": 16, "dur": "self.durations"}),
    (
        "fastspeech_length_regulator",
        "max_len",
        "repeat_interleave",
        {"t": 10, "dur": "self.durations"},
    ),
    ("se_gate_expand", "ok", "clean", {"h": 8, "w": 8, "gate": "[:, :, None, None]"}),
    ("se_gate_expand", "ok_2d_fits", "clean", {"h": 2, "w": 16, "gate": ""}),
    ("se_gate_expand", "gate_2d", "expand_size", {"h": 8, "w": 8, "gate": ""}),
    ("vit_reshape_patchify", "ok", "clean", {"h": 32}),
    ("vit_reshape_patchify", "ok_h40", "clean", {"h": 40}),
    ("vit_reshape_patchify", "h36", "reshape_numel", {"h": 36}),
    ("gpt_heads_view", "ok", "clean", {"d": 48, "nh": 4}),
    ("gpt_heads_view", "ok_d60", "clean", {"d": 60, "nh": 5}),
    ("gpt_heads_view", "nh5", "head_split", {"d": 48, "nh": 5}),
    ("unet_odd_skip", "ok", "clean", {"h": 32, "align": "pass"}),
    ("unet_odd_skip", "ok_pad", "clean", {"h": 30, "align": _PAD_UP}),
    ("unet_odd_skip", "h30", "unet_skip", {"h": 30, "align": "pass"}),
    ("conformer_conv_module", "ok", "clean", {"glu_dim": 1}),
    ("conformer_conv_module", "glu_time", "glu_dim", {"glu_dim": -1}),
    ("moe_topk_router", "ok", "clean", {"ne": 4, "k": 2}),
    ("moe_topk_router", "ok_all", "clean", {"ne": 4, "k": 4}),
    ("moe_topk_router", "k6", "topk_k", {"ne": 4, "k": 6}),
    ("llama_rotary_half", "ok", "clean", {"rot": "self.hd"}),
    ("llama_rotary_half", "ok_odd_end", "clean", {"rot": "self.hd - 1"}),
    ("llama_rotary_half", "double", "rope_dims", {"rot": "2 * self.hd"}),
    ("ddpm_time_embedding", "ok", "clean", {"t_dim": 64, "odd_fix": "pass"}),
    (
        "ddpm_time_embedding",
        "ok_odd_pad",
        "clean",
        {"t_dim": 63, "odd_fix": "emb = F.pad(emb, (0, dim % 2))"},
    ),
    ("ddpm_time_embedding", "odd", "timestep_embed", {"t_dim": 63, "odd_fix": "pass"}),
    ("detr_query_pos", "ok", "clean", {"nq": 10, "qp": "num_queries"}),
    ("detr_query_pos", "ok_shared", "clean", {"nq": 10, "qp": 1}),
    ("detr_query_pos", "plus_one", "broadcast_add", {"nq": 10, "qp": "num_queries + 1"}),
    ("yolo_grid_decode", "ok", "clean", {"stride": 8}),
    ("yolo_grid_decode", "stride16", "broadcast_add", {"stride": 16}),
    ("seq2seq_gru_bridge", "ok", "clean", {"dec_h": "h", "h0": "torch.tanh(self.bridge(hn))"}),
    ("seq2seq_gru_bridge", "ok_wide", "clean", {"dec_h": "2 * h", "h0": "hn"}),
    ("seq2seq_gru_bridge", "no_bridge", "rnn_hidden", {"dec_h": "h", "h0": "hn"}),
    ("wavenet_residual_crop", "ok", "clean", {"crop": "self.dilation"}),
    ("wavenet_residual_crop", "crop1", "broadcast_add", {"crop": 1}),
    (
        "pointnet_feature_transform",
        "ok",
        "clean",
        {"apply": "torch.bmm(x.transpose(1, 2), t).transpose(1, 2)"},
    ),
    ("pointnet_feature_transform", "ok_left", "clean", {"apply": "torch.bmm(t, x)"}),
    ("pointnet_feature_transform", "no_transpose", "bmm", {"apply": "torch.bmm(x, t)"}),
    ("ssm_selective_scan", "ok", "clean", {"a_rep": "d, 1"}),
    ("ssm_selective_scan", "flat_a", "einsum", {"a_rep": "d"}),
    ("vae_decoder_view", "ok", "clean", {"view": "2 * self.c, 7, 7"}),
    ("vae_decoder_view", "view14", "reshape_numel", {"view": "2 * self.c, 14, 14"}),
    ("vae_decoder_view", "half_ch", "conv_in_channels", {"view": "self.c, 7, 7"}),
    ("mel_layernorm_axis", "ok", "clean", {"t": 50, "tr": ".transpose(1, 2)"}),
    ("mel_layernorm_axis", "ok_t40", "clean", {"t": 40, "tr": ""}),
    ("mel_layernorm_axis", "no_transpose", "norm_shape", {"t": 50, "tr": ""}),
    ("graph_attention_where", "ok", "clean", {"n": 8, "adj": "self.adj[:N, :N]"}),
    ("graph_attention_where", "ok_full", "clean", {"n": 10, "adj": "self.adj"}),
    ("graph_attention_where", "max_nodes", "where_broadcast", {"n": 8, "adj": "self.adj"}),
    ("roi_box_head", "ok", "clean", {"h": 28, "pool": 2}),
    ("roi_box_head", "ok_h56", "clean", {"h": 56, "pool": 4}),
    ("roi_box_head", "h32", "flatten_linear", {"h": 32, "pool": 2}),
    ("mha_padding_batch_first", "ok", "clean", {"b": 2, "bf": True}),
    ("mha_padding_batch_first", "ok_b8", "clean", {"b": 8, "bf": False}),
    ("mha_padding_batch_first", "seq_first", "mha_batch_first", {"b": 2, "bf": False}),
    ("espcn_upsampler", "ok", "clean", {"scale": 3, "shuffle": 3}),
    ("espcn_upsampler", "ok_x2", "clean", {"scale": 2, "shuffle": 2}),
    ("espcn_upsampler", "scale_mismatch", "pixel_shuffle", {"scale": 2, "shuffle": 3}),
    (
        "fpn_topdown_add",
        "ok",
        "clean",
        {"h": 36, "up": "F.interpolate(out[0], size=f.shape[-2:], mode='nearest')"},
    ),
    (
        "fpn_topdown_add",
        "ok_pow2",
        "clean",
        {"h": 64, "up": "F.interpolate(out[0], scale_factor=2.0)"},
    ),
    (
        "fpn_topdown_add",
        "h36_x2",
        "broadcast_add",
        {"h": 36, "up": "F.interpolate(out[0], scale_factor=2.0)"},
    ),
    ("handwritten_lstm_cell", "ok", "clean", {"gates": 4}),
    ("handwritten_lstm_cell", "three_gates", "chunk_count", {"gates": 3}),
    ("gqa_fused_split", "ok", "clean", {"sizes": _GQA}),
    ("gqa_fused_split", "ok_d", "clean", {"sizes": "[D, self.nkv * self.hd, self.nkv * self.hd]"}),
    ("gqa_fused_split", "mha_sizes", "split_sizes", {"sizes": "[D, D, D]"}),
]
