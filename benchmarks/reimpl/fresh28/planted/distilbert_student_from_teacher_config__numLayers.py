"""DistilBERT built the way the distillation scripts build a student: the teacher's configuration
(a BERT-like dict) copied, the student's depth set to half the teacher's
(``teacher["n_layers"] // 2``), its other sizes the teacher's, written onto a bare config
object with ``setattr`` and read back through ``getattr(cfg, name, default)`` (the defaults are
the real DistilBERT's). Learned positions, no token types, post-LayerNorm blocks, attention
written with einsum over [batch, time, head, dim] tensors."""

import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

TEACHER = {
    "vocab_size": 900,
    "dim": 64,
    "n_layers": 8,
    "n_heads": 4,
    "hidden_dim": 160,
    "max_position_embeddings": 128,
    "pad_token_id": 0,
}

student = copy.deepcopy(TEACHER)
student["n_layers"] = TEACHER["n_layers"] // 2


class cfg:  # noqa: N801
    pass


for _name, _value in student.items():
    setattr(cfg, _name, _value)


class Embeddings(nn.Module):
    def __init__(self, c):
        super().__init__()
        dim = getattr(c, "dim", 768)
        self.word_embeddings = nn.Embedding(
            getattr(c, "vocab_size", 30522), dim, padding_idx=getattr(c, "pad_token_id", 0)
        )
        self.position_embeddings = nn.Embedding(getattr(c, "max_position_embeddings", 512), dim)
        self.LayerNorm = nn.LayerNorm(dim, eps=1e-12)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        return self.LayerNorm(self.word_embeddings(ids) + self.position_embeddings(pos))


class TransformerBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        dim = getattr(c, "dim", 768)
        self.n_heads = getattr(c, "n_heads", 12)
        self.q_lin = nn.Linear(dim, dim)
        self.k_lin = nn.Linear(dim, dim)
        self.v_lin = nn.Linear(dim, dim)
        self.out_lin = nn.Linear(dim, dim)
        self.sa_layer_norm = nn.LayerNorm(dim, eps=1e-12)
        self.lin1 = nn.Linear(dim, getattr(c, "hidden_dim", 4 * 768))
        self.lin2 = nn.Linear(getattr(c, "hidden_dim", 4 * 768), dim)
        self.output_layer_norm = nn.LayerNorm(dim, eps=1e-12)

    def forward(self, x, mask):
        b, t, d = x.shape
        h = self.n_heads
        q = self.q_lin(x).view(b, t, h, d // h)
        k = self.k_lin(x).view(b, t, h, d // h)
        v = self.v_lin(x).view(b, t, h, d // h)
        s = torch.einsum("bqhd,bkhd->bhqk", q, k) / (d // h) ** 0.5
        s = s.masked_fill(~mask[:, None, None, :], torch.finfo(s.dtype).min)
        y = torch.einsum("bhqk,bkhd->bqhd", s.softmax(-1), v).reshape(b, t, d)
        x = self.sa_layer_norm(x + self.out_lin(y))
        return self.output_layer_norm(x + self.lin2(F.gelu(self.lin1(x))))


class DistilBert(nn.Module):
    def __init__(self, c=cfg):
        super().__init__()
        self.embeddings = Embeddings(c)
        self.layer = nn.ModuleList(TransformerBlock(c) for _ in range(getattr(c, "n_layers", 6)))

    def forward(self, ids, mask):
        x = self.embeddings(ids)
        for blk in self.layer:
            x = blk(x, mask)
        return x
