"""typing.NamedTuple configs derived with _replace for an encoder / decoder pair."""

from typing import NamedTuple

import torch.nn as nn


class RNNConfig(NamedTuple):
    vocab: int = 1000
    emb: int = 64
    hidden: int = 128
    layers: int = 1
    bidirectional: bool = False
    cell: str = "gru"


def build(cfg: RNNConfig) -> nn.Module:
    rnn_cls = {"gru": nn.GRU, "lstm": nn.LSTM, "rnn": nn.RNN}[cfg.cell]
    return nn.ModuleDict(
        {
            "emb": nn.Embedding(cfg.vocab, cfg.emb),
            "rnn": rnn_cls(
                cfg.emb,
                cfg.hidden,
                num_layers=cfg.layers,
                bidirectional=cfg.bidirectional,
                batch_first=True,
            ),
        }
    )


enc_cfg = RNNConfig(vocab=800, bidirectional=True, layers=2)
dec_cfg = enc_cfg._replace(bidirectional=False, cell="lstm", hidden=enc_cfg.hidden * 2, layers=1)
model = nn.ModuleDict(
    {
        "encoder": build(enc_cfg),
        "decoder": build(dec_cfg),
        "out": nn.Linear(dec_cfg.hidden, dec_cfg.vocab),
    }
)
