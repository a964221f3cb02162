"""An eighth fresh batch of crash cases (session 19, split ``fresh8``), written blind: the analyzer
was never run on them while they were written, and the forward-shape rules' source was not read.
The styles are forward crashes of calls the earlier sets never used, in model families they had
little of (Siamese and metric-learning towers, autoencoders with a reconstruction loss, CTC speech
recognisers, captioning cross attention, seq2seq decoders, GQA attention through
``scaled_dot_product_attention``, state-space filters, normalising flows, point-cloud regularisers,
feature whitening, rotation-equivariant and test-time-augmented CNNs, fractional pooling, robust
quantile clipping, lazily built embeddings): ``F.pairwise_distance`` across widths, a
reconstruction ``F.mse_loss`` of another size, ``F.nll_loss`` targets past the class count, a
class-weight vector of another length, CTC input lengths of the pre-subsampling length,
``nn.MultiheadAttention`` ``kdim`` / ``vdim`` of another width, a decoder memory of the encoder's
width, SDPA with fewer key heads than query heads, ``torch.dot`` / ``torch.mv`` / ``torch.trace``
/ ``F.pdist`` / ``torch.cov`` / ``linalg.matrix_norm`` / ``.mT`` on tensors of the wrong rank,
``torch.diagonal`` of one dim twice, ``movedim`` with source and destination of other lengths,
circular padding wider than the map, ``pad_packed_sequence`` with a ``total_length`` below the
longest sequence, more indices than dims, batch statistics of one
value, a fractional pool larger than its input, quantiles outside [0, 1], ``rot90`` with one
dim, reductions / flips over a repeated dim, calls missing a required argument, a ``view`` with
two inferred sizes, an embedding's ``padding_idx`` past its table; and familiar classes in new
models. Same format as ``templates.py``; every case name starts ``f8_``. Whether a case crashes is
torch's verdict (``build_truth.py``), not the defect label's. Init-time crashes are cases only
where users meet them in forward (a module built lazily on the first call): ``build_truth.py``
drops a model that cannot be built.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("siamese_pairwise", "(4, 1, 16, 16)")(
    """
class Tower(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4), nn.Flatten(),
        )

    def forward(self, x):
        return self.body(x)


class Net(nn.Module):
    def __init__(self, ch=8, d_a=32, d_b={d_b}):
        super().__init__()
        self.tower = Tower(ch)
        self.head_a = nn.Linear(2 * ch * 16, d_a)
        self.head_b = nn.Linear(2 * ch * 16, d_b)

    def forward(self, x):
        half = x.shape[0] // 2
        a = self.head_a(self.tower(x[:half]))
        b = self.head_b(self.tower(x[half:]))
        return F.pairwise_distance(a, b)
"""
)

template("denoise_ae_mse", "(2, 1, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, op={op}):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(32, 16, 3, stride=2, padding=1, output_padding=op), nn.ReLU(),
            nn.ConvTranspose2d(16, 1, 3, stride=2, padding=1, output_padding=op), nn.Sigmoid(),
        )

    def forward(self, x):
        noisy = x + 0.1 * torch.randn_like(x)
        recon = self.dec(self.enc(noisy))
        return recon, F.mse_loss(recon, x)
"""
)

template("text_classifier_nll", "(4, 12)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=50, d=32, n_out={n_out}, step={step}):
        super().__init__()
        self.step = step
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.GRU(d, d, batch_first=True, bidirectional=True)
        self.drop = nn.Dropout(0.1)
        self.fc = nn.Linear(2 * d, n_out)

    def forward(self, ids):
        out, _ = self.rnn(self.emb(ids))
        logp = F.log_softmax(self.fc(self.drop(out.max(1).values)), dim=-1)
        labels = torch.arange(ids.shape[0]) * self.step
        return logp, F.nll_loss(logp, labels)
"""
)

template("weighted_seg_ce", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_cls={n_cls}, n_w={n_w}):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.mid = nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.ReLU())
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.cls = nn.Conv2d(16, n_cls, 1)
        self.crit = nn.CrossEntropyLoss(weight=torch.ones(n_w))

    def forward(self, x):
        logits = self.cls(self.up(self.mid(self.enc(x))))
        target = torch.zeros(x.shape[0], x.shape[2], x.shape[3], dtype=torch.long)
        return logits, self.crit(logits, target)
"""
)

template("ctc_asr", "(2, 40, 40)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=40, d=32, vocab=12, tgt_len=5):
        super().__init__()
        self.tgt_len = tgt_len
        self.sub = nn.Sequential(nn.Conv1d(n_mels, d, 3, stride=2, padding=1), nn.GELU())
        self.rnn = nn.LSTM(d, d, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * d, vocab)

    def forward(self, mel):
        B, _, T = mel.shape
        h, _ = self.rnn(self.sub(mel).transpose(1, 2))
        logp = self.out(h).log_softmax(-1).transpose(0, 1)
        targets = torch.ones(B, self.tgt_len, dtype=torch.long)
        in_len = torch.full((B,), {in_len}, dtype=torch.long)
        tgt_len = torch.full((B,), {tl}, dtype=torch.long)
        return F.ctc_loss(logp, targets, in_len, tgt_len)
"""
)

template("caption_cross_attn_kdim", "(2, 10)", kind="tokens")(
    """
class ImageEncoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 4, stride=4)
        self.norm = nn.LayerNorm(width)

    def forward(self, img):
        return self.norm(self.stem(img).flatten(2).transpose(1, 2))


class Net(nn.Module):
    def __init__(self, vocab=40, d=32, img_d={img_d}, kdim={kdim}):
        super().__init__()
        self.img = ImageEncoder(img_d)
        self.emb = nn.Embedding(vocab, d)
        self.cross = nn.MultiheadAttention(d, 4, kdim=kdim, vdim=kdim, batch_first=True)
        self.ln = nn.LayerNorm(d)
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids):
        feats = self.img(torch.ones(ids.shape[0], 3, 16, 16))
        x = self.emb(ids)
        x = self.ln(x + self.cross(x, feats, feats, need_weights=False)[0])
        return self.lm(x)
"""
)

template("seq2seq_decoder_memory", "(2, 12)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d_enc={d_enc}, d_dec=32):
        super().__init__()
        self.src_emb = nn.Embedding(vocab, d_enc)
        self.tgt_emb = nn.Embedding(vocab, d_dec)
        self.enc = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(d_enc, 4, 2 * d_enc, batch_first=True), 1
        )
        self.bridge = nn.Linear(d_enc, d_dec)
        self.dec = nn.TransformerDecoder(
            nn.TransformerDecoderLayer(d_dec, 4, 2 * d_dec, batch_first=True), 1
        )
        self.out = nn.Linear(d_dec, vocab)

    def forward(self, ids):
        mem = self.enc(self.src_emb(ids))
        mem = {bridge}
        y = self.dec(self.tgt_emb(ids[:, :6]), mem)
        return self.out(y)
"""
)

template("llama_gqa_sdpa", "(2, 16)", kind="tokens")(
    """
class Attention(nn.Module):
    def __init__(self, d, n_heads, n_kv):
        super().__init__()
        self.h, self.kv, self.hd = n_heads, n_kv, d // n_heads
        self.q = nn.Linear(d, n_heads * self.hd, bias=False)
        self.k = nn.Linear(d, n_kv * self.hd, bias=False)
        self.v = nn.Linear(d, n_kv * self.hd, bias=False)
        self.o = nn.Linear(n_heads * self.hd, d, bias=False)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q(x).view(B, T, self.h, self.hd).transpose(1, 2)
        k = self.k(x).view(B, T, self.kv, self.hd).transpose(1, 2)
        v = self.v(x).view(B, T, self.kv, self.hd).transpose(1, 2)
        n_rep = self.h // self.kv
        {expand}
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True{gqa})
        return self.o(y.transpose(1, 2).reshape(B, T, -1))


class Net(nn.Module):
    def __init__(self, vocab=64, d=64, n_heads=8, n_kv={n_kv}, layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([Attention(d, n_heads, n_kv) for _ in range(layers)])
        self.norms = nn.ModuleList([nn.RMSNorm(d) for _ in range(layers)])
        self.head = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for attn, norm in zip(self.layers, self.norms):
            x = x + attn(norm(x))
        return self.head(x)
"""
)

template("dot_attention_pool", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_cls=5):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.LayerNorm(d))
        self.q = nn.Parameter(torch.randn(d))
        self.cls = nn.Linear(d, n_cls)

    def forward(self, x):
        h = self.enc(x)
        scores = {score}
        w = scores.softmax(-1)
        pooled = (w[..., None] * h).sum(1)
        return self.cls(pooled)
"""
)

template("kalman_mv", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, n=6, m=3, steps=4):
        super().__init__()
        self.steps = steps
        self.A = nn.Parameter(torch.eye(n) + 0.01 * torch.randn(n, n))
        self.obs = nn.Linear(n, m)
        self.gain = nn.Linear(m, n, bias=False)
        self.act = nn.Tanh()

    def forward(self, x):
        outs = []
        for _ in range(self.steps):
            pred = {step}
            y = self.obs(pred)
            x = pred + self.act(self.gain(y))
            outs.append(y)
        return torch.stack(outs, 1)
"""
)

template("flow_logdet", "(2, 8)")(
    """
class Coupling(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d // 2, 32), nn.ReLU(), nn.Linear(32, d))

    def forward(self, x):
        a, b = x.chunk(2, -1)
        s, t = self.net(a).chunk(2, -1)
        s = torch.tanh(s)
        return torch.cat([a, b * s.exp() + t], -1), s.sum(-1)


class Net(nn.Module):
    def __init__(self, d=8, n_flows=3):
        super().__init__()
        self.W = nn.Parameter(torch.eye(d))
        self.flows = nn.ModuleList([Coupling(d) for _ in range(n_flows)])

    def forward(self, x):
        B, D = x.shape
        J = self.W.expand(B, D, D)
        x = torch.einsum("bij,bj->bi", J, x)
        logdet = {logdet}
        for f in self.flows:
            x, ld = f(x)
            logdet = logdet + ld
        return x, logdet
"""
)

template("point_cloud_pdist", "(2, 64, 3)")(
    """
class Net(nn.Module):
    def __init__(self, n_pts=64, d=64):
        super().__init__()
        self.n_pts = n_pts
        self.enc = nn.Sequential(
            nn.Conv1d(3, 32, 1), nn.BatchNorm1d(32), nn.ReLU(), nn.Conv1d(32, d, 1), nn.ReLU()
        )
        self.dec = nn.Sequential(nn.Linear(d, 128), nn.ReLU(), nn.Linear(128, n_pts * 3))

    def forward(self, pts):
        B = pts.shape[0]
        code = self.enc(pts.transpose(1, 2)).max(-1).values
        p = self.dec(code).view(B, self.n_pts, 3)
        dist = {dist}
        repulsion = torch.relu(0.05 - dist).mean()
        return p, repulsion
"""
)

template("whitening_cov", "(4, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, d=32):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(c, d, 3, padding=1), nn.BatchNorm2d(d), nn.ReLU())
        self.proj = nn.Conv2d(d, d, 1)

    def forward(self, x):
        f = self.proj(self.conv(x))
        B, C, H, W = f.shape
        f = f.flatten(2)
        cov = {cov}
        off = cov - torch.diag_embed(torch.diagonal(cov, dim1=-2, dim2=-1))
        return f, off.pow(2).sum()
"""
)

template("vit_movedim", "(2, 3, 32, 32)")(
    """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        y = self.ln1(x)
        x = x + self.attn(y, y, y, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self, d=32, patch=8, depth=2):
        super().__init__()
        self.patch = nn.Conv2d(3, d, patch, stride=patch)
        self.blocks = nn.Sequential(*[Block(d) for _ in range(depth)])
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        x = self.patch(x)
        x = torch.movedim(x, {src}, {dst}).flatten(1, 2)
        return self.head(self.blocks(x).mean(1))
"""
)

template("texture_circular_pad", "(1, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.down = nn.Sequential(
            nn.Conv2d(3, ch, 4, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 4, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 4, stride=2, padding=1), nn.ReLU(),
        )
        self.mix = nn.Conv2d(ch, ch, 5, padding=2, padding_mode="circular")
        self.up = nn.Upsample(scale_factor=8, mode="nearest")
        self.out = nn.Conv2d(ch, 3, 3, padding=1, padding_mode="circular")

    def forward(self, x):
        return self.out(self.up(torch.relu(self.mix(self.down(x)))))
"""
)

template("lstm_packed_total_length", "(3, 10)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, d=16, total={total}):
        super().__init__()
        self.total = total
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.LSTM(d, d, batch_first=True)
        self.out = nn.Linear(d, 4)

    def forward(self, ids):
        lengths = torch.tensor([10, 7, 4])
        packed = nn.utils.rnn.pack_padded_sequence(self.emb(ids), lengths, batch_first=True)
        out, _ = self.rnn(packed)
        out, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True, total_length=self.total)
        return self.out(out.mean(1))
"""
)

template("detr_box_head", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_queries=6, n_cls=4):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, d, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(d, d, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.queries = nn.Parameter(torch.randn(n_queries, d))
        self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(d, 4, 64, batch_first=True), 1)
        self.cls = nn.Linear(d, n_cls + 1)
        self.box = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))

    def forward(self, x):
        mem = self.backbone(x).flatten(2).transpose(1, 2)
        q = self.queries.unsqueeze(0).expand(x.shape[0], -1, -1)
        h = self.dec(q, mem)
        boxes = self.box(h).sigmoid()
        centers = {centers}
        return self.cls(h), boxes, centers
"""
)

template("tabular_feature_tokenizer", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_feat=16, d=24, n_cls=3):
        super().__init__()
        self.w = nn.Parameter(torch.randn(n_feat, d))
        self.b = nn.Parameter(torch.zeros(n_feat, d))
        self.cls_tok = nn.Parameter(torch.zeros(1, 1, d))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 48, batch_first=True), 1)
        self.head = nn.Sequential(nn.LayerNorm(d), nn.ReLU(), nn.Linear(d, n_cls))

    def forward(self, x):
        tok = x[..., None] * self.w + self.b
        tok = torch.cat([self.cls_tok.expand(x.shape[0], -1, -1), tok], 1)
        logits = self.head(self.enc(tok)[:, 0])
        first = {first}
        return logits, first
"""
)

template("simclr_bn_proj", "({b}, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, p=16, trs={trs}):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, d, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.proj = nn.Sequential(
            nn.Linear(d, d), nn.BatchNorm1d(d, track_running_stats=trs), nn.ReLU(), nn.Linear(d, p)
        )

    def forward(self, x):
        return F.normalize(self.proj(self.backbone(x)), dim=-1)
"""
)

template("fractional_pool_net", "(2, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, n_cls=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, ch, 3, padding=1)
        self.pool = nn.FractionalMaxPool2d(2, output_size=(8, 8))
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.fc = nn.Linear(2 * ch * 64, n_cls)

    def forward(self, x):
        x = self.pool(F.leaky_relu(self.conv1(x)))
        x = F.leaky_relu(self.conv2(x))
        return self.fc(x.flatten(1))
"""
)

template("quantile_clip_norm", "(2, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, q={q}):
        super().__init__()
        self.q = q
        self.inp = nn.Linear(d, d)
        self.ffn = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        h = self.inp(x)
        bound = torch.quantile(h.abs(), self.q, dim=-1, keepdim=True)
        h = torch.maximum(torch.minimum(h, bound), -bound)
        return h + self.ffn(h)
"""
)

template("equivariant_rot90", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, n_cls=10):
        super().__init__()
        self.cnn = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.fc = nn.Linear(ch, n_cls)

    def forward(self, x):
        feats = [self.cnn(torch.rot90(x, k, {dims})) for k in range(4)]
        return self.fc(torch.stack(feats, 0).mean(0))
"""
)

template("tta_flip_seg", "(2, 1, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, 2, 1),
        )

    def forward(self, x):
        y = self.body(x)
        y_flip = self.body(x.flip(dims=({dims},))).flip(dims=({dims},))
        return (y + y_flip) / 2
"""
)

template("gem_pool_retrieval", "(2, 3, 32, 32)")(
    """
class GeM(nn.Module):
    def __init__(self, p=3.0):
        super().__init__()
        self.p = nn.Parameter(torch.ones(1) * p)

    def forward(self, x):
        return x.clamp(min=1e-6).pow(self.p).mean(dim={dims}).pow(1.0 / self.p)


class Net(nn.Module):
    def __init__(self, ch=32, d=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, ch, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.pool = GeM()
        self.whiten = nn.Linear(ch, d)

    def forward(self, x):
        return F.normalize(self.whiten(self.pool(self.body(x))), dim=-1)
"""
)

template("orthogonal_reg_mlp", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, h=32):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.fc2 = nn.Linear(h, h)
        self.gamma = nn.Parameter(torch.ones(h))
        self.out = nn.Linear(h, 1)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = torch.relu(self.fc2(h)) * self.gamma
        reg = torch.linalg.matrix_norm({reg_on})
        return self.out(h), reg
"""
)

template("roberta_position_ids", "(2, 16)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=40, d=32, max_pos=40, pad=1):
        super().__init__()
        self.pad = pad
        self.tok = nn.Embedding(vocab, d, padding_idx=pad)
        self.pos = nn.Embedding(max_pos, d, padding_idx=pad)
        self.ln = nn.LayerNorm(d)
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 2)

    def forward(self, ids):
        mask = ids.ne(self.pad).long()
        pos = ({cumsum}).type_as(mask) * mask + self.pad
        x = self.ln(self.tok(ids) + self.pos(pos))
        return self.enc(x)
"""
)

template("gpt_attn_transpose", "(2, 12)", kind="tokens")(
    """
import math

class CausalSelfAttention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.h, C // self.h).transpose(1, 2)
        k = k.view(B, T, self.h, C // self.h).transpose(1, 2)
        v = v.view(B, T, self.h, C // self.h).transpose(1, 2)
        att = (q @ {kt}) * (1.0 / math.sqrt(k.size(-1)))
        mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
        att = att.masked_fill(~mask, float("-inf")).softmax(-1)
        return self.c_proj((att @ v).transpose(1, 2).contiguous().view(B, T, C))


class Net(nn.Module):
    def __init__(self, vocab=50, d=32, h=4, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(16, d)
        self.attn = nn.ModuleList([CausalSelfAttention(d, h) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1]))
        for a in self.attn:
            x = x + a(x)
        return self.lm_head(self.ln_f(x))
"""
)

template("mixer_unfold_patches", "(2, 3, 32, 32)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, n_tok, d):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.tok = nn.Sequential(nn.Linear(n_tok, 2 * n_tok), nn.GELU(), nn.Linear(2 * n_tok, n_tok))
        self.ln2 = nn.LayerNorm(d)
        self.ch = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        x = x + self.tok(self.ln1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.ch(self.ln2(x))


class Net(nn.Module):
    def __init__(self, p=8, d=32, img=32):
        super().__init__()
        self.p = p
        n_tok = (img // p) ** 2
        self.embed = nn.Linear(3 * p * p, d)
        self.blocks = nn.Sequential(MixerBlock(n_tok, d), MixerBlock(n_tok, d))
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        B, C = x.shape[:2]
        cols = F.unfold(x, self.p, stride=self.p)
        tokens = cols.transpose(1, 2).reshape({shape})
        return self.head(self.blocks(self.embed(tokens)).mean(1))
"""
)

template("bilinear_score_mt", "(2, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_items=20):
        super().__init__()
        self.user = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))
        self.items = nn.Embedding(n_items, d)
        self.W = nn.Parameter(torch.eye(d))
        self.w = nn.Parameter(torch.ones(d))

    def forward(self, x):
        u = self.user(x)
        m = {m}
        return (u @ m) @ self.items.weight.T
"""
)

template("lazy_embedding_padding", "(2, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=32, d=16, pad={pad}):
        super().__init__()
        self.vocab, self.d, self.pad = vocab, d, pad
        self.emb = None
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, ids):
        if self.emb is None:
            self.emb = nn.Embedding(self.vocab, self.d, padding_idx=self.pad)
        h, _ = self.rnn(self.emb(ids))
        return self.out(h)
"""
)

template("unet_two_level", "(1, 1, {h}, {h})")(
    """
def block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU()
    )


class Net(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.e1, self.e2, self.mid = block(1, c), block(c, 2 * c), block(2 * c, 4 * c)
        self.pool = nn.MaxPool2d(2)
        self.u2 = nn.ConvTranspose2d(4 * c, 2 * c, 2, stride=2)
        self.d2 = block(4 * c, 2 * c)
        self.u1 = nn.ConvTranspose2d(2 * c, c, 2, stride=2)
        self.d1 = block(2 * c, c)
        self.out = nn.Conv2d(c, 1, 1)

    def forward(self, x):
        s1 = self.e1(x)
        s2 = self.e2(self.pool(s1))
        m = self.mid(self.pool(s2))
        y = self.d2(torch.cat([self.u2(m), s2], 1))
        y = self.d1(torch.cat([self.u1(y), s1], 1))
        return self.out(y)
"""
)

template("mobilevit_unfold", "(2, 16, {h}, {h})")(
    """
class MobileViTBlock(nn.Module):
    def __init__(self, c, d, p):
        super().__init__()
        self.p = p
        self.local = nn.Conv2d(c, d, 3, padding=1)
        self.attn = nn.TransformerEncoderLayer(d, 4, 2 * d, batch_first=True)
        self.fuse = nn.Conv2d(d + c, c, 3, padding=1)

    def forward(self, x):
        B, _, H, W = x.shape
        y = self.local(x)
        D, p = y.shape[1], self.p
        t = y.reshape(B, D, H // p, p, W // p, p).permute(0, 3, 5, 2, 4, 1)
        t = t.reshape(B * p * p, (H // p) * (W // p), D)
        t = self.attn(t).reshape(B, p, p, H // p, W // p, D).permute(0, 5, 3, 1, 4, 2)
        return self.fuse(torch.cat([x, t.reshape(B, D, H, W)], 1))


class Net(nn.Module):
    def __init__(self, c=16, d=32, p={p}):
        super().__init__()
        self.block = MobileViTBlock(c, d, p)
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, 10))

    def forward(self, x):
        return self.head(self.block(x))
"""
)

template("wavenet_residual", "(2, 1, 64)")(
    """
class ResLayer(nn.Module):
    def __init__(self, ch, k, d):
        super().__init__()
        self.pad = {pad}
        self.filt = nn.Conv1d(ch, ch, k, dilation=d, padding=self.pad)
        self.gate = nn.Conv1d(ch, ch, k, dilation=d, padding=self.pad)
        self.res = nn.Conv1d(ch, ch, 1)

    def forward(self, x):
        f = torch.tanh(self.filt(x)[..., : x.shape[-1]])
        g = torch.sigmoid(self.gate(x)[..., : x.shape[-1]])
        return x + self.res(f * g)


class Net(nn.Module):
    def __init__(self, ch=16, k=3):
        super().__init__()
        self.inp = nn.Conv1d(1, ch, 1)
        self.layers = nn.Sequential(*[ResLayer(ch, k, 2**i) for i in range(4)])
        self.out = nn.Conv1d(ch, 256, 1)

    def forward(self, x):
        return self.out(torch.relu(self.layers(self.inp(x))))
"""
)

template("gat_layer", "(6, 16)")(
    """
class GATLayer(nn.Module):
    def __init__(self, fin, fout, fa):
        super().__init__()
        self.W = nn.Linear(fin, fout, bias=False)
        self.a = nn.Parameter(torch.randn(2 * fa, 1))
        self.fout = fout

    def forward(self, x, adj):
        h = self.W(x)
        e1 = h @ self.a[: self.fout]
        e2 = h @ self.a[self.fout :]
        e = F.leaky_relu(e1 + e2.T, 0.2)
        e = e.masked_fill(adj == 0, float("-inf"))
        return F.elu(e.softmax(-1) @ h)


class Net(nn.Module):
    def __init__(self, fin=16, hid=8, n_cls=3, fa={fa}):
        super().__init__()
        self.l1 = GATLayer(fin, hid, fa)
        self.l2 = GATLayer(hid, n_cls, n_cls)

    def forward(self, x):
        n = x.shape[0]
        adj = torch.eye(n) + torch.diag(torch.ones(n - 1), 1) + torch.diag(torch.ones(n - 1), -1)
        return self.l2(self.l1(x, adj), adj)
"""
)

template("moe_topk_gather", "(2, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_exp=4, k=2):
        super().__init__()
        self.k = k
        self.router = nn.Linear(d, n_exp, bias=False)
        self.experts = nn.ModuleList(
            [nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d)) for _ in range(n_exp)]
        )

    def forward(self, x):
        B, T, D = x.shape
        flat = x.reshape(-1, D)
        w, idx = self.router(flat).softmax(-1).topk(self.k, dim=-1)
        outs = torch.stack([e(flat) for e in self.experts], 1)
        picked = torch.gather(outs, 1, {index})
        y = (picked * w[..., None]).sum(1)
        return x + y.view(B, T, -1)
"""
)

template("ddpm_resblock_gn", "(2, {c}, 16, 16)")(
    """
import math

class ResBlock(nn.Module):
    def __init__(self, c, t_dim, groups):
        super().__init__()
        self.groups = groups
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.t = nn.Linear(t_dim, c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x, temb):
        h = self.conv1(F.silu(F.group_norm(x, self.groups)))
        h = h + self.t(temb)[:, :, None, None]
        h = self.conv2(F.silu(F.group_norm(h, self.groups)))
        return x + h


class Net(nn.Module):
    def __init__(self, c={c}, t_dim=16, groups={g}):
        super().__init__()
        self.t_dim = t_dim
        self.t_mlp = nn.Sequential(nn.Linear(t_dim, t_dim), nn.SiLU())
        self.blocks = nn.ModuleList([ResBlock(c, t_dim, groups) for _ in range(2)])

    def forward(self, x):
        half = self.t_dim // 2
        t = torch.full((x.shape[0],), 10.0)
        freqs = torch.exp(-math.log(10000.0) * torch.arange(half) / half)
        temb = self.t_mlp(torch.cat([(t[:, None] * freqs).sin(), (t[:, None] * freqs).cos()], -1))
        for b in self.blocks:
            x = b(x, temb)
        return x
"""
)

template("subpixel_upsampler", "(1, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, r={r}, s={s}):
        super().__init__()
        self.s = s
        self.feat = nn.Sequential(
            nn.Conv2d(3, 32, 5, padding=2), nn.Tanh(), nn.Conv2d(32, 16, 3, padding=1), nn.Tanh()
        )
        self.to_sub = nn.Conv2d(16, 3 * r * r, 3, padding=1)

    def forward(self, x):
        return torch.sigmoid(F.pixel_shuffle(self.to_sub(self.feat(x)), self.s))
"""
)

template("rope_partial_attn", "(2, 16)", kind="tokens")(
    """
def rotate_half(x):
    x1, x2 = x.chunk(2, -1)
    return torch.cat((-x2, x1), -1)


class Attn(nn.Module):
    def __init__(self, d, h, rot, partial):
        super().__init__()
        self.h, self.hd, self.rot, self.partial = h, d // h, rot, partial
        self.qkv = nn.Linear(d, 3 * d, bias=False)
        self.o = nn.Linear(d, d, bias=False)

    def rope(self, t, cos, sin):
        if self.partial:
            tr, tp = t[..., : self.rot], t[..., self.rot :]
            return torch.cat([tr * cos + rotate_half(tr) * sin, tp], -1)
        return t * cos + rotate_half(t) * sin

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        inv = 1.0 / (10000 ** (torch.arange(0, self.rot, 2).float() / self.rot))
        freqs = torch.outer(torch.arange(T).float(), inv)
        emb = torch.cat([freqs, freqs], -1)
        q, k = self.rope(q, emb.cos(), emb.sin()), self.rope(k, emb.cos(), emb.sin())
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self, vocab=48, d=64, h=4, rot={rot}, partial={partial}):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList([Attn(d, h, rot, partial) for _ in range(2)])
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab)

    def forward(self, ids):
        x = self.emb(ids)
        for b in self.blocks:
            x = x + b(self.norm(x))
        return self.head(self.norm(x))
"""
)

template("einops_space_to_depth", "(2, 3, {h}, {h})")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, p=4, d=32):
        super().__init__()
        self.p = p
        self.stem = nn.Conv2d(3 * p * p, d, 3, padding=1)
        self.body = nn.Sequential(nn.BatchNorm2d(d), nn.ReLU(), nn.Conv2d(d, d, 3, padding=1))
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(d, 10))

    def forward(self, x):
        x = rearrange(x, "b c (h p1) (w p2) -> b (p1 p2 c) h w", p1=self.p, p2=self.p)
        return self.head(self.body(self.stem(x)))
"""
)

template("rgb_gray_fusion", "(2, 3, 32, 32)")(
    """
def stream(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
    )


class Net(nn.Module):
    def __init__(self, g={g}):
        super().__init__()
        self.rgb = stream(3, 32)
        self.gray = stream(1, g)
        self.fc = nn.Linear(32 + 16, 10)

    def forward(self, x):
        gray = (0.299 * x[:, 0] + 0.587 * x[:, 1] + 0.114 * x[:, 2]).unsqueeze(1)
        return self.fc(torch.cat([self.rgb(x), self.gray(gray)], 1))
"""
)

template("ssd_conf_head", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_cls=5, n_anchor=3, cv={cv}):
        super().__init__()
        self.cv = cv
        self.s1 = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
                                nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU())
        self.s2 = nn.Sequential(nn.Conv2d(32, 32, 3, stride=2, padding=1), nn.ReLU())
        self.conf = nn.ModuleList([nn.Conv2d(32, n_anchor * n_cls, 3, padding=1) for _ in range(2)])
        self.loc = nn.ModuleList([nn.Conv2d(32, n_anchor * 4, 3, padding=1) for _ in range(2)])

    def forward(self, x):
        f1 = self.s1(x)
        f2 = self.s2(f1)
        B = x.shape[0]
        conf, loc = [], []
        for f, c, l in zip((f1, f2), self.conf, self.loc):
            conf.append(c(f).permute(0, 2, 3, 1).reshape(B, -1, self.cv))
            loc.append(l(f).permute(0, 2, 3, 1).reshape(B, -1, 4))
        return torch.cat(conf, 1), torch.cat(loc, 1)
"""
)

template("conformer_conv_module", "(2, {t}, 32)")(
    """
class ConvModule(nn.Module):
    def __init__(self, d, k=7):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d(d, d, k, padding=k // 2, groups=d)
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1)

    def forward(self, x):
        y = self.ln(x)
        y = {tr}
        y = F.glu(self.pw1(y), dim=1)
        y = self.pw2(F.silu(self.bn(self.dw(y))))
        return x + y.transpose(1, 2)


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

template("tcn_pool_stack", "(2, 1, {t})")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, n_cls=6):
        super().__init__()
        layers, c = [], 1
        for _ in range(4):
            layers += [nn.Conv1d(c, ch, 3, padding=1), nn.BatchNorm1d(ch), nn.ReLU(), nn.MaxPool1d(4)]
            c = ch
        self.features = nn.Sequential(*layers)
        self.head = nn.Sequential(nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(ch, n_cls))

    def forward(self, wav):
        return self.head(self.features(wav))
"""
)

template("mixer_token_layernorm", "(2, {t}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_tok={t}, d=32):
        super().__init__()
        self.norm_tok = nn.LayerNorm(d)
        self.tok_mlp = nn.Sequential(nn.Linear(n_tok, 2 * n_tok), nn.GELU(), nn.Linear(2 * n_tok, n_tok))
        self.norm_ch = nn.LayerNorm(d)
        self.ch_mlp = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        y = {norm}
        x = x + self.tok_mlp(y).transpose(1, 2)
        return x + self.ch_mlp(self.norm_ch(x))
"""
)

template("bert_segment_embeddings", "(2, 8)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=32, max_pos=8, n_seg=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_pos, d)
        self.seg = nn.Embedding(n_seg, d)
        self.ln = nn.LayerNorm(d)
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 1)

    def forward(self, ids):
        T = ids.shape[1]
        pos_ids = {pos}
        seg_ids = {seg}
        x = self.tok(ids) + self.pos(pos_ids) + self.seg(seg_ids)
        return self.enc(self.ln(x))
"""
)

template("perceiver_latent_bmm", "(2, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_lat=8, d_lat={dl}):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_lat, d_lat))
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.self_attn = nn.TransformerEncoderLayer(d, 4, 64, batch_first=True)
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        B = x.shape[0]
        q = self.latents.unsqueeze(0).expand(B, -1, -1)
        att = torch.bmm(q, self.k(x).transpose(1, 2)).softmax(-1)
        lat = torch.bmm(att, self.v(x))
        return self.head(self.self_attn(lat).mean(1))
"""
)

template("fused_qkv_split", "(2, 10, 48)")(
    """
class Attn(nn.Module):
    def __init__(self, d, dkv):
        super().__init__()
        self.d, self.dkv = d, dkv
        self.qkv = nn.Linear(d, d + 2 * dkv)
        self.q_down = nn.Linear(d, dkv)
        self.o = nn.Linear(dkv, d)

    def forward(self, x):
        q, k, v = self.qkv(x).split({sizes}, -1)
        att = (self.q_down(q) @ k.transpose(1, 2) / self.dkv**0.5).softmax(-1)
        return self.o(att @ v)


class Net(nn.Module):
    def __init__(self, d=48, dkv={dkv}):
        super().__init__()
        self.layers = nn.ModuleList([Attn(d, dkv) for _ in range(2)])
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        for a in self.layers:
            x = x + a(self.norm(x))
        return x
"""
)

# whole small models (session 18's bar: at least 25), not one layer
WHOLE_MODELS = (
    "siamese_pairwise",
    "denoise_ae_mse",
    "text_classifier_nll",
    "weighted_seg_ce",
    "ctc_asr",
    "caption_cross_attn_kdim",
    "seq2seq_decoder_memory",
    "llama_gqa_sdpa",
    "dot_attention_pool",
    "kalman_mv",
    "flow_logdet",
    "point_cloud_pdist",
    "whitening_cov",
    "vit_movedim",
    "texture_circular_pad",
    "lstm_packed_total_length",
    "detr_box_head",
    "tabular_feature_tokenizer",
    "simclr_bn_proj",
    "fractional_pool_net",
    "quantile_clip_norm",
    "equivariant_rot90",
    "tta_flip_seg",
    "gem_pool_retrieval",
    "orthogonal_reg_mlp",
    "roberta_position_ids",
    "gpt_attn_transpose",
    "mixer_unfold_patches",
    "bilinear_score_mt",
    "lazy_embedding_padding",
    "unet_two_level",
    "mobilevit_unfold",
    "wavenet_residual",
    "gat_layer",
    "moe_topk_gather",
    "ddpm_resblock_gn",
    "subpixel_upsampler",
    "rope_partial_attn",
    "einops_space_to_depth",
    "rgb_gray_fusion",
    "ssd_conf_head",
    "conformer_conv_module",
    "tcn_pool_stack",
    "mixer_token_layernorm",
    "bert_segment_embeddings",
    "perceiver_latent_bmm",
    "fused_qkv_split",
)

_REPEAT = "k, v = k.repeat_interleave(n_rep, 1), v.repeat_interleave(n_rep, 1)"
_GATHER_OK = "idx[..., None].expand(-1, -1, D)"
_COS_OK = "torch.cov(f.transpose(0, 1).reshape(C, -1))"

# (template, suffix, defect class, sizes): "clean" cases are labelled before torch judged them;
# a label torch contradicts would fail tests/test_crash_fresh8.py
VARIANTS: list[tuple[str, str, str, dict]] = [
    ("siamese_pairwise", "ok", "clean", {"d_b": 32}),
    ("siamese_pairwise", "ok_width1", "clean", {"d_b": 1}),
    ("siamese_pairwise", "d16", "pairwise_distance_shape", {"d_b": 16}),
    ("siamese_pairwise", "d64", "pairwise_distance_shape", {"d_b": 64}),
    ("denoise_ae_mse", "ok", "clean", {"h": 28, "op": 1}),
    ("denoise_ae_mse", "ok_h32", "clean", {"h": 32, "op": 1}),
    ("denoise_ae_mse", "no_outpad", "regression_loss_shape", {"h": 28, "op": 0}),
    ("denoise_ae_mse", "h30", "regression_loss_shape", {"h": 30, "op": 1}),
    ("text_classifier_nll", "ok", "clean", {"n_out": 5, "step": 1}),
    ("text_classifier_nll", "ok_exact", "clean", {"n_out": 4, "step": 1}),
    ("text_classifier_nll", "step2", "loss_target_range", {"n_out": 5, "step": 2}),
    ("text_classifier_nll", "n3", "loss_target_range", {"n_out": 3, "step": 1}),
    ("weighted_seg_ce", "ok", "clean", {"n_cls": 5, "n_w": 5}),
    ("weighted_seg_ce", "ok_cls3", "clean", {"n_cls": 3, "n_w": 3}),
    ("weighted_seg_ce", "w4", "loss_weight_size", {"n_cls": 5, "n_w": 4}),
    ("weighted_seg_ce", "w6", "loss_weight_size", {"n_cls": 5, "n_w": 6}),
    ("ctc_asr", "ok", "clean", {"in_len": "T // 2", "tl": "self.tgt_len"}),
    ("ctc_asr", "ok_shorter", "clean", {"in_len": "T // 4", "tl": "self.tgt_len - 2"}),
    ("ctc_asr", "frames_before_sub", "ctc_lengths", {"in_len": "T", "tl": "self.tgt_len"}),
    ("ctc_asr", "tgt_too_long", "ctc_lengths", {"in_len": "T // 2", "tl": "self.tgt_len + 3"}),
    ("caption_cross_attn_kdim", "ok", "clean", {"img_d": 48, "kdim": 48}),
    ("caption_cross_attn_kdim", "ok_same", "clean", {"img_d": 32, "kdim": 32}),
    ("caption_cross_attn_kdim", "k32", "mha_kdim", {"img_d": 48, "kdim": 32}),
    ("caption_cross_attn_kdim", "k64", "mha_kdim", {"img_d": 48, "kdim": 64}),
    ("seq2seq_decoder_memory", "ok", "clean", {"d_enc": 48, "bridge": "self.bridge(mem)"}),
    ("seq2seq_decoder_memory", "ok_same", "clean", {"d_enc": 32, "bridge": "mem"}),
    ("seq2seq_decoder_memory", "no_bridge", "decoder_memory_width", {"d_enc": 48, "bridge": "mem"}),
    ("seq2seq_decoder_memory", "e64", "decoder_memory_width", {"d_enc": 64, "bridge": "mem"}),
    ("llama_gqa_sdpa", "ok", "clean", {"n_kv": 2, "expand": _REPEAT, "gqa": ""}),
    (
        "llama_gqa_sdpa",
        "ok_enable_gqa",
        "clean",
        {"n_kv": 2, "expand": "pass", "gqa": ", enable_gqa=True"},
    ),
    ("llama_gqa_sdpa", "no_repeat", "sdpa_gqa_heads", {"n_kv": 2, "expand": "pass", "gqa": ""}),
    ("llama_gqa_sdpa", "kv3", "sdpa_gqa_heads", {"n_kv": 3, "expand": _REPEAT, "gqa": ""}),
    ("dot_attention_pool", "ok", "clean", {"score": "torch.matmul(h, self.q)"}),
    ("dot_attention_pool", "ok_einsum", "clean", {"score": 'torch.einsum("btd,d->bt", h, self.q)'}),
    ("dot_attention_pool", "dot_3d", "dot_rank", {"score": "torch.dot(h, self.q)"}),
    ("dot_attention_pool", "dot_2d", "dot_rank", {"score": "torch.dot(h[0], self.q)"}),
    ("kalman_mv", "ok", "clean", {"step": "x @ self.A.T"}),
    ("kalman_mv", "ok_row", "clean", {"step": "torch.mv(self.A, x[0]).expand_as(x)"}),
    ("kalman_mv", "mv_batched", "mv_rank", {"step": "torch.mv(self.A, x)"}),
    ("kalman_mv", "mv_transposed", "mv_rank", {"step": "torch.mv(self.A, x.T).T"}),
    (
        "flow_logdet",
        "ok",
        "clean",
        {"logdet": "torch.diagonal(J, dim1=-2, dim2=-1).abs().log().sum(-1)"},
    ),
    ("flow_logdet", "ok_shared", "clean", {"logdet": "torch.trace(self.W).expand(B)"}),
    ("flow_logdet", "trace_batched", "trace_rank", {"logdet": "torch.trace(J)"}),
    ("flow_logdet", "trace_sum", "trace_rank", {"logdet": "torch.trace(J.sum(0, keepdim=True))"}),
    (
        "flow_logdet",
        "diag_same_dim",
        "diagonal_dims",
        {"logdet": "torch.diagonal(J, dim1=-1, dim2=-1).abs().log().sum(-1)"},
    ),
    ("point_cloud_pdist", "ok", "clean", {"dist": "torch.cdist(p, p)"}),
    ("point_cloud_pdist", "ok_first", "clean", {"dist": "F.pdist(p[0])"}),
    ("point_cloud_pdist", "pdist_batched", "pdist_rank", {"dist": "F.pdist(p)"}),
    ("point_cloud_pdist", "pdist_t", "pdist_rank", {"dist": "torch.pdist(p.transpose(1, 2))"}),
    ("whitening_cov", "ok", "clean", {"cov": _COS_OK}),
    ("whitening_cov", "ok_first", "clean", {"cov": "torch.cov(f[0])"}),
    ("whitening_cov", "cov_batched", "cov_rank", {"cov": "torch.cov(f)"}),
    ("whitening_cov", "corr_batched", "cov_rank", {"cov": "torch.corrcoef(f)"}),
    ("vit_movedim", "ok", "clean", {"src": "1", "dst": "-1"}),
    ("vit_movedim", "ok_tuple", "clean", {"src": "(1, 2, 3)", "dst": "(3, 1, 2)"}),
    ("vit_movedim", "src_longer", "movedim_args", {"src": "(1, 2)", "dst": "(3,)"}),
    ("vit_movedim", "src_repeat", "movedim_args", {"src": "(1, 1)", "dst": "(3, 2)"}),
    ("texture_circular_pad", "ok", "clean", {"h": 32}),
    ("texture_circular_pad", "ok_edge", "clean", {"h": 16}),
    ("texture_circular_pad", "h8", "circular_pad_size", {"h": 8}),
    ("texture_circular_pad", "h12", "circular_pad_size", {"h": 12}),
    ("lstm_packed_total_length", "ok", "clean", {"total": 10}),
    ("lstm_packed_total_length", "ok_longer", "clean", {"total": 12}),
    ("lstm_packed_total_length", "t8", "pad_packed_total_length", {"total": 8}),
    ("lstm_packed_total_length", "t5", "pad_packed_total_length", {"total": 5}),
    ("detr_box_head", "ok", "clean", {"centers": "boxes[..., :2]"}),
    ("detr_box_head", "ok_none", "clean", {"centers": "boxes[..., None, :2]"}),
    # written as crashes (class double_ellipsis); torch 2.13 takes two ellipses: clean traps now
    ("detr_box_head", "ok_two_ellipsis", "clean", {"centers": "boxes[..., 0:2, ...]"}),
    ("detr_box_head", "ok_two_ellipsis_lead", "clean", {"centers": "boxes[..., ..., :2]"}),
    ("detr_box_head", "four_idx", "index_too_many_dims", {"centers": "boxes[:, :, :, :2]"}),
    ("detr_box_head", "first_four_idx", "index_too_many_dims", {"centers": "boxes[0, :, 0, :2]"}),
    ("tabular_feature_tokenizer", "ok", "clean", {"first": "logits[:, 0]"}),
    ("tabular_feature_tokenizer", "ok_none", "clean", {"first": "logits[:, None, 0]"}),
    ("tabular_feature_tokenizer", "three_idx", "index_too_many_dims", {"first": "logits[:, 0, 0]"}),
    (
        "tabular_feature_tokenizer",
        "four_idx",
        "index_too_many_dims",
        {"first": "logits[0, :, 0, None, 1]"},
    ),
    ("simclr_bn_proj", "ok", "clean", {"b": 4, "trs": False}),
    ("simclr_bn_proj", "ok_running_b1", "clean", {"b": 1, "trs": True}),
    ("simclr_bn_proj", "b1", "batchnorm_single_value", {"b": 1, "trs": False}),
    ("fractional_pool_net", "ok", "clean", {"h": 16}),
    ("fractional_pool_net", "ok_h9", "clean", {"h": 9}),
    ("fractional_pool_net", "h8", "fractional_pool_size", {"h": 8}),
    ("fractional_pool_net", "h6", "fractional_pool_size", {"h": 6}),
    ("quantile_clip_norm", "ok", "clean", {"q": 0.99}),
    ("quantile_clip_norm", "ok_max", "clean", {"q": 1.0}),
    ("quantile_clip_norm", "percent", "quantile_q_range", {"q": 99}),
    ("quantile_clip_norm", "q1_5", "quantile_q_range", {"q": 1.5}),
    ("equivariant_rot90", "ok", "clean", {"dims": "(2, 3)"}),
    ("equivariant_rot90", "ok_reverse", "clean", {"dims": "(-1, -2)"}),
    ("equivariant_rot90", "same_dim", "rot90_dims", {"dims": "(2, 2)"}),
    ("equivariant_rot90", "one_dim", "rot90_dims", {"dims": "(3,)"}),
    ("tta_flip_seg", "ok", "clean", {"dims": "3"}),
    ("tta_flip_seg", "ok_both", "clean", {"dims": "2, 3"}),
    ("tta_flip_seg", "repeated", "dims_repeated", {"dims": "3, -1"}),
    ("gem_pool_retrieval", "ok", "clean", {"dims": "(2, 3)"}),
    ("gem_pool_retrieval", "ok_neg", "clean", {"dims": "(2, -1)"}),
    ("gem_pool_retrieval", "repeated", "dims_repeated", {"dims": "(-1, 3)"}),
    ("gem_pool_retrieval", "repeated_neg", "dims_repeated", {"dims": "(-2, 2)"}),
    ("orthogonal_reg_mlp", "ok", "clean", {"reg_on": "self.fc2.weight"}),
    ("orthogonal_reg_mlp", "ok_rect", "clean", {"reg_on": "self.fc1.weight"}),
    ("orthogonal_reg_mlp", "on_gamma", "matrix_norm_rank", {"reg_on": "self.gamma"}),
    ("orthogonal_reg_mlp", "on_bias", "matrix_norm_rank", {"reg_on": "self.fc2.bias"}),
    ("roberta_position_ids", "ok", "clean", {"cumsum": "torch.cumsum(mask, dim=1)"}),
    ("roberta_position_ids", "ok_positional", "clean", {"cumsum": "mask.cumsum(-1)"}),
    ("roberta_position_ids", "no_dim", "missing_required_arg", {"cumsum": "mask.cumsum()"}),
    ("roberta_position_ids", "fn_no_dim", "missing_required_arg", {"cumsum": "torch.cumsum(mask)"}),
    ("gpt_attn_transpose", "ok", "clean", {"kt": "k.transpose(-2, -1)"}),
    ("gpt_attn_transpose", "ok_mt", "clean", {"kt": "k.mT"}),
    ("gpt_attn_transpose", "one_dim", "missing_required_arg", {"kt": "k.transpose(-1)"}),
    ("mixer_unfold_patches", "ok", "clean", {"shape": "B, -1, C * self.p * self.p"}),
    ("mixer_unfold_patches", "ok_tokens", "clean", {"shape": "B, (x.shape[2] // self.p) ** 2, -1"}),
    ("mixer_unfold_patches", "two_inferred", "view_two_inferred", {"shape": "B, -1, -1"}),
    (
        "mixer_unfold_patches",
        "two_inferred_lead",
        "view_two_inferred",
        {"shape": "-1, -1, C * self.p * self.p"},
    ),
    ("bilinear_score_mt", "ok", "clean", {"m": "self.W.mT"}),
    ("bilinear_score_mt", "ok_diag", "clean", {"m": "torch.diag(self.w).mT"}),
    ("bilinear_score_mt", "vector_mt", "mT_rank", {"m": "self.w.mT"}),
    ("bilinear_score_mt", "row_mt", "mT_rank", {"m": "self.W[0].mT"}),
    ("lazy_embedding_padding", "ok", "clean", {"pad": 0}),
    ("lazy_embedding_padding", "ok_neg", "clean", {"pad": -1}),
    ("lazy_embedding_padding", "pad_vocab", "ctor_padding_idx", {"pad": 32}),
    ("lazy_embedding_padding", "pad_neg", "ctor_padding_idx", {"pad": -33}),
    ("unet_two_level", "ok", "clean", {"h": 32}),
    ("unet_two_level", "ok_h36", "clean", {"h": 36}),
    ("unet_two_level", "h30", "unet_skip", {"h": 30}),
    ("unet_two_level", "h34", "unet_skip", {"h": 34}),
    ("mobilevit_unfold", "ok", "clean", {"h": 16, "p": 2}),
    ("mobilevit_unfold", "ok_p4", "clean", {"h": 12, "p": 4}),
    ("mobilevit_unfold", "h18_p4", "reshape_numel", {"h": 18, "p": 4}),
    ("mobilevit_unfold", "h10_p4", "reshape_numel", {"h": 10, "p": 4}),
    ("wavenet_residual", "ok", "clean", {"pad": "(k - 1) * d"}),
    ("wavenet_residual", "ok_overpad", "clean", {"pad": "(k - 1) * d * 2"}),
    ("wavenet_residual", "half_pad", "broadcast_add", {"pad": "d // 2"}),
    ("wavenet_residual", "no_pad", "broadcast_add", {"pad": "0"}),
    ("gat_layer", "ok", "clean", {"fa": 8}),
    ("gat_layer", "fa16", "matmul", {"fa": 16}),
    ("gat_layer", "fa4", "matmul", {"fa": 4}),
    ("moe_topk_gather", "ok", "clean", {"index": _GATHER_OK}),
    ("moe_topk_gather", "ok_narrow", "clean", {"index": "idx[..., None]"}),
    ("moe_topk_gather", "index_2d", "gather_index", {"index": "idx"}),
    (
        "moe_topk_gather",
        "index_wide",
        "gather_index",
        {"index": "idx[..., None].expand(-1, -1, 2 * D)"},
    ),
    ("ddpm_resblock_gn", "ok", "clean", {"c": 32, "g": 8}),
    ("ddpm_resblock_gn", "ok_g6", "clean", {"c": 24, "g": 6}),
    ("ddpm_resblock_gn", "c24_g16", "norm_groups", {"c": 24, "g": 16}),
    ("ddpm_resblock_gn", "c48_g32", "norm_groups", {"c": 48, "g": 32}),
    ("subpixel_upsampler", "ok", "clean", {"r": 2, "s": 2}),
    ("subpixel_upsampler", "ok_r3", "clean", {"r": 3, "s": 3}),
    ("subpixel_upsampler", "r2_s3", "pixel_shuffle", {"r": 2, "s": 3}),
    ("subpixel_upsampler", "r3_s2", "pixel_shuffle", {"r": 3, "s": 2}),
    ("rope_partial_attn", "ok", "clean", {"rot": 16, "partial": False}),
    ("rope_partial_attn", "ok_partial", "clean", {"rot": 8, "partial": True}),
    ("rope_partial_attn", "rot8_full", "rope_dims", {"rot": 8, "partial": False}),
    ("rope_partial_attn", "rot32", "rope_dims", {"rot": 32, "partial": False}),
    ("einops_space_to_depth", "ok", "clean", {"h": 32}),
    ("einops_space_to_depth", "ok_h20", "clean", {"h": 20}),
    ("einops_space_to_depth", "h30", "einops_axes", {"h": 30}),
    ("einops_space_to_depth", "h18", "einops_axes", {"h": 18}),
    ("rgb_gray_fusion", "ok", "clean", {"g": 16}),
    ("rgb_gray_fusion", "g32", "cat_linear", {"g": 32}),
    ("rgb_gray_fusion", "g8", "cat_linear", {"g": 8}),
    ("ssd_conf_head", "ok", "clean", {"cv": 5}),
    ("ssd_conf_head", "ok_wrong_width", "clean", {"cv": 4}),
    ("ssd_conf_head", "cv7", "reshape_numel", {"cv": 7}),
    ("ssd_conf_head", "cv9", "reshape_numel", {"cv": 9}),
    ("conformer_conv_module", "ok", "clean", {"t": 20, "tr": "y.transpose(1, 2)"}),
    ("conformer_conv_module", "ok_t_eq_d", "clean", {"t": 32, "tr": "y"}),
    ("conformer_conv_module", "no_transpose", "conv_in_channels", {"t": 20, "tr": "y"}),
    ("conformer_conv_module", "no_transpose_t48", "conv_in_channels", {"t": 48, "tr": "y"}),
    ("tcn_pool_stack", "ok", "clean", {"t": 256}),
    ("tcn_pool_stack", "ok_t300", "clean", {"t": 300}),
    ("tcn_pool_stack", "t128", "pool_too_small", {"t": 128}),
    ("tcn_pool_stack", "t200", "pool_too_small", {"t": 200}),
    ("mixer_token_layernorm", "ok", "clean", {"t": 16, "norm": "self.norm_tok(x).transpose(1, 2)"}),
    (
        "mixer_token_layernorm",
        "ok_t_eq_d",
        "clean",
        {"t": 32, "norm": "self.norm_tok(x.transpose(1, 2))"},
    ),
    (
        "mixer_token_layernorm",
        "norm_after_t",
        "norm_shape",
        {"t": 16, "norm": "self.norm_tok(x.transpose(1, 2))"},
    ),
    (
        "bert_segment_embeddings",
        "ok",
        "clean",
        {"pos": "torch.arange(T)", "seg": "torch.zeros_like(ids)"},
    ),
    ("bert_segment_embeddings", "ok_seg_ids", "clean", {"pos": "torch.arange(T)", "seg": "ids"}),
    (
        "bert_segment_embeddings",
        "pos_from_1",
        "index_range",
        {"pos": "torch.arange(1, T + 1)", "seg": "torch.zeros_like(ids)"},
    ),
    (
        "bert_segment_embeddings",
        "seg_plus1",
        "index_range",
        {"pos": "torch.arange(T)", "seg": "ids + 1"},
    ),
    ("perceiver_latent_bmm", "ok", "clean", {"dl": 32}),
    ("perceiver_latent_bmm", "dl64", "bmm", {"dl": 64}),
    ("perceiver_latent_bmm", "dl16", "bmm", {"dl": 16}),
    ("fused_qkv_split", "ok", "clean", {"dkv": 24, "sizes": "[self.d, self.dkv, self.dkv]"}),
    ("fused_qkv_split", "ok_equal", "clean", {"dkv": 48, "sizes": "self.d"}),
    ("fused_qkv_split", "sizes_d", "split_sizes", {"dkv": 24, "sizes": "[self.d, self.d, self.d]"}),
    ("fused_qkv_split", "chunk_d", "unbind_unpack", {"dkv": 24, "sizes": "self.d"}),
]
