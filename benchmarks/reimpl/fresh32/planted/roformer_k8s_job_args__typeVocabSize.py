"""RoFormer, from a cluster repository: the model is sized by the container ``args`` of the
Kubernetes Job that trains it (the manifest is kept beside the code as a string); the
``--name=value`` entries are read into a namespace. A factorised embedding (narrower than the
encoder, projected up), rotary position on interleaved pairs read from a frozen sinusoid table of
head_dim columns (stored as an embedding, as the original checkpoints do), post-norm BERT
blocks."""

import math
import re
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn

JOB_YAML = """
apiVersion: batch/v1
kind: Job
metadata:
  name: roformer-tiny-pretrain
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: trainer
          image: registry.local/roformer:0.4
          command: ["python", "-m", "roformer.pretrain"]
          args:
            - "--vocab_size=1000"
            - "--embedding_size=48"
            - "--hidden_size=64"
            - "--num_layers=2"
            - "--num_heads=4"
            - "--intermediate_size=192"
            - "--max_positions=256"
            - "--type_vocab_size=3"
            - "--layer_norm_eps=1e-12"
          resources:
            limits:
              nvidia.com/gpu: 1
"""

_ARGS = dict(re.findall(r'^ +- "--(\w+)=([^"]+)"$', JOB_YAML, flags=re.MULTILINE))
CFG = SimpleNamespace(**{k: float(v) if k.endswith("_eps") else int(v) for k, v in _ARGS.items()})


def sinusoid_table(n, dim):
    pos = torch.arange(n).float()[:, None]
    freq = torch.pow(10000.0, -torch.arange(0, dim, 2).float() / dim)
    table = torch.zeros(n, dim)
    table[:, : dim // 2] = torch.sin(pos * freq)
    table[:, dim // 2 :] = torch.cos(pos * freq)
    return table


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        d = c.hidden_size
        self.heads = c.num_heads
        self.query, self.key, self.value = (nn.Linear(d, d) for _ in range(3))
        self.attn_out = nn.Linear(d, d)
        self.attn_norm = nn.LayerNorm(d, eps=c.layer_norm_eps)
        self.ffn_in = nn.Linear(d, c.intermediate_size)
        self.ffn_out = nn.Linear(c.intermediate_size, d)
        self.ffn_norm = nn.LayerNorm(d, eps=c.layer_norm_eps)

    def forward(self, x, sin, cos):
        b, n, d = x.shape
        hd = d // self.heads
        q, k, v = (
            m(x).view(b, n, self.heads, hd).transpose(1, 2)
            for m in (self.query, self.key, self.value)
        )

        def rotate(z):
            pair = torch.stack([-z[..., 1::2], z[..., ::2]], -1).reshape_as(z)
            return z * cos + pair * sin

        q, k = rotate(q), rotate(k)
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), -1) @ v
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, n, d)))
        return self.ffn_norm(x + self.ffn_out(F.gelu(self.ffn_in(x))))


class RoFormer(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.word = nn.Embedding(c.vocab_size, c.embedding_size, padding_idx=0)
        self.token_type = nn.Embedding(c.type_vocab_size, c.embedding_size)
        self.embed_norm = nn.LayerNorm(c.embedding_size, eps=c.layer_norm_eps)
        self.embed_proj = nn.Linear(c.embedding_size, c.hidden_size)
        head_dim = c.hidden_size // c.num_heads
        self.positions = nn.Embedding(c.max_positions, head_dim)
        self.positions.weight = nn.Parameter(
            sinusoid_table(c.max_positions, head_dim), requires_grad=False
        )
        self.layers = nn.ModuleList(Layer(c) for _ in range(c.num_layers))

    def forward(self, ids):
        n = ids.shape[1]
        table = self.positions.weight[:n]
        sin, cos = table.chunk(2, -1)
        sin = sin.repeat_interleave(2, -1)
        cos = cos.repeat_interleave(2, -1)
        x = self.embed_norm(self.word(ids) + self.token_type(torch.zeros_like(ids)))
        x = self.embed_proj(x)
        for layer in self.layers:
            x = layer(x, sin, cos)
        return x
