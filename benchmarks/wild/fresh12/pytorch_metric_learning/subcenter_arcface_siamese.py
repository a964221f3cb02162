"""A siamese text encoder with a SubCenterArcFace head and a tied projection reused for both towers."""

import torch.nn as nn
from pytorch_metric_learning.losses import LargeMarginSoftmaxLoss, SubCenterArcFaceLoss


class Tower(nn.Module):
    def __init__(self, vocab, dim, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, hidden, batch_first=True, bidirectional=True)


class Siamese(nn.Module):
    def __init__(self, vocab=300, dim=32, hidden=24, emb=16, n_cls=12):
        super().__init__()
        self.left = Tower(vocab, dim, hidden)
        self.right = self.left
        self.proj = nn.Linear(2 * hidden, emb, bias=False)
        self.head = SubCenterArcFaceLoss(num_classes=n_cls, embedding_size=emb, sub_centers=3)
        self.aux = LargeMarginSoftmaxLoss(num_classes=n_cls, embedding_size=emb, margin=4)


model = Siamese()
