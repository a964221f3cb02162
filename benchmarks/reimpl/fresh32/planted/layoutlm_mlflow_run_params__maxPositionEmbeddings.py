"""LayoutLM, from a team that tracks runs with MLflow: the sizes are the logged parameters of
the run being reproduced (MLflow stores each as a one-line file ``params/<name>`` in the run's
folder; the folder's files are kept here as a mapping), over the library defaults for what the
run did not log. 2-D box embeddings (x0/y0/x1/y1 share two tables, height/width their own),
post-norm BERT blocks, tanh pooler."""

import math

import torch
from torch import nn

DEFAULTS = {
    "vocab": 30522,
    "width": 768,
    "layers": 12,
    "heads": 12,
    "ffn": 3072,
    "positions": 512,
    "boxes": 1024,
    "types": 2,
    "eps": 1e-12,
}
RUN_FOLDER = {
    "meta.yaml": "run_id: 6f1c0d\nstatus: FINISHED\n",
    "params/model.vocab": "800",
    "params/model.width": "64",
    "params/model.layers": "2",
    "params/model.heads": "4",
    "params/model.ffn": "192",
    "params/model.positions": "256",
    "params/optim.lr": "0.0001",
    "metrics/loss": "1700000000 2.31 0\n",
}
LOGGED = {
    path.removeprefix("params/model."): int(text)
    for path, text in RUN_FOLDER.items()
    if path.startswith("params/model.")
}
H = {**DEFAULTS, **LOGGED}


class BoxEmbeddings(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["width"]
        self.word_embeddings = nn.Embedding(H["vocab"], d, padding_idx=0)
        self.position_embeddings = nn.Embedding(H["positions"], d)
        self.x_position_embeddings = nn.Embedding(H["boxes"], d)
        self.y_position_embeddings = nn.Embedding(H["boxes"], d)
        self.h_position_embeddings = nn.Embedding(H["boxes"], d)
        self.w_position_embeddings = nn.Embedding(H["boxes"], d)
        self.token_type_embeddings = nn.Embedding(H["types"], d)
        self.LayerNorm = nn.LayerNorm(d, eps=H["eps"])

    def forward(self, ids, bbox):
        pos = torch.arange(ids.shape[1])[None]
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = x + self.x_position_embeddings(bbox[..., 0]) + self.y_position_embeddings(bbox[..., 1])
        x = x + self.x_position_embeddings(bbox[..., 2]) + self.y_position_embeddings(bbox[..., 3])
        x = x + self.h_position_embeddings(bbox[..., 3] - bbox[..., 1])
        x = x + self.w_position_embeddings(bbox[..., 2] - bbox[..., 0])
        x = x + self.token_type_embeddings(torch.zeros_like(ids))
        return self.LayerNorm(x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["width"]
        self.qkv = nn.ModuleDict({k: nn.Linear(d, d) for k in ("query", "key", "value")})
        self.attn_dense = nn.Linear(d, d)
        self.ln1 = nn.LayerNorm(d, eps=H["eps"])
        self.ff1 = nn.Linear(d, H["ffn"])
        self.ff2 = nn.Linear(H["ffn"], d)
        self.ln2 = nn.LayerNorm(d, eps=H["eps"])

    def forward(self, x):
        b, n, d = x.shape
        hd = d // H["heads"]
        q, k, v = (
            self.qkv[m](x).view(b, n, -1, hd).transpose(1, 2) for m in ("query", "key", "value")
        )
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), -1) @ v
        x = self.ln1(x + self.attn_dense(a.transpose(1, 2).reshape(b, n, d)))
        return self.ln2(x + self.ff2(nn.functional.gelu(self.ff1(x))))


class LayoutLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = BoxEmbeddings()
        self.blocks = nn.ModuleList(Block() for _ in range(H["layers"]))
        self.pooler = nn.Linear(H["width"], H["width"])

    def forward(self, ids, bbox=None):
        bbox = torch.zeros(*ids.shape, 4, dtype=torch.long) if bbox is None else bbox
        x = self.embeddings(ids, bbox)
        for blk in self.blocks:
            x = blk(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
