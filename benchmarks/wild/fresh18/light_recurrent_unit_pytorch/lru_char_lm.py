"""Character LM on a stacked light recurrent unit (user training script style)."""
import torch
from torch import nn
from light_recurrent_unit_pytorch import LightRecurrentUnit

VOCAB = 96
DIM = 128


class CharLRU(nn.Module):
    def __init__(self, vocab=VOCAB, dim=DIM, depth=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.rnn = LightRecurrentUnit(dim, depth=depth, heads=1, proj_input=(True, False, True))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)
        self.head.weight = self.emb.weight

    def forward(self, x):
        h, _ = self.rnn(self.emb(x))
        return self.head(self.norm(h))


model = CharLRU()

if __name__ == "__main__":
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for step in range(3):
        x = torch.randint(0, VOCAB, (2, 16))
        loss = model(x)[:, :-1].flatten(0, 1).logsumexp(-1).mean()
        loss.backward()
        opt.step()
