"""OPT (350m layout: word embeddings narrower than the model, projected in and out; positions
offset by two) with its sizes packed in one ``torch.Size`` and unpacked."""

import torch
import torch.nn.functional as F
from torch import nn

SHAPE = torch.Size([2, 64, 4, 320])  # layers, width, heads, ffn
N_LAYERS, WIDTH, HEADS, FFN = SHAPE
EMBED_DIM = 32
VOCAB = 400
MAX_POS = 128
OFFSET = 2


class OPTLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn_layer_norm = nn.LayerNorm(WIDTH)
        self.q_proj = nn.Linear(WIDTH, WIDTH)
        self.k_proj = nn.Linear(WIDTH, WIDTH)
        self.v_proj = nn.Linear(WIDTH, WIDTH)
        self.out_proj = nn.Linear(WIDTH, WIDTH)
        self.final_layer_norm = nn.LayerNorm(WIDTH)
        self.fc1 = nn.Linear(WIDTH, FFN)
        self.fc2 = nn.Linear(FFN, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.self_attn_layer_norm(x)
        q, k, v = (
            p(h).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out_proj(o.transpose(1, 2).reshape(b, t, WIDTH))
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class OPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, EMBED_DIM)
        self.embed_positions = nn.Embedding(MAX_POS + OFFSET, WIDTH)
        self.project_in = nn.Linear(EMBED_DIM, WIDTH, bias=False)
        self.layers = nn.ModuleList(OPTLayer() for _ in range(N_LAYERS))
        self.final_layer_norm = nn.LayerNorm(WIDTH)
        self.project_out = nn.Linear(WIDTH, EMBED_DIM, bias=False)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]) + OFFSET
        x = self.project_in(self.embed_tokens(ids)) + self.embed_positions(pos)
        for layer in self.layers:
            x = layer(x)
        return self.project_out(self.final_layer_norm(x)) @ self.embed_tokens.weight.T
