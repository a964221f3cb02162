"""LUKE-style encoder from a research repo: the hyper-parameters arrive as one nested dict
(``HPARAMS["text"]``, ``HPARAMS["entity"]``), word and entity tables side by side."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

HPARAMS = {
    "text": {
        "vocab": 160,
        "width": 32,
        "depth": 2,
        "heads": 4,
        "ffn": 64,
        "max_pos": 64,
        "segments": 2,
        "eps": 1e-12,
    },
    "entity": {
        "size": 24,
        "emb": 16,
    },
    "pad_id": 1,
}


class EntityAwareLayer(nn.Module):
    def __init__(self, hp):
        super().__init__()
        d, f = hp["width"], hp["ffn"]
        self.heads = hp["heads"]
        self.q, self.k, self.v = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        # the entity-aware queries (word->entity, entity->word, entity->entity)
        self.q_w2e, self.q_e2w, self.q_e2e = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.attn_out = nn.Linear(d, d)
        self.ln_attn = nn.LayerNorm(d, eps=hp["eps"])
        self.fc_in = nn.Linear(d, f)
        self.fc_out = nn.Linear(f, d)
        self.ln_ffn = nn.LayerNorm(d, eps=hp["eps"])

    def forward(self, x, bias):
        b, t, d = x.shape
        h = self.heads
        q, k, v = (m(x).view(b, t, h, d // h).transpose(1, 2) for m in (self.q, self.k, self.v))
        att = q @ k.transpose(-1, -2) / math.sqrt(d // h) + bias
        y = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d)
        x = self.ln_attn(x + self.attn_out(y))
        return self.ln_ffn(x + self.fc_out(F.gelu(self.fc_in(x))))


class LukeEncoder(nn.Module):
    def __init__(self, hparams=HPARAMS):
        super().__init__()
        hp, ent = hparams["text"], hparams["entity"]
        self.pad_id = hparams["pad_id"]
        d = hp["width"]
        self.tok = nn.Embedding(hp["vocab"], d, padding_idx=self.pad_id)
        self.pos = nn.Embedding(hp["max_pos"], d, padding_idx=self.pad_id)
        self.seg = nn.Embedding(hp["segments"], d)
        self.ln_emb = nn.LayerNorm(d, eps=hp["eps"])
        self.ent = nn.Embedding(ent["size"], ent["emb"], padding_idx=0)
        self.ent_up = nn.Linear(ent["emb"], d, bias=False)
        self.ent_pos = nn.Embedding(hp["max_pos"], d)
        self.ent_seg = nn.Embedding(hp["segments"], d)
        self.ent_ln = nn.LayerNorm(d, eps=hp["eps"])
        self.layers = nn.ModuleList(EntityAwareLayer(hp) for _ in range(hp["depth"]))
        self.pool = nn.Linear(d, d)

    def forward(self, ids, segments, mask):
        keep = (ids != self.pad_id).long()
        pos = torch.cumsum(keep, 1) * keep + self.pad_id
        x = self.ln_emb(self.tok(ids) + self.pos(pos) + self.seg(segments))
        bias = (1.0 - mask[:, None, None, :].float()) * torch.finfo(torch.float32).min
        for layer in self.layers:
            x = layer(x, bias)
        return x, torch.tanh(self.pool(x[:, 0]))
