# sizes read from environment variables with defaults (as in launcher-driven scripts)
import os

import torch.nn as nn

D_MODEL = int(os.environ.get("D_MODEL", "48"))
N_LAYERS = int(os.environ.get("N_LAYERS", 2))
N_HEAD = int(os.getenv("N_HEAD") or 4)
VOCAB = int(os.environ.setdefault("VOCAB", "320"))
USE_BIAS = os.environ.get("USE_BIAS", "0") == "1"


class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D_MODEL)
        self.wpe = nn.Embedding(64, D_MODEL)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(
                D_MODEL, N_HEAD, 2 * D_MODEL, bias=USE_BIAS, batch_first=True
            )
            for _ in range(N_LAYERS)
        )
        self.ln_f = nn.LayerNorm(D_MODEL, bias=USE_BIAS)
        self.lm_head = nn.Linear(D_MODEL, VOCAB, bias=False)
        self.lm_head.weight = self.wte.weight


model = LM()
