# sizes parsed from a compact spec string "d384-h6-l4-ff1536-v8000"
import re

import torch.nn as nn

SPEC = "d384-h6-l4-ff1536-v8000"
vals = {k: int(v) for k, v in re.findall(r"([a-z]+)(\d+)", SPEC)}


class TinyLM(nn.Module):
    def __init__(self, d, h, l, ff, v):  # noqa: E741
        super().__init__()
        self.emb = nn.Embedding(v, d)
        self.body = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, h, ff, batch_first=True), l)
        self.out = nn.Linear(d, v, bias=False)
        self.out.weight = self.emb.weight


model = TinyLM(**vals)
