import math

import torch.nn as nn


class Seq2Seq(nn.Module):
    def __init__(
        self, src_vocab=8000, tgt_vocab=6000, d_model=256, nhead=4, layers=(3, 2), ff=1024
    ):
        super().__init__()
        self.scale = math.sqrt(d_model)
        self.src_embed = nn.Embedding(src_vocab, d_model, padding_idx=0)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model, padding_idx=0)
        self.transformer = nn.Transformer(
            d_model=d_model,
            nhead=nhead,
            num_encoder_layers=layers[0],
            num_decoder_layers=layers[1],
            dim_feedforward=ff,
            dropout=0.1,
            batch_first=True,
            norm_first=True,
        )
        self.generator = nn.Linear(d_model, tgt_vocab)


model = Seq2Seq()
