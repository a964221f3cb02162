"""quantize_ with an IntX QAT config: the Linear and the Embedding of a tiny tagger become fake-quantized."""

import torch
import torch.nn as nn
from torchao.quantization import quantize_
from torchao.quantization.qat import IntxFakeQuantizeConfig, IntXQuantizationAwareTrainingConfig


class Tagger(nn.Module):
    def __init__(self, vocab, dim, tags):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, tags)


model = Tagger(vocab=500, dim=32, tags=9)
w_cfg = IntxFakeQuantizeConfig(dtype=torch.int4, group_size=16, is_symmetric=True)
quantize_(model, IntXQuantizationAwareTrainingConfig(None, w_cfg))
