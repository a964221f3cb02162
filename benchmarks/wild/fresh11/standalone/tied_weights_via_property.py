"""Weight tying through properties: the output projection has no weight of its own; `head_weight` is a
property returning the embedding's weight, and a property setter ties a second head to the encoder
embedding when a flag is assigned."""

import torch.nn as nn
import torch.nn.functional as F


class TiedSeq2Seq(nn.Module):
    def __init__(self, vocab=800, dim=48, hidden=96):
        super().__init__()
        self.src_embed = nn.Embedding(vocab, dim)
        self.tgt_embed = nn.Embedding(vocab, dim)
        self.encoder = nn.GRU(dim, hidden, batch_first=True, bidirectional=True)
        self.decoder = nn.GRU(dim, hidden, batch_first=True)
        self.bridge = nn.Linear(2 * hidden, hidden)
        self.pre_out = nn.Linear(hidden, dim)
        self.copy_head = nn.Linear(dim, vocab, bias=False)

    @property
    def head_weight(self):
        return self.tgt_embed.weight

    @property
    def copy_tied(self):
        return self.copy_head.weight is self.src_embed.weight

    @copy_tied.setter
    def copy_tied(self, flag):
        # a plain bool goes through object.__setattr__, so the property setter runs
        if flag:
            self.copy_head.weight = self.src_embed.weight

    def logits(self, h):
        return F.linear(self.pre_out(h), self.head_weight)


model = TiedSeq2Seq(vocab=800, dim=48, hidden=96)
model.copy_tied = True
