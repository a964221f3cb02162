"""A seventeenth fresh batch of crash cases (session 25, split ``fresh17``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The new classes are ops and mistakes earlier batches did not exercise: integer ids multiplied
into float weights with ``matmul``, ``gather`` indices of another rank, ``scatter_`` with a float index (int32
indices to ``gather`` / ``scatter_`` were meant as defects, torch 2.13 ran them: they are clean
traps), ``Conv1d`` / ``Conv2d`` given an input of the wrong rank after a reshape, conv dilation
tuples of the wrong length, ``Tensor.unfold`` with step 0, ``F.unfold`` kernels larger than the
padded input, einops ``pack`` of shapes that do not agree and ``reduce`` with an unknown
reduction, the fft family over a dim out of range, ``Embedding`` given float ids, SDPA with
query / key / value of different dtypes, RNNs fed float64 input and LSTM cell states of another
shape, ``torch.stack`` of an empty list, ``tensor_split`` into 0 sections, pooling with dilation 0
and 3-d pooling of a 3-d input, ``interpolate`` with a negative scale, ``linalg.inv`` of a
singular matrix, ``F.linear`` with a transposed weight, BCE with an integer target or a weight
that does not broadcast, ``margin_ranking_loss`` / ``cosine_embedding_loss`` shape errors,
``histc`` of integers, ``logsumexp`` without dim, ``diff`` of a negative order, ``softmax`` over
a tuple of dims, ``cross_entropy`` on integer logits and ``BatchNorm`` on integer input. Familiar
classes (SDPA mask shapes, masked_fill broadcast, conv channels, embedding ids known statically,
norm shapes, RNN hidden states, split sizes, stack shapes, repeat / expand, transposed conv
output padding, pooling to zero, interpolate sizes, odd pads, fold sizes) are written in new
styles: dataclass configs, helper functions, layers in dicts and lists, functional calls. Several
clean variants look risky (``RISKY_CLEAN``). Same format as ``templates.py``; every case name
starts ``f17_``. Whether a case crashes is torch's verdict (``build_truth.py``), not the defect
label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- dtypes in ops
template("bag_of_ids_projection", "(3, 10)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=2, d=8):
        super().__init__()
        self.table = nn.Parameter(torch.randn(vocab, d))
        self.head = nn.Linear(d, 4)

    def forward(self, ids):
        counts = F.one_hot(ids, 2).sum(1)
        feats = {counts} @ self.table
        return self.head(feats)
"""
)

template("logit_argmax_loss", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 5)

    def forward(self, x):
        logits = self.fc(x)
        target = x.argmax(-1) % 5
        scores = {scores}
        return F.cross_entropy(scores, target)
"""
)

template("quantized_bn_features", "(4, 3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(3)
        self.conv = nn.Conv1d(3, 6, 3)

    def forward(self, x):
        q = torch.round(x * 4){cast}
        return self.conv(self.bn(q).float())
"""
)

template("token_embed_float", "(2, 7)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class Cfg:
    vocab: int = 16
    dim: int = 12


class Net(nn.Module):
    def __init__(self, cfg=Cfg()):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.dim)
        self.out = nn.Linear(cfg.dim, cfg.vocab)

    def forward(self, ids):
        ids = {ids}
        return self.out(self.emb(ids))
"""
)

template("double_input_gru", "(2, 9, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(10, 16, batch_first=True)
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        seq = {seq}
        out, _ = self.rnn(seq)
        return self.head(out[:, -1].float())
"""
)

template("mixed_precision_sdpa", "(2, 4, 6, 8)")(
    """
def attend(q, k, v):
    return F.scaled_dot_product_attention(q, k, v)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(8, 8)
        self.v = nn.Linear(8, 8)

    def forward(self, x):
        q = {q}
        return attend(q, self.k(x), self.v(x))
"""
)

template("int_histogram_feats", "(3, 20)")(
    """
class Net(nn.Module):
    def __init__(self, bins=8):
        super().__init__()
        self.bins = bins
        self.fc = nn.Linear(bins, 2)

    def forward(self, x):
        vals = {vals}
        h = torch.stack([torch.histc(r, bins=self.bins, min=-4, max=4) for r in vals])
        return self.fc(h.float())
"""
)

template("bce_hard_labels", "(5, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        prob = torch.sigmoid(self.fc(x))
        target = {target}
        return F.binary_cross_entropy(prob, target)
"""
)

# ---------------------------------------------------------------- gather / scatter / index
template("topk_gather_features", "(2, 10, 6)")(
    """
class Net(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k
        self.score = nn.Linear(6, 1)
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.k, dim=1).indices
        picked = torch.gather(x, 1, {index})
        return self.fc(picked)
"""
)

template("label_scatter_onehot", "(4, 5)")(
    """
class Net(nn.Module):
    def __init__(self, classes=5):
        super().__init__()
        self.classes = classes
        self.fc = nn.Linear(classes, classes)

    def forward(self, x):
        lab = x.argmax(-1, keepdim=True){cast}
        onehot = torch.zeros(x.shape[0], self.classes).scatter_(1, lab, 1.0)
        return self.fc(onehot)
"""
)

template("vocab_offset_embed", "(2, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab={vocab}):
        super().__init__()
        self.emb = nn.Embedding(vocab, 8)
        self.fc = nn.Linear(8, 2)

    def forward(self, ids):
        ids = ids + 4
        return self.fc(self.emb(ids).mean(1))
"""
)

template("pad_mask_scores", "(2, 4, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 6)

    def forward(self, x):
        scores = self.proj(x)
        keep = scores[:, 0, 0] > 0
        scores = scores.masked_fill({mask}, float("-inf"))
        return scores.softmax(-1)
"""
)

# ---------------------------------------------------------------- convs after reshapes
template("flat_signal_conv1d", "(2, 4, 32)")(
    """
class Encoder(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv1d(c, 8, 5, padding=2)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.conv(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder({c})
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        h = {inp}
        return self.fc(self.pool(self.enc(h)).flatten(1))
"""
)

template("patch_grid_conv2d", "(2, 16, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = nn.Sequential(nn.Conv2d(12, 12, 3, padding=1), nn.GELU(), nn.Conv2d(12, 4, 1))

    def forward(self, tokens):
        b, n, c = tokens.shape
        grid = {grid}
        return self.mix(grid).flatten(1)
"""
)

template("dilated_stack_cfg", "(2, 3, 20, 20)")(
    """
LAYERS = [(3, 8, 1), (8, 8, {dil}), (8, 16, 1)]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.ModuleList(
            [nn.Conv2d(i, o, 3, padding=d, dilation=d) for i, o, d in LAYERS]
        )
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        for conv in self.body:
            x = F.relu(conv(x))
        return self.head(x.mean((2, 3)))
"""
)

template("audio_conv_channels", "(2, 40, 50)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=40):
        super().__init__()
        self.convs = nn.ModuleDict(
            {{"a": nn.Conv1d(n_mels, 32, 3), "b": nn.Conv1d(32, 32, 3)}}
        )
        self.out = nn.Linear(32, 5)

    def forward(self, mel):
        h = {inp}
        h = self.convs["b"](F.relu(self.convs["a"](h)))
        return self.out(h.amax(-1))
"""
)

template("video_pool3d", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.fc = nn.Linear(1, 2)

    def forward(self, x):
        h = self.conv(x)
        v = {inp}
        p = F.avg_pool3d(v, kernel_size=2)
        return self.fc(p.flatten(1).mean(1, keepdim=True))
"""
)

template("convT_decoder_cfg", "(2, 16, 4, 4)")(
    """
def up(cin, cout, stride, op):
    return nn.ConvTranspose2d(cin, cout, 3, stride=stride, padding=1, output_padding=op)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ups = nn.Sequential(up(16, 8, 2, 1), nn.ReLU(), up(8, 3, {s}, {op}))

    def forward(self, z):
        return torch.tanh(self.ups(z))
"""
)

# ---------------------------------------------------------------- unfold / pad / pool / interpolate
template("sliding_window_feats", "(2, 3, 24)")(
    """
class Net(nn.Module):
    def __init__(self, win=6):
        super().__init__()
        self.win = win
        self.fc = nn.Linear(win, 4)

    def forward(self, x):
        frames = x.unfold(-1, self.win, {step})
        return self.fc(frames).mean((1, 2))
"""
)

template("im2col_local_attn", "(2, 4, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self, k={k}, pad={pad}):
        super().__init__()
        self.k, self.pad = k, pad
        self.proj = nn.Linear(4 * k * k, 8)

    def forward(self, x):
        cols = F.unfold(x, kernel_size=self.k, padding=self.pad)
        return self.proj(cols.transpose(1, 2)).mean(1)
"""
)

template("dilated_maxpool_1d", "(2, 6, 30)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(6, 6, 3, padding=1)
        self.pool = nn.MaxPool1d(3, stride=2, dilation={dil})
        self.fc = nn.Linear(6, 2)

    def forward(self, x):
        return self.fc(self.pool(F.relu(self.conv(x))).mean(-1))
"""
)

template("shrinking_pool_pyramid", "(2, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList(
            [nn.Sequential(nn.Conv2d(c, 8, 3, padding=1), nn.MaxPool2d(2)) for c in (3, 8, 8)]
        )
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        for s in self.stages:
            x = s(x)
        return self.head(x.mean((2, 3)))
"""
)

template("feature_rescale_interp", "(2, 4, 10, 10)")(
    """
class Net(nn.Module):
    def __init__(self, scale={scale}):
        super().__init__()
        self.scale = scale
        self.conv = nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, x):
        y = F.interpolate(self.conv(x), {kw})
        return y.mean((2, 3))
"""
)

template("same_pad_helper", "(2, 5, 17)")(
    """
def pad_same(x, k):
    total = k - 1
    return F.pad(x, {pad})


class Net(nn.Module):
    def __init__(self, k=4):
        super().__init__()
        self.k = k
        self.conv = nn.Conv1d(5, 5, k)

    def forward(self, x):
        return self.conv(pad_same(x, self.k)) + x
"""
)

template("overlap_add_fold", "(2, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self, k=4, s=2):
        super().__init__()
        self.k, self.s = k, s
        self.mix = nn.Linear(3 * k * k, 3 * k * k)

    def forward(self, x):
        cols = F.unfold(x, self.k, stride=self.s)
        cols = self.mix(cols.transpose(1, 2)).transpose(1, 2)
        return F.fold(cols, output_size={out}, kernel_size=self.k, stride=self.s)
"""
)

# ---------------------------------------------------------------- einops / fft
template("einops_pack_cls", "(2, 8, 8, 16)")(
    """
from einops import pack, unpack


class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.cls = nn.Parameter(torch.zeros(1, {cd}))
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        cls = self.cls.expand(x.shape[0], -1)
        tokens, ps = pack([cls, x], "b * d")
        tokens = self.fc(tokens)
        cls, _ = unpack(tokens, ps, "b * d")
        return cls
"""
)

template("einops_pool_tokens", "(2, 6, 10)")(
    """
from einops import reduce


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 3)

    def forward(self, x):
        pooled = reduce(x, "b n d -> b d", {op})
        return self.fc(pooled)
"""
)

template("spectral_gate", "(2, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n=32):
        super().__init__()
        self.gate = nn.Parameter(torch.ones(n // 2 + 1))

    def forward(self, x):
        spec = torch.fft.rfft(x, dim={dim})
        spec = spec * self.gate
        return torch.fft.irfft(spec, n=x.shape[-1], dim={dim})
"""
)

# ---------------------------------------------------------------- attention / rnn
template("sdpa_pad_mask_block", "(2, 5, 16)")(
    """
class Block(nn.Module):
    def __init__(self, d=16, h=2):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).reshape(b, t, 3, self.h, d // self.h).unbind(2)
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(y.transpose(1, 2).reshape(b, t, d))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])

    def forward(self, x):
        valid = x[..., 0] > -10
        mask = {mask}
        for blk in self.blocks:
            x = x + blk(x, mask)
        return x
"""
)

template("lstm_init_state", "(3, 7, 8)")(
    """
class Net(nn.Module):
    def __init__(self, layers=2, hidden=12):
        super().__init__()
        self.layers, self.hidden = layers, hidden
        self.lstm = nn.LSTM(8, hidden, num_layers=layers, batch_first=True)
        self.fc = nn.Linear(hidden, 2)

    def forward(self, x):
        b = x.shape[0]
        h0 = torch.zeros(self.layers, b, self.hidden)
        c0 = torch.zeros({c0})
        out, _ = self.lstm(x, (h0, c0))
        return self.fc(out[:, -1])
"""
)

template("gru_hidden_carry", "(4, 6, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(10, 20, num_layers=1, bidirectional=True, batch_first=True)
        self.fc = nn.Linear(40, 2)

    def forward(self, x):
        h0 = torch.zeros({h0}, x.shape[0], 20)
        out, h = self.gru(x, h0)
        return self.fc(out.mean(1))
"""
)

# ---------------------------------------------------------------- shapes: stack / split / repeat
template("multi_scale_stack", "(2, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, scales={scales}):
        super().__init__()
        self.scales = scales
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        feats = [
            F.adaptive_avg_pool1d(F.avg_pool1d(x, s), 4) for s in self.scales if s <= x.shape[-1]
        ]
        return self.fc(torch.stack(feats, 0).mean(0).mean(-1))
"""
)

template("ensemble_heads_stack", "(3, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(12, o) for o in {outs}])

    def forward(self, x):
        return torch.stack([h(x) for h in self.heads], 1).mean(1)
"""
)

template("chunked_heads", "(2, 9, 24)")(
    """
class Net(nn.Module):
    def __init__(self, parts={parts}):
        super().__init__()
        self.parts = parts
        self.fc = nn.Linear(24, 24)

    def forward(self, x):
        pieces = torch.tensor_split(self.fc(x), self.parts, dim=-1)
        return torch.cat([p.tanh() for p in pieces], -1)
"""
)

template("qkv_split_sizes", "(2, 5, 32)")(
    """
from dataclasses import dataclass


@dataclass
class AttnCfg:
    d: int = 32
    kv: int = 16


class Net(nn.Module):
    def __init__(self, cfg=AttnCfg()):
        super().__init__()
        self.cfg = cfg
        self.proj = nn.Linear(cfg.d, cfg.d + 2 * cfg.kv)

    def forward(self, x):
        q, k, v = self.proj(x).split({sizes}, dim=-1)
        return q.sum(-1) + k.sum(-1) + v.sum(-1)
"""
)

template("cond_broadcast_repeat", "(3, 4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cond = nn.Linear(10, 10)

    def forward(self, x):
        c = self.cond(x.mean(1))
        c = {rep}
        return x + c
"""
)

# ---------------------------------------------------------------- reductions and math
template("log_partition", "(4, 7)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(7, 7)

    def forward(self, x):
        e = self.fc(x)
        return e - {lse}
"""
)

template("velocity_features", "(2, 12, 3)")(
    """
class Net(nn.Module):
    def __init__(self, order={order}):
        super().__init__()
        self.order = order
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        d = torch.diff(x, n=self.order, dim=1)
        return self.fc(d.mean(1))
"""
)

template("joint_softmax_map", "(2, 3, 4, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 1)

    def forward(self, x):
        h = self.conv(x)
        b, c, hh, ww = h.shape
        p = {sm}
        return p.reshape(b, c, hh, ww)
"""
)

template("whitening_layer", "(6, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        cov = {cov}
        return h @ torch.linalg.inv(cov)
"""
)

template("functional_linear_head", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(10, 4))
        self.b = nn.Parameter(torch.zeros(4))

    def forward(self, x):
        return F.linear(x, {w}, self.b)
"""
)

# ---------------------------------------------------------------- losses
template("weighted_bce_logits", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.register_buffer("w", torch.ones({wshape}))

    def forward(self, x):
        logits = self.fc(x)
        return F.binary_cross_entropy_with_logits(logits, (x > 0).float(), weight=self.w)
"""
)

template("ranking_pairs", "(6, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(5, 1)

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        a, b = s[:3], {b}
        y = torch.ones(3)
        return F.margin_ranking_loss(a, b, y)
"""
)

template("siamese_cosine_loss", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 6))

    def forward(self, x):
        z1, z2 = self.enc(x), self.enc(x.flip(0))
        target = {target}
        return F.cosine_embedding_loss(z1, z2, target)
"""
)

# ---------------------------------------------------------------- norms
template("layernorm_image_cfg", "(2, 6, 5, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(6, 6, 3, padding=1)
        self.norm = nn.LayerNorm({shape})

    def forward(self, x):
        return self.norm(self.conv(x)).mean((2, 3))
"""
)

VARIANTS = [
    # dtypes in ops
    ("bag_of_ids_projection", "ok", "clean", {"counts": "counts.float()"}),
    ("bag_of_ids_projection", "ok_to", "clean", {"counts": "counts.to(self.table.dtype)"}),
    ("bag_of_ids_projection", "long_counts", "matmul_int_float", {"counts": "counts"}),
    ("bag_of_ids_projection", "double_counts", "dtype_mismatch", {"counts": "counts.double()"}),
    ("logit_argmax_loss", "ok", "clean", {"scores": "logits"}),
    ("logit_argmax_loss", "ok_double", "clean", {"scores": "logits.double()"}),
    ("logit_argmax_loss", "rounded_logits", "ce_input_int", {"scores": "logits.long()"}),
    ("quantized_bn_features", "ok", "clean", {"cast": ""}),
    ("quantized_bn_features", "ok_half_roundtrip", "clean", {"cast": ".half().float()"}),
    ("quantized_bn_features", "long_q", "batchnorm_int_input", {"cast": ".long()"}),
    ("quantized_bn_features", "int_q", "batchnorm_int_input", {"cast": ".int()"}),
    ("token_embed_float", "ok", "clean", {"ids": "ids"}),
    ("token_embed_float", "ok_int32", "clean", {"ids": "ids.int()"}),
    ("token_embed_float", "float_ids", "embedding_float_ids", {"ids": "ids.float()"}),
    ("token_embed_float", "shifted_past_vocab", "index_range", {"ids": "ids + 20"}),
    ("double_input_gru", "ok", "clean", {"seq": "x"}),
    ("double_input_gru", "ok_roundtrip", "clean", {"seq": "x.double().float()"}),
    ("double_input_gru", "double_seq", "rnn_input_dtype", {"seq": "x.double()"}),
    ("double_input_gru", "half_seq", "rnn_input_dtype", {"seq": "x.half()"}),
    ("mixed_precision_sdpa", "ok", "clean", {"q": "x"}),
    ("mixed_precision_sdpa", "ok_to_f32", "clean", {"q": "x.to(torch.float32)"}),
    ("mixed_precision_sdpa", "double_q", "sdpa_qkv_dtype", {"q": "x.double()"}),
    ("mixed_precision_sdpa", "half_head", "sdpa_head_dim", {"q": "x[..., :4]"}),
    ("int_histogram_feats", "ok", "clean", {"vals": "x"}),
    ("int_histogram_feats", "ok_double", "clean", {"vals": "x.double()"}),
    ("int_histogram_feats", "quantized_long", "histc_int_dtype", {"vals": "(x * 4).long()"}),
    ("bce_hard_labels", "ok", "clean", {"target": "(prob > 0.5).float()"}),
    ("bce_hard_labels", "ok_soft", "clean", {"target": "prob.detach()"}),
    ("bce_hard_labels", "long_target", "bce_target_dtype", {"target": "(prob > 0.5).long()"}),
    ("bce_hard_labels", "bool_target", "bce_target_dtype", {"target": "prob > 0.5"}),
    ("bce_hard_labels", "column_target", "bce_target_size", {"target": "torch.zeros(5, 1)"}),
    # gather / scatter / index
    (
        "topk_gather_features",
        "ok",
        "clean",
        {"index": "idx.unsqueeze(-1).expand(-1, -1, x.shape[-1])"},
    ),
    (
        "topk_gather_features",
        "ok_fewer_rows",
        "clean",
        {"index": "idx[:, :2, None].expand(-1, -1, 6)"},
    ),
    ("topk_gather_features", "index_2d", "gather_index_rank", {"index": "idx"}),
    (
        "topk_gather_features",
        "ok_int32_index",
        "clean",
        {"index": "idx.unsqueeze(-1).expand(-1, -1, x.shape[-1]).int()"},
    ),
    (
        "topk_gather_features",
        "wide_index",
        "gather_index",
        {"index": "idx.unsqueeze(-1).expand(-1, -1, 12)"},
    ),
    ("label_scatter_onehot", "ok", "clean", {"cast": ""}),
    ("label_scatter_onehot", "ok_long", "clean", {"cast": ".long()"}),
    ("label_scatter_onehot", "ok_int32_labels", "clean", {"cast": ".int()"}),
    ("label_scatter_onehot", "float_labels", "scatter_index_dtype", {"cast": ".float()"}),
    ("vocab_offset_embed", "ok", "clean", {"vocab": 8}),
    ("vocab_offset_embed", "ok_exact", "clean", {"vocab": 6}),
    ("vocab_offset_embed", "vocab_5", "index_range", {"vocab": 5}),
    ("vocab_offset_embed", "vocab_4", "index_range", {"vocab": 4}),
    ("pad_mask_scores", "ok", "clean", {"mask": "~keep[:, None, None, :]"}),
    ("pad_mask_scores", "ok_query_side", "clean", {"mask": "~keep[:, None, :, None]"}),
    ("pad_mask_scores", "flat_mask", "masked_fill_broadcast", {"mask": "~keep"}),
    ("pad_mask_scores", "leading_axis", "masked_fill_broadcast", {"mask": "~keep[None]"}),
    ("pad_mask_scores", "float_mask", "mask_dtype", {"mask": "(~keep[:, None, None, :]).float()"}),
    # convs after reshapes
    ("flat_signal_conv1d", "ok", "clean", {"c": 4, "inp": "x"}),
    ("flat_signal_conv1d", "ok_transposed", "clean", {"c": 32, "inp": "x.transpose(1, 2)"}),
    ("flat_signal_conv1d", "flattened", "conv1d_input_rank", {"c": 4, "inp": "x.flatten(1)"}),
    ("flat_signal_conv1d", "extra_axis", "conv1d_input_rank", {"c": 4, "inp": "x.unsqueeze(1)"}),
    ("flat_signal_conv1d", "time_as_channels", "conv_in_channels", {"c": 32, "inp": "x"}),
    (
        "patch_grid_conv2d",
        "ok",
        "clean",
        {"grid": "tokens.transpose(1, 2).reshape(b, c, 4, 4)"},
    ),
    (
        "patch_grid_conv2d",
        "ok_unflatten",
        "clean",
        {"grid": "tokens.permute(0, 2, 1).unflatten(2, (4, 4))"},
    ),
    ("patch_grid_conv2d", "no_grid", "conv2d_input_rank", {"grid": "tokens.transpose(1, 2)"}),
    ("patch_grid_conv2d", "flat_tokens", "conv2d_input_rank", {"grid": "tokens.reshape(b, -1)"}),
    (
        "patch_grid_conv2d",
        "tokens_as_channels",
        "conv_in_channels",
        {"grid": "tokens.reshape(b, n, 3, 4)"},
    ),
    ("dilated_stack_cfg", "ok", "clean", {"dil": 2}),
    ("dilated_stack_cfg", "ok_pair", "clean", {"dil": "(2, 2)"}),
    ("dilated_stack_cfg", "triple_dil", "conv_dilation_len", {"dil": "(2, 2, 2)"}),
    ("dilated_stack_cfg", "dil_zero", "conv_param_zero", {"dil": 0}),
    ("audio_conv_channels", "ok", "clean", {"inp": "mel"}),
    ("audio_conv_channels", "ok_short", "clean", {"inp": "mel[:, :, :5]"}),
    ("audio_conv_channels", "time_major", "conv_in_channels", {"inp": "mel.transpose(1, 2)"}),
    ("audio_conv_channels", "too_short", "conv_kernel_size", {"inp": "mel[:, :, :4]"}),
    ("video_pool3d", "ok", "clean", {"inp": "h.unsqueeze(1)"}),
    ("video_pool3d", "ok_unbatched_4d", "clean", {"inp": "h"}),
    ("video_pool3d", "flat_frames", "pool3d_rank", {"inp": "h.flatten(2)"}),
    ("video_pool3d", "one_channel", "pool3d_rank", {"inp": "h[:, 0]"}),
    ("convT_decoder_cfg", "ok", "clean", {"s": 2, "op": 1}),
    ("convT_decoder_cfg", "ok_s3", "clean", {"s": 3, "op": 2}),
    ("convT_decoder_cfg", "op_eq_stride", "convT_output_padding", {"s": 2, "op": 2}),
    ("convT_decoder_cfg", "stride_one", "convT_output_padding", {"s": 1, "op": 1}),
    # unfold / pad / pool / interpolate
    ("sliding_window_feats", "ok", "clean", {"step": 3}),
    ("sliding_window_feats", "ok_disjoint", "clean", {"step": 6}),
    ("sliding_window_feats", "step_zero", "tensor_unfold_step", {"step": 0}),
    ("sliding_window_feats", "step_negative", "tensor_unfold_step", {"step": -1}),
    ("im2col_local_attn", "ok", "clean", {"k": 3, "pad": 1}),
    ("im2col_local_attn", "ok_padded_big", "clean", {"k": 7, "pad": 1}),
    ("im2col_local_attn", "kernel_7", "unfold_kernel_too_large", {"k": 7, "pad": 0}),
    ("im2col_local_attn", "kernel_9", "unfold_kernel_too_large", {"k": 9, "pad": 1}),
    ("dilated_maxpool_1d", "ok", "clean", {"dil": 1}),
    ("dilated_maxpool_1d", "ok_dil2", "clean", {"dil": 2}),
    ("dilated_maxpool_1d", "dil_zero", "pool_dilation_zero", {"dil": 0}),
    ("dilated_maxpool_1d", "dil_20", "pool_too_small", {"dil": 20}),
    ("shrinking_pool_pyramid", "ok", "clean", {"hw": 16}),
    ("shrinking_pool_pyramid", "ok_min", "clean", {"hw": 8}),
    ("shrinking_pool_pyramid", "ok_odd", "clean", {"hw": 9}),
    ("shrinking_pool_pyramid", "hw4", "pool_too_small", {"hw": 4}),
    ("shrinking_pool_pyramid", "hw7", "pool_too_small", {"hw": 7}),
    ("feature_rescale_interp", "ok", "clean", {"scale": 2, "kw": "scale_factor=self.scale"}),
    ("feature_rescale_interp", "ok_down", "clean", {"scale": 0.5, "kw": "scale_factor=self.scale"}),
    (
        "feature_rescale_interp",
        "negative_scale",
        "interp_scale_negative",
        {"scale": -2, "kw": "scale_factor=self.scale"},
    ),
    ("feature_rescale_interp", "size_3d", "interp_size_len", {"scale": 2, "kw": "size=(5, 5, 5)"}),
    (
        "feature_rescale_interp",
        "scale_tiny",
        "interp_size_zero",
        {"scale": 0.05, "kw": "scale_factor=self.scale"},
    ),
    ("same_pad_helper", "ok", "clean", {"pad": "(total // 2, total - total // 2)"}),
    ("same_pad_helper", "ok_causal", "clean", {"pad": "(total, 0)"}),
    ("same_pad_helper", "one_side_only", "pad_odd_length", {"pad": "(total,)"}),
    (
        "same_pad_helper",
        "three_entries",
        "pad_odd_length",
        {"pad": "(total // 2, total - total // 2, 1)"},
    ),
    ("same_pad_helper", "both_full", "broadcast_add", {"pad": "(total, total)"}),
    ("overlap_add_fold", "ok", "clean", {"out": "(12, 12)"}),
    ("overlap_add_fold", "ok_floor", "clean", {"out": "(13, 12)"}),
    ("overlap_add_fold", "out_14", "fold_sizes", {"out": "(14, 14)"}),
    ("overlap_add_fold", "out_10x12", "fold_sizes", {"out": "(10, 12)"}),
    # einops / fft
    ("einops_pack_cls", "ok", "clean", {"cd": 16}),
    ("einops_pack_cls", "cls_half", "einops_pack_shapes", {"cd": 8}),
    ("einops_pack_cls", "cls_double", "einops_pack_shapes", {"cd": 32}),
    ("einops_pool_tokens", "ok", "clean", {"op": '"mean"'}),
    ("einops_pool_tokens", "ok_max", "clean", {"op": '"max"'}),
    ("einops_pool_tokens", "ok_prod", "clean", {"op": '"prod"'}),
    ("einops_pool_tokens", "avg", "einops_reduce_op", {"op": '"avg"'}),
    ("einops_pool_tokens", "average", "einops_reduce_op", {"op": '"average"'}),
    ("spectral_gate", "ok", "clean", {"dim": -1}),
    ("spectral_gate", "ok_pos", "clean", {"dim": 2}),
    ("spectral_gate", "channel_axis", "broadcast_add", {"dim": 1}),
    ("spectral_gate", "dim_3", "fft_dim_range", {"dim": 3}),
    ("spectral_gate", "dim_minus_4", "fft_dim_range", {"dim": -4}),
    # attention / rnn
    ("sdpa_pad_mask_block", "ok", "clean", {"mask": "valid[:, None, None, :]"}),
    (
        "sdpa_pad_mask_block",
        "ok_float_bias",
        "clean",
        {"mask": "valid[:, None, None, :].float().log()"},
    ),
    ("sdpa_pad_mask_block", "flat_mask", "sdpa_attn_mask_shape", {"mask": "valid"}),
    (
        "sdpa_pad_mask_block",
        "time_last_query",
        "sdpa_attn_mask_shape",
        {"mask": "valid[..., None, None]"},
    ),
    ("lstm_init_state", "ok", "clean", {"c0": "self.layers, b, self.hidden"}),
    ("lstm_init_state", "ok_like_h", "clean", {"c0": "h0.shape"}),
    ("lstm_init_state", "half_cell", "lstm_c0_shape", {"c0": "self.layers, b, self.hidden // 2"}),
    ("lstm_init_state", "batch_first_c0", "lstm_c0_shape", {"c0": "b, self.layers, self.hidden"}),
    ("gru_hidden_carry", "ok", "clean", {"h0": 2}),
    ("gru_hidden_carry", "ok_expr", "clean", {"h0": "2 * 1"}),
    ("gru_hidden_carry", "one_direction", "rnn_hidden", {"h0": 1}),
    # stack / split / repeat
    ("multi_scale_stack", "ok", "clean", {"scales": "(2, 4)"}),
    ("multi_scale_stack", "ok_one_left", "clean", {"scales": "(2, 32)"}),
    ("multi_scale_stack", "all_too_big", "stack_empty", {"scales": "(32, 64)"}),
    ("ensemble_heads_stack", "ok", "clean", {"outs": "(3, 3, 3)"}),
    ("ensemble_heads_stack", "ok_single", "clean", {"outs": "(3,)"}),
    ("ensemble_heads_stack", "one_wider", "stack_shapes", {"outs": "(3, 3, 4)"}),
    ("chunked_heads", "ok", "clean", {"parts": 3}),
    ("chunked_heads", "ok_uneven", "clean", {"parts": 5}),
    ("chunked_heads", "ok_indices", "clean", {"parts": "[8, 16]"}),
    ("chunked_heads", "zero_parts", "tensor_split_zero", {"parts": 0}),
    ("chunked_heads", "negative_parts", "tensor_split_zero", {"parts": -1}),
    ("qkv_split_sizes", "ok", "clean", {"sizes": "[self.cfg.d, self.cfg.kv, self.cfg.kv]"}),
    ("qkv_split_sizes", "ok_tuple", "clean", {"sizes": "(32, 16, 16)"}),
    ("qkv_split_sizes", "two_sizes", "split_sizes", {"sizes": "[self.cfg.d, self.cfg.kv]"}),
    (
        "qkv_split_sizes",
        "kv_as_d",
        "split_sizes",
        {"sizes": "[self.cfg.d, self.cfg.d, self.cfg.kv]"},
    ),
    ("cond_broadcast_repeat", "ok", "clean", {"rep": "c.unsqueeze(1)"}),
    ("cond_broadcast_repeat", "ok_repeat", "clean", {"rep": "c[:, None].repeat(1, 4, 1)"}),
    ("cond_broadcast_repeat", "ok_expand", "clean", {"rep": "c[:, None].expand(-1, 4, -1)"}),
    ("cond_broadcast_repeat", "repeat_one_arg", "repeat_dims", {"rep": "c.repeat(4)"}),
    (
        "cond_broadcast_repeat",
        "expand_batch",
        "expand_size",
        {"rep": "c[:, None].expand(4, -1, -1)"},
    ),
    ("cond_broadcast_repeat", "repeat_flat", "broadcast_add", {"rep": "c.repeat(1, 4)"}),
    # reductions and math
    ("log_partition", "ok", "clean", {"lse": "torch.logsumexp(e, -1, keepdim=True)"}),
    ("log_partition", "ok_all", "clean", {"lse": "e.logsumexp(dim=(0, 1))"}),
    ("log_partition", "no_dim", "logsumexp_no_dim", {"lse": "torch.logsumexp(e)"}),
    ("log_partition", "method_no_dim", "logsumexp_no_dim", {"lse": "e.logsumexp()"}),
    ("log_partition", "no_keepdim", "broadcast_add", {"lse": "e.logsumexp(-1)"}),
    ("velocity_features", "ok", "clean", {"order": 1}),
    ("velocity_features", "ok_accel", "clean", {"order": 2}),
    ("velocity_features", "order_minus_one", "diff_order_negative", {"order": -1}),
    ("joint_softmax_map", "ok", "clean", {"sm": "h.flatten(2).softmax(-1)"}),
    ("joint_softmax_map", "ok_kw", "clean", {"sm": "F.softmax(h.flatten(2), dim=-1)"}),
    ("joint_softmax_map", "tuple_dim", "softmax_tuple_dim", {"sm": "F.softmax(h, dim=(2, 3))"}),
    ("joint_softmax_map", "method_no_dim", "softmax_no_dim", {"sm": "h.softmax()"}),
    ("whitening_layer", "ok", "clean", {"cov": "h.T @ h / h.shape[0] + 1e-3 * torch.eye(4)"}),
    ("whitening_layer", "ok_no_eps", "clean", {"cov": "h.T @ h"}),
    ("whitening_layer", "ones_cov", "inv_singular", {"cov": "torch.ones(4, 4)"}),
    ("whitening_layer", "zero_cov", "inv_singular", {"cov": "torch.zeros(4, 4)"}),
    ("whitening_layer", "three_cols", "matmul", {"cov": "h[:, :3].T @ h[:, :3]"}),
    ("functional_linear_head", "ok", "clean", {"w": "self.w.T"}),
    ("functional_linear_head", "ok_contiguous", "clean", {"w": "self.w.t().contiguous()"}),
    ("functional_linear_head", "in_out_weight", "functional_linear_weight", {"w": "self.w"}),
    # losses
    ("weighted_bce_logits", "ok", "clean", {"wshape": 6}),
    ("weighted_bce_logits", "ok_full", "clean", {"wshape": "4, 6"}),
    ("weighted_bce_logits", "ok_row", "clean", {"wshape": "1, 6"}),
    ("weighted_bce_logits", "per_sample", "bce_weight_shape", {"wshape": 4}),
    ("weighted_bce_logits", "transposed", "bce_weight_shape", {"wshape": "6, 4"}),
    ("ranking_pairs", "ok", "clean", {"b": "s[3:]"}),
    ("ranking_pairs", "ok_flip", "clean", {"b": "s[3:].flip(0)"}),
    ("ranking_pairs", "off_by_one", "margin_ranking_shape", {"b": "s[2:]"}),
    ("siamese_cosine_loss", "ok", "clean", {"target": "torch.ones(4)"}),
    ("siamese_cosine_loss", "ok_negative", "clean", {"target": "-torch.ones(4)"}),
    (
        "siamese_cosine_loss",
        "column_target",
        "cosine_embedding_target",
        {"target": "torch.ones(4, 1)"},
    ),
    (
        "siamese_cosine_loss",
        "feature_target",
        "cosine_embedding_target",
        {"target": "torch.ones(6)"},
    ),
    # norms
    ("layernorm_image_cfg", "ok", "clean", {"shape": "[6, 5, 5]"}),
    ("layernorm_image_cfg", "ok_spatial", "clean", {"shape": "(5, 5)"}),
    ("layernorm_image_cfg", "ok_width", "clean", {"shape": 5}),
    ("layernorm_image_cfg", "channels", "norm_shape", {"shape": 6}),
    ("layernorm_image_cfg", "channels_height", "norm_shape", {"shape": "(6, 5)"}),
]

# clean variants that look risky (legal casts, broadcasting masks and weights, shapes that only
# just fit, unbatched inputs torch accepts): they measure false blockers
RISKY_CLEAN = (
    "bag_of_ids_projection__ok_to",
    "logit_argmax_loss__ok_double",
    "quantized_bn_features__ok_half_roundtrip",
    "token_embed_float__ok_int32",
    "double_input_gru__ok_roundtrip",
    "int_histogram_feats__ok_double",
    "bce_hard_labels__ok_soft",
    "topk_gather_features__ok_fewer_rows",
    "vocab_offset_embed__ok_exact",
    "pad_mask_scores__ok_query_side",
    "flat_signal_conv1d__ok_transposed",
    "dilated_stack_cfg__ok_pair",
    "audio_conv_channels__ok_short",
    "video_pool3d__ok_unbatched_4d",
    "convT_decoder_cfg__ok_s3",
    "im2col_local_attn__ok_padded_big",
    "shrinking_pool_pyramid__ok_min",
    "same_pad_helper__ok_causal",
    "overlap_add_fold__ok_floor",
    "multi_scale_stack__ok_one_left",
    "chunked_heads__ok_uneven",
    "cond_broadcast_repeat__ok_expand",
    "log_partition__ok_all",
    "whitening_layer__ok_no_eps",
    "weighted_bce_logits__ok_row",
    "layernorm_image_cfg__ok_width",
    "label_scatter_onehot__ok_int32_labels",
    "topk_gather_features__ok_int32_index",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "flat_signal_conv1d",
    "patch_grid_conv2d",
    "dilated_stack_cfg",
    "audio_conv_channels",
    "convT_decoder_cfg",
    "shrinking_pool_pyramid",
    "sdpa_pad_mask_block",
    "ensemble_heads_stack",
    "siamese_cosine_loss",
)
