"""Quantized sequence tagger: embedding + QuantLSTM + per-token quantized classifier."""

from dataclasses import dataclass, field

import brevitas.nn as qnn
import torch.nn as nn


@dataclass
class TaggerConfig:
    vocab: int = 500
    emb: int = 32
    hidden: int = 40
    tags: int = 9
    bits: dict = field(default_factory=lambda: {"weight": 4, "io": 8})


class Tagger(nn.Module):
    def __init__(self, cfg: TaggerConfig):
        super().__init__()
        self.emb = qnn.QuantEmbedding(cfg.vocab, cfg.emb, weight_bit_width=cfg.bits["weight"])
        self.rnn = qnn.QuantLSTM(
            cfg.emb, cfg.hidden, weight_bit_width=cfg.bits["weight"], batch_first=True
        )
        self.out = qnn.QuantLinear(cfg.hidden, cfg.tags, bias=True, weight_bit_width=cfg.bits["io"])

    def forward(self, tokens):
        h, _ = self.rnn(self.emb(tokens))
        return self.out(h)


model = Tagger(TaggerConfig(vocab=300, hidden=24))
