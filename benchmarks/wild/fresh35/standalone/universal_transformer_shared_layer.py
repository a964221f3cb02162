import torch.nn as nn


class UniversalTransformer(nn.Module):
    """One encoder layer applied `steps` times: the ModuleList holds the same layer object repeatedly."""

    def __init__(self, vocab=4000, d=128, heads=4, steps=6):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.step_embed = nn.Embedding(steps, d)
        layer = nn.TransformerEncoderLayer(d, heads, 4 * d, batch_first=True)
        self.layers = nn.ModuleList([layer] * steps)
        self.halting = nn.Linear(d, 1)
        self.out = nn.Linear(d, vocab)


model = UniversalTransformer()
