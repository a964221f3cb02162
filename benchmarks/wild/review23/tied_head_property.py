import torch.nn as nn


class LM(nn.Module):
    def __init__(self, vocab=20, dim=6, tie=True):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        if tie:
            self.lm_head.weight = self.embed.weight

    @property
    def num_params(self):
        return sum(p.numel() for p in self.parameters())


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = LM()
        self.b = LM(tie=False)
