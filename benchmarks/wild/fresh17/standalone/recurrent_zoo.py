import torch.nn as nn


class Seq2Seq(nn.Module):
    def __init__(self, n_in=40, h=64, vocab=30):
        super().__init__()
        self.enc = nn.LSTM(
            n_in, h, num_layers=2, bidirectional=True, proj_size=32, batch_first=True
        )
        self.bridge = nn.Bilinear(64, 64, h)
        self.dec = nn.GRUCell(h + 16, h)
        self.emb = nn.EmbeddingBag(vocab, 16, mode="mean")
        self.rnn_aux = nn.RNN(16, 8, nonlinearity="relu", bias=False)
        self.att = nn.MultiheadAttention(h, 4, kdim=64, vdim=64)
        self.out = nn.AdaptiveLogSoftmaxWithLoss(h, 1000, cutoffs=[100, 400], div_value=2.0)


model = Seq2Seq()
