"""VisualBERT: BERT over text tokens followed by projected region features (with their own
token-type and position tables). Config is a nested dict as exported by our experiment tracker."""

import torch
from torch import nn

CFG = {
    "text": {"vocab": 448, "max_len": 64, "types": 2},
    "visual": {"feat_dim": 48},
    "encoder": {"width": 64, "depth": 2, "heads": 4, "mlp": 128, "eps": 1e-12},
}
ENC = CFG["encoder"]


class Layer(nn.Module):
    def __init__(self, d=ENC["width"], f=ENC["mlp"]):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, ENC["heads"], batch_first=True)
        self.ln_attn = nn.LayerNorm(d, eps=ENC["eps"])
        self.ffn = nn.Sequential(nn.Linear(d, f), nn.GELU(), nn.Linear(f, d))
        self.ln_ffn = nn.LayerNorm(d, eps=ENC["eps"])

    def forward(self, x):
        x = self.ln_attn(x + self.attn(x, x, x, need_weights=False)[0])
        return self.ln_ffn(x + self.ffn(x))


class VisualBert(nn.Module):
    def __init__(self):
        super().__init__()
        d, t, v = ENC["width"], CFG["text"], CFG["visual"]
        self.word = nn.Embedding(t["vocab"], d)
        self.position = nn.Embedding(t["max_len"], d)
        self.token_type = nn.Embedding(t["types"], d)
        self.visual_token_type = nn.Embedding(t["types"], d)
        self.visual_position = nn.Embedding(t["max_len"], d)
        self.visual_proj = nn.Linear(v["feat_dim"], d)
        self.emb_norm = nn.LayerNorm(d, eps=ENC["eps"])
        self.layers = nn.ModuleList(Layer() for _ in range(ENC["depth"]))
        self.pooler = nn.Linear(d, d)

    def forward(self, ids, regions):
        n, r = ids.shape[1], regions.shape[1]
        text = (
            self.word(ids) + self.position(torch.arange(n)) + self.token_type(torch.zeros_like(ids))
        )
        vis = self.visual_proj(regions) + self.visual_position(torch.zeros(r, dtype=torch.long))
        vis = vis + self.visual_token_type(torch.ones(regions.shape[:2], dtype=torch.long))
        x = self.emb_norm(torch.cat([text, vis], 1))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
