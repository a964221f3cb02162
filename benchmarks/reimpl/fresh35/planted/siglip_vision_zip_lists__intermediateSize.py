"""SigLIP image tower with its attention-pooling (MAP) head, for retrieval embeddings.

The export script writes the sizes as two parallel lists; the config is ``dict(zip(...))``.
"""

import torch
import torch.nn.functional as F
from torch import nn

KEYS = ["image_size", "patch_size", "width", "layers", "heads", "mlp_dim", "ln_eps"]
VALS = [32, 8, 64, 2, 4, 224, 1e-6]
TOWER = dict(zip(KEYS, VALS))


def gelu_tanh(x):
    return F.gelu(x, approximate="tanh")


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(TOWER["width"], TOWER["mlp_dim"])
        self.fc2 = nn.Linear(TOWER["mlp_dim"], TOWER["width"])

    def forward(self, x):
        return self.fc2(gelu_tanh(self.fc1(x)))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        w = TOWER["width"]
        self.ln1 = nn.LayerNorm(w, eps=TOWER["ln_eps"])
        self.q = nn.Linear(w, w)
        self.k = nn.Linear(w, w)
        self.v = nn.Linear(w, w)
        self.o = nn.Linear(w, w)
        self.ln2 = nn.LayerNorm(w, eps=TOWER["ln_eps"])
        self.mlp = Mlp()

    def forward(self, x):
        b, n, w = x.shape
        h = TOWER["heads"]
        y = self.ln1(x)
        q, k, v = (t.view(b, n, h, w // h) for t in (self.q(y), self.k(y), self.v(y)))
        logits = torch.einsum("bihd,bjhd->bhij", q, k) * (w // h) ** -0.5
        ctx = torch.einsum("bhij,bjhd->bihd", logits.softmax(-1), v).reshape(b, n, w)
        x = x + self.o(ctx)
        return x + self.mlp(self.ln2(x))


class MAPHead(nn.Module):
    def __init__(self):
        super().__init__()
        w = TOWER["width"]
        self.probe = nn.Parameter(torch.zeros(1, 1, w))
        self.mha = nn.MultiheadAttention(w, TOWER["heads"], batch_first=True)
        self.ln = nn.LayerNorm(w, eps=TOWER["ln_eps"])
        self.mlp = Mlp()

    def forward(self, x):
        z = self.mha(self.probe.expand(x.shape[0], -1, -1), x, x, need_weights=False)[0]
        z = z + self.mlp(self.ln(z))
        return z[:, 0]


class SiglipImageTower(nn.Module):
    def __init__(self):
        super().__init__()
        w, p = TOWER["width"], TOWER["patch_size"]
        self.stem = nn.Conv2d(3, w, kernel_size=p, stride=p)
        self.pos = nn.Embedding((TOWER["image_size"] // p) ** 2, w)
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(TOWER["layers"]))
        self.ln_post = nn.LayerNorm(w, eps=TOWER["ln_eps"])
        self.head = MAPHead()

    def forward(self, pixels):
        x = self.stem(pixels).flatten(2).transpose(1, 2) + self.pos.weight[None]
        for layer in self.layers:
            x = layer(x)
        x = self.ln_post(x)
        return x, self.head(x)
