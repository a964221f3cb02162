"""SegRNN: segment-wise GRU encoding with parallel multi-step decoding via position + channel
embeddings (RMF), channel independent."""

import torch
from torch import nn


class SegRNN(nn.Module):
    def __init__(self, seq_len=720, pred_len=96, enc_in=7, d_model=512, seg_len=48, dropout=0.1):
        super().__init__()
        self.seg_len = seg_len
        self.seg_num_x = seq_len // seg_len
        self.seg_num_y = pred_len // seg_len
        self.valueEmbedding = nn.Sequential(nn.Linear(seg_len, d_model), nn.ReLU())
        self.rnn = nn.GRU(
            input_size=d_model, hidden_size=d_model, num_layers=1, bias=True, batch_first=True
        )
        self.pos_emb = nn.Parameter(torch.randn(self.seg_num_y, d_model // 2))
        self.channel_emb = nn.Parameter(torch.randn(enc_in, d_model // 2))
        self.predict = nn.Sequential(nn.Dropout(dropout), nn.Linear(d_model, seg_len))


model = SegRNN()
