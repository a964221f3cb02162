"""BioGPT (Luo et al. 2022), a clean port: pre-norm GPT-2-like layers with fairseq's learned
positions (offset by two), token embeddings scaled by sqrt(width), tied output. Sizes: the
``args`` Namespace stored in the fairseq checkpoint, as its repr was printed into our notes."""

import ast
import math
import re

import torch
from torch import nn

ARGS_REPR = (
    "Namespace(arch='transformer_lm_prenorm', "
    "vocab_size=700, "
    "decoder_embed_dim=64, "
    "decoder_ffn_embed_dim=128, "
    "decoder_layers=2, "
    "decoder_attention_heads=4, "
    "max_target_positions=100, "
    "dropout=0.1)"
)
ARGS = {k: ast.literal_eval(v) for k, v in re.findall(r"(\w+)=([^,)]+)", ARGS_REPR)}
M = {
    "vocab_size": ARGS["vocab_size"],
    "embed_dim": ARGS["decoder_embed_dim"],
    "ffn_embed_dim": ARGS["decoder_ffn_embed_dim"],
    "layers": ARGS["decoder_layers"],
    "attention_heads": ARGS["decoder_attention_heads"],
    "max_target_positions": ARGS["max_target_positions"],
}


class SelfAttn(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.q_proj = nn.Linear(dim, dim)
        self.k_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.out_proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        dh = d // self.heads
        q = self.q_proj(x).view(b, t, self.heads, dh).permute(0, 2, 1, 3) * dh**-0.5
        k = self.k_proj(x).view(b, t, self.heads, dh).permute(0, 2, 3, 1)
        v = self.v_proj(x).view(b, t, self.heads, dh).permute(0, 2, 1, 3)
        s = q @ k
        s = s + torch.full((t, t), float("-inf")).triu(1)
        return self.out_proj((s.softmax(-1) @ v).permute(0, 2, 1, 3).reshape(b, t, d))


class BioGPTLayer(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.self_attn_layer_norm = nn.LayerNorm(m["embed_dim"])
        self.self_attn = SelfAttn(m["embed_dim"], m["attention_heads"])
        self.final_layer_norm = nn.LayerNorm(m["embed_dim"])
        self.fc1 = nn.Linear(m["embed_dim"], m["ffn_embed_dim"])
        self.fc2 = nn.Linear(m["ffn_embed_dim"], m["embed_dim"])

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(nn.functional.gelu(self.fc1(self.final_layer_norm(x))))


class BioGPT(nn.Module):
    OFFSET = 2

    def __init__(self, m=M):
        super().__init__()
        self.scale = math.sqrt(m["embed_dim"])
        self.embed_tokens = nn.Embedding(m["vocab_size"], m["embed_dim"], padding_idx=1)
        self.embed_positions = nn.Embedding(m["max_target_positions"] + self.OFFSET, m["embed_dim"])
        self.layers = nn.ModuleList([BioGPTLayer(m) for _ in range(m["layers"])])
        self.layer_norm = nn.LayerNorm(m["embed_dim"])

    def forward(self, tokens):
        pos = torch.arange(tokens.shape[1]) + self.OFFSET
        x = self.embed_tokens(tokens) * self.scale + self.embed_positions(pos)
        for layer in self.layers:
            x = layer(x)
        return self.layer_norm(x) @ self.embed_tokens.weight.t()
