# word-level LM with an adaptive softmax: cutoffs split the vocab into a head and two tail clusters
import torch.nn as nn


class AdaptiveLM(nn.Module):
    def __init__(self, vocab=30000, d=256, cutoffs=(2000, 10000), div_value=4.0):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.LSTM(d, d, num_layers=2, batch_first=True)
        self.crit = nn.AdaptiveLogSoftmaxWithLoss(
            d, vocab, cutoffs=list(cutoffs), div_value=div_value, head_bias=True
        )


model = AdaptiveLM(vocab=30000, d=256, cutoffs=(2000, 10000), div_value=4.0)
