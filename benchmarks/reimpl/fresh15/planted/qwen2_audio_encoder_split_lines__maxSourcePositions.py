"""Qwen2-Audio's Whisper-style encoder, sized by a "key value" text block read with str.split."""

import torch.nn as nn
import torch.nn.functional as F

HPARAMS = """
n_mels 16
n_audio_ctx 64
n_audio_state 64
n_audio_head 4
n_audio_layer 2
n_audio_mlp 128
"""
HP = {k: int(v) for k, v in (line.split() for line in HPARAMS.strip().splitlines())}


class EncoderLayer(nn.Module):
    def __init__(self, d, heads, mlp):
        super().__init__()
        self.heads = heads
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d, bias=False)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)
        self.final_layer_norm = nn.LayerNorm(d)
        self.fc1, self.fc2 = nn.Linear(d, mlp), nn.Linear(mlp, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.self_attn_layer_norm(x)
        q, k, v = (
            p(h).view(b, t, self.heads, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v)
        x = x + self.out_proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.final_layer_norm(x))))


class AudioEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["n_audio_state"]
        self.conv1 = nn.Conv1d(HP["n_mels"], d, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(d, d, kernel_size=3, stride=2, padding=1)
        self.embed_positions = nn.Embedding(HP["n_audio_ctx"], d)
        self.layers = nn.ModuleList(
            EncoderLayer(d, HP["n_audio_head"], HP["n_audio_mlp"])
            for _ in range(HP["n_audio_layer"])
        )
        self.layer_norm = nn.LayerNorm(d)

    def forward(self, mel):
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)
        x = x + self.embed_positions.weight[: x.shape[1]]
        for layer in self.layers:
            x = layer(x)
        return self.layer_norm(F.avg_pool1d(x.transpose(1, 2), 2).transpose(1, 2))
