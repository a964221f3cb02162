"""A seventh fresh batch of crash cases (session 18, split ``fresh7``), written blind: the analyzer
was never run on them while they were written, and the forward-shape rules' source was not read.
The styles are forward crashes users report that the earlier sets lack, in model families the
earlier sets had little of (multimodal LLaVA-style merging, GAN / style-transfer encoders, audio
and speech, graph message passing, diffusion samplers, MoE routers, detection heads, seq2seq):
``masked_scatter`` of fewer image features than image tokens, ``InstanceNorm2d`` on a 1x1 map,
``torch.where`` with a float mask, ``F.cross_entropy`` on ``(B, T, V)`` logits, BCE targets of
another width, ``torch.zeros`` with a negative pad length, ``split`` / ``arange`` with a step of
zero from an integer division, ``torch.bincount`` of 2-D top-k indices, ``torch.multinomial`` of
3-D probabilities or more samples than categories, ``torch.searchsorted`` / ``torch.bucketize``
with batched boundaries, ``nn.Transformer`` fed batch-first tensors, a key padding mask of the
pre-subsampling length, ``scatter_add_`` with an index wider than its source, ``mean()`` of an
integer ``arange``, ``pad_sequence`` of rows of another width, ``F.cosine_similarity`` across
widths, iteration over a 0-d tensor; and familiar classes in new models. Same format as
``templates.py``; every case name starts ``f7_``. Whether a case crashes is torch's verdict
(``build_truth.py``), not the defect label's. Init-time crashes are cases only where users meet
them in forward (a module built lazily on the first call, ``ctor_in_forward``): ``build_truth.py``
drops a model that cannot be built.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("llava_merge_scatter", "(2, 24)", kind="tokens")(
    """
class VisionTower(nn.Module):
    def __init__(self, img, patch, dim):
        super().__init__()
        self.img = img
        self.patch = nn.Conv2d(3, dim, patch, stride=patch)
        self.norm = nn.LayerNorm(dim)

    def forward(self, b):
        pix = torch.ones(b, 3, self.img, self.img)
        return self.norm(self.patch(pix).flatten(2).transpose(1, 2))


class Net(nn.Module):
    def __init__(self, vocab=50, d=32, img=16, patch={patch}, n_img={n_img}):
        super().__init__()
        self.n_img = n_img
        self.vision = VisionTower(img, patch, 24)
        self.projector = nn.Sequential(nn.Linear(24, d), nn.GELU(), nn.Linear(d, d))
        self.embed = nn.Embedding(vocab, d)
        self.lm = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 1)
        self.head = nn.Linear(d, vocab)

    def forward(self, ids):
        B, T = ids.shape
        emb = self.embed(ids)
        feats = self.projector(self.vision(B))
        mask = torch.zeros(B, T, dtype=torch.bool)
        mask[:, 1 : 1 + self.n_img] = True
        emb = emb.masked_scatter(mask[..., None], feats)
        return self.head(self.lm(emb))
"""
)

template("cyclegan_instnorm_encoder", "(2, 3, {h}, {h})")(
    """
class Down(nn.Module):
    def __init__(self, cin, cout, trs):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 4, stride=2, padding=1)
        self.norm = nn.InstanceNorm2d(cout, track_running_stats=trs)

    def forward(self, x):
        return F.leaky_relu(self.norm(self.conv(x)), 0.2)


class Net(nn.Module):
    def __init__(self, ch=8, n_down={n_down}, trs={trs}):
        super().__init__()
        layers = [nn.Conv2d(3, ch, 7, padding=3)]
        c = ch
        for _ in range(n_down):
            layers.append(Down(c, 2 * c, trs))
            c *= 2
        self.enc = nn.Sequential(*layers)
        self.out = nn.Conv2d(c, 1, 1)

    def forward(self, x):
        return self.out(self.enc(x))
"""
)

template("bert_where_mask", "(2, 10)", kind="tokens")(
    """
class SelfAttention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h, self.hd = h, d // h
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x, mask):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-1, -2) / self.hd**0.5
        s = torch.where(mask[:, None, None, :], s, torch.full_like(s, -1e4))
        return self.o((s.softmax(-1) @ v).transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self, vocab=40, d=32, h=4, layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.attn = nn.ModuleList([SelfAttention(d, h) for _ in range(layers)])
        self.norm = nn.LayerNorm(d)
        self.cls = nn.Linear(d, 2)

    def forward(self, ids):
        mask = {mask}
        x = self.emb(ids)
        for a in self.attn:
            x = self.norm(x + a(x, mask))
        return self.cls(x[:, 0])
"""
)

template("nanogpt_loss", "(2, {t})", kind="tokens")(
    """
class Block(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, h, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x, causal):
        y = self.ln1(x)
        x = x + self.attn(y, y, y, attn_mask=causal, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self, vocab={v}, d=32, h=4, n_layer=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(64, d)
        self.blocks = nn.ModuleList([Block(d, h) for _ in range(n_layer)])
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        B, T = idx.shape
        x = self.tok(idx) + self.pos(torch.arange(T))
        causal = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
        for b in self.blocks:
            x = b(x, causal)
        logits = self.lm_head(x)
        targets = torch.roll(idx, -1, dims=1)
        loss = {loss}
        return logits, loss
"""
)

template("audio_tagger_bce", "(2, 1, 32, 40)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=10, n_out={n_out}):
        super().__init__()
        self.n_classes = n_classes
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.head = nn.Linear(32, n_out)

    def forward(self, mel):
        h = self.features(mel).mean(dim=(2, 3))
        logits = self.head(h)
        target = torch.zeros(mel.shape[0], self.n_classes)
        target[:, 0] = 1.0
        return F.binary_cross_entropy_with_logits({bce_in}, target)
"""
)

template("pad_to_max_encoder", "(2, {t})", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=32, max_len=16):
        super().__init__()
        self.max_len = max_len
        self.emb = nn.Embedding(vocab, d)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 2)
        self.pool = nn.Linear(max_len * d, 4)

    def forward(self, ids):
        B, T = ids.shape
        x = self.emb(ids)
        pad = torch.zeros(B, self.max_len - T, x.shape[-1])
        x = torch.cat([x, pad], dim=1) + self.pos
        return self.pool(self.enc(x).flatten(1))
"""
)

template("chunked_audio_split", "(2, {t}, 16)")(
    """
class Net(nn.Module):
    def __init__(self, feat=16, d=32, n_chunks={n}):
        super().__init__()
        self.n_chunks = n_chunks
        self.inp = nn.Linear(feat, d)
        self.chunk_rnn = nn.GRU(d, d, batch_first=True)
        self.summary = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, 5)

    def forward(self, x):
        B, T, _ = x.shape
        h = self.inp(x)
        pieces = h.split(T // self.n_chunks, dim=1)
        states = [self.chunk_rnn(p)[1][-1] for p in pieces]
        s, _ = self.summary(torch.stack(states, dim=1))
        return self.out(s[:, -1])
"""
)

template("token_subsample_arange", "(2, {t}, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24, n_keep={k}):
        super().__init__()
        self.n_keep = n_keep
        self.mix = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.head = nn.Linear(d, 3)

    def forward(self, x):
        T = x.shape[1]
        idx = torch.arange(0, T, T // self.n_keep)
        kept = x[:, idx]
        return self.head((kept + self.mix(kept)).mean(1))
"""
)

template("moe_load_bincount", "(2, 6, 32)")(
    """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 2 * d), nn.SiLU(), nn.Linear(2 * d, d))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, d=32, n_exp=4, k={k}):
        super().__init__()
        self.k, self.n_exp = k, n_exp
        self.router = nn.Linear(d, n_exp)
        self.experts = nn.ModuleList([Expert(d) for _ in range(n_exp)])

    def forward(self, x):
        B, T, D = x.shape
        flat = x.reshape(-1, D)
        w, topi = self.router(flat).softmax(-1).topk(self.k, dim=-1)
        load = torch.bincount({counted}, minlength=self.n_exp).float()
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            sel = (topi == e).any(-1)
            if sel.any():
                out[sel] = out[sel] + expert(flat[sel])
        aux = (load / load.sum()).pow(2).sum()
        return out.view(B, T, D), aux
"""
)

template("vq_code_sampler", "(2, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, n_codes={codes}, n_samples={ns}):
        super().__init__()
        self.n_samples = n_samples
        self.enc = nn.Sequential(nn.Conv2d(dim, dim, 3, padding=1), nn.ReLU(), nn.Conv2d(dim, dim, 1))
        self.codebook = nn.Embedding(n_codes, dim)
        self.dec = nn.Conv2d(dim, dim, 3, padding=1)

    def forward(self, x):
        z = self.enc(x).permute(0, 2, 3, 1)
        B, H, W, D = z.shape
        d = torch.cdist(z.reshape(B, H * W, D), self.codebook.weight[None].expand(B, -1, -1))
        probs = (-d).softmax(-1)
        codes = torch.multinomial({probs}, self.n_samples)
        q = self.codebook(codes[..., 0].reshape(B, H, W)).permute(0, 3, 1, 2)
        return self.dec(q)
"""
)

template("kdiffusion_sigma_index", "({b}, 4, 8, 8)")(
    """
class Denoiser(nn.Module):
    def __init__(self, c, n_steps):
        super().__init__()
        self.t_emb = nn.Embedding(n_steps + 1, c)
        self.body = nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.SiLU(), nn.Conv2d(c, c, 3, padding=1))

    def forward(self, x, t):
        return self.body(x + self.t_emb(t)[:, :, None, None])


class Net(nn.Module):
    def __init__(self, c=4, n_steps=20):
        super().__init__()
        self.register_buffer("sigmas", torch.linspace(0.01, 10.0, n_steps))
        self.inner = Denoiser(c, n_steps)

    def forward(self, x):
        B = x.shape[0]
        sigma = torch.full((B,), 2.5)
        sigmas = self.sigmas
        t = {lookup}
        c_in = 1 / (sigma**2 + 1).sqrt()
        return self.inner(x * c_in[:, None, None, None], t.reshape(B))
"""
)

template("t5_bucket_bias", "(2, 12, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4, n_buckets=8):
        super().__init__()
        self.heads = heads
        self.register_buffer("edges", {edges})
        self.bias = nn.Embedding(n_buckets + 1, heads)
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, D = x.shape
        pos = torch.arange(T)
        rel = (pos[None, :] - pos[:, None]).abs().float()
        bucket = torch.bucketize(rel, self.edges)
        bias = self.bias(bucket).permute(2, 0, 1)
        q, k, v = self.qkv(x).view(B, T, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        return self.o(y.transpose(1, 2).reshape(B, T, D))
"""
)

template("seq2seq_nn_transformer", "(2, {s})", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=40, d=32, tgt_len={tl}, batch_first={bf}):
        super().__init__()
        self.tgt_len = tgt_len
        self.src_emb = nn.Embedding(vocab, d)
        self.tgt_emb = nn.Embedding(vocab, d)
        self.model = nn.Transformer(
            d, 4, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=64,
            batch_first=batch_first,
        )
        self.gen = nn.Linear(d, vocab)

    def forward(self, src):
        tgt = src[:, : self.tgt_len]
        out = self.model(self.src_emb(src), self.tgt_emb(tgt))
        return self.gen(out)
"""
)

template("asr_subsample_padmask", "(2, 16, 20)")(
    """
class Net(nn.Module):
    def __init__(self, feat=20, d=32, stride={stride}):
        super().__init__()
        self.stride = stride
        self.sub = nn.Sequential(nn.Conv1d(feat, d, 3, stride=stride, padding=1), nn.GELU())
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, d))
        self.ctc = nn.Linear(d, 29)

    def forward(self, x):
        B, T, _ = x.shape
        pad = torch.arange(T)[None, :] >= torch.tensor([T, T - 4])[:, None]
        h = self.sub(x.transpose(1, 2)).transpose(1, 2)
        mask = {mask}
        h = h + self.attn(h, h, h, key_padding_mask=mask, need_weights=False)[0]
        return self.ctc(h + self.ff(h)).log_softmax(-1)
"""
)

template("gnn_scatter_messages", "(7, 12)")(
    """
class MPLayer(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.msg = nn.Linear(2 * fin, fout)
        self.upd = nn.Linear(fin + fout, fout)

    def forward(self, x, src, dst):
        m = F.relu(self.msg(torch.cat([x[src], x[dst]], -1)))
        agg = torch.zeros(x.shape[0], m.shape[-1])
        index = dst[:, None].expand(-1, {width})
        agg.scatter_add_(0, index, m)
        return F.relu(self.upd(torch.cat([x, agg], -1)))


class Net(nn.Module):
    def __init__(self, fin=12, hid={hid}):
        super().__init__()
        self.l1 = MPLayer(fin, hid)
        self.l2 = MPLayer(hid, hid)
        self.readout = nn.Linear(hid, 1)

    def forward(self, x):
        n = x.shape[0]
        src = torch.arange(n).repeat(2)
        dst = torch.cat([torch.arange(1, n + 1) % n, torch.arange(-1, n - 1) % n])
        h = self.l2(self.l1(x, src, dst), src, dst)
        return self.readout(h.mean(0))
"""
)

template("centered_positions", "(2, 9, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.pos_proj = nn.Linear(1, d)
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 2, 32, batch_first=True), 1)
        self.out = nn.Linear(d, 1)

    def forward(self, x):
        T = x.shape[1]
        pos = {pos}
        pos = (pos - pos.mean()) / T
        return self.out(self.enc(x + self.pos_proj(pos[:, None])))
"""
)

template("multimodal_pad_sequence", "(2, 6, 20)")(
    """
from torch.nn.utils.rnn import pad_sequence


class Net(nn.Module):
    def __init__(self, text_dim=20, audio_dim={audio_dim}, d=20):
        super().__init__()
        self.audio_enc = nn.Sequential(nn.Conv1d(1, audio_dim, 5, stride=2), nn.ReLU())
        self.audio_proj = {proj}
        self.enc = nn.GRU(d, 32, batch_first=True)
        self.cls = nn.Linear(32, 3)

    def forward(self, text):
        B = text.shape[0]
        wave = torch.linspace(-1, 1, 40)[None, None].expand(B, 1, 40)
        audio = self.audio_proj(self.audio_enc(wave).transpose(1, 2))
        rows = [text[i] for i in range(B)] + [audio[i] for i in range(B)]
        seq = pad_sequence(rows, batch_first=True)
        _, h = self.enc(seq)
        return self.cls(h[-1])
"""
)

template("clip_cosine_logits", "(2, 3, 32, 32)", kind="float")(
    """
class ImageEncoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, dim, 3, stride=2, padding=1), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )

    def forward(self, x):
        return self.net(x)


class TextEncoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)

    def forward(self, ids):
        return self.rnn(self.emb(ids))[1][-1]


class Net(nn.Module):
    def __init__(self, img_dim=32, txt_dim={txt_dim}, n_prompts=5):
        super().__init__()
        self.image = ImageEncoder(img_dim)
        self.text = TextEncoder(50, txt_dim)
        self.register_buffer("prompts", torch.arange(n_prompts * 4).view(n_prompts, 4) % 50)
        self.logit_scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        img = self.image(x)
        txt = self.text(self.prompts)
        sim = F.cosine_similarity(img[:, None, :], txt[None, :, :], dim=-1)
        return sim * self.logit_scale.exp()
"""
)

template("gpt_sdpa_padmask", "(2, 10)", kind="tokens")(
    """
class CausalSelfAttention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)

    def forward(self, x, keep):
        B, T, C = x.shape
        q, k, v = self.c_attn(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.h, C // self.h).transpose(1, 2) for t in (q, k, v))
        causal = torch.ones(T, T, dtype=torch.bool).tril()
        y = F.scaled_dot_product_attention(q, k, v, {sdpa_args})
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class Net(nn.Module):
    def __init__(self, vocab=32, d=32, h=4, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(16, d)
        self.attn = nn.ModuleList([CausalSelfAttention(d, h) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab)

    def forward(self, idx):
        B, T = idx.shape
        keep = (idx != 0)[:, None, None, :] | torch.eye(T, dtype=torch.bool)
        x = self.wte(idx) + self.wpe(torch.arange(T))
        for a in self.attn:
            x = x + a(x, keep)
        return self.lm_head(self.ln_f(x))
"""
)

template("utterance_length_pool", "(2, 12, 16)")(
    """
class Net(nn.Module):
    def __init__(self, feat=16, d=24):
        super().__init__()
        self.frontend = nn.Sequential(nn.Linear(feat, d), nn.ReLU(), nn.Linear(d, d))
        self.rnn = nn.LSTM(d, d, batch_first=True)
        self.spk = nn.Linear(d, 8)

    def forward(self, x):
        valid = x.abs().sum(-1) > 0
        lengths = {lengths}
        h, _ = self.rnn(self.frontend(x))
        pooled = [h[i, : int(n)].mean(0) for i, n in enumerate(lengths)]
        return self.spk(torch.stack(pooled))
"""
)

template("lazy_attn_pool", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, width={width}, heads=4):
        super().__init__()
        self.heads = heads
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, stride=2, padding=1), nn.BatchNorm2d(width), nn.ReLU())
        self.pool_attn = None
        self.query = nn.Parameter(torch.zeros(1, 1, width))
        self.fc = nn.Linear(width, 10)

    def forward(self, x):
        h = self.stem(x).flatten(2).transpose(1, 2)
        if self.pool_attn is None:
            self.pool_attn = nn.MultiheadAttention(h.shape[-1], self.heads, batch_first=True)
        q = self.query.expand(h.shape[0], -1, -1)
        return self.fc(self.pool_attn(q, h, h)[0][:, 0])
"""
)

template("logmel_cnn_classifier", "(2, 1, 40, {t})")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=40, frames=100, n_classes=12):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.fc = nn.Sequential(nn.Linear(32 * (n_mels // 4) * (frames // 4), 64), nn.ReLU(), nn.Linear(64, n_classes))

    def forward(self, mel):
        return self.fc(self.conv(mel).flatten(1))
"""
)

template("wav2vec_feature_stack", "(2, 1, {t})")(
    """
class Net(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        spec = [(10, 5), (3, 2), (3, 2), (3, 2), (2, 2)]
        layers, cin = [], 1
        for k, s in spec:
            layers += [nn.Conv1d(cin, d, k, stride=s, bias=False), nn.GELU()]
            cin = d
        self.extractor = nn.Sequential(*layers)
        self.proj = nn.Linear(d, d)
        self.ctx = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 1)

    def forward(self, wave):
        h = self.extractor(wave).transpose(1, 2)
        return self.ctx(self.proj(h))
"""
)

template("unet_odd_skip", "(1, 3, {h}, {h})")(
    """
def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU())


class Net(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.e1, self.e2, self.e3 = block(3, ch), block(ch, 2 * ch), block(2 * ch, 4 * ch)
        self.up2 = nn.ConvTranspose2d(4 * ch, 2 * ch, 2, stride=2)
        self.d2 = block(4 * ch, 2 * ch)
        self.up1 = nn.ConvTranspose2d(2 * ch, ch, 2, stride=2)
        self.d1 = block(2 * ch, ch)
        self.out = nn.Conv2d(ch, 1, 1)

    def forward(self, x):
        s1 = self.e1(x)
        s2 = self.e2(F.max_pool2d(s1, 2))
        b = self.e3(F.max_pool2d(s2, 2))
        u2 = self.up2(b)
        {fix}
        d2 = self.d2(torch.cat([u2, s2], 1))
        u1 = self.up1(d2)
        u1 = F.interpolate(u1, size=s1.shape[-2:])
        return self.out(self.d1(torch.cat([u1, s1], 1)))
"""
)

template("gin_dense_adj", "(6, 10)")(
    """
class GINLayer(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.eps = nn.Parameter(torch.zeros(1))
        self.mlp = nn.Sequential(nn.Linear(fin, fout), nn.ReLU(), nn.Linear(fout, fout))

    def forward(self, x, adj):
        return self.mlp((1 + self.eps) * x + adj @ x)


class Net(nn.Module):
    def __init__(self, fin=10, hid=16, max_nodes={mn}):
        super().__init__()
        self.max_nodes = max_nodes
        self.layers = nn.ModuleList([GINLayer(fin, hid), GINLayer(hid, hid)])
        self.out = nn.Linear(hid, 2)

    def forward(self, x):
        adj = (torch.arange(self.max_nodes)[:, None] - torch.arange(self.max_nodes)[None, :]).abs() == 1
        adj = adj.float()
        for layer in self.layers:
            x = layer(x, adj)
        return self.out(x.sum(0))
"""
)

template("mamba_scan_einsum", "(2, 8, 16)")(
    """
class SSM(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.A_log = nn.Parameter(torch.zeros(d, n))
        self.x_proj = nn.Linear(d, 2 * n + 1)
        self.dt_proj = nn.Linear(1, d)
        self.n = n

    def forward(self, u):
        B_, L, D = u.shape
        dt, Bm, Cm = self.x_proj(u).split([1, self.n, self.n], dim=-1)
        dt = F.softplus(self.dt_proj(dt))
        A = -self.A_log.exp()
        dA = torch.exp(torch.einsum("bld,dn->bldn", dt, A))
        dBu = torch.einsum({eq}, dt, Bm, u)
        h = torch.zeros(B_, D, self.n)
        ys = []
        for i in range(L):
            h = dA[:, i] * h + dBu[:, i]
            ys.append(torch.einsum("bdn,bn->bd", h, Cm[:, i]))
        return torch.stack(ys, 1)


class Net(nn.Module):
    def __init__(self, d=16, n=4):
        super().__init__()
        self.inp = nn.Linear(d, d)
        self.ssm = SSM(d, n)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        return self.norm(x + self.ssm(F.silu(self.inp(x))))
"""
)

template("s4_depthwise_conv", "(2, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, expand={expand}):
        super().__init__()
        self.in_proj = nn.Linear(d, 2 * d)
        self.conv = nn.Conv1d(expand * d, expand * d, 4, groups=expand * d, padding=3)
        self.out_proj = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        L = x.shape[-1]
        u = x.transpose(1, 2)
        a, g = self.in_proj(u).chunk(2, dim=-1)
        a = self.conv(a.transpose(1, 2))[..., :L].transpose(1, 2)
        return self.norm(u + self.out_proj(F.silu(a) * g)).transpose(1, 2)
"""
)

template("yolov3_head_reshape", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n_classes=3, n_anchors=3):
        super().__init__()
        self.na, self.nc = n_anchors, n_classes
        head_classes = {hc}
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.LeakyReLU(0.1),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.LeakyReLU(0.1),
        )
        self.pred = nn.Conv2d(32, n_anchors * (5 + head_classes), 1)

    def forward(self, x):
        p = self.pred(self.backbone(x))
        B, _, H, W = p.shape
        p = p.view(B, self.na, 5 + self.nc, H, W).permute(0, 1, 3, 4, 2)
        return torch.cat([p[..., :4].sigmoid(), p[..., 4:].sigmoid()], -1)
"""
)

template("fcos_shared_head", "(2, 3, 64, 64)")(
    """
class Net(nn.Module):
    def __init__(self, head_in={head_in}):
        super().__init__()
        self.c3 = nn.Sequential(nn.Conv2d(3, 32, 3, stride=4, padding=1), nn.ReLU())
        self.c4 = nn.Sequential(nn.Conv2d(32, 64, 3, stride=2, padding=1), nn.ReLU())
        self.c5 = nn.Sequential(nn.Conv2d(64, 128, 3, stride=2, padding=1), nn.ReLU())
        self.lat = nn.ModuleList([{lat}])
        self.head = nn.Sequential(nn.Conv2d(head_in, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 4 + 1 + 5, 3, padding=1))

    def forward(self, x):
        f3 = self.c3(x)
        f4 = self.c4(f3)
        f5 = self.c5(f4)
        outs = [self.head(l(f)) for l, f in zip(self.lat, (f3, f4, f5))]
        return torch.cat([o.flatten(2) for o in outs], -1)
"""
)

template("vit_fixed_pos", "(2, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch=8, d=32, depth=2):
        super().__init__()
        self.patch = nn.Conv2d(3, d, patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.zeros(1, (img // patch) ** 2 + 1, d))
        self.blocks = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 2 * d, batch_first=True), depth)
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        t = self.patch(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], 1) + self.pos
        return self.head(self.blocks(t)[:, 0])
"""
)

template("swin_patch_merge", "(2, {h}, {h}, 16)")(
    """
class PatchMerging(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x):
        B, H, W, C = x.shape
        {pad}
        x0 = x[:, 0::2, 0::2]
        x1 = x[:, 1::2, 0::2]
        x2 = x[:, 0::2, 1::2]
        x3 = x[:, 1::2, 1::2]
        return self.reduction(self.norm(torch.cat([x0, x1, x2, x3], -1)))


class Net(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.mlp = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim))
        self.merge = PatchMerging(dim)
        self.head = nn.Linear(2 * dim, 5)

    def forward(self, x):
        return self.head(self.merge(x + self.mlp(x)).mean((1, 2)))
"""
)

template("llama_rope_half", "(2, 6, 32)")(
    """
def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


class Attention(nn.Module):
    def __init__(self, d, h, rope_dim):
        super().__init__()
        self.h, self.hd = h, d // h
        self.wq = nn.Linear(d, d, bias=False)
        self.wk = nn.Linear(d, d, bias=False)
        self.wv = nn.Linear(d, d, bias=False)
        self.wo = nn.Linear(d, d, bias=False)
        inv = 1.0 / (10000 ** (torch.arange(0, rope_dim, 2).float() / rope_dim))
        self.register_buffer("inv_freq", inv)

    def forward(self, x):
        B, T, D = x.shape
        q = self.wq(x).view(B, T, self.h, self.hd).transpose(1, 2)
        k = self.wk(x).view(B, T, self.h, self.hd).transpose(1, 2)
        v = self.wv(x).view(B, T, self.h, self.hd).transpose(1, 2)
        f = torch.outer(torch.arange(T).float(), self.inv_freq)
        emb = torch.cat([f, f], -1)
        cos, sin = emb.cos(), emb.sin()
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self, d=32, h={h}, rope_dim=8):
        super().__init__()
        self.norm = nn.RMSNorm(d)
        self.attn = Attention(d, h, rope_dim)
        self.mlp = nn.Sequential(nn.Linear(d, 64), nn.SiLU(), nn.Linear(64, d))

    def forward(self, x):
        x = x + self.attn(self.norm(x))
        return x + self.mlp(self.norm(x))
"""
)

template("detr_query_decoder", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, query_dim={qd}, n_queries=6):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, d, 4, stride=4), nn.ReLU(), nn.Conv2d(d, d, 3, padding=1))
        self.query = nn.Embedding(n_queries, query_dim)
        self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(d, 4, 64, batch_first=True), 2)
        self.cls = nn.Linear(d, 4)
        self.box = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))

    def forward(self, x):
        mem = self.backbone(x).flatten(2).transpose(1, 2)
        q = self.query.weight[None].expand(x.shape[0], -1, -1)
        h = self.dec(q, mem)
        return self.cls(h), self.box(h).sigmoid()
"""
)

template("ddpm_sinusoid_odd", "(2, 3, 16, 16)")(
    """
import math


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = torch.exp(-math.log(10000) * torch.arange(half).float() / half)
    args = t[:, None].float() * freqs[None]
    emb = torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    {pad}
    return emb


class Net(nn.Module):
    def __init__(self, ch=16, tdim={tdim}):
        super().__init__()
        self.tdim = tdim
        self.t_mlp = nn.Sequential(nn.Linear(tdim, ch), nn.SiLU(), nn.Linear(ch, ch))
        self.inp = nn.Conv2d(3, ch, 3, padding=1)
        self.mid = nn.Sequential(nn.GroupNorm(4, ch), nn.SiLU(), nn.Conv2d(ch, ch, 3, padding=1))
        self.out = nn.Conv2d(ch, 3, 3, padding=1)

    def forward(self, x):
        t = torch.full((x.shape[0],), 50)
        h = self.inp(x) + self.t_mlp(timestep_embedding(t, self.tdim))[:, :, None, None]
        return self.out(self.mid(h))
"""
)

template("luong_attention_bmm", "(2, 7)", kind="tokens")(
    """
class Encoder(nn.Module):
    def __init__(self, vocab, emb, hid):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(emb, hid, batch_first=True, bidirectional=True)

    def forward(self, src):
        return self.rnn(self.emb(src))


class Net(nn.Module):
    def __init__(self, vocab=30, emb=16, hid=16, dec_hid={dec_hid}):
        super().__init__()
        self.enc = Encoder(vocab, emb, hid)
        self.dec = nn.GRUCell(emb, dec_hid)
        self.emb = nn.Embedding(vocab, emb)
        self.out = nn.Linear(dec_hid + 2 * hid, vocab)

    def forward(self, src):
        enc_out, _ = self.enc(src)
        B = src.shape[0]
        h = torch.zeros(B, self.dec.hidden_size)
        logits = []
        for t in range(3):
            h = self.dec(self.emb(src[:, t]), h)
            score = torch.bmm(enc_out, h[:, :, None]).squeeze(-1)
            ctx = torch.bmm(score.softmax(-1)[:, None], enc_out).squeeze(1)
            logits.append(self.out(torch.cat([h, ctx], -1)))
        return torch.stack(logits, 1)
"""
)

template("seresnet_block", "(2, 32, 8, 8)")(
    """
class SE(nn.Module):
    def __init__(self, c, r, squeeze_in):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(squeeze_in, c // r), nn.ReLU(), nn.Linear(c // r, c), nn.Sigmoid())

    def forward(self, x):
        w = self.fc(x.mean((2, 3)))
        return x * w[:, :, None, None]


class Net(nn.Module):
    def __init__(self, c=32, expansion={exp}):
        super().__init__()
        mid = c // 4
        self.conv1 = nn.Conv2d(c, mid, 1)
        self.conv2 = nn.Conv2d(mid, mid, 3, padding=1)
        self.conv3 = nn.Conv2d(mid, mid * expansion, 1)
        self.se = SE(mid * expansion, 4, {sq})
        self.skip = nn.Conv2d(c, mid * expansion, 1)

    def forward(self, x):
        h = F.relu(self.conv2(F.relu(self.conv1(x))))
        return F.relu(self.se(self.conv3(h)) + self.skip(x))
"""
)

template("espcn_upscale", "(1, 1, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self, scale={scale}, conv_scale={cs}):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 32, 5, padding=2), nn.Tanh(),
            nn.Conv2d(32, 16, 3, padding=1), nn.Tanh(),
            nn.Conv2d(16, conv_scale**2, 3, padding=1),
        )
        self.shuffle = nn.PixelShuffle(scale)

    def forward(self, x):
        return self.shuffle(self.body(x)).clamp(0, 1)
"""
)

template("mobilenet_inverted_residual", "(2, 3, 32, 32)")(
    """
class InvertedResidual(nn.Module):
    def __init__(self, cin, cout, expand):
        super().__init__()
        hid = cin * expand
        self.pw = nn.Sequential(nn.Conv2d(cin, hid, 1, bias=False), nn.BatchNorm2d(hid), nn.ReLU6())
        self.dw = nn.Sequential(nn.Conv2d(hid, hid, 3, padding=1, groups=hid, bias=False), nn.BatchNorm2d(hid), nn.ReLU6())
        self.pwl = nn.Sequential(nn.Conv2d(hid, cout, 1, bias=False), nn.BatchNorm2d(cout))
        self.res = cin == cout

    def forward(self, x):
        y = self.pwl(self.dw(self.pw(x)))
        return x + y if self.res else y


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU6())
        self.b1 = InvertedResidual(16, 16, 4)
        self.b2 = InvertedResidual({b2_in}, 24, 6)
        self.head = nn.Linear(24, 10)

    def forward(self, x):
        return self.head(self.b2(self.b1(self.stem(x))).mean((2, 3)))
"""
)

template("bilstm_tagger", "(2, 9)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=40, word_dim=24, char_dim=8, n_tags=7):
        super().__init__()
        rnn_in = {rnn_in}
        self.word = nn.Embedding(vocab, word_dim)
        self.char = nn.Embedding(vocab, char_dim)
        self.rnn = nn.LSTM(rnn_in, 32, batch_first=True, bidirectional=True)
        self.tags = nn.Linear(64, n_tags)
        self.trans = nn.Parameter(torch.zeros(n_tags, n_tags))

    def forward(self, ids):
        feats = torch.cat([self.word(ids), self.char(ids)], -1)
        h, _ = self.rnn(feats)
        emissions = self.tags(h)
        return emissions[:, 1:] + (emissions[:, :-1].softmax(-1) @ self.trans)
"""
)

template("convnext_ln_channels", "(2, 3, {h}, {h})")(
    """
class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.dw = nn.Conv2d(c, c, 7, padding=3, groups=c)
        self.norm = nn.LayerNorm(c)
        self.pw1 = nn.Linear(c, 4 * c)
        self.pw2 = nn.Linear(4 * c, c)

    def forward(self, x):
        h = self.dw(x)
        {norm}
        return x + h.permute(0, 3, 1, 2)


class Net(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 4, stride=4)
        self.blocks = nn.Sequential(Block(c), Block(c))
        self.head = nn.Linear(c, 10)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((2, 3)))
"""
)

template("vae_decoder_groupnorm", "(2, 8)")(
    """
class Up(nn.Module):
    def __init__(self, cin, cout, groups):
        super().__init__()
        self.groups = groups
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        h = self.conv(F.interpolate(x, scale_factor=2.0))
        return F.silu(F.group_norm(h, self.groups))


class Net(nn.Module):
    def __init__(self, z=8, c=32, groups={g}):
        super().__init__()
        self.c = c
        self.fc = nn.Linear(z, c * 4 * 4)
        self.up1 = Up(c, c, groups)
        self.up2 = Up(c, {c2}, groups)
        self.out = nn.Conv2d({c2}, 3, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(z.shape[0], self.c, 4, 4)
        return torch.tanh(self.out(self.up2(self.up1(h))))
"""
)

template("switch_router_topk", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_exp={n_exp}, k=2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(d, n_exp, bias=False)
        self.w1 = nn.Parameter(torch.randn(n_exp, d, 32) * 0.02)
        self.w2 = nn.Parameter(torch.randn(n_exp, 32, d) * 0.02)

    def forward(self, x):
        B, T, D = x.shape
        flat = x.reshape(-1, D)
        probs = self.gate(flat).softmax(-1)
        w, idx = probs.topk(self.k, dim=-1)
        h = torch.einsum("nd,nkdf->nkf", flat, self.w1[idx])
        y = torch.einsum("nkf,nkfd->nkd", F.gelu(h), self.w2[idx])
        return (y * w[..., None]).sum(1).view(B, T, D)
"""
)

template("falcon_fused_qkv_split", "(2, 6, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_head=4, n_kv={n_kv}):
        super().__init__()
        self.h, self.kv, self.hd = n_head, n_kv, d // n_head
        self.qkv = nn.Linear(d, (n_head + 2 * {kv_proj}) * self.hd, bias=False)
        self.dense = nn.Linear(d, d, bias=False)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.ln = nn.LayerNorm(d)

    def forward(self, x):
        B, T, D = x.shape
        h = self.ln(x)
        q, k, v = self.qkv(h).split([self.h * self.hd, self.kv * self.hd, self.kv * self.hd], dim=-1)
        q = q.view(B, T, self.h, self.hd).transpose(1, 2)
        k = k.view(B, T, self.kv, self.hd).transpose(1, 2).repeat_interleave(self.h // self.kv, 1)
        v = v.view(B, T, self.kv, self.hd).transpose(1, 2).repeat_interleave(self.h // self.kv, 1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return x + self.dense(a.transpose(1, 2).reshape(B, T, D)) + self.mlp(h)
"""
)

template("tcn_dilated_residual", "(2, 8, 40)")(
    """
class TemporalBlock(nn.Module):
    def __init__(self, c, k, dil, pad):
        super().__init__()
        self.conv1 = nn.Conv1d(c, c, k, dilation=dil, padding=pad)
        self.conv2 = nn.Conv1d(c, c, k, dilation=dil, padding=pad)

    def forward(self, x):
        h = F.relu(self.conv2(F.relu(self.conv1(x))))
        return F.relu(x + h)


class Net(nn.Module):
    def __init__(self, c=8, k={k}):
        super().__init__()
        self.blocks = nn.Sequential(*[TemporalBlock(c, k, 2**i, {pad}) for i in range(3)])
        self.fc = nn.Linear(c, 2)

    def forward(self, x):
        return self.fc(self.blocks(x)[:, :, -1])
"""
)

template("multimodal_fusion_cat", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, img_dim=32, meta_dim=6):
        super().__init__()
        fuse_in = {fuse_in}
        self.cnn = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, img_dim, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.meta = nn.Sequential(nn.Linear(4, meta_dim), nn.ReLU())
        self.fuse = nn.Sequential(nn.Linear(fuse_in, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        meta = torch.stack([x.mean((1, 2, 3)), x.std((1, 2, 3)), x.amax((1, 2, 3)), x.amin((1, 2, 3))], -1)
        f = torch.cat([self.cnn(x).flatten(1), self.meta(meta)], dim=1)
        return self.fuse(f)
"""
)

template("keyword_conv1d_layout", "(2, 50, 13)")(
    """
class Net(nn.Module):
    def __init__(self, n_mfcc=13, ch=32):
        super().__init__()
        self.convs = nn.Sequential(
            nn.Conv1d(n_mfcc, ch, 5, padding=2), nn.BatchNorm1d(ch), nn.ReLU(),
            nn.Conv1d(ch, ch, 5, padding=2, dilation=1), nn.BatchNorm1d(ch), nn.ReLU(),
        )
        self.gru = nn.GRU(ch, ch, batch_first=True)
        self.out = nn.Linear(ch, 12)

    def forward(self, mfcc):
        h = self.convs({conv_in})
        h, _ = self.gru(h.transpose(1, 2))
        return self.out(h[:, -1])
"""
)

template("music_pos_table", "(2, {t})", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=40, d=32, max_len=24):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_len, d)
        self.dec = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 2)
        self.head = nn.Linear(d, vocab)

    def forward(self, ids):
        T = ids.shape[1]
        mask = nn.Transformer.generate_square_subsequent_mask(T)
        h = self.tok(ids) + self.pos(torch.arange({pos_start}, {pos_start} + T))
        return self.head(self.dec(h, mask=mask, is_causal=True))
"""
)


# added after the first torch run (labels again written before torch judged them)
template("robust_norm_kthvalue", "(2, 4, {t})")(
    """
class Net(nn.Module):
    def __init__(self, ch=4, q_index={q}):
        super().__init__()
        self.q_index = q_index
        self.enc = nn.Sequential(nn.Conv1d(ch, 16, 3, padding=1), nn.ReLU(), nn.Conv1d(16, 16, 3, padding=1))
        self.out = nn.Linear(16, 2)

    def forward(self, wave):
        floor = wave.abs().kthvalue(self.q_index, dim=-1, keepdim=True).values
        h = self.enc(wave / (floor + 1e-3))
        return self.out(h.mean(-1))
"""
)

template("beam_rescore_take", "(2, 5)", kind="tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=16, beam=3):
        super().__init__()
        self.beam = beam
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.proj = nn.Linear(d, vocab)

    def forward(self, ids):
        h, _ = self.rnn(self.emb(ids))
        logp = self.proj(h[:, -1]).log_softmax(-1)
        top = logp.topk(self.beam, dim=-1).indices
        picked = torch.take_along_dim({src}, top, dim={dim})
        return picked.sum(-1)
"""
)

template("sparse_gcn_adjacency", "({n}, 8)")(
    """
class GCNLayer(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.lin = nn.Linear(fin, fout)

    def forward(self, x, adj):
        return F.relu(torch.sparse.mm(adj, self.lin(x)))


class Net(nn.Module):
    def __init__(self, fin=8, hid=16, n_nodes=6):
        super().__init__()
        self.n_nodes = n_nodes
        self.layers = nn.ModuleList([GCNLayer(fin, hid), GCNLayer(hid, hid)])
        self.out = nn.Linear(hid, 3)

    def forward(self, x):
        n = {n_expr}
        src = torch.arange(x.shape[0])
        dst = (src + 1) % x.shape[0]
        idx = torch.stack([torch.cat([src, dst, src]), torch.cat([dst, src, src])])
        adj = torch.sparse_coo_tensor(idx, torch.full((idx.shape[1],), 1.0 / 3), (n, n))
        for layer in self.layers:
            x = layer(x, adj)
        return self.out(x.mean(0))
"""
)

template("stft_frontend", "(2, 1024)")(
    """
class Net(nn.Module):
    def __init__(self, n_fft=128, hop=32):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.conv = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, stride=2, padding=1), nn.ReLU()
        )
        self.fc = nn.Linear(8, 4)

    def forward(self, wave):
        spec = torch.stft(wave, self.n_fft, hop_length=self.hop, window=self.window{rc})
        mag = {mag}
        return self.fc(self.conv(torch.log1p(mag)[:, None]).mean((2, 3)))
"""
)

# the templates that are whole small models (a stack, several module classes), not one layer
WHOLE_MODELS = (
    "llava_merge_scatter",
    "cyclegan_instnorm_encoder",
    "bert_where_mask",
    "nanogpt_loss",
    "audio_tagger_bce",
    "pad_to_max_encoder",
    "chunked_audio_split",
    "moe_load_bincount",
    "vq_code_sampler",
    "kdiffusion_sigma_index",
    "seq2seq_nn_transformer",
    "asr_subsample_padmask",
    "gnn_scatter_messages",
    "multimodal_pad_sequence",
    "clip_cosine_logits",
    "gpt_sdpa_padmask",
    "utterance_length_pool",
    "lazy_attn_pool",
    "logmel_cnn_classifier",
    "wav2vec_feature_stack",
    "unet_odd_skip",
    "gin_dense_adj",
    "mamba_scan_einsum",
    "yolov3_head_reshape",
    "fcos_shared_head",
    "vit_fixed_pos",
    "swin_patch_merge",
    "llama_rope_half",
    "detr_query_decoder",
    "ddpm_sinusoid_odd",
    "luong_attention_bmm",
    "seresnet_block",
    "mobilenet_inverted_residual",
    "convnext_ln_channels",
    "vae_decoder_groupnorm",
    "falcon_fused_qkv_split",
    "tcn_dilated_residual",
    "multimodal_fusion_cat",
    "keyword_conv1d_layout",
    "music_pos_table",
    "robust_norm_kthvalue",
    "sparse_gcn_adjacency",
    "stft_frontend",
)

_FLAT = "torch.flatten(probs, 0, 1)"
_CE_OK = "F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))"
_EDGES = "1.0, 2, 3, 4, 6, 8, 12, 16"
_LAT_OK = "nn.Conv2d(32, 32, 1), nn.Conv2d(64, 32, 1), nn.Conv2d(128, 32, 1)"
_LN_OK = "h = self.pw2(F.gelu(self.pw1(self.norm(h.permute(0, 2, 3, 1)))))"
_LN_BAD = "h = self.pw2(F.gelu(self.pw1(self.norm(h))))"

# (template, suffix, defect class, sizes): labels written before torch judged the cases
VARIANTS: list[tuple[str, str, str, dict]] = [
    ("llava_merge_scatter", "ok", "clean", {"patch": 4, "n_img": 16}),
    ("llava_merge_scatter", "ok_fewer_tokens", "clean", {"patch": 4, "n_img": 8}),
    ("llava_merge_scatter", "more_tokens", "masked_scatter_count", {"patch": 4, "n_img": 20}),
    ("llava_merge_scatter", "patch8", "masked_scatter_count", {"patch": 8, "n_img": 16}),
    ("cyclegan_instnorm_encoder", "ok", "clean", {"h": 32, "n_down": 3, "trs": False}),
    ("cyclegan_instnorm_encoder", "ok_running", "clean", {"h": 16, "n_down": 4, "trs": True}),
    (
        "cyclegan_instnorm_encoder",
        "h16_down4",
        "instancenorm_spatial_one",
        {"h": 16, "n_down": 4, "trs": False},
    ),
    (
        "cyclegan_instnorm_encoder",
        "h8_down3",
        "instancenorm_spatial_one",
        {"h": 8, "n_down": 3, "trs": False},
    ),
    ("bert_where_mask", "ok", "clean", {"mask": "ids != 0"}),
    ("bert_where_mask", "ok_compared", "clean", {"mask": "(ids != 0).float() > 0.5"}),
    ("bert_where_mask", "float_mask", "where_cond_dtype", {"mask": "(ids != 0).float()"}),
    ("bert_where_mask", "long_mask", "where_cond_dtype", {"mask": "(ids != 0).long()"}),
    ("nanogpt_loss", "ok", "clean", {"t": 8, "v": 32, "loss": _CE_OK}),
    (
        "nanogpt_loss",
        "ok_transposed",
        "clean",
        {"t": 8, "v": 32, "loss": "F.cross_entropy(logits.transpose(1, 2), targets)"},
    ),
    (
        "nanogpt_loss",
        "ok_t_eq_v",
        "clean",
        {"t": 16, "v": 16, "loss": "F.cross_entropy(logits, targets)"},
    ),
    (
        "nanogpt_loss",
        "btv_logits",
        "cross_entropy_shape",
        {"t": 8, "v": 32, "loss": "F.cross_entropy(logits, targets)"},
    ),
    (
        "nanogpt_loss",
        "flat_logits_only",
        "cross_entropy_shape",
        {"t": 8, "v": 32, "loss": "F.cross_entropy(logits.view(-1, logits.size(-1)), targets)"},
    ),
    ("audio_tagger_bce", "ok", "clean", {"n_out": 10, "bce_in": "logits"}),
    ("audio_tagger_bce", "ok_drop_bg", "clean", {"n_out": 11, "bce_in": "logits[:, 1:]"}),
    ("audio_tagger_bce", "bg_class", "bce_target_size", {"n_out": 11, "bce_in": "logits"}),
    (
        "audio_tagger_bce",
        "unsqueezed",
        "bce_target_size",
        {"n_out": 10, "bce_in": "logits[:, None]"},
    ),
    ("pad_to_max_encoder", "ok", "clean", {"t": 10}),
    ("pad_to_max_encoder", "ok_full", "clean", {"t": 16}),
    ("pad_to_max_encoder", "t20", "negative_size", {"t": 20}),
    ("pad_to_max_encoder", "t17", "negative_size", {"t": 17}),
    ("chunked_audio_split", "ok", "clean", {"t": 32, "n": 4}),
    ("chunked_audio_split", "ok_uneven", "clean", {"t": 30, "n": 4}),
    ("chunked_audio_split", "t3", "split_size_zero", {"t": 3, "n": 4}),
    ("chunked_audio_split", "t5_n8", "split_size_zero", {"t": 5, "n": 8}),
    ("token_subsample_arange", "ok", "clean", {"t": 16, "k": 4}),
    ("token_subsample_arange", "ok_uneven", "clean", {"t": 18, "k": 4}),
    ("token_subsample_arange", "t3", "arange_step_zero", {"t": 3, "k": 4}),
    ("token_subsample_arange", "t7_k8", "arange_step_zero", {"t": 7, "k": 8}),
    ("moe_load_bincount", "ok", "clean", {"k": 2, "counted": "topi.flatten()"}),
    ("moe_load_bincount", "ok_top1", "clean", {"k": 1, "counted": "topi[:, 0]"}),
    ("moe_load_bincount", "top2_2d", "bincount_rank", {"k": 2, "counted": "topi"}),
    ("moe_load_bincount", "top1_2d", "bincount_rank", {"k": 1, "counted": "topi"}),
    ("vq_code_sampler", "ok", "clean", {"codes": 16, "ns": 1, "probs": _FLAT}),
    ("vq_code_sampler", "ok_all_codes", "clean", {"codes": 16, "ns": 16, "probs": _FLAT}),
    ("vq_code_sampler", "probs_3d", "multinomial_rank", {"codes": 16, "ns": 1, "probs": "probs"}),
    ("vq_code_sampler", "too_many", "multinomial_samples", {"codes": 16, "ns": 32, "probs": _FLAT}),
    (
        "kdiffusion_sigma_index",
        "ok",
        "clean",
        {"b": 2, "lookup": "torch.searchsorted(sigmas, sigma)"},
    ),
    (
        "kdiffusion_sigma_index",
        "ok_batched",
        "clean",
        {"b": 2, "lookup": "torch.searchsorted(sigmas.expand(B, -1), sigma[:, None])"},
    ),
    (
        "kdiffusion_sigma_index",
        "batched_table",
        "searchsorted_dims",
        {"b": 2, "lookup": "torch.searchsorted(sigmas.expand(B, -1), sigma)"},
    ),
    (
        "kdiffusion_sigma_index",
        "batched_table_b1",
        "searchsorted_dims",
        {"b": 1, "lookup": "torch.searchsorted(sigmas[None], sigma)"},
    ),
    ("t5_bucket_bias", "ok", "clean", {"edges": f"torch.tensor([{_EDGES}])"}),
    ("t5_bucket_bias", "ok_flattened", "clean", {"edges": f"torch.tensor([[{_EDGES}]]).flatten()"}),
    (
        "t5_bucket_bias",
        "row_edges",
        "bucketize_boundaries",
        {"edges": f"torch.tensor([[{_EDGES}]])"},
    ),
    ("seq2seq_nn_transformer", "ok", "clean", {"s": 8, "tl": 6, "bf": True}),
    ("seq2seq_nn_transformer", "ok_same_len", "clean", {"s": 8, "tl": 8, "bf": False}),
    ("seq2seq_nn_transformer", "seq_first", "transformer_batch", {"s": 8, "tl": 6, "bf": False}),
    (
        "seq2seq_nn_transformer",
        "seq_first_s10",
        "transformer_batch",
        {"s": 10, "tl": 4, "bf": False},
    ),
    ("asr_subsample_padmask", "ok", "clean", {"stride": 2, "mask": "pad[:, ::2]"}),
    ("asr_subsample_padmask", "ok_stride1", "clean", {"stride": 1, "mask": "pad"}),
    ("asr_subsample_padmask", "pre_subsample", "key_padding_mask", {"stride": 2, "mask": "pad"}),
    (
        "asr_subsample_padmask",
        "stride4_half",
        "key_padding_mask",
        {"stride": 4, "mask": "pad[:, ::2]"},
    ),
    ("gnn_scatter_messages", "ok", "clean", {"hid": 16, "width": "m.shape[-1]"}),
    ("gnn_scatter_messages", "ok_narrow_index", "clean", {"hid": 16, "width": "x.shape[-1]"}),
    (
        "gnn_scatter_messages",
        "wide_index",
        "scatter_index_size",
        {"hid": 8, "width": "x.shape[-1]"},
    ),
    ("centered_positions", "ok", "clean", {"pos": "torch.arange(T, dtype=torch.float32)"}),
    ("centered_positions", "ok_true_div", "clean", {"pos": "torch.arange(T) / 1"}),
    ("centered_positions", "long_arange", "int_float_op", {"pos": "torch.arange(T)"}),
    ("centered_positions", "floor_div", "int_float_op", {"pos": "torch.arange(T) // 1"}),
    (
        "multimodal_pad_sequence",
        "ok",
        "clean",
        {"audio_dim": 12, "proj": "nn.Linear(audio_dim, d)"},
    ),
    (
        "multimodal_pad_sequence",
        "ok_same_width",
        "clean",
        {"audio_dim": 20, "proj": "nn.Identity()"},
    ),
    (
        "multimodal_pad_sequence",
        "no_proj",
        "pad_sequence_trailing",
        {"audio_dim": 12, "proj": "nn.Identity()"},
    ),
    ("clip_cosine_logits", "ok", "clean", {"txt_dim": 32}),
    ("clip_cosine_logits", "ok_txt1", "clean", {"txt_dim": 1}),
    ("clip_cosine_logits", "txt24", "cosine_sim_shape", {"txt_dim": 24}),
    ("clip_cosine_logits", "txt16", "cosine_sim_shape", {"txt_dim": 16}),
    ("gpt_sdpa_padmask", "ok", "clean", {"sdpa_args": "attn_mask=keep & causal"}),
    ("gpt_sdpa_padmask", "ok_causal", "clean", {"sdpa_args": "is_causal=True"}),
    # labelled sdpa_causal_and_mask when written; torch 2.13 (CPU) runs it: a clean case now
    (
        "gpt_sdpa_padmask",
        "ok_mask_and_causal",
        "clean",
        {"sdpa_args": "attn_mask=keep, is_causal=True"},
    ),
    ("gpt_sdpa_padmask", "mask_row", "attn_mask", {"sdpa_args": "attn_mask=keep[:, 0]"}),
    ("utterance_length_pool", "ok", "clean", {"lengths": "valid.sum(1)"}),
    ("utterance_length_pool", "ok_list", "clean", {"lengths": "valid.sum(1).tolist()"}),
    ("utterance_length_pool", "total_length", "iter_0d", {"lengths": "valid.sum()"}),
    ("lazy_attn_pool", "ok", "clean", {"width": 32}),
    ("lazy_attn_pool", "ok_w8", "clean", {"width": 8}),
    ("lazy_attn_pool", "w30", "ctor_in_forward", {"width": 30}),
    ("lazy_attn_pool", "w6", "ctor_in_forward", {"width": 6}),
    ("logmel_cnn_classifier", "ok", "clean", {"t": 100}),
    ("logmel_cnn_classifier", "ok_t103", "clean", {"t": 103}),
    ("logmel_cnn_classifier", "t96", "flatten_linear", {"t": 96}),
    ("logmel_cnn_classifier", "t120", "flatten_linear", {"t": 120}),
    ("wav2vec_feature_stack", "ok", "clean", {"t": 400}),
    ("wav2vec_feature_stack", "ok_t160", "clean", {"t": 160}),
    ("wav2vec_feature_stack", "t100", "conv_kernel_size", {"t": 100}),
    ("wav2vec_feature_stack", "t60", "conv_kernel_size", {"t": 60}),
    ("unet_odd_skip", "ok", "clean", {"h": 32, "fix": "pass"}),
    ("unet_odd_skip", "ok_h36", "clean", {"h": 36, "fix": "pass"}),
    (
        "unet_odd_skip",
        "ok_h30_resized",
        "clean",
        {"h": 30, "fix": "u2 = F.interpolate(u2, size=s2.shape[-2:])"},
    ),
    ("unet_odd_skip", "h30", "cat_spatial", {"h": 30, "fix": "pass"}),
    ("unet_odd_skip", "h26", "cat_spatial", {"h": 26, "fix": "pass"}),
    ("gin_dense_adj", "ok", "clean", {"mn": 6}),
    ("gin_dense_adj", "max8", "matmul", {"mn": 8}),
    ("gin_dense_adj", "max4", "matmul", {"mn": 4}),
    ("mamba_scan_einsum", "ok", "clean", {"eq": '"bld,bln,bld->bldn"'}),
    ("mamba_scan_einsum", "ok_renamed", "clean", {"eq": '"xyd,xyn,xyd->xydn"'}),
    ("mamba_scan_einsum", "u_as_n", "einsum", {"eq": '"bld,bln,bln->bldn"'}),
    ("s4_depthwise_conv", "ok", "clean", {"expand": 1}),
    ("s4_depthwise_conv", "expand2", "conv_in_channels", {"expand": 2}),
    ("yolov3_head_reshape", "ok", "clean", {"hc": "n_classes"}),
    ("yolov3_head_reshape", "coco_head", "reshape_numel", {"hc": 80}),
    ("fcos_shared_head", "ok", "clean", {"head_in": 32, "lat": _LAT_OK}),
    (
        "fcos_shared_head",
        "no_lateral",
        "conv_in_channels",
        {"head_in": 32, "lat": "nn.Identity(), nn.Identity(), nn.Identity()"},
    ),
    (
        "fcos_shared_head",
        "p5_64",
        "conv_in_channels",
        {"head_in": 32, "lat": "nn.Conv2d(32, 32, 1), nn.Conv2d(64, 32, 1), nn.Conv2d(128, 64, 1)"},
    ),
    ("vit_fixed_pos", "ok", "clean", {"h": 32}),
    ("vit_fixed_pos", "ok_h35", "clean", {"h": 35}),
    ("vit_fixed_pos", "h64", "broadcast_add", {"h": 64}),
    ("vit_fixed_pos", "h24", "broadcast_add", {"h": 24}),
    ("swin_patch_merge", "ok", "clean", {"h": 8, "pad": "pass"}),
    (
        "swin_patch_merge",
        "ok_padded",
        "clean",
        {"h": 7, "pad": "x = F.pad(x, (0, 0, 0, W % 2, 0, H % 2))"},
    ),
    ("swin_patch_merge", "h7", "patch_merging", {"h": 7, "pad": "pass"}),
    ("llama_rope_half", "ok", "clean", {"h": 4}),
    ("llama_rope_half", "h2", "rope_dims", {"h": 2}),
    ("llama_rope_half", "h8", "rope_dims", {"h": 8}),
    ("detr_query_decoder", "ok", "clean", {"qd": 32}),
    ("detr_query_decoder", "query16", "mha_embed", {"qd": 16}),
    ("ddpm_sinusoid_odd", "ok", "clean", {"tdim": 32, "pad": "pass"}),
    (
        "ddpm_sinusoid_odd",
        "ok_odd_padded",
        "clean",
        {"tdim": 33, "pad": "if dim % 2:\n        emb = F.pad(emb, (0, 1))"},
    ),
    ("ddpm_sinusoid_odd", "odd33", "timestep_embed", {"tdim": 33, "pad": "pass"}),
    ("luong_attention_bmm", "ok", "clean", {"dec_hid": 32}),
    ("luong_attention_bmm", "dec16", "bmm", {"dec_hid": 16}),
    ("seresnet_block", "ok", "clean", {"exp": 4, "sq": "mid * expansion"}),
    ("seresnet_block", "ok_c_equal", "clean", {"exp": 4, "sq": "c"}),
    ("seresnet_block", "exp2_c", "linear_in_features", {"exp": 2, "sq": "c"}),
    ("espcn_upscale", "ok", "clean", {"scale": 3, "cs": 3}),
    ("espcn_upscale", "ok_x2_from16", "clean", {"scale": 2, "cs": 4}),
    ("espcn_upscale", "x3_from4", "pixel_shuffle", {"scale": 3, "cs": 2}),
    ("mobilenet_inverted_residual", "ok", "clean", {"b2_in": 16}),
    ("mobilenet_inverted_residual", "b2_in24", "conv_in_channels", {"b2_in": 24}),
    ("bilstm_tagger", "ok", "clean", {"rnn_in": "word_dim + char_dim"}),
    ("bilstm_tagger", "word_only", "rnn_input", {"rnn_in": "word_dim"}),
    ("convnext_ln_channels", "ok", "clean", {"h": 16, "norm": _LN_OK}),
    ("convnext_ln_channels", "ok_w_eq_c", "clean", {"h": 64, "norm": _LN_BAD}),
    ("convnext_ln_channels", "channels_first", "norm_shape", {"h": 16, "norm": _LN_BAD}),
    ("vae_decoder_groupnorm", "ok", "clean", {"g": 8, "c2": 16}),
    ("vae_decoder_groupnorm", "ok_g4_c12", "clean", {"g": 4, "c2": 12}),
    ("vae_decoder_groupnorm", "g8_c12", "norm_groups", {"g": 8, "c2": 12}),
    ("switch_router_topk", "ok", "clean", {"n_exp": 4}),
    ("switch_router_topk", "ok_two", "clean", {"n_exp": 2}),
    ("switch_router_topk", "one_expert", "topk_k", {"n_exp": 1}),
    ("falcon_fused_qkv_split", "ok", "clean", {"n_kv": 2, "kv_proj": "n_kv"}),
    ("falcon_fused_qkv_split", "ok_mqa", "clean", {"n_kv": 1, "kv_proj": "n_kv"}),
    ("falcon_fused_qkv_split", "mha_width", "split_sizes", {"n_kv": 2, "kv_proj": "n_head"}),
    ("tcn_dilated_residual", "ok", "clean", {"k": 3, "pad": "(k - 1) * 2**i // 2"}),
    ("tcn_dilated_residual", "ok_k1", "clean", {"k": 1, "pad": "(k - 1) * 2**i"}),
    ("tcn_dilated_residual", "no_chomp", "broadcast_add", {"k": 3, "pad": "(k - 1) * 2**i"}),
    (
        "tcn_dilated_residual",
        "even_k2",
        "even_kernel_padding",
        {"k": 2, "pad": "(k - 1) * 2**i // 2"},
    ),
    ("multimodal_fusion_cat", "ok", "clean", {"fuse_in": "img_dim + meta_dim"}),
    ("multimodal_fusion_cat", "img_only", "cat_linear", {"fuse_in": "img_dim"}),
    ("keyword_conv1d_layout", "ok", "clean", {"conv_in": "mfcc.transpose(1, 2)"}),
    ("keyword_conv1d_layout", "time_major", "transpose_dims", {"conv_in": "mfcc"}),
    ("music_pos_table", "ok", "clean", {"t": 16, "pos_start": 0}),
    ("music_pos_table", "ok_full", "clean", {"t": 24, "pos_start": 0}),
    ("music_pos_table", "t30", "index_range", {"t": 30, "pos_start": 0}),
    ("music_pos_table", "offset10", "index_range", {"t": 16, "pos_start": 10}),
    # added after the first torch run: four templates, a second crash case for new classes
    ("robust_norm_kthvalue", "ok", "clean", {"t": 64, "q": 32}),
    ("robust_norm_kthvalue", "ok_last", "clean", {"t": 32, "q": 32}),
    ("robust_norm_kthvalue", "short_t16", "kthvalue_k", {"t": 16, "q": 32}),
    ("beam_rescore_take", "ok", "clean", {"src": "logp", "dim": -1}),
    ("beam_rescore_take", "ok_dim1", "clean", {"src": "logp", "dim": 1}),
    ("beam_rescore_take", "hidden_3d", "take_along_dim_rank", {"src": "logp[:, None]", "dim": -1}),
    ("sparse_gcn_adjacency", "ok", "clean", {"n": 6, "n_expr": "x.shape[0]"}),
    ("sparse_gcn_adjacency", "ok_config_fits", "clean", {"n": 6, "n_expr": "self.n_nodes"}),
    (
        "sparse_gcn_adjacency",
        "config_nodes",
        "sparse_index_size",
        {"n": 9, "n_expr": "self.n_nodes"},
    ),
    ("stft_frontend", "ok", "clean", {"rc": ", return_complex=True", "mag": "spec.abs()"}),
    (
        "stft_frontend",
        "ok_real_view",
        "clean",
        {"rc": ", return_complex=True", "mag": "torch.view_as_real(spec).pow(2).sum(-1).sqrt()"},
    ),
    ("stft_frontend", "no_return_complex", "stft_return_complex", {"rc": "", "mag": "spec.abs()"}),
    (
        "t5_bucket_bias",
        "edges_2x4",
        "bucketize_boundaries",
        {"edges": f"torch.tensor([{_EDGES}]).view(2, 4)"},
    ),
    (
        "gnn_scatter_messages",
        "wide_index_h4",
        "scatter_index_size",
        {"hid": 4, "width": "x.shape[-1]"},
    ),
    (
        "multimodal_pad_sequence",
        "proj16",
        "pad_sequence_trailing",
        {"audio_dim": 12, "proj": "nn.Linear(audio_dim, 16)"},
    ),
    ("utterance_length_pool", "max_length", "iter_0d", {"lengths": "valid.sum(1).max()"}),
    ("vq_code_sampler", "probs_3d_c8", "multinomial_rank", {"codes": 8, "ns": 1, "probs": "probs"}),
    (
        "vq_code_sampler",
        "too_many_c8",
        "multinomial_samples",
        {"codes": 8, "ns": 9, "probs": _FLAT},
    ),
]
