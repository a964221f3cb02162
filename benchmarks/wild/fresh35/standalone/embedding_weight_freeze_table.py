import torch
import torch.nn as nn

vectors = torch.randn(2000, 50)  # stands in for GloVe vectors read from disk


class BiLSTMTagger(nn.Module):
    def __init__(self, n_tags=17, hidden=64):
        super().__init__()
        # the table passed in through `_weight` and frozen with `_freeze` (still a parameter)
        self.embed = nn.Embedding(*vectors.shape, padding_idx=0, _weight=vectors, _freeze=True)
        self.char_embed = nn.Embedding(80, 16)
        self.lstm = nn.LSTM(50 + 16, hidden, batch_first=True, bidirectional=True)
        self.tag = nn.Linear(2 * hidden, n_tags)


model = BiLSTMTagger()
