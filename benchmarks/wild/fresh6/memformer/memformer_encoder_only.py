"""Memformer as an encoder only (no decoder), for a long-document classifier's memory."""

import torch.nn as nn
from memformer import Memformer


class MemDocClassifier(nn.Module):
    def __init__(self, dim=48, slots=8, num_classes=4):
        super().__init__()
        self.memformer = Memformer(
            dim=dim,
            num_memory_slots=slots,
            encoder_only=True,
            mem_update_attn_heads=4,
            enc_num_tokens=1000,
            enc_max_seq_len=64,
            enc_depth=3,
        )
        self.classify = nn.Linear(dim, num_classes)

    def forward(self, segments):
        mems = None
        for seg in segments:
            _, mems, _ = self.memformer(seg, mems=mems)
        return self.classify(mems.mean(dim=1))


model = MemDocClassifier(dim=48, slots=8, num_classes=4)
