"""Marian (OPUS-MT), ported into our own repo from a Lightning checkpoint: the sizes are the
``hyper_parameters`` entry of the checkpoint dict (what ``save_hyperparameters()`` stored
beside ``epoch``, ``global_step`` and the ``state_dict``), renamed into the model's ``SPEC``.
Post-norm encoder and decoder layers with the SiLU ("swish") MLP and no final norms, one
embedding shared by both sides and scaled by sqrt(d_model), and frozen sinusoid positions
(sin half then cos half) as non-trainable Parameters. Returns the decoder states."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CKPT = {
    "epoch": 41,
    "global_step": 120_000,
    "pytorch-lightning_version": "2.4.0",
    "hyper_parameters": {
        "src_vocab_size": 1200,
        "d_model": 64,
        "attention_heads": 4,
        "ffn_dim": 192,
        "encoder_layers": 2,
        "decoder_layers": 3,
        "max_length": 256,
        "lr": 3e-4,
    },
    "state_dict": {},
}

HP = CKPT["hyper_parameters"]
SPEC = {
    "vocab": HP["src_vocab_size"],
    "width": HP["d_model"],
    "heads": HP["attention_heads"],
    "ffn": HP["ffn_dim"],
    "enc_layers": HP["encoder_layers"],
    "dec_layers": HP.get("decoder_layers", HP["encoder_layers"]),
    "max_len": HP["max_length"],
}


def sinusoid_table(n, d):
    pos = torch.arange(n, dtype=torch.float32)[:, None]
    freq = 1.0 / (10000 ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
    return torch.cat((torch.sin(pos * freq), torch.cos(pos * freq)), dim=-1)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        d = SPEC["width"]
        self.k_proj, self.v_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.q_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, kv, causal):
        b, t, d = x.shape
        h = SPEC["heads"]
        q = self.q_proj(x).view(b, t, h, -1).transpose(1, 2)
        k = self.k_proj(kv).view(b, kv.shape[1], h, -1).transpose(1, 2)
        v = self.v_proj(kv).view(b, kv.shape[1], h, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class EncLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = SPEC["width"]
        self.self_attn, self.self_attn_layer_norm = Attn(), nn.LayerNorm(d)
        self.fc1, self.fc2 = nn.Linear(d, SPEC["ffn"]), nn.Linear(SPEC["ffn"], d)
        self.final_layer_norm = nn.LayerNorm(d)

    def forward(self, x):
        x = self.self_attn_layer_norm(x + self.self_attn(x, x, False))
        return self.final_layer_norm(x + self.fc2(F.silu(self.fc1(x))))


class DecLayer(EncLayer):
    def __init__(self):
        super().__init__()
        self.encoder_attn = Attn()
        self.encoder_attn_layer_norm = nn.LayerNorm(SPEC["width"])

    def forward(self, x, mem):
        x = self.self_attn_layer_norm(x + self.self_attn(x, x, True))
        x = self.encoder_attn_layer_norm(x + self.encoder_attn(x, mem, False))
        return self.final_layer_norm(x + self.fc2(F.silu(self.fc1(x))))


class MarianMT(nn.Module):
    def __init__(self):
        super().__init__()
        d = SPEC["width"]
        self.shared = nn.Embedding(SPEC["vocab"], d)
        self.enc_pos = nn.Parameter(sinusoid_table(SPEC["max_len"], d), requires_grad=False)
        self.dec_pos = nn.Parameter(sinusoid_table(SPEC["max_len"], d), requires_grad=False)
        self.encoder = nn.ModuleList(EncLayer() for _ in range(SPEC["enc_layers"]))
        self.decoder = nn.ModuleList(DecLayer() for _ in range(SPEC["dec_layers"]))

    def forward(self, src, tgt):
        scale = math.sqrt(SPEC["width"])
        x = self.shared(src) * scale + self.enc_pos[: src.shape[1]]
        for layer in self.encoder:
            x = layer(x)
        y = self.shared(tgt) * scale + self.dec_pos[: tgt.shape[1]]
        for layer in self.decoder:
            y = layer(y, x)
        return y
