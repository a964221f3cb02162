"""nn.Module.apply init that also does surgery: LayerNorm biases removed, embeddings tied to the
output layer, the first block frozen."""

from torch import nn


class LM(nn.Module):
    def __init__(self, vocab=50, d=16, n=3):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d)) for _ in range(n)
        )
        self.out = nn.Linear(d, vocab, bias=False)
        self.apply(self._init)
        self.out.weight = self.tok.weight
        self.blocks[0].requires_grad_(False)

    @staticmethod
    def _init(m):
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, std=0.02)
        elif isinstance(m, nn.LayerNorm):
            m.bias = None


model = LM()
