# Kim (2014) CNN for sentence classification, multichannel: a static (frozen) and a
# non-static copy of the word vectors, filter widths 3/4/5
import torch.nn as nn


class KimCNN(nn.Module):
    def __init__(
        self, vocab=20000, dim=300, n_filters=100, widths=(3, 4, 5), classes=2, multichannel=True
    ):
        super().__init__()
        self.static = nn.Embedding(vocab, dim)
        self.static.weight.requires_grad_(False)
        self.nonstatic = nn.Embedding(vocab, dim) if multichannel else None
        in_ch = 2 if multichannel else 1
        self.convs = nn.ModuleList(nn.Conv2d(in_ch, n_filters, (w, dim)) for w in widths)
        self.dropout = nn.Dropout(0.5)
        self.fc = nn.Linear(n_filters * len(widths), classes)


model = KimCNN(vocab=20000, dim=300, multichannel=True)
