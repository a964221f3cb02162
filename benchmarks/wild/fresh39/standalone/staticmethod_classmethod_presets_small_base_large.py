# named presets through classmethods; a staticmethod computes the FFN width rounded to 64
import torch.nn as nn


class Tiny(nn.Module):
    def __init__(self, dim, depth, heads, vocab=4096):
        super().__init__()
        ff = self.ffn_width(dim)
        self.emb = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(
            [
                nn.TransformerEncoderLayer(dim, heads, ff, batch_first=True, norm_first=True)
                for _ in range(depth)
            ]
        )
        self.norm = nn.LayerNorm(dim)

    @staticmethod
    def ffn_width(dim):
        return 64 * round(dim * 8 / 3 / 64)

    @classmethod
    def small(cls):
        return cls(dim=256, depth=4, heads=4)

    @classmethod
    def base(cls):
        return cls(dim=512, depth=8, heads=8)


model = Tiny.small()
