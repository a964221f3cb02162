"""GPT-2 built from torch's own nn.TransformerEncoderLayer (pre-norm, causal mask); the sizes
come out of a tensor via .tolist(), as our sweep grid stores them."""

import torch
import torch.nn.functional as F
from torch import nn

GRID = torch.tensor([[384, 64, 2, 4, 96], [50257, 768, 12, 12, 1024]], device="cpu")
VOCAB, WIDTH, LAYERS, HEADS, CONTEXT = GRID[0].tolist()


def gelu_tanh(x):
    return F.gelu(x, approximate="tanh")


class GPT2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, WIDTH)
        self.wpe = nn.Embedding(CONTEXT, WIDTH)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(
                WIDTH,
                HEADS,
                dim_feedforward=4 * WIDTH,
                dropout=0.0,
                activation=gelu_tanh,
                batch_first=True,
                norm_first=True,
            )
            for _ in range(LAYERS)
        )
        self.ln_f = nn.LayerNorm(WIDTH)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.wte(ids) + self.wpe(torch.arange(t))
        causal = nn.Transformer.generate_square_subsequent_mask(t)
        for blk in self.blocks:
            x = blk(x, src_mask=causal, is_causal=True)
        return self.ln_f(x) @ self.wte.weight.T
