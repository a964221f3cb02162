"""A shared transformer encoder with one CRF per tagging task, label sets from a dict."""

import torch.nn as nn
from TorchCRF import CRF

TASKS = {"ner": 9, "pos": 17, "chunk": 23}


class MultiTask(nn.Module):
    def __init__(self, vocab=3000, d=64, layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        enc = nn.TransformerEncoderLayer(d, nhead=4, dim_feedforward=128, batch_first=True)
        self.encoder = nn.TransformerEncoder(enc, num_layers=layers, enable_nested_tensor=False)
        self.emitters = nn.ModuleDict({t: nn.Linear(d, n) for t, n in TASKS.items()})
        self.crfs = nn.ModuleDict({t: CRF(n, use_gpu=False) for t, n in TASKS.items()})


model = MultiTask()
