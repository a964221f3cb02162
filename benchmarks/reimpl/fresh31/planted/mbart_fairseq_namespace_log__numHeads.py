"""mBART port: the sizes are read back from the fairseq training log (the ``Namespace(...)``
line it prints at start-up, pairs found with ``re.findall`` and ``ast.literal_eval``, and the
dictionary size from the task's line); one generic stack class for encoder and decoder,
pre-norm, learned positions with fairseq's offset, one shared token table."""

import ast
import math
import re

import torch
import torch.nn as nn
import torch.nn.functional as F

TRAIN_LOG = (
    "2026-03-02 10:14:07 | INFO | fairseq_cli.train | Namespace(arch='mbart_tiny', "
    "encoder_layers=2, decoder_layers=3, encoder_attention_heads=4, "
    "decoder_attention_heads=8, encoder_ffn_embed_dim=160, "
    "decoder_ffn_embed_dim=160, encoder_embed_dim=64, "
    "max_source_positions=128, share_all_embeddings=True, lr=[0.0003])\n"
    "2026-03-02 10:14:08 | INFO | fairseq.tasks.translation | [en_XX] dictionary: 720 types\n"
)
NAMESPACE = TRAIN_LOG.split("Namespace(", 1)[1].split("\n", 1)[0]
A = {key: ast.literal_eval(raw) for key, raw in re.findall(r"(\w+)=([^,)\[]+)", NAMESPACE)}
VOCAB = int(re.search(r"dictionary: (\d+) types", TRAIN_LOG).group(1))

SHARED = dict(
    vocab=VOCAB,
    d_model=A["encoder_embed_dim"],
    max_positions=A["max_source_positions"],
    pad=1,
    scale_embedding=True,
)
STACKS = {
    "encoder": dict(
        layers=A["encoder_layers"],
        heads=A["encoder_attention_heads"],
        ffn=A["encoder_ffn_embed_dim"],
        cross_attention=False,
    ),
    "decoder": dict(
        layers=A["decoder_layers"],
        heads=A["decoder_attention_heads"],
        ffn=A["decoder_ffn_embed_dim"],
        cross_attention=True,
    ),
}
NORMALIZE_BEFORE = True
POS_OFFSET = 2


class MHA(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, kv=None, causal=False):
        kv = x if kv is None else kv
        b, t, d = x.shape
        split = lambda z: z.view(b, z.shape[1], self.heads, -1).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.q_proj(x)), split(self.k_proj(kv)), split(self.v_proj(kv))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, d, heads, ffn, cross_attention):
        super().__init__()
        self.self_attn = MHA(d, heads)
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.cross = cross_attention
        if cross_attention:
            self.encoder_attn = MHA(d, heads)
            self.encoder_attn_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)
        self.final_layer_norm = nn.LayerNorm(d)

    def sub(self, x, norm, fn):
        if NORMALIZE_BEFORE:
            return x + fn(norm(x))
        return norm(x + fn(x))

    def forward(self, x, memory=None):
        x = self.sub(x, self.self_attn_layer_norm, lambda h: self.self_attn(h, causal=self.cross))
        if self.cross:
            x = self.sub(x, self.encoder_attn_layer_norm, lambda h: self.encoder_attn(h, memory))
        return self.sub(x, self.final_layer_norm, lambda h: self.fc2(F.gelu(self.fc1(h))))


class TransformerStack(nn.Module):
    def __init__(self, tokens, layers, heads, ffn, cross_attention):
        super().__init__()
        d = SHARED["d_model"]
        self.tokens = tokens
        self.scale = math.sqrt(d) if SHARED["scale_embedding"] else 1.0
        self.embed_positions = nn.Embedding(SHARED["max_positions"] + POS_OFFSET, d)
        self.layernorm_embedding = nn.LayerNorm(d)
        self.layers = nn.ModuleList([Layer(d, heads, ffn, cross_attention) for _ in range(layers)])
        self.layer_norm = nn.LayerNorm(d) if NORMALIZE_BEFORE else nn.Identity()

    def forward(self, ids, memory=None):
        pos = torch.arange(ids.shape[1]) + POS_OFFSET
        x = self.layernorm_embedding(self.tokens(ids) * self.scale + self.embed_positions(pos))
        for layer in self.layers:
            x = layer(x, memory)
        return self.layer_norm(x)


class MBart(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(SHARED["vocab"], SHARED["d_model"], padding_idx=SHARED["pad"])
        self.encoder = TransformerStack(self.shared, **STACKS["encoder"])
        self.decoder = TransformerStack(self.shared, **STACKS["decoder"])

    def forward(self, src, tgt):
        return self.decoder(tgt, self.encoder(src))
