"""A Pop2Piano (T5 transformer over MIDI-like tokens) ported from a JAX/Flax checkpoint layout:
every projection is a raw ``kernel`` of shape [in, out] applied by ``x @ kernel``, modules
named the Flax way (``layers_0``, ``SelfAttention``, ``EncDecAttention``)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB_SIZE = 128
EMB_DIM = 32
NUM_HEADS = 4
HEAD_DIM = 8
MLP_DIM = 64
NUM_ENCODER_LAYERS = 2
NUM_DECODER_LAYERS = 2
NUM_COMPOSERS = 21
REL_BUCKETS = 32
REL_MAX_DISTANCE = 128
EPS = 1e-06


def kernel(d_in, d_out):
    return nn.Parameter(torch.randn(d_in, d_out) * d_in**-0.5)


class RMSScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(EMB_DIM))

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def rel_bucket(rel, bidirectional):
    buckets, out = REL_BUCKETS, 0
    if bidirectional:
        buckets //= 2
        out = (rel > 0).long() * buckets
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = buckets // 2
    large = (
        exact
        + (
            torch.log(rel.float() / exact) / math.log(REL_MAX_DISTANCE / exact) * (buckets - exact)
        ).long()
    )
    large = torch.clamp(large, max=buckets - 1)
    return out + torch.where(rel < exact, rel, large)


class Attention(nn.Module):
    def __init__(self, relative=False):
        super().__init__()
        inner = NUM_HEADS * HEAD_DIM
        self.query, self.key = kernel(EMB_DIM, inner), kernel(EMB_DIM, inner)
        self.value, self.out = kernel(EMB_DIM, inner), kernel(inner, EMB_DIM)
        if relative:
            self.rel_embedding = nn.Parameter(torch.randn(REL_BUCKETS, NUM_HEADS) * 0.1)

    def bias(self, tq, tk, bidirectional):
        rel = torch.arange(tk)[None, :] - torch.arange(tq)[:, None]
        return self.rel_embedding[rel_bucket(rel, bidirectional)].permute(2, 0, 1)[None]

    def forward(self, x, ctx, bias):
        b = x.shape[0]
        q = (x @ self.query).view(b, -1, NUM_HEADS, HEAD_DIM).transpose(1, 2)
        k = (ctx @ self.key).view(b, -1, NUM_HEADS, HEAD_DIM).transpose(1, 2)
        v = (ctx @ self.value).view(b, -1, NUM_HEADS, HEAD_DIM).transpose(1, 2)
        att = q @ k.transpose(-1, -2)  # no 1/sqrt(d): T5 folds it into the init
        if bias is not None:
            att = att + bias
        y = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, -1, NUM_HEADS * HEAD_DIM)
        return y @ self.out


class MlpBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.wi_0, self.wi_1 = kernel(EMB_DIM, MLP_DIM), kernel(EMB_DIM, MLP_DIM)
        self.wo = kernel(MLP_DIM, EMB_DIM)

    def forward(self, x):
        return (F.relu(x @ self.wi_0) * (x @ self.wi_1)) @ self.wo


class EncoderLayer(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.pre_attention_layer_norm = RMSScale()
        self.SelfAttention = Attention(relative=first)
        self.pre_mlp_layer_norm = RMSScale()
        self.mlp = MlpBlock()

    def forward(self, x, bias):
        h = self.pre_attention_layer_norm(x)
        x = x + self.SelfAttention(h, h, bias)
        return x + self.mlp(self.pre_mlp_layer_norm(x))


class DecoderLayer(EncoderLayer):
    def __init__(self, first):
        super().__init__(first)
        self.pre_cross_attention_layer_norm = RMSScale()
        self.EncDecAttention = Attention()

    def forward(self, y, enc, bias):
        h = self.pre_attention_layer_norm(y)
        y = y + self.SelfAttention(h, h, bias)
        y = y + self.EncDecAttention(self.pre_cross_attention_layer_norm(y), enc, None)
        return y + self.mlp(self.pre_mlp_layer_norm(y))


class Pop2PianoTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_embedder = nn.Parameter(torch.randn(VOCAB_SIZE, EMB_DIM))
        self.composer_embedder = nn.Parameter(torch.randn(NUM_COMPOSERS, EMB_DIM))
        self.encoder = nn.ModuleDict(
            {f"layers_{i}": EncoderLayer(i == 0) for i in range(NUM_ENCODER_LAYERS)}
        )
        self.encoder_norm = RMSScale()
        self.decoder = nn.ModuleDict(
            {f"layers_{i}": DecoderLayer(i == 0) for i in range(NUM_DECODER_LAYERS)}
        )
        self.decoder_norm = RMSScale()
        self.logits_dense = kernel(EMB_DIM, VOCAB_SIZE)

    def forward(self, src, tgt):
        x = self.token_embedder[src]
        first = self.encoder["layers_0"].SelfAttention
        bias = first.bias(src.shape[1], src.shape[1], True)
        for layer in self.encoder.values():
            x = layer(x, bias)
        enc = self.encoder_norm(x)
        t = tgt.shape[1]
        causal = torch.full((t, t), torch.finfo(torch.float32).min).triu(1)
        bias = self.decoder["layers_0"].SelfAttention.bias(t, t, False) + causal
        y = self.token_embedder[tgt]
        for layer in self.decoder.values():
            y = layer(y, enc, bias)
        return (self.decoder_norm(y) * EMB_DIM**-0.5) @ self.logits_dense
